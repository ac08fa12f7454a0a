/**
 * The reading scenarios of `npm run bench` (issue 16): a public post page and the blog as
 * guests get them (the anonymous page cache, ADR 045), the same pages rendered for every
 * request (a second server on the same database with `PAGE_CACHE_TTL_MS=0`), a post page
 * for a signed-in reader (rendered each time; its CPU per request is the cost of a render),
 * and the blog under 200 concurrent connections, cached and rendered, counting timeouts
 * (autocannon's default 10 s) instead of failing on them.
 *
 * Every page request carries what a browser sends (`Accept-Encoding: br, gzip`,
 * `Accept-Language`), so compressed answers are measured as readers get them.
 */
import { fetchJson } from "./api.ts";
import type { Scenario } from "./api-scenarios.ts";
import type { ScenarioResult } from "./report.ts";

/** The scenario names, for `BENCH_ONLY`. */
export const PAGE_SCENARIOS = [
  "post page",
  "post page uncached",
  "blog page",
  "blog page uncached",
  "post page signed in",
  "blog 200 connections",
  "blog uncached 200 connections",
] as const;

/** The target: a guest's post page at least this share of the bare baseline's req/s. */
export const TARGET_POST_PAGE_RATIO = 0.5;

/** Connections of the concurrency checks, and their timeout (autocannon's default). */
export const CONCURRENCY_CHECK = { connections: 200, timeout: 10 } as const;

/** What a browser sends with a page request. */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
  "accept-language": "en-US,en;q=0.9",
};

/** The `BENCH_ONLY` word that stands for every page scenario. */
export const PAGES_GROUP = "pages";

/** `BENCH_ONLY`'s names with {@link PAGES_GROUP} replaced by every page scenario. */
export function expandPagesGroup(names: readonly string[]): string[] {
  return names.flatMap((name) => (name === PAGES_GROUP ? [...PAGE_SCENARIOS] : [name]));
}

/** Whether `BENCH_ONLY` (as a set; empty: everything) selects any page scenario. */
export function pagesSelected(only: ReadonlySet<string>): boolean {
  return only.size === 0 || PAGE_SCENARIOS.some((name) => only.has(name));
}

/** Signs a reader up and in; answers the `pb_auth` cookie the browser would send. */
async function readerCookie(url: string): Promise<{ cookie: string; username: string }> {
  const username = "benchreader";
  const email = "bench.reader@example.com";
  const password = "password123";
  const json = { "content-type": "application/json" };
  const created = await fetchJson(`${url}/api/collections/users/records`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      username,
      email,
      password,
      passwordConfirm: password,
      name: "Bench Reader",
    }),
  });
  if (created.status !== 200) throw new Error(`reader sign-up answered ${String(created.status)}`);
  const auth = await fetchJson(`${url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ identity: email, password }),
  });
  if (auth.status !== 200) throw new Error(`reader sign-in answered ${String(auth.status)}`);
  const session = JSON.stringify({ token: auth.json.token, record: auth.json.record });
  return { cookie: `pb_auth=${encodeURIComponent(session)}`, username };
}

/** The newest public post's page path. */
export async function newestPostPath(url: string): Promise<string> {
  const { status, json } = await fetchJson(
    `${url}/api/collections/posts/records?perPage=1&skipTotal=1&sort=-publishedAt&expand=author`,
  );
  const post = (json.items as { slug: string; expand?: { author?: { username: string } } }[])[0];
  const username = post?.expand?.author?.username;
  if (status !== 200 || !post || !username) throw new Error("no public post to read");
  return `/post/${encodeURIComponent(username)}/${encodeURIComponent(post.slug)}`;
}

/** Checks a page answers 200 HTML containing `expected`. */
async function checkPage(url: string, headers: Record<string, string>, expected: string) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200 || !text.includes(expected))
    throw new Error(`${url} answered ${String(response.status)} without "${expected}"`);
}

/**
 * The page scenarios: `cached` is the server as configured (page cache on), `uncached` one
 * on the same database with the page cache off.
 */
export async function pageScenarios(cached: string, uncached: string): Promise<Scenario[]> {
  const post = await newestPostPath(cached);
  const reader = await readerCookie(cached);
  const signedIn = { ...BROWSER_HEADERS, cookie: reader.cookie };
  await checkPage(cached + post, BROWSER_HEADERS, "<article");
  await checkPage(uncached + "/blog", BROWSER_HEADERS, "<html");
  await checkPage(cached + post, signedIn, reader.username);
  const page = (url: string, path: string, headers = BROWSER_HEADERS) => ({ url, path, headers });
  return [
    {
      name: "post page",
      description: `GET ${post} as a guest (page cache), Accept-Encoding br`,
      target: page(cached, post),
    },
    {
      name: "post page uncached",
      description: "the same post page rendered for every request (PAGE_CACHE_TTL_MS=0)",
      target: page(uncached, post),
    },
    {
      name: "blog page",
      description: "GET /blog as a guest (page cache)",
      target: page(cached, "/blog"),
    },
    {
      name: "blog page uncached",
      description: "/blog rendered for every request",
      target: page(uncached, "/blog"),
    },
    {
      name: "post page signed in",
      description: "the post page for a signed-in reader (pb_auth cookie): rendered every time",
      target: page(cached, post, signedIn),
    },
    {
      name: "blog 200 connections",
      description: "/blog as guests get it, 200 connections, 10 s timeout: timeouts counted",
      target: page(cached, "/blog"),
      ...CONCURRENCY_CHECK,
      countFailures: true,
    },
    {
      name: "blog uncached 200 connections",
      description: "/blog rendered for every request, 200 connections, 10 s timeout",
      target: page(uncached, "/blog"),
      ...CONCURRENCY_CHECK,
      countFailures: true,
    },
  ];
}

/**
 * The page scenarios' verdicts: the post page's ratio against its target, the timeouts of
 * the 200-connection checks (the target is none), and a signed-in render's server CPU.
 */
export function pageVerdicts(results: readonly ScenarioResult[]): string[] {
  const lines: string[] = [];
  for (const r of results.filter((r) => r.scenario === "post page")) {
    const verdict = r.ratio >= TARGET_POST_PAGE_RATIO ? "meets" : "misses";
    lines.push(
      `${r.target}: post page ratio ${r.ratio.toFixed(3)} ${verdict} the ${TARGET_POST_PAGE_RATIO.toFixed(2)} target`,
    );
  }
  for (const r of results.filter((r) => r.scenario.endsWith("200 connections"))) {
    // Load shed cleanly (503 with Retry-After, at once) is an answer; a timeout is not.
    const shed = r.statusCodes?.["503"] ?? 0;
    const other = (r.non2xx ?? 0) - shed;
    const failed = (r.timeouts ?? 0) + (r.errors ?? 0) + other;
    const verdict = failed === 0 && !r.error ? "meets" : "misses";
    lines.push(
      `${r.target}: ${r.scenario}: ${String(r.requests)} answered (${String(r.requests - (r.non2xx ?? 0))} pages, ` +
        `${String(shed)} shed with 503 + Retry-After), ${String(r.timeouts ?? 0)} timeouts, ` +
        `${String(r.errors ?? 0)} errors, ${String(other)} other non-2xx (${verdict} the zero-timeout target)`,
    );
  }
  for (const r of results.filter((r) => r.scenario === "post page signed in")) {
    lines.push(
      `${r.target}: a signed-in post page costs ${(r.cpuMicrosPerRequest ?? 0).toFixed(0)} µs of server CPU per render`,
    );
  }
  return lines;
}

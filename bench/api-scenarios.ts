/**
 * The API scenarios of `npm run bench`: the measured records list (computed, cached, with
 * `fields`, with a total), the health check and a signed-in create, and the check that the
 * seeded list answers what a guest may see.
 */
import { fetchJson, signUp } from "./api.ts";
import type { LoadTarget } from "./load.ts";

/** Makes the server compute every list instead of answering from the guest micro-cache. */
export const NO_CACHE = { "cache-control": "no-cache" };

/** The measured list: a page of 30 posts, a client filter on top of the list rule, newest first. */
export const LIST_FILTER = "(tags ?= 'travel' || title ~ 'a')";
export const LIST_SORT = "-publishedAt";
export const PER_PAGE = 30;
/** What a blog index shows of each post (no `content`), for the `list fields` scenario. */
export const INDEX_FIELDS = "id,author,slug,title,excerpt,cover,tags,publishedAt,lang";
/**
 * Connections for the list with a total: its COUNT visits every row the filter may match, so
 * 50 queued requests would outlast autocannon's timeout; a few keep the server busy anyway.
 */
export const WITH_TOTAL_CONNECTIONS = 4;

export function listPath(options: { skipTotal: boolean; fields?: string }): string {
  const params = new URLSearchParams({ page: "1", perPage: String(PER_PAGE) });
  if (options.skipTotal) params.set("skipTotal", "1");
  params.set("filter", LIST_FILTER);
  params.set("sort", LIST_SORT);
  if (options.fields) params.set("fields", options.fields);
  return `/api/collections/posts/records?${params.toString()}`;
}

/** Checks the list answers a full, correctly ordered page of published posts; returns its total. */
export async function checkList(url: string, skipTotal: boolean): Promise<number> {
  const { status, json } = await fetchJson(url + listPath({ skipTotal }));
  const items = json.items as { publishedAt: string; status: string }[] | undefined;
  if (status !== 200 || !items)
    throw new Error(`list answered ${String(status)}: ${JSON.stringify(json).slice(0, 300)}`);
  if (items.length !== PER_PAGE)
    throw new Error(`list returned ${String(items.length)} items, expected ${String(PER_PAGE)}`);
  for (let i = 1; i < items.length; i++) {
    if ((items[i - 1]?.publishedAt ?? "") < (items[i]?.publishedAt ?? ""))
      throw new Error("list is not sorted by -publishedAt");
  }
  if (items.some((item) => item.status !== "published"))
    throw new Error("a guest saw an unpublished post");
  return Number(json.totalItems);
}

/** A scenario against one Cahier server; `connections` overrides the default for slow ones. */
export interface Scenario {
  name: string;
  description: string;
  target: LoadTarget;
  connections?: number;
  /** Seconds before a request counts as timed out (default: the bench's 30). */
  timeout?: number;
  /** Report timeouts and failures instead of failing the measurement (the 200-connection checks). */
  countFailures?: boolean;
}

/** The scenarios run against one Cahier server. */
export async function cahierScenarios(url: string): Promise<Scenario[]> {
  const writer = await signUp(url);
  const entryBody = JSON.stringify({
    author: writer.id,
    title: "Bench entry [<id>]",
    content: "A short journal entry written by the benchmark. ".repeat(20).trim(),
    visibility: "private",
    tags: ["notes", "bench"],
  });
  return [
    {
      name: "health",
      description: "GET /api/health: Fastify, hooks and a SELECT 1",
      target: { url, path: "/api/health" },
    },
    {
      name: "list",
      description:
        "the measured list (skipTotal), computed for every request (Cache-Control: no-cache)",
      target: { url, path: listPath({ skipTotal: true }), headers: NO_CACHE },
    },
    {
      name: "list cached",
      description:
        "the same list as guests normally get it: repeats within the guest micro-cache TTL come from memory",
      target: { url, path: listPath({ skipTotal: true }) },
    },
    {
      name: "list fields",
      description: `the same computed list with fields=${INDEX_FIELDS} (a blog index, no content)`,
      target: { url, path: listPath({ skipTotal: true, fields: INDEX_FIELDS }), headers: NO_CACHE },
    },
    {
      name: "list total",
      description: `the same computed list without skipTotal (adds a COUNT), ${String(WITH_TOTAL_CONNECTIONS)} connections`,
      target: { url, path: listPath({ skipTotal: false }), headers: NO_CACHE },
      connections: WITH_TOTAL_CONNECTIONS,
    },
    {
      name: "create entry",
      description: "POST an entry as a signed-in user (one write transaction, fsynced on SQLite)",
      target: {
        url,
        method: "POST",
        path: "/api/collections/entries/records",
        headers: { "content-type": "application/json", authorization: writer.token },
        body: entryBody,
      },
    },
  ];
}

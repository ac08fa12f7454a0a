/**
 * Security checklist B20/B21 in Chromium: entries, a post, a collection, tags, a biography and
 * a user name made of the XSS corpus (`tests/fixtures/xss-payloads.ts`) are created through
 * the API, then every page that shows them is opened
 * - with JavaScript disabled (the server's HTML as it is parsed),
 * - as server-rendered HTML with JavaScript on but the app's bundles blocked (so anything
 *   injected could run, and nothing hydrates),
 * - hydrated, and again after client-side navigations (pages rendered by the browser),
 * as a visitor and as the payloads' author. No script may run: a `dialog` handler, a
 * sentinel `xss()` / `__xss` the payloads would call or set, and no `securitypolicyviolation`
 * caused by them; the DOM holds no event handler attribute, no script-capable URL and no
 * active element in rendered Markdown; the serialised loader data escapes `<`.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { MARKDOWN_PAYLOADS, STRING_PAYLOADS, type XssPayload } from "../fixtures/xss-payloads.ts";
import { clientNavigate, waitForHydration } from "./support/app.ts";
import {
  fixtureAccount,
  signUpAccount,
  type SignedInAccount,
  type StorageState,
} from "./support/accounts.ts";

/** The string payload that would close the loader-data script and open another. */
const BREAKOUT = "</script><script>xss(1)</script>";

/** Markdown payloads joined as one document, at most `max` characters. */
function markdownOf(payloads: readonly XssPayload[], max = Infinity): string {
  let text = "";
  for (const payload of payloads) {
    const next = `${text}${text ? "\n\n" : ""}${payload.text}`;
    if (next.length > max) break;
    text = next;
  }
  return text;
}

/** Tags made of the string payloads (each within the 40-character limit). */
const TAGS = STRING_PAYLOADS.map((payload) => payload.text).filter((tag) => tag.length <= 40);

/** What the browser saw: calls of the sentinel, dialogs, CSP violations. */
interface Observations {
  dialogs: string[];
  csp: string[];
}

/** Installs the sentinel and the violation listener in every page of a context. */
async function watch(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: string[] = [];
    const violations: string[] = [];
    Object.defineProperty(window, "__xssCalls", { value: calls });
    Object.defineProperty(window, "__cspViolations", { value: violations });
    Object.defineProperty(window, "xss", {
      value: (arg: unknown) => {
        calls.push(`xss(${String(arg)}) at ${location.pathname}`);
      },
    });
    Object.defineProperty(window, "__xss", {
      get: () => undefined,
      set: (value: unknown) => {
        calls.push(`__xss=${String(value)} at ${location.pathname}`);
      },
    });
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
      },
      true,
    );
  });
}

/** Records dialogs (dismissing them) and CSP console errors of a page. */
function observe(page: Page): Observations {
  const seen: Observations = { dialogs: [], csp: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.csp.push(message.text());
  });
  return seen;
}

/**
 * Waits until every eager image has loaded or failed (so an injected `onerror` would have
 * fired). Lazy ones are the renderer's own, which loads only when scrolled to.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete || image.loading === "lazy"),
  );
  // One more task for any handler queued by a failed load.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Nothing ran: no sentinel call, no dialog, no CSP violation. */
async function expectNothingRan(page: Page, seen: Observations, where: string): Promise<void> {
  const { calls, violations } = await page.evaluate(() => ({
    calls: (window as unknown as { __xssCalls: string[] }).__xssCalls,
    violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
  }));
  expect.soft(calls, `sentinel calls on ${where}`).toEqual([]);
  expect.soft(seen.dialogs, `dialogs on ${where}`).toEqual([]);
  expect.soft([...violations, ...seen.csp], `CSP violations on ${where}`).toEqual([]);
}

/** Everything in the DOM that could run script (empty when all is inert). */
async function activeContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const urlAttributes = new Set([
      "href",
      "src",
      "action",
      "formaction",
      "xlink:href",
      "data",
      "background",
      "poster",
      "srcset",
    ]);
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> in ${element.parentElement?.tagName.toLowerCase() ?? "?"}`;
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith("on")) problems.push(`${describe(element)} has ${name}`);
        if (name === "srcdoc") problems.push(`${describe(element)} has srcdoc`);
        if (urlAttributes.has(name)) {
          // eslint-disable-next-line no-control-regex
          const value = attribute.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
          if (/^(javascript|vbscript|data):/.test(value))
            problems.push(`${describe(element)} ${name}=${attribute.value.slice(0, 40)}`);
        }
      }
    }
    // Rendered Markdown holds only text-level and block elements.
    const active =
      "script, iframe, frame, object, embed, style, link, meta, base, form, input:not([type=checkbox][disabled]), button, textarea, select, svg, math, template, noscript, video, audio, source";
    for (const element of Array.from(document.querySelectorAll(".prose")))
      for (const inside of Array.from(element.querySelectorAll(active)))
        problems.push(`${describe(inside)} inside rendered Markdown`);
    // Only the app's own scripts: bundles under /assets/, React Router's inline scripts
    // (context, route modules, streamed data; the route modules' script opens by holding the
    // input that comes before hydration, ADR 050) and React's streaming runtime ($RC, $RB…).
    for (const script of Array.from(document.scripts)) {
      if (script.src) {
        if (new URL(script.src).pathname.startsWith("/assets/")) continue;
        problems.push(`script from ${script.src}`);
      } else {
        const text = script.text.trim();
        if (
          !/^(window\.__reactRouter|;?\s*import[ (]|\(function|\(\(|\$R[A-Z]+[=(]|requestAnimationFrame\(function\(\)\{\$RT=|const held = \[\];\nconst nativeForm = )/.test(
            text,
          )
        )
          problems.push(`inline script: ${text.slice(0, 60)}`);
      }
    }
    for (const frame of Array.from(document.querySelectorAll("iframe, frame, object, embed")))
      problems.push(`${describe(frame)} in the page`);
    return problems;
  });
}

/** The server's HTML: the payloads stay escaped, in markup and in the loader data. */
function expectEscapedHtml(html: string, where: string, carriesBreakout: boolean): void {
  expect.soft(html, `raw breakout on ${where}`).not.toContain(BREAKOUT);
  expect.soft(html, `raw script tag on ${where}`).not.toContain("<script>xss(1)");
  const opened = html.match(/<script[\s>]/g)?.length ?? 0;
  const closed = html.match(/<\/script>/g)?.length ?? 0;
  expect.soft(opened, `script elements on ${where}`).toBe(closed);
  for (const [, body = ""] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    expect.soft(body, `"<!--" in a script on ${where}`).not.toContain("<!--");
    expect.soft(body, `raw U+2028 in a script on ${where}`).not.toContain("\u2028");
  }
  // The data is there, with `<` escaped (it is read back by the hydrating app).
  if (carriesBreakout)
    expect
      .soft(html, `escaped loader data on ${where}`)
      .toContain("\\u003c/script\\u003e\\u003cscript\\u003exss(1)\\u003c/script\\u003e");
}

test.describe("XSS payloads render inert (B20, B21)", () => {
  test.describe.configure({ mode: "serial" });

  let author: SignedInAccount;
  /**
   * Pages that show the payloads, and whether they surely do (listings that other specs'
   * content may push them off are opened too, without that promise).
   */
  let guestPages: { path: string; shows: boolean }[] = [];
  let authorPages: { path: string; shows: boolean }[] = [];

  test.beforeAll(async () => {
    author = await signUpAccount({ username: "xss_e2e", name: BREAKOUT });
    await author.pb.collection("users").update(author.id, {
      bio: markdownOf(MARKDOWN_PAYLOADS, 2000),
    });
    const collection = await author.pb.collection("collections").create({
      owner: author.id,
      title: BREAKOUT,
      description: markdownOf(MARKDOWN_PAYLOADS.slice().reverse(), 2000),
      visibility: "public",
    });
    const entry = await author.pb.collection("entries").create({
      author: author.id,
      title: BREAKOUT,
      content: markdownOf([...MARKDOWN_PAYLOADS, ...STRING_PAYLOADS]),
      collection: collection.id,
      visibility: "public",
      tags: TAGS,
      // Far ahead, so it stays first in the archive whatever other specs add.
      date: "2099-12-31 00:00:00.000Z",
    });
    await author.pb.collection("entries").create({
      author: author.id,
      title: '"><img src=x onerror=xss(1)>',
      content: markdownOf(MARKDOWN_PAYLOADS.filter((p) => p.kind === "mxss")),
      visibility: "private",
      tags: TAGS,
      date: "2019-06-02 00:00:00.000Z",
    });
    const writer = await fixtureAccount("writer");
    const post = await writer.pb.collection("posts").create({
      author: writer.id,
      title: BREAKOUT,
      excerpt: markdownOf(MARKDOWN_PAYLOADS, 500),
      content: markdownOf([...MARKDOWN_PAYLOADS, ...STRING_PAYLOADS]),
      tags: TAGS,
      status: "published",
      // Older than the fixture post, so the home page's latest posts keep theirs.
      publishedAt: "2019-06-03 08:00:00.000Z",
      lang: "en",
    });

    const user = encodeURIComponent(author.username);
    const writerName = encodeURIComponent(writer.username);
    const tag = encodeURIComponent(BREAKOUT);
    const collectionPath = `/collection/${user}/${encodeURIComponent(String(collection.name))}`;
    const entryPath = `/entry/${user}/${encodeURIComponent(String(entry.name))}`;
    guestPages = [
      { path: "/", shows: false },
      { path: "/blog", shows: false },
      { path: `/blog?tag=${tag}`, shows: true },
      { path: "/archive", shows: false },
      { path: `/archive?kind=entries&tag=${tag}`, shows: true },
      { path: "/collections", shows: false },
      { path: collectionPath, shows: true },
      { path: entryPath, shows: true },
      { path: `/post/${writerName}/${encodeURIComponent(String(post.slug))}`, shows: true },
      { path: `/profile/${user}`, shows: true },
      { path: `/profile/${writerName}`, shows: false },
    ];
    authorPages = [
      // The author's home page lists their own recent entries.
      ...guestPages.map((page) => (page.path === "/" ? { ...page, shows: true } : page)),
      {
        path: `/collection/update/${user}/${encodeURIComponent(String(collection.name))}`,
        shows: true,
      },
      { path: `/entry/update/${user}/${encodeURIComponent(String(entry.name))}`, shows: true },
      { path: "/profileSettings", shows: true },
    ];
  });

  const viewers = [
    {
      name: "a visitor",
      state: (): StorageState | undefined => undefined,
      pages: () => guestPages,
    },
    {
      name: "their author",
      state: (): StorageState => author.storageState,
      pages: () => authorPages,
    },
  ];

  for (const viewer of viewers) {
    test(`JavaScript disabled: the server's HTML is inert, for ${viewer.name}`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        storageState: viewer.state(),
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const seen = observe(page);
      for (const { path, shows } of viewer.pages()) {
        const response = await page.goto(path);
        expect.soft(response?.status(), path).toBe(200);
        expectEscapedHtml((await response?.text()) ?? "", path, shows);
        expect.soft(await activeContent(page), path).toEqual([]);
        // The payloads are shown as text (their words reach the reader).
        if (shows) await expect.soft(page.getByRole("main"), path).toContainText("xss(1)");
      }
      expect(seen.dialogs).toEqual([]);
      await context.close();
    });

    test(`server-rendered with scripts allowed but not hydrated: nothing runs, for ${viewer.name}`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ storageState: viewer.state() });
      await watch(context);
      // Without the app's bundles nothing hydrates: whatever runs would be injected.
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
      const page = await context.newPage();
      const seen = observe(page);
      for (const { path } of viewer.pages()) {
        await page.goto(path);
        await settle(page);
        expect.soft(await activeContent(page), path).toEqual([]);
        await expectNothingRan(page, seen, path);
      }
      await context.close();
    });

    test(`hydrated, then rendered by the browser: nothing runs, for ${viewer.name}`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ storageState: viewer.state() });
      await watch(context);
      const page = await context.newPage();
      const seen = observe(page);
      const pages = viewer.pages();
      for (const { path } of pages) {
        await page.goto(path);
        await waitForHydration(page);
        await settle(page);
        expect.soft(await activeContent(page), `${path} (hydrated)`).toEqual([]);
        await expectNothingRan(page, seen, `${path} (hydrated)`);
      }
      // Client-side navigations: the browser renders each page from its loader data.
      await page.goto("/");
      await waitForHydration(page);
      for (const { path } of [...pages].reverse()) {
        await clientNavigate(page, path);
        await expect(page).toHaveURL(path);
        await settle(page);
        expect.soft(await activeContent(page), `${path} (client-rendered)`).toEqual([]);
        await expectNothingRan(page, seen, `${path} (client-rendered)`);
      }
      await context.close();
    });
  }
});

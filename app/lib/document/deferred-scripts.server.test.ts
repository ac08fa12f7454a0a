import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  deferRouteModules,
  deferScripts,
  type PrunableStylesheet,
  rewriteHtml,
  safeCut,
} from "./deferred-scripts.server.ts";
import {
  FULL_STYLES_SCRIPT,
  HOLD_INPUT_SCRIPT,
  WAIT_FOR_INTENT_SCRIPT,
  WAIT_FOR_STYLES_SCRIPT,
} from "./hydrate-on-intent.ts";
import { compileStylesheet } from "./pruned-styles.server.ts";

/** What React Router writes (the shape `Scripts` renders, shortened). */
const HEAD =
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/components-B.js" nonce="n1"/><title>T</title></head>';
const ROUTE_SCRIPT =
  '<script nonce="n1" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\n' +
  'import * as route1 from "/assets/post-D.js";\n  window.__reactRouterManifest = {"x":1};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/post":route1};\n\n' +
  'import("/assets/entry.client-A.js");</script>';
const DOCUMENT = `<!DOCTYPE html><html>${HEAD}<body><p>a &lt; b</p><script nonce="n1">window.x=1<2</script>${ROUTE_SCRIPT}</body></html>`;

/** `html` through the transform in pieces of `size` bytes; answers the pieces it wrote. */
async function pieces(
  html: string,
  size: number,
  stylesheet?: PrunableStylesheet,
): Promise<string[]> {
  const input: Buffer[] = [];
  const bytes = Buffer.from(html);
  for (let at = 0; at < bytes.length; at += size) input.push(bytes.subarray(at, at + size));
  const out: string[] = [];
  const transform = Readable.from(input).pipe(deferScripts(stylesheet));
  // Each piece the transform writes, as written ('data' events are never merged).
  transform.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
  await new Promise((done) => transform.on("end", done));
  return out;
}

async function streamed(html: string, size: number): Promise<string> {
  return (await pieces(html, size)).join("");
}

/** A page with the app's stylesheet inline, for a guest or not. */
function styledPage(guest: boolean): string {
  const html = guest ? '<html lang="en" data-hydrate="intent">' : '<html lang="en">';
  return `<!DOCTYPE html>${html}<head><style id="app-styles">.used{color:red}.unused{color:blue}p{margin:0}</style></head><body><p class="used">x</p>${ROUTE_SCRIPT}</body></html>`;
}

const STYLESHEET: PrunableStylesheet = {
  href: "/assets/app-Z.css",
  compiled: compileStylesheet(".used{color:red}.unused{color:blue}p{margin:0}"),
};

describe("deferred scripts", () => {
  it("drops the module preloads; after the first paint and an intent, fetches them all and evaluates them one per task, then the route modules", () => {
    const preloads: string[] = [];
    const out = rewriteHtml(DOCUMENT, preloads);
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(preloads).toEqual(["/assets/entry.client-A.js", "/assets/components-B.js"]);
    const script = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1];
    if (script === undefined) throw new Error("no route-modules script");
    expect(script).not.toMatch(/^import \* as/m);
    // In this order: input held, the first paint, an intent (guests), the fetches, the
    // evaluations one by one, the route modules.
    const order = [
      HOLD_INPUT_SCRIPT,
      "await new Promise((go) => requestAnimationFrame(() => setTimeout(go, 0)));",
      WAIT_FOR_INTENT_SCRIPT,
      FULL_STYLES_SCRIPT,
      'for (const href of ["/assets/entry.client-A.js","/assets/components-B.js"]) {',
      'for (const href of ["/assets/components-B.js"]) {',
      "  await new Promise((go) => setTimeout(go, 0));",
      WAIT_FOR_STYLES_SCRIPT,
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/post-D.js")]);',
      'window.__reactRouterRouteModules = {"root":route0,"routes/post":route1};',
    ].map((piece) => script.indexOf(piece));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual(order.toSorted((a, b) => a - b));
    expect(script).toContain('rel: "modulepreload", href, nonce');
    expect(script.trim().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // Everything else is as written.
    expect(out).toContain('<script nonce="n1">window.x=1<2</script>');
    expect(out).toContain("<title>T</title></head><body><p>a &lt; b</p>");
  });

  it("leaves a script of another shape alone", () => {
    expect(deferRouteModules("window.__reactRouterRouteModules = {};", [])).toBeNull();
    const other = '<script type="module">window.__reactRouterRouteModules = {};</script>';
    expect(rewriteHtml(other, [])).toBe(other);
  });

  it("never cuts inside a tag or an unfinished script", () => {
    expect(safeCut("<p>ok</p><scr")).toBe(9);
    expect(safeCut('<p>ok</p><script type="module">import')).toBe(9);
    expect(safeCut("<p>ok</p><script>x</script><b>")).toBe(30);
  });

  it.each([1, 7, 64, 100_000])(
    "gives the same document whatever the chunk size (%i bytes)",
    async (size) => {
      expect(await streamed(DOCUMENT, size)).toBe(rewriteHtml(DOCUMENT, []));
    },
  );

  it("holds a guest's page whole and prunes its inline stylesheet to its markup", async () => {
    for (const size of [5, 64, 100_000]) {
      const out = await pieces(styledPage(true), size, STYLESHEET);
      expect(out).toHaveLength(1);
      const html = out.join("");
      expect(html).toContain(
        '<style id="app-styles">/*pruned:/assets/app-Z.css*/.used{color:red}p{margin:0}</style>',
      );
      expect(html).toContain('<p class="used">x</p>');
      expect(html).toContain(FULL_STYLES_SCRIPT);
    }
  });

  it("streams a signed-in page as it comes, its stylesheet whole", async () => {
    const out = await pieces(styledPage(false), 64, STYLESHEET);
    expect(out.length).toBeGreaterThan(1);
    expect(out.join("")).toContain(
      '<style id="app-styles">.used{color:red}.unused{color:blue}p{margin:0}</style>',
    );
  });
});

import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  deferRouteModules,
  deferScripts,
  rewriteHtml,
  safeCut,
} from "./deferred-scripts.server.ts";

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

async function streamed(html: string, size: number): Promise<string> {
  const pieces: Buffer[] = [];
  const bytes = Buffer.from(html);
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(pieces).pipe(deferScripts())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("deferred scripts", () => {
  it("drops the module preloads and imports them, then the route modules, after the first paint", () => {
    const preloads: string[] = [];
    const out = rewriteHtml(DOCUMENT, preloads);
    expect(out).not.toContain("modulepreload");
    expect(preloads).toEqual(["/assets/entry.client-A.js", "/assets/components-B.js"]);
    const script = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1];
    expect(script).toBeDefined();
    expect(script).not.toMatch(/^import \* as/m);
    expect(script?.split("\n").slice(0, 3)).toEqual([
      "await new Promise((go) => requestAnimationFrame(() => setTimeout(go, 0)));",
      '["/assets/components-B.js"].forEach((href) => { import(href).catch(() => {}); });',
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/post-D.js")]);',
    ]);
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/post":route1};',
    );
    expect(script?.trim().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
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
});

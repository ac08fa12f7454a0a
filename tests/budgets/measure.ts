/**
 * What a page costs a reader, in compressed bytes (issue 16): the HTML as sent with
 * `Accept-Encoding: br`, and every stylesheet, module script and module preload it names,
 * counted as their precompressed `.br` files in `build/client` (what the server sends for
 * them). Used by the budget test (`pages.test.ts`) and runnable by hand against any server:
 *
 * @example
 * node tests/budgets/measure.ts http://127.0.0.1:8090 / /blog /login
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";

/** The built client the server serves (`npm run build`). */
export const CLIENT_DIR = path.resolve(import.meta.dirname, "../../build/client");

/** One page's bytes, compressed as a Brotli-accepting browser gets them. */
export interface PageCost {
  path: string;
  status: number;
  /** The HTML document, as sent (Brotli). */
  html: number;
  /**
   * External stylesheets, their `.br` files: those the document links, and the full one a page
   * whose inline stylesheet was pruned loads at the first intent (ADR 050).
   */
  css: number;
  /** The stylesheets the document itself links (render-blocking). */
  linkedStylesheets: number;
  /** Module scripts and module preloads, their `.br` files. */
  js: number;
  /** The assets counted, with their `.br` sizes. */
  assets: { href: string; bytes: number }[];
}

/** The raw (still compressed) body of a GET with browser-like headers. */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers["content-encoding"] ?? "",
          body: Buffer.concat(chunks),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The asset addresses a document loads to hydrate: stylesheets (the full one a pruned page
 * loads at the first intent too), module scripts and preloads, imports.
 */
export function assetHrefs(html: string): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const tag of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(tag[0])?.[1] ?? "";
    const href = /\bhref="([^"]+)"/.exec(tag[0])?.[1];
    if (!href) continue;
    if (rel === "stylesheet") css.add(href);
    if (rel === "modulepreload") js.add(href);
  }
  for (const tag of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) if (tag[1]) js.add(tag[1]);
  // React Router's inline bootstrap imports the entry and the route modules (statically, or
  // after the first paint with the preloaded modules listed first: ADR 050).
  for (const call of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) {
    if (call[1]) js.add(call[1]);
  }
  // The preloads the route-modules script adds back and evaluates once it starts (ADR 050).
  for (const list of html.matchAll(/^for \(const href of (\["\/assets\/[^\]\n]*\])\) \{/gm)) {
    for (const href of JSON.parse(list[1] ?? "[]") as string[]) js.add(href);
  }
  // A pruned inline stylesheet names the full one, which the page loads before hydrating.
  const full = /<style id="app-styles">\/\*pruned:([^*]+)\*\//.exec(html)?.[1];
  if (full) css.add(full);
  return { css: [...css], js: [...js] };
}

/**
 * The message catalog of the page's language, which the entry imports before hydrating (a
 * chunk of its own, named by the language: `import(`./en-….js`)` in the i18n chunk).
 */
export function catalogHref(
  js: readonly string[],
  lang: string,
  clientDir = CLIENT_DIR,
): string | null {
  const pattern = new RegExp(`import\\(\`\\./(${lang}-[\\w-]+\\.js)\``);
  for (const href of js) {
    const text = fs.readFileSync(path.join(clientDir, href), "utf8");
    const found = pattern.exec(text)?.[1];
    if (found) return `/assets/${found}`;
  }
  return null;
}

/** The `.br` size of a built asset (its plain size when it has none: too small to compress). */
export function assetBytes(href: string, clientDir = CLIENT_DIR): number {
  const file = path.join(clientDir, decodeURIComponent(href.split("?")[0] ?? ""));
  if (!file.startsWith(clientDir)) throw new Error(`asset outside the build: ${href}`);
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return fs.statSync(file).size;
}

/** Fetches a page as a guest browser does (`Accept-Encoding: br`) and counts its bytes. */
export async function measurePage(
  baseUrl: string,
  pagePath: string,
  headers: Record<string, string> = {},
): Promise<PageCost> {
  const { status, encoding, body } = await getRaw(`${baseUrl}${pagePath}`, {
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-encoding": "br",
    "accept-language": "en-US,en;q=0.9",
    ...headers,
  });
  const html = encoding === "br" ? brotliDecompressSync(body).toString("utf8") : body.toString();
  const hrefs = assetHrefs(html);
  const catalog = catalogHref(hrefs.js, /<html lang="([a-z]+)"/.exec(html)?.[1] ?? "en");
  if (catalog) hrefs.js.push(catalog);
  const assets = [...hrefs.css, ...hrefs.js].map((href) => ({ href, bytes: assetBytes(href) }));
  const sum = (list: string[]) => list.reduce((total, href) => total + assetBytes(href), 0);
  return {
    path: pagePath,
    status,
    html: body.length,
    css: sum(hrefs.css),
    linkedStylesheets: [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].length,
    js: sum(hrefs.js),
    assets,
  };
}

if (process.argv[1] === import.meta.filename) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  if (!baseUrl) throw new Error("usage: node tests/budgets/measure.ts <base URL> <path>…");
  for (const pagePath of paths) {
    const cost = await measurePage(baseUrl, pagePath);
    console.log(
      `${pagePath} (${String(cost.status)}): html ${String(cost.html)} B, css ${String(cost.css)} B, js ${String(cost.js)} B in ${String(cost.assets.length)} files`,
    );
    for (const asset of cost.assets.toSorted((a, b) => b.bytes - a.bytes)) {
      console.log(`  ${String(asset.bytes).padStart(7)}  ${asset.href}`);
    }
  }
}

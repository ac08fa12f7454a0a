/**
 * The text of a built stylesheet, for inlining in pages (ADR 050): read once from the client
 * build beside the server build (`build/client` next to `build/server`, where React Router
 * writes them), then kept. `null` when the file cannot be read (the page links it instead).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileStylesheet, type CompiledStylesheet } from "./pruned-styles.server.ts";

const texts = new Map<string, string | null>();

/** The directory of the client build, beside the running server build. */
function clientDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "client");
}

/** The text of the built asset at `href` (`/assets/root-….css`), or `null`. */
export function builtStylesheet(href: string, dir = clientDir()): string | null {
  const known = texts.get(href);
  if (known !== undefined) return known;
  const file = path.join(dir, decodeURIComponent(href.split("?")[0] ?? ""));
  let text: string | null = null;
  if (file.startsWith(dir + path.sep) && file.endsWith(".css")) {
    try {
      // `</style` cannot end the element early: built CSS never holds it, and it is refused.
      const read = fs.readFileSync(file, "utf8");
      text = /<\/style/i.test(read) ? null : read;
    } catch {
      text = null;
    }
  }
  texts.set(href, text);
  return text;
}

const compiled = new Map<string, CompiledStylesheet | null>();

/**
 * The built stylesheet at `href` parsed for pruning guests' pages (once, then kept), or
 * `null` when its text is not at hand.
 */
export function compiledStylesheet(href: string, dir = clientDir()): CompiledStylesheet | null {
  const known = compiled.get(href);
  if (known !== undefined) return known;
  const text = builtStylesheet(href, dir);
  const parsed = text === null ? null : compileStylesheet(text);
  compiled.set(href, parsed);
  return parsed;
}

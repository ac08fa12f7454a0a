/**
 * Scripts after the first paint (ADR 050): a page reads fully without JavaScript, so nothing
 * of it should wait for JavaScript, nor compete with the document for the first round trips.
 * The document React Router writes asks for its modules at once: `<link rel="modulepreload">`
 * in the head (high priority, fetched before anything paints) and a module script importing
 * the route modules statically. As the document streams out, this rewrites both:
 *
 * - the module preloads are dropped from the head;
 * - the route-modules script first holds the input the page cannot handle before it hydrates
 *   (`hydrate-on-intent.ts`), waits for the first paint (an animation frame, then a task), on
 *   a guest's page waits for an intent to use it, loads the full stylesheet when the page's
 *   inline one was pruned (`pruned-styles.server.ts`), then adds the preloads back (all modules
 *   fetched in parallel), evaluates them one per task (so no single task holds the main
 *   thread for all of them), waits for the full stylesheet, imports the route modules
 *   (dynamic imports in place of static ones), then runs on as written (the manifest, the
 *   route modules, the entry that hydrates).
 *
 * The script keeps its nonce and is the only one that imports anything: dynamic imports from
 * a nonce-trusted module are allowed by `'strict-dynamic'` (ADR 018). Anything else passes
 * through unchanged, and a script that does not have the expected shape is left as it was.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import {
  FULL_STYLES_SCRIPT,
  HOLD_INPUT_SCRIPT,
  HYDRATE_ON_INTENT,
  HYDRATE_ON_INTENT_ATTRIBUTE,
  WAIT_FOR_INTENT_SCRIPT,
  WAIT_FOR_STYLES_SCRIPT,
} from "./hydrate-on-intent.ts";
import {
  type CompiledStylesheet,
  documentMarkup,
  pruneStylesheet,
} from "./pruned-styles.server.ts";

/** A module preload React Router writes (React hoists it into the head). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/[^"]+)"(?: nonce="[^"]*")?\/>/g;

/** The route-modules script: a module script that sets `__reactRouterRouteModules`. */
const ROUTE_MODULES_SCRIPT =
  /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?window\.__reactRouterRouteModules[\s\S]*?)(<\/script>)/;

/** One static import of a route module's chunk. */
const STATIC_IMPORT = /^import \* as (\w+) from ("\/[^"]+");$/gm;

/** The entry module the script imports last. */
const ENTRY_IMPORT = /import\(("\/[^"]+")\);\s*$/;

/** Waits for the first paint: the frame being painted, then a task after it. */
const AFTER_PAINT = "await new Promise((go) => requestAnimationFrame(() => setTimeout(go, 0)));";

/**
 * The route-modules script's body made to wait for the first paint (see the module comment);
 * `preloads` are the modules the dropped preloads named. `null` when it is not of the shape
 * React Router writes.
 */
export function deferRouteModules(body: string, preloads: readonly string[]): string | null {
  const imports = [...body.matchAll(STATIC_IMPORT)];
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  if (imports.length === 0 || !entry) return null;
  const entryPath = JSON.parse(entry) as string;
  const early = preloads.filter((href) => href !== entryPath);
  const names = imports.map((match) => match[1] ?? "");
  const sources = imports.map((match) => `import(${match[2] ?? '""'})`);
  const rest = body.replace(STATIC_IMPORT, "").replace(/^;\s*/, "");
  return [
    HOLD_INPUT_SCRIPT,
    AFTER_PAINT,
    WAIT_FOR_INTENT_SCRIPT,
    FULL_STYLES_SCRIPT,
    'const nonce = document.querySelector("script[nonce]")?.nonce ?? "";',
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href, nonce }));',
    "}",
    `for (const href of ${JSON.stringify(early)}) {`,
    "  await import(href).catch(() => {});",
    "  await new Promise((go) => setTimeout(go, 0));",
    "}",
    WAIT_FOR_STYLES_SCRIPT,
    `const [${names.join(", ")}] = await Promise.all([${sources.join(", ")}]);`,
    rest.trim(),
  ].join("\n");
}

/** Rewrites one complete piece of the document; collects the preloads it drops. */
export function rewriteHtml(html: string, preloads: string[]): string {
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return withoutPreloads.replace(
    ROUTE_MODULES_SCRIPT,
    (whole, open: string, body: string, close: string) => {
      const deferred = deferRouteModules(body, preloads);
      return deferred === null ? whole : `${open}${deferred}${close}`;
    },
  );
}

/**
 * Where the text can be cut without splitting a tag or a script: before an unclosed `<…`, and
 * before a `<script` whose `</script>` has not come yet.
 */
export function safeCut(text: string): number {
  let cut = text.length;
  const open = text.lastIndexOf("<");
  if (open !== -1 && !text.includes(">", open)) cut = open;
  const script = text.lastIndexOf("<script", cut);
  if (script !== -1 && !text.slice(script, cut).includes("</script>")) cut = script;
  return cut;
}

/** The app's stylesheet, for pruning a guest's page (`pruned-styles.server.ts`). */
export interface PrunableStylesheet {
  /** The full stylesheet's address, which a pruned page loads at the first intent. */
  href: string;
  compiled: CompiledStylesheet;
}

/** The inline stylesheet of the document (`AppStyles`). */
const APP_STYLES = /(<style id="app-styles">)([\s\S]*?)(<\/style>)/;

/** A guest's page: hydrated on intent (`hydrate-on-intent.ts`), its markup fixed until then. */
const GUEST_PAGE = new RegExp(
  `<html\\b[^>]*\\b${HYDRATE_ON_INTENT_ATTRIBUTE}="${HYDRATE_ON_INTENT}"`,
);

/** `html` with its inline stylesheet cut down to the rules its markup can match. */
export function pruneInlineStyles(html: string, stylesheet: PrunableStylesheet): string {
  const markup = documentMarkup(html.replace(APP_STYLES, ""));
  return html.replace(
    APP_STYLES,
    (_whole, open: string, _css: string, close: string) =>
      `${open}${pruneStylesheet(stylesheet.compiled, markup, stylesheet.href)}${close}`,
  );
}

/**
 * A stream rewriting a document's HTML on its way out (see the module comment). Given the
 * app's stylesheet, a guest's page is held until it is whole and sent with its inline
 * stylesheet pruned (`pruneInlineStyles`); any other page streams as it renders.
 */
export function deferScripts(stylesheet?: PrunableStylesheet): Transform {
  const decoder = new StringDecoder("utf8");
  const preloads: string[] = [];
  let pending = "";
  /** Whether the document is held whole (a guest's page); `undefined` until its `<html>`. */
  let whole: boolean | undefined = stylesheet ? undefined : false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.write(chunk);
      if (whole === undefined && /<html\b[^>]*>/.test(pending)) whole = GUEST_PAGE.test(pending);
      if (whole !== false) {
        callback();
        return;
      }
      const cut = safeCut(pending);
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      callback(null, ready ? Buffer.from(rewriteHtml(ready, preloads)) : undefined);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      pending = "";
      if (!rest) {
        callback();
        return;
      }
      const html = rewriteHtml(rest, preloads);
      callback(null, Buffer.from(whole && stylesheet ? pruneInlineStyles(html, stylesheet) : html));
    },
  });
}

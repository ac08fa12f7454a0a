/**
 * HTML (Ghost's rendered posts) to clean Markdown, with turndown: ATX headings, fenced code,
 * `-` lists, `*` emphasis; scripts, styles, frames, forms and embeds are dropped whole (the
 * Markdown renderer would show nothing of them anyway: raw HTML is off, ADR 019); Ghost's
 * image cards keep their caption as a line under the image.
 *
 * SECURITY: the HTML is checked first ({@link checkHtml}: size, nesting depth and weight, in
 * one linear pass), and turndown is given the plain form that check wrote, never the HTML as
 * received: turndown's time grows with the square of the depth, and its recursion overflows
 * the stack past about 2,000 levels (issue 23).
 */
import { createRequire } from "node:module";
import type TurndownService from "turndown";
import { checkHtml } from "./html-limits.ts";

/** HTML the converter refuses (too large, too deep or too heavy); `message` says why. */
export class HtmlRefusedError extends Error {
  override readonly name = "HtmlRefusedError";
}

const DROPPED = [
  "script",
  "style",
  "iframe",
  "noscript",
  "form",
  "object",
  "embed",
  "template",
  "button",
  "input",
  "select",
  "textarea",
] as const;

/** What the list item rule reads of a DOM node (the server has no DOM types). */
interface ListItemNode {
  parentNode: {
    nodeName: string;
    getAttribute(name: string): string | null;
    children: ArrayLike<unknown>;
  } | null;
  nextSibling: unknown;
}

function createService(): TurndownService {
  // Loaded with the first HTML to convert: only imports need it (issue 30, memory at rest).
  const Turndown = createRequire(import.meta.url)("turndown") as typeof TurndownService;
  const service = new Turndown({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
    hr: "---",
  });
  service.remove([...DROPPED]);
  // List items with one space after the marker (`- one`, `2. two`), not turndown's three.
  service.addRule("listItem", {
    filter: "li",
    replacement: (content, node) => {
      const item = node as unknown as ListItemNode;
      const parent = item.parentNode;
      let prefix = "- ";
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start") ?? "1") || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, item)}. `;
      }
      const body = content
        .replace(/^\n+/, "")
        .replace(/\n+$/, "\n")
        .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
      return `${prefix}${body}${item.nextSibling && !body.endsWith("\n") ? "\n" : ""}`;
    },
  });
  // `<figcaption>` (Ghost's image and embed cards): its text on its own line, in italics.
  service.addRule("figcaption", {
    filter: "figcaption",
    replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : ""),
  });
  return service;
}

let shared: TurndownService | null = null;

/**
 * Markdown of an HTML fragment (`""` for empty input). Throws {@link HtmlRefusedError} past
 * the limits of `html-limits.ts`.
 */
export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return "";
  const checked = checkHtml(html);
  if (!checked.ok) throw new HtmlRefusedError(checked.reason);
  shared ??= createService();
  let markdown: string;
  try {
    markdown = shared.turndown(checked.html);
  } catch (error) {
    // A backstop: the depth bound keeps the recursion far from the stack's end.
    if (error instanceof RangeError) throw new HtmlRefusedError("its HTML nests too deep");
    throw error;
  }
  return markdown.replace(/\n{3,}/g, "\n\n").trim();
}

/**
 * Code blocks of reading pages in colour (issue 25 item 16), on the server only: a fenced
 * block that names its language (```` ```ts ````) is highlighted with highlight.js's common
 * languages when the page is rendered, so the browser loads no highlighter and a guest's page
 * stays as light as it was; the colours are `.hljs-*` rules of `app.css`, shipped only on pages
 * that hold such a block (the inline stylesheet keeps the classes its markup uses).
 *
 * SECURITY: highlight.js escapes every character of the code and adds only
 * `<span class="hljs-…">`; a language it does not know, or a block too long to be worth it,
 * stays plain (markdown-it escapes it).
 */
import hljs from "highlight.js/lib/common";
import type { CodeHighlighter } from "#shared/markdown/render.ts";

/** Longer blocks stay plain: highlighting costs time on every uncached render. */
const MAX_HIGHLIGHTED_CHARS = 20_000;

/** Names writers give languages that highlight.js knows under another. */
const ALIASES: Record<string, string> = { sh: "bash", zsh: "bash", console: "shell", html: "xml" };

/** The language of a fence's info string (`ts`, `TypeScript title="x"` → `typescript`), if known. */
export function fenceLanguage(info: string): string | null {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const wanted = ALIASES[name] ?? name;
  return wanted && hljs.getLanguage(wanted) ? wanted : null;
}

/** See {@link CodeHighlighter}. */
export const highlightCode: CodeHighlighter = (code, info) => {
  const language = fenceLanguage(info);
  if (!language || code.length > MAX_HIGHLIGHTED_CHARS) return null;
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
};

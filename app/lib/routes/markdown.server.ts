/**
 * Markdown rendered for reading pages, in their loaders (ADR 050): the shared renderer runs
 * on the server and the page's data carries its HTML, so the browser never loads markdown-it
 * to read (only the editor's live preview renders in the browser, `markdown-preview.tsx`).
 * Fenced code naming its language is highlighted here (`code-highlight.server.ts`).
 */
import type { RouterContextProvider } from "react-router";
import { isLocale } from "#shared/i18n/locales.ts";
import { renderMarkdown } from "#shared/markdown/render.ts";
import { localeContext, translateContext } from "../../context.ts";
import { highlightCode } from "./code-highlight.server.ts";

/**
 * The inert HTML of `text` (see `shared/markdown/render.ts`), with typographic quotes of its
 * language (`lang`, else the interface language) and task-list labels in the interface
 * language. `""` for blank text.
 */
export function markdownHtml(
  context: Readonly<RouterContextProvider>,
  text: string,
  lang?: string,
): string {
  if (!text.trim()) return "";
  const t = context.get(translateContext);
  return renderMarkdown(text, {
    locale: isLocale(lang) ? lang : context.get(localeContext),
    labels: {
      taskDone: t("listings:markdown.taskDone"),
      taskOpen: t("listings:markdown.taskOpen"),
    },
    highlight: highlightCode,
  });
}

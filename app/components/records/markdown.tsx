/**
 * Markdown of entries, posts, collections, biographies and items, rendered by the one
 * renderer (`shared/markdown/render.ts`) on the server and in the browser alike, so the
 * server's HTML and the hydrated page (and the editor's preview) are the same.
 */
import { useMemo } from "react";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { renderMarkdown } from "#shared/markdown/render.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { useSession } from "../session-provider.tsx";

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  /** The Markdown source. */
  text: string;
  /**
   * Language of the text (a post's `lang`), for its typographic quotes and `lang` attribute;
   * the interface language when absent.
   */
  lang?: string;
  /** Extra classes (the `prose` typography classes are always there). */
  className?: string;
}

/** Rendered Markdown in the `prose` typography. */
export function Markdown({ text, lang, className }: MarkdownProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const textLocale: Locale = isLocale(lang) ? lang : locale;
  const taskDone = t("listings:markdown.taskDone");
  const taskOpen = t("listings:markdown.taskOpen");
  const html = useMemo(
    () => renderMarkdown(text, { locale: textLocale, labels: { taskDone, taskOpen } }),
    [text, textLocale, taskDone, taskOpen],
  );
  return (
    <div
      lang={isLocale(lang) ? lang : undefined}
      className={`prose prose-stone max-w-none [overflow-wrap:anywhere] ${className ?? ""}`}
      // SECURITY: the renderer's output is inert by construction (raw HTML off, links and
      // images validated); tests/fixtures/xss-payloads.ts holds it to that on every build.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

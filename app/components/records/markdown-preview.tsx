/**
 * Markdown rendered in the browser, for the editor's live preview: the shared renderer (the
 * preview shows exactly what readers see) through the `Markdown` component. Only the editor
 * imports it, so markdown-it is in the editor's chunks and never in a reading page's (ADR 050).
 */
import { useMemo } from "react";
import { isLocale } from "#shared/i18n/locales.ts";
import { renderMarkdown } from "#shared/markdown/render.ts";
import { Markdown, type MarkdownProps } from "./markdown.tsx";
import { useSession } from "../session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** Props of {@link MarkdownPreview}: the Markdown source instead of its HTML. */
export interface MarkdownPreviewProps extends Omit<MarkdownProps, "html"> {
  text: string;
}

/** Renders the Markdown. */
export function MarkdownPreview({ text, ...props }: MarkdownPreviewProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const textLocale = isLocale(props.lang) ? props.lang : locale;
  const taskDone = t("listings:markdown.taskDone");
  const taskOpen = t("listings:markdown.taskOpen");
  const html = useMemo(
    () => renderMarkdown(text, { locale: textLocale, labels: { taskDone, taskOpen } }),
    [text, textLocale, taskDone, taskOpen],
  );
  return <Markdown html={html} {...props} />;
}

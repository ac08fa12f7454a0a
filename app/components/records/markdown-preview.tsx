/**
 * Markdown as readers see it, for the editor's live preview and the entry and post pages:
 * the shared renderer through the `Markdown` component. A private entry's own images and
 * links need a file token to load (its files are protected); they get one here.
 */
import { useEffect, useMemo, useRef } from "react";
import { isLocale } from "#shared/i18n/locales.ts";
import { renderMarkdown } from "#shared/markdown/render.ts";
import { Markdown } from "./markdown.tsx";
import { useSession } from "../session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n.ts";
import { withFileToken } from "../../lib/record-files.ts";
import type { LinkClick } from "../../lib/file-token.ts";

/** Props of {@link MarkdownPreview}. */
export interface MarkdownPreviewProps {
  text: string;
  /** Language of the text (a post's `lang`). */
  lang?: string;
  /** A file token for the files under `ownFiles` (a private entry's). */
  fileToken?: string;
  /** Address prefix of the record's own files (`/api/files/entries/{id}/`). */
  ownFiles?: string;
  /** Called on clicks in the text, to renew an expired file token before a link is followed. */
  onFileLinkClick?: (event: LinkClick) => void;
}

/** Renders the Markdown. */
export function MarkdownPreview(props: MarkdownPreviewProps) {
  if (!props.fileToken || !props.ownFiles) return <Markdown text={props.text} lang={props.lang} />;
  return <TokenMarkdown {...props} fileToken={props.fileToken} ownFiles={props.ownFiles} />;
}

/** The `Markdown` component's output, with the file token added to the record's own files. */
function TokenMarkdown(props: MarkdownPreviewProps & { fileToken: string; ownFiles: string }) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { text, lang, fileToken, ownFiles, onFileLinkClick } = props;
  const textLocale = isLocale(lang) ? lang : locale;
  const taskDone = t("listings:markdown.taskDone");
  const taskOpen = t("listings:markdown.taskOpen");
  // Clicks on the rendered links (keyboard activation is a click too) bubble to the container.
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !onFileLinkClick) return;
    element.addEventListener("click", onFileLinkClick);
    return () => {
      element.removeEventListener("click", onFileLinkClick);
    };
  }, [onFileLinkClick]);
  const html = useMemo(
    () =>
      withFileToken(
        renderMarkdown(text, { locale: textLocale, labels: { taskDone, taskOpen } }),
        ownFiles,
        fileToken,
      ),
    [text, textLocale, taskDone, taskOpen, ownFiles, fileToken],
  );
  return (
    <div
      lang={isLocale(lang) ? lang : undefined}
      className="prose prose-stone max-w-none [overflow-wrap:anywhere]"
      ref={container}
      // SECURITY: the shared renderer's inert HTML; only `?token=<JWT>` is added to
      // attributes that already point at this record's files (`withFileToken`).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

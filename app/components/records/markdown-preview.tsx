/**
 * Markdown as readers see it, for the editor's live preview and the entry and post pages:
 * the shared renderer through the `Markdown` component. A private entry's own images and
 * links need a file token to load (its files are protected); they get one here. The editor
 * also shows files picked but not uploaded yet, from object URLs (`localFiles`).
 */
import { useEffect, useMemo, useRef } from "react";
import { isLocale } from "#shared/i18n/locales.ts";
import { renderMarkdown } from "#shared/markdown/render.ts";
import { Markdown } from "./markdown.tsx";
import { useSession } from "../session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n.ts";
import { withFileToken, withLocalFiles } from "../../lib/record-files.ts";
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
  /** Addresses in the text shown from other URLs: an editor's picked files (object URLs). */
  localFiles?: ReadonlyMap<string, string>;
}

/** Renders the Markdown. */
export function MarkdownPreview(props: MarkdownPreviewProps) {
  const tokened = Boolean(props.fileToken && props.ownFiles);
  if (!tokened && !props.localFiles?.size) return <Markdown text={props.text} lang={props.lang} />;
  return <RewrittenMarkdown {...props} />;
}

/**
 * The `Markdown` component's output, with the file token added to the record's own files
 * and local files pointed at their object URLs.
 */
function RewrittenMarkdown(props: MarkdownPreviewProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { text, lang, fileToken, ownFiles, onFileLinkClick, localFiles } = props;
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
  const html = useMemo(() => {
    let out = renderMarkdown(text, { locale: textLocale, labels: { taskDone, taskOpen } });
    if (fileToken && ownFiles) out = withFileToken(out, ownFiles, fileToken);
    return localFiles ? withLocalFiles(out, localFiles) : out;
  }, [text, textLocale, taskDone, taskOpen, ownFiles, fileToken, localFiles]);
  return (
    <div
      lang={isLocale(lang) ? lang : undefined}
      className="prose prose-stone max-w-none [overflow-wrap:anywhere]"
      ref={container}
      // SECURITY: the shared renderer's inert HTML; only `?token=<JWT>` is added to
      // attributes that already point at this record's files (`withFileToken`), and
      // attributes naming a local file get the object URL the page made (`withLocalFiles`).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

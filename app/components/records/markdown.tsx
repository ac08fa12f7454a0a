/**
 * Rendered Markdown of entries, posts, collections, biographies and items in the `prose`
 * typography. The HTML comes from the one renderer (`shared/markdown/render.ts`): reading
 * pages get it from their loaders (`lib/routes/markdown.server.ts`), so hydrating them needs no
 * Markdown code (ADR 050); the editor's preview renders it in the browser
 * (`markdown-preview.tsx`). A private entry's own images and links need a file token to load
 * (its files are protected); they get one here. The editor also shows files picked but not
 * uploaded yet, from object URLs (`localFiles`).
 */
import { useEffect, useMemo, useRef } from "react";
import { isLocale } from "#shared/i18n/locales.ts";
import { withFileToken, withLocalFiles } from "../../lib/records/record-files.ts";
import type { LinkClick } from "../../lib/records/file-token.ts";

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  /** HTML made by `renderMarkdown` (never anything else: it is inserted as is). */
  html: string;
  /** Language of the text (a post's `lang`), for its `lang` attribute. */
  lang?: string;
  /** Extra classes (the `prose` typography classes are always there). */
  className?: string;
  /** A file token for the files under `ownFiles` (a private entry's). */
  fileToken?: string;
  /** Address prefix of the record's own files (`/api/files/entries/{id}/`). */
  ownFiles?: string;
  /** Called on clicks in the text, to renew an expired file token before a link is followed. */
  onFileLinkClick?: (event: LinkClick) => void;
  /** Addresses in the text shown from other URLs: an editor's picked files (object URLs). */
  localFiles?: ReadonlyMap<string, string>;
}

/** Rendered Markdown in the `prose` typography. */
export function Markdown(props: MarkdownProps) {
  const { html, lang, className, fileToken, ownFiles, onFileLinkClick, localFiles } = props;
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
  const shown = useMemo(() => {
    let out = html;
    if (fileToken && ownFiles) out = withFileToken(out, ownFiles, fileToken);
    return localFiles?.size ? withLocalFiles(out, localFiles) : out;
  }, [html, ownFiles, fileToken, localFiles]);
  return (
    <div
      lang={isLocale(lang) ? lang : undefined}
      className={`prose prose-stone max-w-none [overflow-wrap:anywhere] ${className ?? ""}`}
      ref={container}
      // SECURITY: the shared renderer's output, inert by construction (raw HTML off, links and
      // images validated; tests/fixtures/xss-payloads.ts holds it to that on every build).
      // Only `?token=<JWT>` is added to attributes that already point at this record's files
      // (`withFileToken`), and attributes naming a local file get the object URL the page
      // made (`withLocalFiles`).
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}

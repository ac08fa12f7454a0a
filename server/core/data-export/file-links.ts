/**
 * Links to stored files inside Markdown: `/api/files/{collection}/{recordId}/{filename}`,
 * with or without a site origin before it and a query after it (`?thumb=…`, `?token=…`),
 * as the editor writes them. Export rewrites them to paths inside the archive; import
 * rewrites them back to the files' new addresses.
 */

/** One file a link points at. */
export interface FileLink {
  /** The collection segment as written (a name such as `entries`, or an id). */
  collection: string;
  recordId: string;
  /** The stored file name, decoded. */
  filename: string;
}

/**
 * A file address in text: optional `http(s)://host`, `/api/files/`, three segments, an
 * optional query and fragment. Stops at whitespace, quotes, brackets and `<>`.
 */
const FILE_LINK =
  /(?:https?:\/\/[^\s/"'()<>[\]]+)?\/api\/files\/([^\s/?#"'()<>[\]]+)\/([a-z0-9]+)\/([^\s/?#"'()<>[\]]+)(?:\?[^\s#"'()<>[\]]*)?(?:#[^\s"'()<>[\]]*)?/g;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Replaces every file address in `text` for which `replace` answers a string; addresses it
 * answers null for are left as they are.
 *
 * @example
 * rewriteFileLinks("![](/api/files/entries/abc/p.png?thumb=400x0)", () => "../files/p.png")
 * // "![](../files/p.png)"
 */
export function rewriteFileLinks(text: string, replace: (link: FileLink) => string | null): string {
  return text.replace(FILE_LINK, (match, collection: string, recordId: string, name: string) => {
    const replacement = replace({
      collection: decode(collection),
      recordId,
      filename: decode(name),
    });
    return replacement ?? match;
  });
}

/**
 * A path inside the archive as a Markdown link target: each segment percent-encoded where
 * needed (spaces, parentheses), `/` kept.
 */
export function linkPath(relative: string): string {
  return relative
    .split("/")
    .map((segment) => (segment === ".." ? segment : encodeURIComponent(segment)))
    .join("/");
}

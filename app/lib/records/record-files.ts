/**
 * The stored files of a record as pages read them (their addresses are
 * `api/files/file-urls.ts`): the names they were uploaded with, and file tokens added to
 * rendered HTML for protected files (a private entry's). Shared by the entry page, its
 * Markdown and the editor.
 */

/**
 * The name a stored file was uploaded with, near enough: the server snake-cases it and adds
 * `_` and 10 random characters before the (at most double) extension
 * (`photo_a1b2c3d4e5.jpg` → `photo.jpg`, `site_a1b2c3d4e5.tar.gz` → `site.tar.gz`).
 */
export function displayFileName(stored: string): string {
  return stored.replace(/_[a-z0-9]{10}((?:\.[^.]*){0,2})$/, "$1");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Adds a file token to the `src` and `href` attributes of rendered HTML that point at the
 * files under `prefix` (a private entry's own files, which need one). `token` is a JWT
 * (`[\w.-]` only), so it needs no escaping in an attribute.
 */
export function withFileToken(html: string, prefix: string, token: string): string {
  if (!token || !/^[\w.-]+$/.test(token)) return html;
  const pattern = new RegExp(`( (?:src|href)=")(${escapeRegExp(prefix)}[^"?#]*)(\\?[^"#]*)?"`, "g");
  return html.replace(
    pattern,
    (_match, start: string, path: string, query: string | undefined) =>
      `${start}${path}${query ? `${query}&amp;` : "?"}token=${token}"`,
  );
}

/**
 * Points the `src` and `href` attributes of rendered HTML whose value is exactly one of the
 * `local` addresses at its replacement (an editor's picked file, shown from an object URL
 * before it is uploaded). Replacements are URLs the page made itself (`blob:`), quoted as is.
 */
export function withLocalFiles(html: string, local: ReadonlyMap<string, string>): string {
  if (local.size === 0) return html;
  return html.replace(/ (src|href)="([^"]*)"/g, (match, name: string, value: string) => {
    const url = local.get(value);
    return url === undefined || url.includes('"') ? match : ` ${name}="${url}"`;
  });
}

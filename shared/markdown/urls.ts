/**
 * Which URLs rendered Markdown may point at. Links: `http:`, `https:`, `mailto:`, relative
 * URLs and `#fragments`. Images: `http:`/`https:` and this server's own files
 * (`/api/files/...`). Everything else (`javascript:`, `vbscript:`, `data:`, `file:`, unknown
 * schemes) is refused.
 *
 * SECURITY: the checks read a URL the way a browser's URL parser does (WHATWG URL): leading
 * and trailing C0 control characters and spaces are ignored and tabs and newlines are removed
 * anywhere before the scheme is read, and schemes are case-insensitive. So `JaVaScRiPt:`,
 * `\x01javascript:`, ` javascript:` and `java\tscript:` are all read as `javascript:`.
 * Character references (`&#106;avascript:`) are decoded by the Markdown parser before these
 * checks run; percent-encoding cannot hide a scheme (a browser never decodes it there).
 */

/** Schemes a link may use. */
const LINK_SCHEMES = new Set(["http", "https", "mailto"]);

/** Schemes an image may be loaded from. */
const IMAGE_SCHEMES = new Set(["http", "https"]);

/** Path prefix of this server's file downloads (PocketBase's `/api/files/{collection}/...`). */
const OWN_FILES_PREFIX = "/api/files/";

// The WHATWG URL parser strips leading/trailing C0 controls and spaces, and removes every
// ASCII tab and newline (https://url.spec.whatwg.org/#concept-basic-url-parser).
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TABS_AND_NEWLINES = /[\t\n\r]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/;

/** `url` as a browser reads it before parsing: trimmed, tabs and newlines removed, lower case. */
function asBrowserReadsIt(url: string): string {
  return url.replace(EDGE_CONTROLS, "").replace(TABS_AND_NEWLINES, "").toLowerCase();
}

/** The scheme of `url` in lower case (`"https"`), or `null` for a relative URL. */
export function urlScheme(url: string): string | null {
  return SCHEME.exec(asBrowserReadsIt(url))?.[1] ?? null;
}

/**
 * Whether a Markdown link may point at `url`: `http:`, `https:`, `mailto:`, or a relative
 * URL (`/path`, `../x`, `?q`, `#anchor`, `//host/path`).
 *
 * @example isSafeLinkUrl("https://example.com") // true
 * @example isSafeLinkUrl(" JaVaScRiPt:alert(1)") // false
 */
export function isSafeLinkUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null ? isPlainRelative(url) : LINK_SCHEMES.has(scheme);
}

/**
 * Whether a Markdown image may load `url`: an absolute `http:`/`https:` URL (or
 * protocol-relative `//host/...`), or one of this server's files under `/api/files/`.
 */
export function isSafeImageUrl(url: string): boolean {
  const scheme = urlScheme(url);
  if (scheme !== null) return IMAGE_SCHEMES.has(scheme);
  const path = asBrowserReadsIt(url);
  return path.startsWith("//") || path.startsWith(OWN_FILES_PREFIX);
}

/**
 * Whether `url` leaves this site: an absolute `http:`/`https:` URL or a protocol-relative
 * one. Such links get `rel="noopener noreferrer nofollow ugc"`.
 */
export function isExternalUrl(url: string): boolean {
  const scheme = urlScheme(url);
  if (scheme !== null) return scheme === "http" || scheme === "https";
  const path = asBrowserReadsIt(url);
  // Browsers read `\` as `/` in http(s) URLs: `/\host` is protocol-relative too.
  return /^[/\\]{2}/.test(path);
}

/**
 * A relative URL with no control character and no `:` in its first path segment: RFC 3986
 * forbids one there (`./a:b` is the relative form), and refusing it leaves nothing that a
 * decoding step anywhere could turn into a scheme (`java%09script:`).
 */
function isPlainRelative(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) return false;
  const firstSegment = /^[^/?#]*/.exec(url)?.[0] ?? "";
  return !firstSegment.includes(":");
}

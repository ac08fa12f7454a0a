/**
 * The site's public address, for absolute URLs in page metadata (canonical links, Open Graph
 * and Twitter cards): `APP_URL` when the operator set it (design §7; behind a proxy it is the
 * only trustworthy answer), else the origin the request came to.
 */

function configuredUrl(): string | null {
  const value = process.env.APP_URL?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

/**
 * The site's base URL without a trailing slash (`https://cahier.example.com`, or with a path
 * when the site lives under one).
 */
export function siteUrl(request: Request): string {
  return configuredUrl() ?? new URL(request.url).origin;
}

/** An absolute URL of `path` (which starts with `/`) on the site. */
export function absoluteUrl(request: Request, path: string): string {
  return `${siteUrl(request)}${path}`;
}

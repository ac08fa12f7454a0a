/**
 * Absolute URLs of the site, the one helper for them (feeds, the sitemap, `robots.txt`,
 * canonical links, Open Graph tags): from the configured public URL (`APP_URL`, handed to the
 * app by the server as `siteUrlContext`) when there is one, else from the request's origin.
 * SECURITY: without `APP_URL` the origin comes from the request's `Host` header; set
 * `APP_URL` in production so no request can choose the links other readers get.
 */
import type { RouterContextProvider } from "react-router";
import { siteUrlContext } from "../../context.ts";
import { withQuery, type PathQuery } from "../paths.ts";

/** The site's origin (and path prefix, if `APP_URL` has one), without a trailing slash. */
export function siteOrigin(context: Readonly<RouterContextProvider>, request: Request): string {
  const configured = context.get(siteUrlContext);
  return configured ? configured.replace(/\/+$/, "") : new URL(request.url).origin;
}

/** The absolute URL of a site path (`/blog` → `https://journal.example.com/blog`). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The absolute canonical URL of a page: the address search engines and feed readers should
 * keep, whatever query noise or client-side data request (`.data`) reached it, with the given
 * query parameters (empty or missing ones left out, in the order given).
 *
 * @example canonicalUrl("https://cahier.example", "/blog", { tag: "garden", page: 2 })
 * // "https://cahier.example/blog?tag=garden&page=2"
 */
export function canonicalUrl(origin: string, path: string, query: PathQuery = {}): string {
  return absoluteUrl(origin, withQuery(path, query));
}

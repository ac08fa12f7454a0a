/**
 * Absolute URLs of the site, for feeds, the sitemap, `robots.txt` and canonical links: from
 * the configured public URL (`APP_URL`) when there is one, else from the request's origin.
 * SECURITY: without `APP_URL` the origin comes from the request's `Host` header; set
 * `APP_URL` in production so no request can choose the links other readers get.
 */
import type { RouterContextProvider } from "react-router";
import { siteUrlContext } from "../context.ts";

/** The site's origin (and path prefix, if `APP_URL` has one), without a trailing slash. */
export function siteOrigin(context: Readonly<RouterContextProvider>, request: Request): string {
  const configured = context.get(siteUrlContext);
  return configured ? configured.replace(/\/+$/, "") : new URL(request.url).origin;
}

/** The absolute URL of a site path (`/blog` → `https://journal.example.com/blog`). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

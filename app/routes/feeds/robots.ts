/**
 * `/robots.txt`: crawlers may read the public pages, not the API (except its public files:
 * covers and avatars that link previews show), the editors, the settings, the sign-up and
 * password pages and the instances area; the sitemap's absolute URL closes it. The login page
 * stays open: it is where a search for the site's sign-in leads (and Lighthouse's SEO audit
 * asks that it be crawlable, ADR 050).
 */
import type { Route } from "./+types/robots";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { cacheableResponse } from "./feed.server.ts";
import { API_PREFIX, FILES_PREFIX } from "../../api/files/file-urls.ts";

/** Paths no crawler should read: the API, editors, settings, sign-up and admin pages. */
export const DISALLOWED_PATHS = [
  API_PREFIX,
  "/entry/create",
  "/entry/update/",
  "/post/create",
  "/post/update/",
  "/collection/create",
  "/collection/update/",
  "/profileSettings",
  "/signUp",
  "/passwordReset",
  "/i",
  "/admin",
] as const;

/** The robots.txt of the site. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context, request);
  const body = [
    "User-agent: *",
    "Allow: /",
    // The longest matching rule wins: public files stay readable under a closed /api/.
    `Allow: ${FILES_PREFIX}`,
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return cacheableResponse(request, body, {
    contentType: "text/plain; charset=utf-8",
    cacheControl: "public, max-age=3600",
  });
}

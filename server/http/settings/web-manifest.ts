/**
 * The web app manifest (`/manifest.webmanifest`, ADR 069), from the settings: the site's name,
 * its description in the reader's language, its icons (plain and maskable), the accent as the
 * theme colour, and the writer's desk as the start page.
 */
import type { Locale } from "../../../shared/i18n/locales.ts";
import { GROUNDS } from "../../../shared/site/contrast.ts";
import {
  SITE_ICON_FILES,
  siteIconPath,
  type SiteIconName,
} from "../../../shared/site/site-files.ts";
import type { SiteIdentity } from "../../core/site/site-identity.ts";

/** Cahier's accent (Tailwind's amber-800), the theme colour without a chosen one. */
export const DEFAULT_ACCENT = "#92400e";

/** Longest `short_name` shown under a home-screen icon. */
const SHORT_NAME_LENGTH = 12;

/** The manifest of the site in `locale`. */
export function webManifest(
  appName: string,
  identity: SiteIdentity,
  locale: Locale,
): Record<string, unknown> {
  const other: Locale = locale === "en" ? "fr" : "en";
  const description = identity.description[locale] || identity.description[other];
  const icons = (["icon-192", "icon-512", "icon-maskable-512"] as SiteIconName[]).map((name) => {
    const spec = SITE_ICON_FILES[name];
    return {
      src: siteIconPath(name, identity.icon),
      sizes: `${spec.size}x${spec.size}`,
      type: "image/png",
      purpose: spec.purpose,
    };
  });
  const shortName =
    appName.length <= SHORT_NAME_LENGTH ? appName : `${appName.slice(0, SHORT_NAME_LENGTH - 1)}…`;
  return {
    name: appName,
    short_name: shortName,
    ...(description ? { description } : {}),
    lang: locale,
    dir: "ltr",
    start_url: "/writing",
    scope: "/",
    id: "/",
    display: "standalone",
    theme_color: identity.accentColor || DEFAULT_ACCENT,
    background_color: GROUNDS.lightPage,
    icons,
  };
}

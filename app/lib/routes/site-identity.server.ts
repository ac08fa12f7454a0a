/**
 * The site's identity read for a request (ADR 069), on the server: the accent's shades are
 * computed here, so the browser's bundle carries no colour math.
 */
import type { RouterContextProvider } from "react-router";
import { siteIdentityContext } from "../../context.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { accentShades, accentStylesheet } from "#shared/site/contrast.ts";
import {
  customCssPath,
  DEFAULT_PAGE_IDENTITY,
  socialImagePath,
  type Localized,
  type PageIdentity,
} from "#shared/site/site-files.ts";
import { isExternalUrl } from "#shared/site/navigation.ts";
import { navigationPages } from "../../api/records/site-pages.ts";
import { paths } from "../paths.ts";
import { routeContext } from "./route-data.ts";
import type { SiteData, SiteLink } from "./site-identity.ts";

function inLocale(text: Localized, locale: Locale): string {
  return text[locale] || text[locale === "en" ? "fr" : "en"];
}

/** The identity of the request's site. */
export function siteIdentity(context: Readonly<RouterContextProvider>): PageIdentity {
  return context.get(siteIdentityContext) ?? DEFAULT_PAGE_IDENTITY;
}

/** The root loader's part of the identity, in `locale`. */
export function siteData(identity: PageIdentity, locale: Locale): SiteData {
  const out: SiteData = {};
  const description = inLocale(identity.description, locale);
  const footer = inLocale(identity.footer, locale);
  if (description) out.description = description;
  if (footer) out.footer = footer;
  if (identity.accentColor) {
    const shades = accentShades(identity.accentColor);
    out.accent = {
      css: accentStylesheet(identity.accentColor),
      light: shades.light[800],
      dark: shades.dark[800],
    };
  }
  if (identity.customCss) out.css = customCssPath(identity.customCss);
  if (identity.icon) out.icon = identity.icon;
  const social = socialImagePath(identity.socialImage);
  if (social) out.social = social;
  // Each language has its own links (no falling back: a French label would be wrong in English).
  const nav: SiteLink[] = identity.navigation[locale].map(({ label, url }) =>
    isExternalUrl(url) ? { label, url, external: true } : { label, url },
  );
  if (nav.length) out.nav = nav;
  return out;
}

/**
 * `site` with the published pages of `locale`'s navigation after its links (ADR 075), read
 * through the API as the visitor (guests' pages are then kept by the page cache, which
 * forgets them when a published page changes). A failed read leaves the links alone: the
 * navigation never takes a page down.
 */
export async function withNavigationPages(
  context: Readonly<RouterContextProvider>,
  site: SiteData,
  locale: Locale,
): Promise<SiteData> {
  let pages: { slug: string; title: string }[];
  try {
    pages = await navigationPages(routeContext(context).api, locale);
  } catch {
    return site;
  }
  if (!pages.length) return site;
  const own = site.nav ?? [];
  // A page the settings already link to is listed once, where the settings put it.
  const linked = new Set(own.map((link) => link.url));
  const links = pages
    .map(({ slug, title }) => ({ label: title, url: paths.page(slug) }))
    .filter((link) => !linked.has(link.url));
  return { ...site, nav: [...own, ...links] };
}

/**
 * The Open Graph and Twitter card tags of a public page that is not an article (home, blog),
 * with the site's social image; made by the loader, so reading pages' scripts carry no code
 * for them (`tests/budgets`).
 */
export function websiteOpenGraph(page: {
  title: string;
  description?: string | undefined;
  url: string;
  siteName: string;
  locale: Locale;
  site: SiteData;
}): { property?: string; name?: string; content: string }[] {
  const out = [
    { property: "og:type", content: "website" },
    { property: "og:title", content: page.title },
    { property: "og:url", content: page.url },
    { property: "og:site_name", content: page.siteName },
    { property: "og:locale", content: page.locale === "fr" ? "fr_FR" : "en_US" },
  ];
  if (page.description) out.push({ property: "og:description", content: page.description });
  const image = page.site.social ? new URL(page.site.social, page.url).href : null;
  if (image) out.push({ property: "og:image", content: image });
  return [...out, { name: "twitter:card", content: image ? "summary_large_image" : "summary" }];
}

/** The site's social image as an absolute address on `origin`, or `""` without one. */
export function socialImageUrl(context: Readonly<RouterContextProvider>, origin: string): string {
  const path = socialImagePath(siteIdentity(context).socialImage);
  return path ? new URL(path, origin).href : "";
}

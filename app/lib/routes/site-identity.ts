/**
 * The site's identity as pages use it (ADR 069): the texts in the page's language (the other
 * language's when one is missing), the accent, and the addresses of the icons, the social
 * image and the custom sheet. Only what is set is sent: a site without an identity adds
 * nothing to its pages' data.
 */
import type { RouterContextProvider } from "react-router";
import { siteIdentityContext } from "../../context.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import {
  customCssPath,
  socialImagePath,
  type Localized,
  type PageIdentity,
} from "#shared/site/site-files.ts";

/** What the root loader sends of the identity (each key only when set). */
export interface SiteData {
  description?: string;
  footer?: string;
  accent?: string;
  /** The custom sheet's address. */
  css?: string;
  /** The uploaded icon's version. */
  icon?: string;
  /** The social image's address (a path). */
  social?: string;
}

function inLocale(text: Localized, locale: Locale): string {
  return text[locale] || text[locale === "en" ? "fr" : "en"];
}

/** The identity of the request's site. */
export function siteIdentity(context: Readonly<RouterContextProvider>): PageIdentity {
  return context.get(siteIdentityContext);
}

/** The root loader's part of the identity, in `locale`. */
export function siteData(identity: PageIdentity, locale: Locale): SiteData {
  const out: SiteData = {};
  const description = inLocale(identity.description, locale);
  const footer = inLocale(identity.footer, locale);
  if (description) out.description = description;
  if (footer) out.footer = footer;
  if (identity.accentColor) out.accent = identity.accentColor;
  if (identity.customCss) out.css = customCssPath(identity.customCss);
  if (identity.icon) out.icon = identity.icon;
  const social = socialImagePath(identity.socialImage);
  if (social) out.social = social;
  return out;
}

/** The site's data from a meta function's matches (the root loader's). */
export function rootSiteData(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): SiteData {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { site?: SiteData } | undefined;
  return root?.site ?? {};
}

/** The site's social image as an absolute address beside `pageUrl`, or undefined. */
export function defaultSocialImage(
  site: SiteData,
  pageUrl: string,
): { url: string; width: number; height: number } | undefined {
  if (!site.social) return undefined;
  return { url: new URL(site.social, pageUrl).href, width: 1200, height: 630 };
}

/** `og:image` of an image, or nothing. */
export function ogImage(
  image: { url: string } | undefined,
): { property: string; content: string }[] {
  return image ? [{ property: "og:image", content: image.url }] : [];
}

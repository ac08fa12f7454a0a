/**
 * The addresses of the site's own files (ADR 069): its icons (from the uploaded image, or
 * Cahier's), its social image, its custom style sheet and its web app manifest. Each address
 * is stable and always answers the current file; with the file's version in `?v=` it may be
 * kept for a year (the version changes with the content).
 */
import type { Locale } from "../i18n/locales.ts";
import { emptyNavigation, type LocalizedNavigation } from "./navigation.ts";

/** The icon files and what they are for. */
export const SITE_ICON_FILES = {
  "icon-32": { size: 32, purpose: "any", opaque: false },
  "apple-touch-icon": { size: 180, purpose: "any", opaque: true },
  "icon-192": { size: 192, purpose: "any", opaque: false },
  "icon-512": { size: 512, purpose: "any", opaque: false },
  "icon-maskable-512": { size: 512, purpose: "maskable", opaque: true },
} as const;

/** The name of an icon file. */
export type SiteIconName = keyof typeof SITE_ICON_FILES;

/** Whether `name` is an icon file's name. */
export function isSiteIconName(name: string): name is SiteIconName {
  return Object.hasOwn(SITE_ICON_FILES, name);
}

/** The version part of a default (not uploaded) file's address. */
export const DEFAULT_VERSION = "default";

/** Where the site's files are served. */
export const SITE_FILES_PREFIX = "/site";

/** The address of an icon (`version` from `meta.icon`, `""` for Cahier's). */
export function siteIconPath(name: SiteIconName, version: string): string {
  return `${SITE_FILES_PREFIX}/${name}.png?v=${version || DEFAULT_VERSION}`;
}

/** The social image's size (Open Graph's recommended 1.91:1). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The address of the social image, or null when none was uploaded. */
export function socialImagePath(version: string): string | null {
  return version ? `${SITE_FILES_PREFIX}/social.jpg?v=${version}` : null;
}

/** The address of the custom style sheet (`version` a hash of its text). */
export function customCssPath(version: string): string {
  return `${SITE_FILES_PREFIX}/custom.css?v=${version}`;
}

/** The web app manifest's address. */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** A text in each interface language. */
export type Localized = Record<Locale, string>;

/** What pages are given of the site's identity (`meta`; the custom sheet by its version). */
export interface PageIdentity {
  description: Localized;
  footer: Localized;
  /** `#rrggbb`, or `""` for Cahier's amber. */
  accentColor: string;
  /** The custom sheet's version; `""` without one. */
  customCss: string;
  /** The uploaded icon's version; `""` for Cahier's. */
  icon: string;
  /** The social image's version; `""` without one. */
  socialImage: string;
  /** The header's own links per language (ADR 075). */
  navigation: LocalizedNavigation;
}

/** The identity of a site that has not set one. */
export const DEFAULT_PAGE_IDENTITY: PageIdentity = {
  description: { en: "", fr: "" },
  footer: { en: "", fr: "" },
  accentColor: "",
  customCss: "",
  icon: "",
  socialImage: "",
  navigation: emptyNavigation(),
};

/**
 * The translation a post page points at (issue 29 item 4): the linked post when every reader
 * sees it and it names this post back, with its address and the link's words in its own
 * language ("Lire en français" under an English post); and the page's `hreflang` alternates.
 */
import { postState } from "#shared/records/post-state.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/i18n/locales.ts";
import en from "#shared/i18n/catalogs/en/language-links.ts";
import fr from "#shared/i18n/catalogs/fr/language-links.ts";
import { readTranslation } from "../../api/records/post-translations.ts";
import type { ApiClient } from "../../api/client/api-client.ts";
import type { PostRecord } from "../../api/records/records.ts";
import { paths } from "../../lib/paths.ts";
import { absoluteUrl } from "../../lib/routes/site-url.ts";

const READ_IN: Record<Locale, string> = { en: en.readIn, fr: fr.readIn };

/** A post's translation as its page shows it. */
export interface PageTranslation {
  lang: Locale;
  title: string;
  /** Its address on this site. */
  path: string;
  /** Its absolute address (`hreflang` alternates). */
  url: string;
  /** "Read in English", in the translation's language. */
  label: string;
}

/** The live translation of a live `post` whose author is `username`, or null. */
export async function pageTranslation(
  api: ApiClient,
  post: PostRecord,
  username: string,
  origin: string,
): Promise<PageTranslation | null> {
  if (!post.translations || !isLocale(post.lang)) return null;
  const other = await readTranslation(api, post.translations);
  if (!other || other.translations !== post.id || postState(other, Date.now()) !== "live")
    return null;
  if (!isLocale(other.lang) || other.lang === post.lang) return null;
  const path = paths.post(username, other.slug);
  return {
    lang: other.lang,
    title: other.title,
    path,
    url: absoluteUrl(origin, path),
    label: READ_IN[other.lang],
  };
}

/**
 * The `<link rel="alternate" hreflang>` of a post and its translation, and `x-default` (the
 * version in the site's default language), as search engines read them; none without one.
 */
export function translationAlternates(
  post: { lang: string; canonical: string },
  translation: PageTranslation | null,
) {
  if (!translation || !isLocale(post.lang)) return [];
  const versions = [
    { lang: post.lang, href: post.canonical },
    { lang: translation.lang, href: translation.url },
  ];
  const fallback = versions.find((v) => v.lang === DEFAULT_LOCALE) ?? versions[0];
  return [
    ...versions.map((v) => ({ tagName: "link", rel: "alternate", hrefLang: v.lang, href: v.href })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: fallback?.href ?? "" },
  ];
}

/**
 * The blog's feed in each language (issue 29 item 4): `/blog/rss.xml?lang=fr` (and the Atom
 * and JSON Feed forms) hold the posts written in that language only, titled in it, for readers
 * who follow one language of a bilingual blog. The feed without `?lang=` keeps every post.
 */
import { isLocale, SUPPORTED_LOCALES, type Locale } from "#shared/i18n/locales.ts";
import en from "#shared/i18n/catalogs/en/language-links.ts";
import fr from "#shared/i18n/catalogs/fr/language-links.ts";
import { BLOG_FEED_BASE, FEED_MEDIA_TYPES, feedPath } from "./feed-links.ts";

const TITLES: Record<Locale, string> = { en: en.blogFeed, fr: fr.blogFeed };

/** The title of the blog's feed in `lang`, in that language. */
export function languageFeedTitle(lang: Locale, app: string): string {
  return TITLES[lang].replaceAll("{{app}}", app);
}

/**
 * The language a feed's `?lang=` asks for: undefined without one, null for one Cahier does
 * not speak (the feed answers 404).
 */
export function requestedFeedLanguage(url: URL): Locale | null | undefined {
  const lang = url.searchParams.get("lang");
  if (lang === null) return undefined;
  return isLocale(lang) ? lang : null;
}

/** One RSS link per language, for the blog page's head. */
export function languageFeedLinks(app: string) {
  return SUPPORTED_LOCALES.map((lang) => ({
    lang,
    href: `${feedPath(BLOG_FEED_BASE, "rss")}?lang=${lang}`,
    type: FEED_MEDIA_TYPES.rss,
    title: languageFeedTitle(lang, app),
  }));
}

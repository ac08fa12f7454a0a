/**
 * Supported interface languages and how a request's language is chosen: the locale cookie,
 * then `Accept-Language`, then English. Regional tags fall back to their language
 * (`en-US` → `en`, `fr-CA` → `fr`).
 */

/** Languages the interface is translated into. */
export const SUPPORTED_LOCALES = ["en", "fr"] as const;

/** One of the supported languages. */
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** The language used when nothing else applies (spec §1: fallback `en-US`). */
export const DEFAULT_LOCALE: Locale = "en";

/** Local storage key holding the chosen language (spec §3). */
export const LOCALE_STORAGE_KEY = "user-locale";

/** Cookie mirroring the chosen language so server rendering uses it. */
export const LOCALE_COOKIE = "locale";

/** Lifetime of the locale cookie: 365 days (spec §9). */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Whether `value` is a supported language. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The supported language a tag names, or `undefined`: `fr`, `FR`, `fr-CA` → `fr`;
 * `en-US` → `en`; `de` → `undefined`.
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : undefined;
}

/**
 * The best supported language of an `Accept-Language` header, by quality then order:
 * `"de, fr;q=0.8, en;q=0.5"` → `fr`. `undefined` when none is supported.
 */
export function negotiateLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = matchLocale(range.tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The value of one cookie in a `Cookie` header, decoded; `undefined` when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The language of a request: the locale cookie, then `Accept-Language`, then English.
 */
export function detectLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  return (
    matchLocale(readCookie(cookieHeader, LOCALE_COOKIE)) ??
    negotiateLocale(acceptLanguage) ??
    DEFAULT_LOCALE
  );
}

/** The `Set-Cookie`/`document.cookie` string that stores a language for 365 days. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

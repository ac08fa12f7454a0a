/**
 * The colour theme of a page (ADR 051): `light`, `dark`, or `""` (follow the system's
 * `prefers-color-scheme`). A guest's choice lives in the `theme` cookie, so the server renders
 * the page in it (no flash of the other theme); a signed-in account's in its `users.theme`
 * field, which wins over the cookie. Shared by the server (the page cache keys guests' pages
 * by it) and the web app.
 */
import { readCookie } from "./i18n/locales.ts";

/** The themes one may choose; `""` (not listed) follows the system. */
export const THEMES = ["light", "dark"] as const;

/** A chosen theme, or `""` for the system's. */
export type Theme = "" | (typeof THEMES)[number];

/** Cookie carrying a guest's (or this browser's) theme. */
export const THEME_COOKIE = "theme";

/** Lifetime of the theme cookie: 365 days, like the locale cookie. */
export const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** `value` as a theme: `light` and `dark` as they are, anything else `""`. */
export function toTheme(value: unknown): Theme {
  return value === "light" || value === "dark" ? value : "";
}

/** The theme a `Cookie` header carries, `""` when none (or an unknown value). */
export function themeFromCookie(cookieHeader: string | null | undefined): Theme {
  return toTheme(readCookie(cookieHeader, THEME_COOKIE));
}

/**
 * The `Set-Cookie`/`document.cookie` string that stores a theme for 365 days; for `""` it
 * removes the cookie (the system decides again).
 */
export function themeCookie(theme: Theme): string {
  const maxAge = theme ? THEME_COOKIE_MAX_AGE_SECONDS : 0;
  return `${THEME_COOKIE}=${theme}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The `color-scheme` of a theme, for its `<meta name="color-scheme">` (form controls). */
export function colorScheme(theme: Theme): string {
  return theme || "light dark";
}

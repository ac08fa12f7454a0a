/**
 * The page's colour theme (ADR 051). On the server: a signed-in account's saved theme (its
 * `users.theme`, `""` following the system), else this browser's `theme` cookie; the document
 * carries it as `<html data-theme>` and `<meta name="color-scheme">`, so the first paint is
 * already right. In the browser: applying and remembering a choice.
 */
import { colorScheme, themeCookie, themeFromCookie, type Theme } from "#shared/theme.ts";
import type { SessionUser } from "../../api/auth/session.ts";

/**
 * Whether the theme of this session is the account's own (saved in `users.theme`): any
 * `users` account, except a superuser's "View as" (ADR 025), whose choices stay in the
 * browser and never change the account.
 */
export function savesThemeOnAccount(user: SessionUser | null): user is SessionUser {
  return user?.collectionName === "users" && !user.impersonated;
}

/**
 * The theme a page is rendered in: a `users` account brings its own (even `""`: its choice
 * wins over the browser's cookie); guests, superusers and "View as" use the cookie's.
 */
export function pageTheme(cookieHeader: string | null, user: SessionUser | null): Theme {
  if (savesThemeOnAccount(user)) return user.theme;
  return themeFromCookie(cookieHeader);
}

/** The next theme of the toggle's cycle: system → light → dark → system. */
export function nextTheme(theme: Theme): Theme {
  if (theme === "") return "light";
  if (theme === "light") return "dark";
  return "";
}

/**
 * Shows a theme at once (`data-theme` on `<html>` and the `color-scheme` meta) and
 * remembers it in this browser (the 365-day cookie the server renders pages with).
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme) root.dataset.theme = theme;
  else delete root.dataset.theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", colorScheme(theme));
  document.cookie = themeCookie(theme);
}

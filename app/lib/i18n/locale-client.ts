/** Browser side of the language choice: local storage, the locale cookie and `<html lang>`. */
import { isLocale, LOCALE_STORAGE_KEY, localeCookie, type Locale } from "#shared/i18n/locales.ts";

/** The language saved in local storage (`user-locale`), if any. */
export function savedLocale(): Locale | undefined {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a language choice: local storage, the 365-day cookie, and the `lang` attribute. */
export function persistLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage may be disabled; the cookie still carries the choice.
  }
  document.cookie = localeCookie(locale);
  document.documentElement.lang = locale;
}

/**
 * The site's navigation links (`meta.navigation`, ADR 075): an ordered list per language of
 * links the operator adds to the reading pages' header, each an internal path (`/about`) or
 * an absolute `http(s)` address. Shared by the server's check, the admin form and the header.
 */

/** One link of the site's navigation. */
export interface NavigationLink {
  label: string;
  url: string;
}

/** The links of each interface language. */
export interface LocalizedNavigation {
  en: NavigationLink[];
  fr: NavigationLink[];
}

/** Most links per language. */
export const MAX_NAVIGATION_LINKS = 12;
/** Longest label (characters). */
export const MAX_NAVIGATION_LABEL = 40;
/** Longest address (characters). */
export const MAX_NAVIGATION_URL = 2000;

/** A site without links of its own. */
export function emptyNavigation(): LocalizedNavigation {
  return { en: [], fr: [] };
}

/** Whether `url` leaves the site (an absolute `http(s)` address). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * Whether `url` is a link the navigation accepts: a path on this site starting with a single
 * `/` (never `//host`, which leaves it), or an absolute `http://` or `https://` address; no
 * spaces, no control characters, no backslashes (browsers read `/\host` as another site).
 */
export function isNavigationUrl(url: string): boolean {
  if (!url || url.length > MAX_NAVIGATION_URL) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\\\u0000-\u001f\u007f]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  if (!isExternalUrl(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

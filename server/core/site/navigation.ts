/**
 * `meta.navigation` in `PATCH /api/settings` (ADR 075): `{ en?: [{label, url}], fr?: [...] }`,
 * each list ordered, at most 12 links, labels 1–40 characters (trimmed), addresses a path on
 * this site or an absolute `http(s)` address. Anything else is a 400 at `meta.navigation`
 * whose message names the language and the link.
 */
import {
  isNavigationUrl,
  MAX_NAVIGATION_LABEL,
  MAX_NAVIGATION_LINKS,
  type LocalizedNavigation,
  type NavigationLink,
} from "../../../shared/site/navigation.ts";
import { fieldError, type FieldError } from "../errors.ts";

const LANGUAGES = { en: "English", fr: "French" } as const;
type Language = keyof typeof LANGUAGES;

/** A patch's navigation, checked: the lists it gives, or the field's error. */
export type NavigationPatch =
  { ok: true; value: Partial<LocalizedNavigation> } | { ok: false; error: FieldError };

const invalid = (code: string, message: string): NavigationPatch => ({
  ok: false,
  error: fieldError(code, message),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks `meta.navigation` as sent (labels trimmed). */
export function checkNavigation(value: unknown): NavigationPatch {
  if (!isRecord(value))
    return invalid(
      "validation_invalid_navigation",
      'Expected an object of link lists by language, like {"en": [{"label": "About", "url": "/about"}]}.',
    );
  const out: Partial<LocalizedNavigation> = {};
  for (const [language, list] of Object.entries(value)) {
    if (!Object.hasOwn(LANGUAGES, language))
      return invalid(
        "validation_unknown_field",
        `Unknown language ${language}; the navigation has "en" and "fr".`,
      );
    const name = LANGUAGES[language as Language];
    if (!Array.isArray(list))
      return invalid("validation_invalid_navigation", `The ${name} links must be a list.`);
    if (list.length > MAX_NAVIGATION_LINKS)
      return invalid(
        "validation_too_many_links",
        `At most ${MAX_NAVIGATION_LINKS} links per language (${list.length} in ${name}).`,
      );
    const links: NavigationLink[] = [];
    for (const [index, item] of (list as unknown[]).entries()) {
      const which = `Link ${index + 1} in ${name}`;
      if (!isRecord(item) || Object.keys(item).some((key) => key !== "label" && key !== "url"))
        return invalid("validation_invalid_navigation", `${which} must be {"label", "url"}.`);
      const label = typeof item.label === "string" ? item.label.trim() : "";
      if (!label || label.length > MAX_NAVIGATION_LABEL)
        return invalid(
          "validation_invalid_link_label",
          `${which} needs a label of 1 to ${MAX_NAVIGATION_LABEL} characters.`,
        );
      const url = typeof item.url === "string" ? item.url.trim() : "";
      if (!isNavigationUrl(url))
        return invalid(
          "validation_invalid_link_url",
          `${which} needs an address on this site starting with a single / (like /about), or a full http or https address.`,
        );
      links.push({ label, url });
    }
    out[language as Language] = links;
  }
  return { ok: true, value: out };
}

/** URL names (slugs) generated from titles: lower-case ASCII words joined by hyphens. */

/** Max slug length, matching the registry's slug fields. */
export const MAX_SLUG_LENGTH = 120;

/** Turns a title into a slug (`"Été à Paris!"` → `"ete-a-paris"`); `""` when nothing is left. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH - 8)
    .replace(/-+$/g, "");
}

/**
 * URL names (slugs) generated from titles: lower-case ASCII words joined by hyphens. The server
 * makes a new record's address with it; the editor, the address of a record autosaved under a
 * stand-in title once the writer gives one (ADR 047).
 */

/** Max slug length, matching the registry's slug fields. */
export const MAX_SLUG_LENGTH = 120;

/**
 * Latin letters that Unicode decomposition leaves alone (ligatures and letters with a stroke),
 * spelled out so French and other Latin-script titles keep their words: "Cœur" → "coeur".
 */
const LETTERS: Record<string, string> = {
  œ: "oe",
  æ: "ae",
  ß: "ss",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ħ: "h",
};

const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/**
 * Turns a title into a slug (`"Été à Paris!"` → `"ete-a-paris"`, `"Cœur"` → `"coeur"`); `""`
 * when nothing is left. The result leaves room for a `-<n>` suffix within
 * {@link MAX_SLUG_LENGTH}, used when the author already has the slug.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(LETTER_PATTERN, (letter) => LETTERS[letter] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const limit = MAX_SLUG_LENGTH - 8;
  if (slug.length <= limit) return slug;
  // A long title is cut after its last whole word, unless that drops more than half of it.
  const cut = slug.slice(0, limit + 1);
  const lastBreak = cut.lastIndexOf("-");
  return (lastBreak > limit / 2 ? cut.slice(0, lastBreak) : cut.slice(0, limit)).replace(
    /-+$/g,
    "",
  );
}

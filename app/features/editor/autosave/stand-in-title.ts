/**
 * The title an autosave gives a new record the writer has not titled yet (ADR 047): the first
 * words of its text, as Day One names an entry by its first line, or "Untitled" when the text
 * has no words (only an image, say). The editor never puts it in the title field: the field
 * stays empty for the writer's own title, which replaces the stand-in at the next write. Until
 * then the record's address follows the stand-in, and the write that brings the writer's
 * title makes the address from it ({@link standInAddress}), as a new record's address is
 * made from its first title.
 */
import { markdownToPlainText, truncate } from "#shared/markdown/plain-text.ts";
import { slugify } from "#shared/records/slugs.ts";

/** Longest stand-in title, in characters (the title field allows 200). */
export const STAND_IN_MAX = 60;

/** The values a stand-in is made from (entries and posts both have them). */
export interface TitledValues {
  title: string;
  content: string;
}

/** Whether the writer gave a title (blank counts as none). */
export function hasTitle(values: TitledValues): boolean {
  return values.title.trim() !== "";
}

/** Whether there is anything to keep under a title: a title, or some text. */
export function hasWords(values: TitledValues): boolean {
  return hasTitle(values) || values.content.trim() !== "";
}

/**
 * The stand-in title of `content`: the words of its first line that has any (Markdown syntax
 * left out), cut at a word boundary to {@link STAND_IN_MAX} characters; `untitled` when no
 * line has words.
 *
 * @example standInTitle("# Market day\n\nApples.", "Untitled") // "Market day"
 */
export function standInTitle(content: string, untitled: string): string {
  for (const line of content.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const text = markdownToPlainText(line);
    if (text !== "") return truncate(text, STAND_IN_MAX);
  }
  return untitled;
}

/**
 * The address a record under a stand-in title takes for `title` (the title this write
 * stores), or null to keep `current`: when the title makes no address, or the same one.
 */
export function standInAddress(title: string, current: string): string | null {
  const address = slugify(title);
  return address === "" || address === current ? null : address;
}

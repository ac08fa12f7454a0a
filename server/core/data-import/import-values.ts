/**
 * Values read from other programs' exports, brought within Cahier's fields: titles, tags,
 * slugs, dates, visibilities and statuses, with the limits the registry sets. Texts are never
 * cut: one that is too long is left out of the import by the writer, with the reason.
 */
import { requireCollection } from "../collections/collection-lookup.ts";
import type { Visibility } from "./import-plan.ts";

const fieldMax = (collection: string, name: string): number => {
  const field = requireCollection(collection).fields.find((f) => f.name === name);
  if (field?.type === "text" && field.max !== undefined) return field.max;
  throw new Error(`${collection}.${name} has no maximum length`);
};

/** Longest title (entries, posts and collections share it). */
export const MAX_TITLE = fieldMax("entries", "title");

const tagsField = requireCollection("entries").fields.find((f) => f.name === "tags");
/** Most tags of a record. */
export const MAX_TAGS = tagsField?.type === "tags" ? tagsField.maxSelect : 20;
/** Longest tag. */
export const MAX_TAG_LENGTH = tagsField?.type === "tags" ? tagsField.maxLength : 40;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A string value, or `""`. */
export function str(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** Length in code points, as the records' validation counts it. */
export function runeLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Cuts `text` to `max` characters (code points), with an ellipsis when it was longer. */
export function clamp(text: string, max: number): string {
  if (runeLength(text) <= max) return text;
  let out = "";
  let count = 0;
  for (const char of text) {
    if (count >= max - 1) break;
    out += char;
    count += 1;
  }
  return `${out.trimEnd()}…`;
}

/** A one-line title within the limit; `fallback` when nothing is left. */
export function cleanTitle(raw: string, fallback: string): string {
  const line = raw.replace(/\s+/g, " ").trim();
  return clamp(line || fallback.trim() || "Untitled", MAX_TITLE);
}

/** A slug kept as it is when valid (and within 120 characters), else `""` (made from the title). */
export function cleanSlug(raw: unknown): string {
  const slug = str(raw).trim();
  return SLUG.test(slug) && slug.length <= 120 ? slug : "";
}

/**
 * Tags within the limits: trimmed, `#` dropped, cut to the longest allowed, duplicates
 * (ignoring case) dropped, at most `MAX_TAGS`. `dropped` receives the ones left out.
 */
export function cleanTags(raw: readonly unknown[], dropped?: (tag: string) => void): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    const tag = clamp(str(value).replace(/\s+/g, " ").trim().replace(/^#+/, ""), MAX_TAG_LENGTH);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    if (out.length >= MAX_TAGS) {
      dropped?.(tag);
      continue;
    }
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** Tags from a list, or from a comma-separated string. */
export function tagList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value === "string") return value.split(",");
  return [];
}

/**
 * A date from the source (ISO 8601, `2024-05-06`, PocketBase's `2024-05-06 07:08:09.000Z`,
 * Unix seconds or milliseconds) as a PocketBase date; `""` when absent or unreadable.
 */
export function pbDate(value: unknown): string {
  let date: Date;
  if (typeof value === "number" && Number.isFinite(value)) {
    date = new Date(value < 1e11 ? value * 1000 : value);
  } else if (value instanceof Date) {
    date = value;
  } else {
    const raw = str(value).trim();
    if (!raw) return "";
    const normalised = /^\d{4}-\d{2}-\d{2} \d/.test(raw) ? raw.replace(" ", "T") : raw;
    date = new Date(
      /^\d{4}-\d{2}-\d{2}$/.test(normalised) ? `${normalised}T00:00:00Z` : normalised,
    );
  }
  const time = date.getTime();
  // Years 1 to 9999: what the date columns and the API's format hold.
  if (Number.isNaN(time) || time < -62135596800000 || time > 253402300799999) return "";
  return date.toISOString().replace("T", " ");
}

/** A visibility from the source's words; `fallback` (private) when it names none. */
export function visibilityOf(value: unknown, fallback: Visibility = "private"): Visibility {
  const word = str(value).trim().toLowerCase();
  if (word === "public" || word === "published") return "public";
  if (word === "unlisted") return "unlisted";
  if (word === "private" || word === "draft") return "private";
  return fallback;
}

/** A post status from the source's words (draft unless it says published). */
export function statusOf(value: unknown): "draft" | "published" {
  const word = str(value).trim().toLowerCase();
  return word === "published" || word === "public" ? "published" : "draft";
}

/** A post language when it is one of Cahier's (`en`, `fr`, or `fr-CA` → `fr`), else `""`. */
export function langOf(value: unknown): string {
  const lang = str(value).trim().toLowerCase().slice(0, 2);
  return lang === "en" || lang === "fr" ? lang : "";
}

/** The first line of a text as a title, and the rest as the body (Day One's convention). */
export function splitTitle(text: string): { title: string; body: string } {
  const normalised = text.replace(/\r\n?/g, "\n").replace(/^\s*\n/, "");
  const end = normalised.indexOf("\n");
  const first = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 1).replace(/^\s*\n/, "");
  return { title: first.replace(/^\s*#{1,6}\s+/, "").trim(), body: body.trimEnd() };
}

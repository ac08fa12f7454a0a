/**
 * The entry form's values (what a draft and pending edits hold), their request body, and the
 * entry target of the autosave: a private entry is autosaved in place (its visibility kept),
 * a public or unlisted one into pending edits; a new entry is created private.
 */
import type { EntryRecord, Visibility } from "../../../api/records/records.ts";
import { paths } from "../../../lib/paths.ts";
import type { AutosaveTarget } from "../autosave/autosave-target.ts";
import { hasWords } from "../autosave/stand-in-title.ts";
import { isCommentModeValue, type CommentModeValue } from "../kit/comment-mode.ts";

/** The values of the entry form (what a draft holds). */
export interface EntryValues {
  title: string;
  content: string;
  /** `YYYY-MM-DD`, or `""`. */
  date: string;
  /** A collection id, or `""`. */
  collection: string;
  visibility: Visibility;
  tags: string[];
  /** Who may comment, `""` for the site's default (ADR 065); absent in older drafts. */
  comments?: CommentModeValue;
}

const VISIBILITIES: readonly Visibility[] = ["private", "unlisted", "public"];

/** Whether stored draft values have the entry form's shape. */
export function isEntryValues(value: unknown): value is EntryValues {
  const v = value as Partial<EntryValues> | null;
  return (
    typeof v?.title === "string" &&
    typeof v.content === "string" &&
    typeof v.date === "string" &&
    typeof v.collection === "string" &&
    VISIBILITIES.includes(v.visibility as Visibility) &&
    Array.isArray(v.tags) &&
    v.tags.every((tag) => typeof tag === "string") &&
    (v.comments === undefined || isCommentModeValue(v.comments))
  );
}

/** The form values of a stored entry, or of a new one dated `today`. */
export function entryValues(entry: EntryRecord | undefined, today: string): EntryValues {
  return {
    title: entry?.title ?? "",
    content: entry?.content ?? "",
    date: entry ? entry.date.slice(0, 10) : today,
    collection: entry?.collection ?? "",
    visibility: entry?.visibility ?? "private",
    tags: entry?.tags ?? [],
    comments: entry?.comments ?? "",
  };
}

/** The body of an entry write with these values (the author and files are the caller's). */
export function entryBody(values: EntryValues): Record<string, unknown> {
  return {
    title: values.title,
    content: values.content,
    date: values.date ? `${values.date} 00:00:00.000Z` : "",
    collection: values.collection,
    visibility: values.visibility,
    tags: values.tags,
    comments: values.comments ?? "",
  };
}

/** Entries for the autosave (ADR 047). */
export const entryTarget: AutosaveTarget<EntryValues, EntryRecord> = {
  collection: "entries",
  addressField: "name",
  address: (entry) => entry.name,
  isValues: isEntryValues,
  readerVisible: (entry) => entry.visibility !== "private",
  autosaved: (values, entry) => ({ ...values, visibility: entry?.visibility ?? "private" }),
  creatable: hasWords,
  body: entryBody,
  toPending: ({ title, content, ...data }) => ({ title, content, data: { ...data } }),
  editPath: (username, entry) => paths.entryUpdate(username, entry.name),
};

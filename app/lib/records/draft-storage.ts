/**
 * Drafts the editor keeps in the browser (local storage) so no word is lost to a crash, a
 * closed tab or a reload (principle 4): one draft per account and per record (or `new` for a
 * record not created yet), written while the writer types, offered back when the page opens
 * again, and removed once the record is saved or the writer discards it.
 *
 * Keys: `cahier:draft:v1:{userId}:{collection}:{recordId | "new"}`. Values: JSON
 * `{ savedAt, base, values }`, where `base` is the record's `updated` date the draft started
 * from (so a draft older than the saved record can be told apart).
 */

/** Prefix of every draft key (the privacy policy names it). */
export const DRAFT_KEY_PREFIX = "cahier:draft:v1:";

/** The part of `Storage` drafts need (local storage in the browser, a map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A stored draft. */
export interface Draft<V> {
  /** When it was written (ms since the epoch). */
  savedAt: number;
  /** The `updated` date of the record it started from; `""` for a new record. */
  base: string;
  values: V;
}

/** The key of the draft of `recordId` (or of a new record) of `collection`, for `userId`. */
export function draftKey(userId: string, collection: string, recordId?: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}:${collection}:${recordId || "new"}`;
}

/**
 * Reads a draft; `null` when there is none, or when it is unreadable or does not pass
 * `isValues` (a draft from an older version of the form), which is then removed.
 */
export function readDraft<V>(
  storage: DraftStorage,
  key: string,
  isValues: (values: unknown) => values is V,
): Draft<V> | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Draft<unknown>> | null;
    if (
      parsed &&
      typeof parsed.savedAt === "number" &&
      typeof parsed.base === "string" &&
      isValues(parsed.values)
    ) {
      return { savedAt: parsed.savedAt, base: parsed.base, values: parsed.values };
    }
  } catch {
    // Not JSON: removed below.
  }
  clearDraft(storage, key);
  return null;
}

/**
 * Writes a draft. Returns `false` when the browser refuses (storage full or disabled), so the
 * editor can say the draft is not kept.
 */
export function writeDraft<V>(storage: DraftStorage, key: string, draft: Draft<V>): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** Removes a draft (nothing happens when there is none or storage is unavailable). */
export function clearDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/** The browser's local storage, or `null` on the server or when it is disabled. */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether two plain JSON values (form values) are equal. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValues(item, b[index]));
  if (
    a &&
    b &&
    typeof a === "object" &&
    typeof b === "object" &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (!sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
        return false;
    }
    return true;
  }
  return false;
}

/**
 * Drafts started on a New page (issue 25 item 11), offered again when a New page of the same
 * kind opens: "Continue “Morning pages” from 10:42?". A closed tab loses nothing, but its words
 * may already be in a record the autosave created (a private entry, a draft post) whose draft
 * moved to the record's key: without this, the next New page opened blank.
 *
 * A started draft is either the New form's own (`…:{collection}:new`, not yet on the server),
 * or the draft of a record the autosave made of it and nobody saved explicitly: such a draft
 * keeps `base: ""` (it started from no record) and stays in the browser until an explicit
 * save, a delete or "Start afresh" removes it (`use-editor-draft.ts`, option `keep`). Drafts of
 * saved records (their edit pages' drafts) have the record's `updated` as base and are left
 * alone. Several tabs make several started drafts: the most recent is offered.
 */
import {
  DRAFT_KEY_PREFIX,
  readDraft,
  sameValues,
  type Draft,
  type DraftStorage,
} from "../../../lib/records/draft-storage.ts";

/** The key suffix of a New form's own draft (`draftKey(user, collection)`). */
const NEW_RECORD = "new";

/** Storage whose keys can be listed (the browser's local storage). */
export interface ListedStorage extends DraftStorage {
  readonly length: number;
  key(index: number): string | null;
}

/** A draft started on a New page. */
export interface StartedDraft<V> extends Draft<V> {
  /** Its storage key. */
  key: string;
  /** The record the autosave made of it; `null` while it is only in this browser. */
  recordId: string | null;
}

/** The prefix of the keys of `userId`'s drafts of `collection`. */
export function draftsPrefix(userId: string, collection: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}:${collection}:`;
}

/** `storage` when its keys can be listed, else `null`. */
export function listedStorage(storage: DraftStorage | null): ListedStorage | null {
  if (!storage || !("key" in storage) || !("length" in storage)) return null;
  return typeof storage.key === "function" && typeof storage.length === "number"
    ? (storage as ListedStorage)
    : null;
}

/**
 * The drafts started on a New page among the keys under `prefix` ({@link draftsPrefix}):
 * the New form's own and those of records never saved explicitly (`base: ""`). Unreadable
 * drafts are removed (`readDraft`).
 */
export function startedDrafts<V>(
  storage: ListedStorage,
  prefix: string,
  isValues: (values: unknown) => values is V,
): StartedDraft<V>[] {
  const keys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return [];
  }
  const found: StartedDraft<V>[] = [];
  for (const key of keys) {
    const id = key.slice(prefix.length);
    if (!id || id.includes(":")) continue;
    const draft = readDraft(storage, key, isValues);
    if (!draft) continue;
    if (id === NEW_RECORD) found.push({ ...draft, key, recordId: null });
    else if (draft.base === "") found.push({ ...draft, key, recordId: id });
  }
  return found;
}

/**
 * The started draft to offer on a New page whose form holds `blank`: the most recent one
 * (several tabs make several), leaving out one that holds nothing but the blank form;
 * `null` when there is none.
 */
export function chooseStartedDraft<V>(
  drafts: readonly StartedDraft<V>[],
  blank: V,
): StartedDraft<V> | null {
  let chosen: StartedDraft<V> | null = null;
  for (const draft of drafts) {
    if (sameValues(draft.values, blank)) continue;
    if (!chosen || draft.savedAt > chosen.savedAt) chosen = draft;
  }
  return chosen;
}

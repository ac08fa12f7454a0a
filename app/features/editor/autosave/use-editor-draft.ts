/**
 * The browser copy of the form's values (`draft-storage.ts`), which is also the autosave's
 * offline queue (ADR 047): written shortly after each change, at once when the page is
 * hidden, unloaded or left, and removed when the server holds the same values (`initial`: the
 * record's, or its pending edits, as acknowledged by the autosave). Offline, it is what
 * survives a closed tab. When the page opens with a draft that differs from the record, the
 * draft is offered (restore or discard) and nothing overwrites it until the writer chooses.
 * Once a new record exists, its draft moves to the record's key. On a New page, the draft
 * offered is the most recent one started on a New page of that kind (`started-drafts.ts`): the
 * form's own, or one of a record the autosave created and nobody saved explicitly, which the
 * page that started it keeps in the browser until an explicit save (`keep`).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  browserDraftStorage,
  clearDraft,
  readDraft,
  sameValues,
  writeDraft,
  type Draft,
} from "../../../lib/records/draft-storage.ts";
import { chooseStartedDraft, listedStorage, startedDrafts } from "./started-drafts.ts";

/** How long after the last change a draft is written. */
export const DRAFT_DELAY_MS = 400;

/** Options of {@link useEditorDraft}. */
export interface EditorDraftOptions<V> {
  /** The draft's key (`draftKey(...)`); `null` turns drafts off. */
  storageKey: string | null;
  /** The record's `updated` date (`""` for a new record). */
  base: string;
  /** The values the server holds (stable between renders). */
  initial: V;
  /** The values in the form now. */
  values: V;
  /** Whether stored values have the form's shape. */
  isValues: (values: unknown) => values is V;
  /**
   * Keeps the draft even when the server holds the same values: the draft of a record this
   * New page started, never saved explicitly, marks it for the next New page.
   */
  keep?: boolean;
  /**
   * On a New page, the prefix of the drafts of its kind (`draftsPrefix(...)`): the most
   * recent draft started on a New page is offered, not only the form's own.
   */
  started?: string | null;
}

/** A draft offered when the page opened. */
export interface OfferedDraft<V> extends Draft<V> {
  /** Where it is stored. */
  key: string;
  /** The record the autosave made of a draft started on a New page, if any. */
  recordId: string | null;
}

/** What {@link useEditorDraft} returns. */
export interface EditorDraft<V> {
  /** A draft found when the page opened, waiting for the writer's choice. */
  offer: OfferedDraft<V> | null;
  /** Whether the page looked for a draft and the writer answered any offer. */
  ready: boolean;
  /** Accepts the offer: returns it and resumes autosave. */
  restore(): OfferedDraft<V> | null;
  /** Refuses the offer: removes it and resumes autosave. */
  discard(): void;
  /** Removes the draft for good (after a successful save) and stops autosave. */
  finish(): void;
  /** When the draft was last written, `false` when the browser refused, `null` before. */
  lastSaved: number | false | null;
}

/** Keeps a draft of `values`. */
export function useEditorDraft<V>(options: EditorDraftOptions<V>): EditorDraft<V> {
  const { storageKey, base, initial, values, isValues, started = null } = options;
  const keep = options.keep ?? false;
  const [offer, setOffer] = useState<OfferedDraft<V> | null>(null);
  const [lastSaved, setLastSaved] = useState<number | false | null>(null);
  // Autosave waits until the page has looked for a draft and the writer chose what to do.
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  const finished = useRef(false);
  // What this page last wrote, and where.
  const written = useRef<{ key: string; values: V } | null>(null);
  const latest = useRef({ values, initial, base, storageKey, isValues, keep, started });
  useLayoutEffect(() => {
    latest.current = { values, initial, base, storageKey, isValues, keep, started };
    readyRef.current = ready;
  });

  const save = useCallback(() => {
    const storage = browserDraftStorage();
    const current = latest.current;
    if (!storage || !current.storageKey || finished.current || !readyRef.current) return;
    if (!current.keep && sameValues(current.values, current.initial)) {
      clearDraft(storage, current.storageKey);
      return;
    }
    // A kept draft the writer has not changed keeps its time: it says when they last wrote.
    const same = written.current;
    if (same?.key === current.storageKey && sameValues(same.values, current.values)) return;
    const now = Date.now();
    const ok = writeDraft(storage, current.storageKey, {
      savedAt: now,
      base: current.base,
      values: current.values,
    });
    setLastSaved(ok ? now : false);
    written.current = ok ? { key: current.storageKey, values: current.values } : null;
  }, []);

  // The key changes once, when a new record gets its id: the draft moves with it.
  const previousKey = useRef(storageKey);
  useEffect(() => {
    const storage = browserDraftStorage();
    const previous = previousKey.current;
    previousKey.current = storageKey;
    if (!storage || !storageKey) return;
    if (previous !== storageKey && readyRef.current) {
      if (previous) clearDraft(storage, previous);
      save();
      return;
    }
    const { isValues, initial, started } = latest.current;
    const listed = started === null ? null : listedStorage(storage);
    const found: OfferedDraft<V> | null =
      listed && started !== null
        ? chooseStartedDraft(startedDrafts(listed, started, isValues), initial)
        : draftOf(readDraft(storage, storageKey, isValues), storageKey);
    if (found && !sameValues(found.values, initial)) setOffer(found);
    else {
      if (found) clearDraft(storage, found.key);
      readyRef.current = true;
      setReady(true);
    }
  }, [storageKey, save]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(save, DRAFT_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [values, initial, ready, save]);

  // A hidden, closing or left page writes at once: the timer may never fire.
  useEffect(() => {
    if (!ready) return;
    const flush = () => {
      if (document.visibilityState === "hidden") save();
    };
    window.addEventListener("pagehide", save);
    document.addEventListener("visibilitychange", flush);
    return () => {
      window.removeEventListener("pagehide", save);
      document.removeEventListener("visibilitychange", flush);
      save();
    };
  }, [ready, save]);

  return {
    offer,
    ready,
    lastSaved,
    restore: () => {
      setOffer(null);
      readyRef.current = true;
      setReady(true);
      return offer;
    },
    discard: () => {
      const storage = browserDraftStorage();
      if (storage && offer) clearDraft(storage, offer.key);
      setOffer(null);
      readyRef.current = true;
      setReady(true);
    },
    finish: () => {
      finished.current = true;
      const storage = browserDraftStorage();
      if (storage && storageKey) clearDraft(storage, storageKey);
    },
  };
}

/** The form's own draft as an offer. */
function draftOf<V>(draft: Draft<V> | null, key: string): OfferedDraft<V> | null {
  return draft && { ...draft, key, recordId: null };
}

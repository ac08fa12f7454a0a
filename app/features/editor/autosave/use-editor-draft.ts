/**
 * The browser copy of the form's values (`draft-storage.ts`), which is also the autosave's
 * offline queue (ADR 047): written shortly after each change, at once when the page is
 * hidden, unloaded or left, and removed when the server holds the same values (`initial`: the
 * record's, or its pending edits, as acknowledged by the autosave). Offline, it is what
 * survives a closed tab. When the page opens with a draft that differs from the record, the
 * draft is offered (restore or discard) and nothing overwrites it until the writer chooses.
 * Once a new record exists, its draft moves to the record's key.
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
}

/** What {@link useEditorDraft} returns. */
export interface EditorDraft<V> {
  /** A draft found when the page opened, waiting for the writer's choice. */
  offer: Draft<V> | null;
  /** Whether the page looked for a draft and the writer answered any offer. */
  ready: boolean;
  /** Accepts the offer: returns its values and resumes autosave. */
  restore(): V | null;
  /** Refuses the offer: removes it and resumes autosave. */
  discard(): void;
  /** Removes the draft for good (after a successful save) and stops autosave. */
  finish(): void;
  /** When the draft was last written, `false` when the browser refused, `null` before. */
  lastSaved: number | false | null;
}

/** Keeps a draft of `values`. */
export function useEditorDraft<V>(options: EditorDraftOptions<V>): EditorDraft<V> {
  const { storageKey, base, initial, values, isValues } = options;
  const [offer, setOffer] = useState<Draft<V> | null>(null);
  const [lastSaved, setLastSaved] = useState<number | false | null>(null);
  // Autosave waits until the page has looked for a draft and the writer chose what to do.
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  const finished = useRef(false);
  const latest = useRef({ values, initial, base, storageKey, isValues });
  useLayoutEffect(() => {
    latest.current = { values, initial, base, storageKey, isValues };
    readyRef.current = ready;
  });

  const save = useCallback(() => {
    const storage = browserDraftStorage();
    const current = latest.current;
    if (!storage || !current.storageKey || finished.current || !readyRef.current) return;
    if (sameValues(current.values, current.initial)) {
      clearDraft(storage, current.storageKey);
      return;
    }
    const now = Date.now();
    const ok = writeDraft(storage, current.storageKey, {
      savedAt: now,
      base: current.base,
      values: current.values,
    });
    setLastSaved(ok ? now : false);
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
    const found = readDraft(storage, storageKey, latest.current.isValues);
    if (found && !sameValues(found.values, latest.current.initial)) setOffer(found);
    else {
      if (found) clearDraft(storage, storageKey);
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
      const values = offer?.values ?? null;
      setOffer(null);
      readyRef.current = true;
      setReady(true);
      return values;
    },
    discard: () => {
      const storage = browserDraftStorage();
      if (storage && storageKey) clearDraft(storage, storageKey);
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

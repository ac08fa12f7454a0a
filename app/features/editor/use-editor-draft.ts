/**
 * Autosave of the form's values into a browser draft (`draft-storage.ts`): written shortly
 * after each change and at once when the page is hidden or unloaded, removed when the values
 * are back to the saved ones. When the page opens with a draft that differs from the record,
 * the draft is offered (restore or discard) and nothing overwrites it until the writer
 * chooses.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  browserDraftStorage,
  clearDraft,
  readDraft,
  sameValues,
  writeDraft,
  type Draft,
} from "../../lib/draft-storage.ts";

/** How long after the last change a draft is written. */
export const AUTOSAVE_DELAY_MS = 400;

/** Options of {@link useEditorDraft}. */
export interface EditorDraftOptions<V> {
  /** The draft's key (`draftKey(...)`); `null` turns autosave off. */
  storageKey: string | null;
  /** The record's `updated` date (`""` for a new record). */
  base: string;
  /** The values as saved on the server (stable between renders). */
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
  const finished = useRef(false);
  const latest = useRef({ values, initial, base, storageKey, isValues });
  useLayoutEffect(() => {
    latest.current = { values, initial, base, storageKey, isValues };
  });

  useEffect(() => {
    const storage = browserDraftStorage();
    if (!storage || !storageKey) return;
    const found = readDraft(storage, storageKey, latest.current.isValues);
    if (found && !sameValues(found.values, latest.current.initial)) setOffer(found);
    else {
      if (found) clearDraft(storage, storageKey);
      setReady(true);
    }
  }, [storageKey]);

  const save = useCallback(() => {
    const storage = browserDraftStorage();
    const current = latest.current;
    if (!storage || !current.storageKey || finished.current) return;
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

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(save, AUTOSAVE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [values, ready, save]);

  // A hidden or closing page writes at once: the timer may never fire.
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
    };
  }, [ready, save]);

  return {
    offer,
    lastSaved,
    restore: () => {
      const values = offer?.values ?? null;
      setOffer(null);
      setReady(true);
      return values;
    },
    discard: () => {
      const storage = browserDraftStorage();
      if (storage && storageKey) clearDraft(storage, storageKey);
      setOffer(null);
      setReady(true);
    },
    finish: () => {
      finished.current = true;
      const storage = browserDraftStorage();
      if (storage && storageKey) clearDraft(storage, storageKey);
    },
  };
}

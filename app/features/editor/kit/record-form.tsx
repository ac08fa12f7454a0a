/**
 * The state the entry and post forms share (their `<form>` is `record-form-shell.tsx`): the
 * offers of unsaved values (a browser draft, or pending edits kept on the server); the
 * explicit save (create or update through the browser's API client, field errors,
 * notifications, then the record's page) and the form's other own writes (a restore); the
 * server autosave (`use-autosave.ts`, ADR 047); one save at a time from every source
 * (`save-queue.ts`); and edit conflicts (ADR 028): a non-blocking warning when the record is saved or deleted
 * elsewhere while it is open, and a question before a save would overwrite a newer version,
 * checked with a fresh read even when realtime is unavailable. The form's own autosaves never
 * count as changes made elsewhere.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useOfflineTranslation } from "../../../lib/offline/messages.ts";
import { paths } from "../../../lib/paths.ts";
import { keepSaveOffline } from "../autosave/offline-save.ts";
import { network } from "../autosave/offline-outbox.ts";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { requestErrorMessage } from "../../../lib/forms/api-errors.ts";
import { browserDraftStorage, clearDraft, sameValues } from "../../../lib/records/draft-storage.ts";
import { useSafeNavigate } from "../../../lib/browser/navigation.ts";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import type { LiveStatus } from "../../../components/live/live-session.ts";
import { useLiveRecords, type LiveEvent } from "../../../components/live/use-live-records.ts";
import {
  addressUpdate,
  keepingAddressIfTaken,
  type AutosaveRecord,
  type AutosaveTarget,
} from "../autosave/autosave-target.ts";
import type { ConflictState } from "./conflict-banner.tsx";
import { isNewer, remoteChange, type RemoteChange } from "./conflict.ts";
import { editorFieldErrors } from "./editor-errors.ts";
import { useHydrated } from "./editor-form.tsx";
import type { SaveStatusView } from "../autosave/save-status.tsx";
import { hasTitle, type TitledValues } from "../autosave/stand-in-title.ts";
import { useAutosave, type Autosave } from "../autosave/use-autosave.ts";
import { getRecord } from "../../../api/records/record-reads.ts";
import { createRecord, updateRecord } from "../../../api/records/record-writes.ts";
import { failedWith } from "../../../api/client/api-errors.ts";

import type { FieldErrors, FormDraft, SaveSpec } from "./record-form-parts.ts";

export type { ConflictState } from "./conflict-banner.tsx";
export type { FieldErrors, FormDraft, SaveSpec, StartedOffer } from "./record-form-parts.ts";

/** A saved entry or post, as far as the shell is concerned. */
export type SavedRecord = AutosaveRecord;

/** Options of {@link useRecordForm}. */
export interface RecordFormOptions<V extends TitledValues, R extends SavedRecord> {
  /** The kind of record: its values, their request body and their autosave. */
  target: AutosaveTarget<V, R>;
  /** The author (the signed-in user). */
  author: { id: string; username: string };
  /** The record being edited (as loaded, reloaded or autosaved); created when absent. */
  record: R | undefined;
  /** The values of the stored record (a new record's defaults). */
  initial: V;
  /** The values in the form now. */
  values: V;
  /** Whether files were picked or removed (only an explicit save sends them). */
  files: boolean;
  /** Puts a version saved elsewhere into the form ("Reload their version"). */
  onReload: (fresh: R) => void;
  /** The autosave wrote the record (created or updated it): the editor edits that version. */
  onRecord: (saved: R) => void;
}

/** The form's shared state and its save. */
export interface RecordForm<V extends TitledValues, R extends SavedRecord> {
  formId: string;
  /** The id a new record is created with (by the autosave, a save, or the outbox). */
  newId: string;
  busy: boolean;
  hydrated: boolean;
  errors: FieldErrors;
  setErrors: (update: (current: FieldErrors) => FieldErrors) => void;
  failure: string | null;
  /** Set once saved: the leave guard lets the page go. */
  saved: () => boolean;
  /** Saves with this spec (asks first if a newer version exists on the server). */
  submit: (spec: SaveSpec<R>) => Promise<void>;
  /**
   * Runs a write of the record this form makes besides saving (a restore from the history):
   * its own change raises no conflict warning, and the form then edits the record it wrote.
   */
  ownWrite: (write: () => Promise<R>) => Promise<R>;
  /** What the conflict UI needs. */
  conflict: ConflictState;
  /** Whether changes elsewhere reach this form now (the warning works only then). */
  live: LiveStatus;
  /** The offers of unsaved values and the draft's end. */
  draft: FormDraft<V>;
  /**
   * Whether the record's stored title is a stand-in the autosave gave it (ADR 047): its
   * address still follows the title.
   */
  standIn: boolean;
  /** What the status line shows (the button's label aside). */
  status: Omit<SaveStatusView, "action">;
  /** Whether leaving now would lose something (the autosave cannot keep it). */
  dirty: () => boolean;
  /**
   * Whether the form holds changes made since the record was loaded (autosaved or not): a
   * write from elsewhere in the form (a restore) would replace them, and a restore of a
   * record readers can see drops its pending edits.
   */
  unsaved: boolean;
}

/** Shared state, saves and conflict handling of an entry or post form. */
export function useRecordForm<V extends TitledValues, R extends SavedRecord>(
  options: RecordFormOptions<V, R>,
): RecordForm<V, R> {
  const { t } = useOfflineTranslation();
  const navigate = useSafeNavigate();
  const notify = useNotify();
  const hydrated = useHydrated();
  const formId = useId();
  const { target, record, values } = options;
  const collection = target.collection;
  const kind = collection === "entries" ? "entry" : "post";
  const savedRef = useRef(false);
  // While a save of this form is in flight, its own event may arrive before the answer: such
  // events wait, and are judged against the version the save made.
  const savingRef = useRef(false);
  const heldEvents = useRef<LiveEvent[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The `updated` of the version the form is based on (or that the writer chose to replace).
  const [base, setBase] = useState(record?.updated ?? "");
  const baseRef = useRef(base);
  const [remote, setRemote] = useState<RemoteChange | null>(null);
  const [overwrite, setOverwrite] = useState<{ updated: string; spec: SaveSpec<R> } | null>(null);
  const [reloading, setReloading] = useState(false);
  const latest = useRef(options);
  const spec = useRef<SaveSpec<R> | null>(null);
  // What the queue's next explicit run does: the save, or another write of the form's own.
  // It resolves `false` when a save was refused (autosaves asked for meanwhile then run).
  const job = useRef<() => Promise<boolean>>(() => Promise.resolve(true));
  const checkedSpec = useRef(false);
  const autosaveRef = useRef<Autosave<V, R> | null>(null);
  useEffect(() => {
    baseRef.current = base;
    latest.current = options;
  });

  const consider = (event: LiveEvent) => {
    if (event.kind !== "record") return;
    const change = remoteChange(baseRef.current, event);
    if (change) setRemote(change);
  };
  const moveBase = (updated: string) => {
    baseRef.current = updated;
    setBase(updated);
  };

  const { status: live } = useLiveRecords({
    topics: record ? [{ collection, topic: record.id }] : [],
    onEvents: (events: LiveEvent[]) => {
      for (const event of events) {
        if (event.kind !== "record" || savedRef.current) continue;
        if (savingRef.current) heldEvents.current.push(event);
        else consider(event);
      }
      // The form keeps the writer's text: nothing to revalidate.
      return false;
    },
  });

  function fail(error: unknown) {
    const byField = editorFieldErrors(error, t) as FieldErrors;
    setErrors(byField);
    const message = Object.keys(byField).length
      ? t("editor:form.failed")
      : failedWith(error, 403)
        ? t("shell:requestErrors.forbidden")
        : requestErrorMessage(error, t);
    setFailure(message);
    notify.error(message);
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-testid="error-summary"]')?.focus();
    });
  }

  /**
   * Without a network, the save waits in the outbox with its files (ADR 072): the desk
   * shows it. Files left out (too large, no room) are said on their field; the text waits.
   */
  async function keepOffline(current: SaveSpec<R>, existing: R | undefined): Promise<boolean> {
    const o = latest.current;
    const newId = autosaveRef.current?.newId ?? "";
    const kept = await keepSaveOffline({ ...o, body: current.body, record: existing, newId });
    if (!kept.kept) return false;
    setBusy(false);
    const refused = kept.refused;
    if (refused) {
      const message = t(
        refused.code === "noRoom"
          ? "offline:files.noRoom"
          : "editor:errors.validation_file_size_limit",
      );
      setErrors({ [refused.field]: message });
      setFailure(message);
      notify.error(message);
      return false;
    }
    savedRef.current = true;
    autosaveRef.current?.finish();
    notify.info(t("offline:files.kept"));
    await navigate(paths.writing());
    return true;
  }

  /**
   * The explicit save the queue runs: the latest spec, against the record as it is now.
   * Resolves `false` when the server refused it.
   */
  async function save(): Promise<boolean> {
    const current = spec.current;
    if (!current || savedRef.current) return true;
    const checked = checkedSpec.current;
    checkedSpec.current = false;
    // The record as the last write left it (an autosave may have just created it).
    const existing = autosaveRef.current?.record();
    const api = getBrowserClient();
    const request = { requestKey: null };
    let saved: R;
    try {
      if (existing && !checked) {
        // Without realtime too: a fresh read tells whether someone saved since (ADR 028).
        const fresh = await getRecord<SavedRecord>(api, collection, existing.id, {
          fields: "id,updated",
          requestKey: null,
        });
        if (isNewer(fresh.updated, baseRef.current)) {
          // The writer is asked first; autosave pauses meanwhile.
          setOverwrite({ updated: fresh.updated, spec: current });
          setBusy(false);
          return true;
        }
      }
      if (existing) {
        // A record autosaved under a stand-in title takes its address from the writer's title.
        const stored = autosaveRef.current?.storedStandIn() ?? false;
        const title = typeof current.body.title === "string" ? current.body.title : "";
        const body = { ...current.body, ...addressUpdate(target, title, existing, stored) };
        saved = await keepingAddressIfTaken(body, target.addressField, (sent) =>
          updateRecord<R>(api, collection, existing.id, sent, request),
        );
      } else saved = await createRecord<R>(api, collection, current.body, request);
    } catch (error) {
      if (network(error) && (await keepOffline(current, existing))) return true;
      fail(error);
      setBusy(false);
      return false;
    }
    savedRef.current = true;
    autosaveRef.current?.finish();
    saved = await current.after(saved);
    moveBase(saved.updated);
    notify.success(t("editor:form.saved"));
    setBusy(false);
    await navigate(current.href(saved));
    return true;
  }

  const autosave = useAutosave({
    target,
    author: options.author,
    untitled: t("autosave:untitled"),
    record,
    initial: options.initial,
    values,
    explicit: () => job.current(),
    onSaving: (saving) => {
      savingRef.current = saving;
      if (saving) return;
      const held = heldEvents.current;
      heldEvents.current = [];
      if (!savedRef.current) for (const event of held) consider(event);
    },
    enabled: hydrated && remote === null && overwrite === null,
    live,
    base: () => baseRef.current,
    onRecord: (saved: R) => {
      moveBase(saved.updated);
      latest.current.onRecord(saved);
    },
    onConflict: (updated) => {
      setRemote({ kind: "updated", updated });
    },
  });
  useEffect(() => {
    autosaveRef.current = autosave;
  });

  const explicit = (next: SaveSpec<R>, checked: boolean) => {
    spec.current = next;
    checkedSpec.current = checked;
    job.current = save;
    setBusy(true);
    return autosave.request("explicit").catch(() => undefined);
  };

  // The newer of the two offers: this browser's draft, or the server's pending edits.
  const local = autosave.draft.offer;
  const server = autosave.offer;
  const source: "browser" | "server" | null =
    local && (!server || local.savedAt > server.savedAt) ? "browser" : server ? "server" : null;
  const offer =
    source === "browser" && local
      ? {
          savedAt: local.savedAt,
          source,
          started: record ? null : { title: local.values.title.trim(), kept: !!local.recordId },
        }
      : source === "server" && server
        ? { savedAt: server.savedAt, source, started: null }
        : null;

  /**
   * Takes this browser's draft; one started on a New page whose record the autosave created
   * brings that record: the form edits it, at its edit page's address. A record gone since
   * leaves the values to a new record; a failed read leaves the offer open.
   */
  async function restoreLocal(): Promise<V | null> {
    const recordId = local?.recordId;
    if (!recordId) return autosave.draft.restore()?.values ?? null;
    let fresh: R | null = null;
    try {
      fresh = await getRecord<R>(getBrowserClient(), collection, recordId, { requestKey: null });
    } catch (error) {
      if (!failedWith(error, 404)) {
        notify.requestError(error);
        return null;
      }
    }
    const taken = autosave.draft.restore();
    if (!taken) return null;
    if (!fresh) {
      const storage = browserDraftStorage();
      if (storage) clearDraft(storage, taken.key);
      return taken.values;
    }
    autosave.adopt(fresh, !hasTitle(taken.values));
    moveBase(fresh.updated);
    latest.current.onRecord(fresh);
    window.history.replaceState(
      window.history.state,
      "",
      target.editPath(options.author.username, fresh),
    );
    return taken.values;
  }

  const inPending = record !== undefined && target.readerVisible(record);
  const unsaved = !sameValues(values, autosave.acknowledged);

  return {
    formId,
    newId: autosave.newId,
    busy,
    hydrated,
    errors,
    setErrors,
    failure,
    saved: () => savedRef.current,
    live,
    submit: async (next) => {
      setErrors({});
      setFailure(null);
      await explicit(next, false);
    },
    draft: {
      offer,
      restore: async () => {
        if (source === "browser") {
          const values = await restoreLocal();
          if (values && server) autosave.discard();
          return values;
        }
        if (local) autosave.draft.discard();
        return autosave.restore();
      },
      discard: () => {
        if (local) autosave.draft.discard();
        if (server) autosave.discard();
      },
      finish: () => {
        autosave.finish();
      },
    },
    standIn: autosave.standIn,
    status: {
      status: autosave.status,
      held: inPending
        ? !sameValues(values, options.initial)
        : !sameValues(values, target.autosaved(values, record)),
      needsTitle: unsaved && !record && !target.creatable(values),
      paused: remote !== null || overwrite !== null,
      local: autosave.draft.lastSaved,
    },
    dirty: () => !savedRef.current && (options.files || (unsaved && !autosave.covers())),
    unsaved: !sameValues(values, options.initial),
    ownWrite: async (write) => {
      // After the saves under way, as one of the queue's: it never runs beside another.
      await autosave.idle();
      const outcome: { fresh?: R; error?: unknown; failed: boolean } = { failed: false };
      job.current = async () => {
        try {
          const written = await write();
          moveBase(written.updated);
          setRemote(null);
          setOverwrite(null);
          autosave.reset();
          latest.current.onReload(written);
          outcome.fresh = written;
          return true;
        } catch (error) {
          outcome.failed = true;
          outcome.error = error;
          return false;
        }
      };
      await autosave.request("explicit");
      if (outcome.failed) throw outcome.error;
      if (!outcome.fresh) throw new Error("The write did not run.");
      return outcome.fresh;
    },
    conflict: {
      kind,
      remote,
      overwrite: overwrite?.updated ?? null,
      reloading,
      reload: () => {
        if (!record) return;
        setReloading(true);
        getRecord<R>(getBrowserClient(), collection, record.id)
          .then(
            (fresh) => {
              moveBase(fresh.updated);
              setRemote(null);
              setOverwrite(null);
              autosave.reset();
              latest.current.onReload(fresh);
              notify.info(t("live:conflict.reloaded"));
            },
            (error: unknown) => {
              notify.requestError(error);
            },
          )
          .finally(() => {
            setReloading(false);
          });
      },
      keepMine: () => {
        if (remote?.kind === "updated") moveBase(remote.updated);
        setRemote(null);
        notify.info(t("live:conflict.kept"));
      },
      confirmOverwrite: () => {
        if (!overwrite) return;
        moveBase(overwrite.updated);
        setRemote(null);
        setOverwrite(null);
        void explicit(overwrite.spec, true);
      },
      cancelOverwrite: () => {
        if (overwrite) setRemote({ kind: "updated", updated: overwrite.updated });
        setOverwrite(null);
      },
    },
  };
}

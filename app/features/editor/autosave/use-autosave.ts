/**
 * Server autosave of an entry or post editor (issue 13, ADR 047). What the writer types
 * reaches the server shortly after they pause (`autosave.ts` decides when), when the page is
 * hidden, left or closed (a keep-alive request that outlives the page), and when the
 * connection returns; every save goes through the form's one {@link SaveQueue}.
 *
 * Where it goes never changes what readers see:
 * - a new record is created private (an entry) or as a draft (a post), once it has a title or
 *   some text: without a title, under a stand-in (its first words, `stand-in-title.ts`) that
 *   the writer's title replaces, its address following until then; the editor then edits it:
 *   the address becomes its edit page, without a reload;
 * - a private entry or a draft post is updated in place, marked `?revision=autosave` (its
 *   history coalesces), its visibility or status left as stored;
 * - a record readers can see keeps the edits in its `pendingEdits` row (`api/records/pending-edits.ts`),
 *   offered back when its editor opens on any device, until an explicit save publishes them
 *   or the writer discards them.
 *
 * Offline, nothing is sent: the browser draft (`use-editor-draft.ts`) holds the text, the
 * save is queued in the account's outbox (`offline-outbox.ts`, ADR 072), which sends it when
 * the connection returns even if the page is closed, and the autosave runs again then. A new
 * record's id is made here, so the outbox and the editor never create it twice.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { draftKey, sameValues } from "../../../lib/records/draft-storage.ts";
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_TITLE_DELAY_MS,
  AutosaveScheduler,
  type AutosaveOutcome,
} from "./autosave.ts";
import {
  autosaveCovers,
  autosaveWrite,
  fromPending,
  keepingAddressIfTaken,
  type AutosaveRecord,
} from "./autosave-target.ts";
import { apiTime, isNewer } from "../kit/conflict.ts";
import {
  discardPendingEdit,
  findPendingEdit,
  savePendingEdit,
} from "../../../api/records/pending-edits.ts";
import { SaveQueue, type SaveKind } from "./save-queue.ts";
import type { SaveStatus } from "./save-status.tsx";
import type { TitledValues } from "./stand-in-title.ts";
import type { AutosaveOptions, PendingOffer } from "./autosave-options.ts";

export type { AutosaveOptions, PendingOffer } from "./autosave-options.ts";
import { draftsPrefix } from "./started-drafts.ts";
import { useEditorDraft, type EditorDraft } from "./use-editor-draft.ts";
import { getRecord } from "../../../api/records/record-reads.ts";
import { updateRecord } from "../../../api/records/record-writes.ts";
import { offlineFailure } from "../../../api/client/api-errors.ts";
import { newRecordId, type OutboxChange } from "../../../lib/offline/outbox.ts";
import {
  createWithId,
  network,
  offline,
  queueOffline,
  recordChange,
  retryable,
} from "./offline-outbox.ts";

/** Largest body sent with `keepalive` (browsers cap the keep-alive bodies at 64 KiB). */
export const KEEPALIVE_MAX_BYTES = 60_000;

/** What {@link useAutosave} gives the form. */
export interface Autosave<V extends TitledValues, R extends AutosaveRecord> {
  /** The id a new record is created with (here or by the outbox: one record either way). */
  newId: string;
  /** The record as the last write left it (set before the editor re-renders). */
  record(): R | undefined;
  /**
   * Whether the record's stored title is a stand-in this editor's autosave gave it (the writer
   * has not given one yet): its address then follows the title.
   */
  standIn: boolean;
  /** {@link standIn} as of the last write (for a save that runs before the next render). */
  storedStandIn(): boolean;
  status: SaveStatus;
  /** The browser copy of the values (the offline queue). */
  draft: EditorDraft<V>;
  /** Whether autosave writes now: offers answered, pending edits looked up, no conflict. */
  enabled: boolean;
  /** What the server holds for this editor: the record's values, or its pending edits. */
  acknowledged: V;
  /** Whether the record's pending edits have been looked up (always, for a new record). */
  checked: boolean;
  /** Pending edits found on the server, waiting for the writer's choice. */
  offer: PendingOffer<V> | null;
  /** Takes the offered pending edits: returns their values. */
  restore(): V | null;
  /** Refuses the offered pending edits: deletes them. */
  discard(): void;
  /** Whether the autosave keeps the form's values now (leaving loses nothing then). */
  covers(): boolean;
  /** Asks the form's one save queue for a save (see `save-queue.ts`). */
  request(kind: SaveKind): Promise<void>;
  /** Resolves once no save runs or waits. */
  idle(): Promise<void>;
  /**
   * The form took the record's version from the server (reloaded, or written by a restore):
   * autosave starts over from it. An explicit write deleted the pending edits too.
   */
  reset(): void;
  /** Saved explicitly: nothing is autosaved any more. */
  finish(): void;
  /**
   * The writer continues a draft started on a New page whose record the autosave created
   * (`started-drafts.ts`): the editor edits that record from now on; `standIn` when the
   * writer had given it no title yet.
   */
  adopt(record: R, standIn: boolean): void;
}

const fits = (body: unknown) =>
  new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_MAX_BYTES;

/** Autosaves an editor's values; see the module comment. */
export function useAutosave<V extends TitledValues, R extends AutosaveRecord>(
  options: AutosaveOptions<V, R>,
): Autosave<V, R> {
  const { target, record, initial, values, author } = options;
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  // What the record holds (as form values) once an autosave wrote it; `initial` before.
  const [written, setWritten] = useState<V | null>(null);
  // What the record's pendingEdits row holds (null: no row known), and the row's id.
  const [pending, setPending] = useState<V | null>(null);
  const pendingId = useRef<string | null>(null);
  const [offer, setOffer] = useState<PendingOffer<V> | null>(null);
  const [checked, setChecked] = useState(!record);
  const scheduler = useRef<AutosaveScheduler | null>(null);
  const queueRef = useRef<SaveQueue | null>(null);
  const lastOutcome = useRef<AutosaveOutcome>("saved");
  // When the server last acknowledged a save (shown again once the connection is back).
  const lastSaved = useRef<number | null>(null);
  const mounted = useRef(false);
  const finished = useRef(false);
  const leaving = useRef(false);
  const recordRef = useRef(record);
  // Whether the record's stored title is a stand-in (see `stand-in-title.ts`).
  const standInRef = useRef(false);
  const [standIn, setStandIn] = useState(false);
  // The id of the record this editor creates (made here: a create sent twice makes one).
  const [newId] = useState(() => newRecordId());
  // The values the outbox holds for later (offline), or null.
  const queuedValues = useRef<V | null>(null);
  // A new record the outbox holds: its words are there, not in a New page's draft.
  const [outboxed, setOutboxed] = useState(false);

  const inPending = record !== undefined && target.readerVisible(record);
  const acknowledged = inPending ? (pending ?? initial) : (written ?? initial);
  // Opened on a New page: the draft of the record it creates is kept until an explicit save,
  // with no base, so the next New page offers it (`started-drafts.ts`).
  const [startedNew] = useState(!record);
  const draft = useEditorDraft({
    storageKey: outboxed && !record ? null : draftKey(author.id, target.collection, record?.id),
    base: startedNew ? "" : (record?.updated ?? ""),
    initial: acknowledged,
    values,
    isValues: target.isValues,
    keep: startedNew && record !== undefined,
    started: startedNew ? draftsPrefix(author.id, target.collection) : null,
  });
  const enabled = options.enabled && draft.ready && !draft.offer && checked && !offer;
  const latest = useRef({ ...options, enabled, written, pending });
  useLayoutEffect(() => {
    latest.current = { ...options, enabled, written, pending };
  });
  useLayoutEffect(() => {
    recordRef.current = record;
  }, [record]);

  // Whether the server lacks something the autosave would store.
  const due = inPending
    ? !sameValues(values, acknowledged)
    : (record !== undefined || target.creatable(values)) &&
      !sameValues(target.autosaved(values, record), acknowledged);

  /** One autosave with the newest values; see the module comment. */
  const save = useCallback(async (): Promise<AutosaveOutcome> => {
    const o = latest.current;
    const current = recordRef.current;
    if (finished.current || !o.enabled) return "stopped";
    const leavingNow = leaving.current;
    const api = getBrowserClient();
    // What the outbox keeps when the save finds no network.
    let queued: OutboxChange | null = null;
    // Every write outlives the page when it fits: one already under way when the tab closes
    // still lands (the queue runs no second one beside it).
    const send = async <T>(write: (alive: boolean) => Promise<T>, body: unknown): Promise<T> => {
      if (offline()) throw offlineFailure();
      setStatus({ kind: "saving" });
      return write(fits(body));
    };
    try {
      if (current && o.target.readerVisible(current)) {
        const key = {
          recordCollection: o.target.collection,
          record: current.id,
          author: o.author.id,
        };
        if (sameValues(o.values, o.initial)) {
          // Back to the published text: the pending edits have nothing left to hold.
          const id = pendingId.current;
          if (!id) return "saved";
          await send((alive) => discardPendingEdit(api, id, { keepalive: alive }), {});
          pendingId.current = null;
          setPending(null);
        } else {
          if (o.pending !== null && sameValues(o.values, o.pending)) return "saved";
          const edits = o.target.toPending(o.values);
          queued = { ...recordChange(o.target, o.values, {}, current, "", o.author.username) };
          queued.op = "pending";
          const row = await send(
            (alive) => savePendingEdit(api, pendingId.current, key, edits, { keepalive: alive }),
            edits,
          );
          pendingId.current = row.id;
          setPending(o.values);
        }
      } else {
        const toSave = o.target.autosaved(o.values, current);
        if (!current && !o.target.creatable(toSave)) return "stopped";
        if (sameValues(toSave, o.written ?? o.initial)) return "saved";
        const collection = o.target.collection;
        const unheard = o.live === "off" || o.live === "reconnecting";
        // Made first: without a network, the outbox keeps it (ADR 072).
        const write = autosaveWrite(o.target, toSave, current, standInRef.current, o.untitled);
        const body = current ? write.body : { ...write.body, author: o.author.id, id: newId };
        queued = recordChange(o.target, o.values, body, current, newId, o.author.username);
        if (current && unheard && !leavingNow) {
          // Without realtime, a version saved elsewhere is found by reading first (ADR 028);
          // not on the way out, where a second round trip would not survive the page.
          const fresh = await getRecord<R>(api, collection, current.id, {
            fields: "id,updated",
            requestKey: null,
          });
          if (isNewer(fresh.updated, o.base())) {
            o.onConflict(fresh.updated);
            setStatus({ kind: "idle" });
            return "stopped";
          }
        }
        // Where the editor was when the save left: a save that lands once the writer has left
        // for another page (the router has its address, the editor is not unmounted yet) must
        // not take that page's address back.
        const from = window.location.pathname;
        const saved = await send(
          (alive) =>
            keepingAddressIfTaken(body, o.target.addressField, (sent) => {
              const request = {
                query: { revision: "autosave" },
                requestKey: null,
                keepalive: alive,
              };
              return current
                ? updateRecord<R>(api, collection, current.id, sent, request)
                : createWithId<R>(
                    api,
                    collection,
                    { ...sent, author: o.author.id, id: newId },
                    request,
                  );
            }),
          body,
        );
        recordRef.current = saved;
        standInRef.current = write.standIn;
        setStandIn(write.standIn);
        setWritten(toSave);
        if (mounted.current) {
          o.onRecord(saved);
          // The new record's editor is its edit page now, and its new address once it moved:
          // same focus and caret, no reload.
          const path = o.target.editPath(o.author.username, saved);
          const moved = !current || path !== o.target.editPath(o.author.username, current);
          if (moved && window.location.pathname === from)
            window.history.replaceState(window.history.state, "", path);
        }
      }
      lastSaved.current = Date.now();
      queuedValues.current = null;
      setStatus({ kind: "saved", at: lastSaved.current });
      return "saved";
    } catch (error) {
      if (network(error)) {
        if (queued && (await queueOffline(o.author.id, queued))) {
          queuedValues.current = o.values;
          if (queued.op === "create") setOutboxed(true);
        }
        setStatus({ kind: "offline" });
        return "offline";
      }
      setStatus({ kind: "failed", error });
      return retryable(error) ? "offline" : "stopped";
    }
  }, [newId]);

  // The scheduler lives while the editor is mounted; hidden, left or closed, it saves at
  // once with requests that outlive the page.
  useEffect(() => {
    const queue = new SaveQueue(async (kind) => {
      latest.current.onSaving(true);
      try {
        if (kind === "explicit") return await latest.current.explicit();
        lastOutcome.current = await save();
        return true;
      } finally {
        latest.current.onSaving(false);
      }
    });
    queueRef.current = queue;
    const current = new AutosaveScheduler(async () => {
      await queue.request("autosave").catch(() => undefined);
      return lastOutcome.current;
    });
    scheduler.current = current;
    mounted.current = true;
    const leave = () => {
      if (finished.current) return;
      leaving.current = true;
      void current.flush().finally(() => {
        leaving.current = false;
      });
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") leave();
    };
    const online = () => {
      const at = lastSaved.current;
      setStatus((now) =>
        now.kind !== "offline" ? now : at === null ? { kind: "idle" } : { kind: "saved", at },
      );
      current.online();
    };
    const wentOffline = () => {
      setStatus((now) => (now.kind === "failed" ? now : { kind: "offline" }));
    };
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leave);
    window.addEventListener("online", online);
    window.addEventListener("offline", wentOffline);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", wentOffline);
      mounted.current = false;
      // Leaving the page inside the app: the last words go too.
      leave();
      current.dispose();
      scheduler.current = null;
    };
  }, [save]);

  // A change the server lacks schedules an autosave (later while the title of a new record, or
  // of one under a stand-in title, is being typed: its address is made from that title).
  useEffect(() => {
    if (!enabled || !due || finished.current) return;
    const inTitle =
      (!recordRef.current || standInRef.current) &&
      document.activeElement?.getAttribute("name") === "title";
    scheduler.current?.changed(inTitle ? AUTOSAVE_TITLE_DELAY_MS : AUTOSAVE_DELAY_MS);
  }, [values, acknowledged, enabled, due]);

  // The record's pending edits, once, when its editor opens.
  useEffect(() => {
    if (checked || !record) return;
    let cancelled = false;
    const api = getBrowserClient();
    findPendingEdit(api, { recordCollection: target.collection, record: record.id })
      .then(async (row) => {
        if (cancelled || !row) return;
        const found = fromPending(target, row, latest.current.initial);
        if (found && !sameValues(found, latest.current.initial)) {
          pendingId.current = row.id;
          setOffer({ values: found, savedAt: apiTime(row.updated) });
        } else await discardPendingEdit(api, row.id);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [checked, record, target]);

  return {
    newId,
    record: () => recordRef.current,
    standIn,
    storedStandIn: () => standInRef.current,
    status,
    draft,
    enabled,
    acknowledged,
    checked,
    offer,
    restore: () => {
      // The row holds what is restored: nothing to save until the writer changes it.
      if (offer) setPending(offer.values);
      setOffer(null);
      return offer?.values ?? null;
    },
    discard: () => {
      const id = pendingId.current;
      pendingId.current = null;
      setOffer(null);
      setPending(null);
      if (id) void discardPendingEdit(getBrowserClient(), id).catch(() => undefined);
    },
    covers: () => {
      const o = latest.current;
      // Offline, the outbox keeps what it was given (issue 28).
      const kept = queuedValues.current !== null && sameValues(o.values, queuedValues.current);
      return (
        o.enabled &&
        !finished.current &&
        status.kind !== "failed" &&
        (kept || (status.kind !== "offline" && !offline())) &&
        autosaveCovers(o.target, o.values, recordRef.current)
      );
    },
    request: (kind) => queueRef.current?.request(kind) ?? Promise.resolve(),
    idle: () => queueRef.current?.idle() ?? Promise.resolve(),
    reset: () => {
      // The form shows the stored title now: it is the writer's.
      standInRef.current = false;
      setStandIn(false);
      setWritten(null);
      setPending(null);
      pendingId.current = null;
      setStatus({ kind: "idle" });
    },
    finish: () => {
      finished.current = true;
      scheduler.current?.dispose();
      draft.finish();
    },
    adopt: (adopted, withStandIn) => {
      // Its stored values are not known as form values: the first autosave writes them.
      recordRef.current = adopted;
      standInRef.current = withStandIn;
      setStandIn(withStandIn);
      setWritten(null);
      setStatus({ kind: "idle" });
    },
  };
}

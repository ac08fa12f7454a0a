/**
 * Runs `sync.ts` against the API for the signed-in account (issue 28 item 3, ADR 072): at
 * start, when the connection returns, and after a failure with a growing backoff. One tab
 * at a time sends (a Web Lock per account), so two tabs never send the same change.
 */
import type { ApiClient } from "../../api/client/api-client.ts";
import { apiFailure } from "../../api/client/api-errors.ts";
import { savePendingEdit } from "../../api/records/pending-edits.ts";
import {
  createOutboxRecord,
  readOutboxRecord,
  updateOutboxRecord,
} from "../../api/records/outbox-requests.ts";
import { offlineStore, onOfflineChange, type OfflineStore } from "./offline-db.ts";
import { backoff } from "./outbox.ts";
import { sendOutbox, type SyncDeps, type SyncRun } from "./sync.ts";

/** The run's parts for one account's store and API client. */
export function apiSyncDeps(store: OfflineStore, api: ApiClient, author: string): SyncDeps {
  return {
    changes: () => store.changes(),
    sent: (change, rebase) => store.sent(change, rebase),
    failed: (change) => store.failed(change),
    refused: (change, message) => store.refused(change, message),
    tried: (change, attempt) => store.tried(change, attempt),
    addConflict: (conflict) => store.addConflict(conflict),
    author,
    create: (collection, body) => createOutboxRecord(api, collection, body),
    update: (collection, id, body) => updateOutboxRecord(api, collection, id, body),
    read: async (collection, id) => {
      try {
        return await readOutboxRecord(api, collection, id);
      } catch (error) {
        if (apiFailure(error)?.status === 404) return null;
        throw error;
      }
    },
    savePending: async (change, pending) => {
      await savePendingEdit(
        api,
        null,
        { recordCollection: change.collection, record: change.id, author },
        pending,
      );
    },
    failure: (error) => {
      const failure = apiFailure(error);
      return failure
        ? { status: failure.status, data: failure.data, message: failure.message }
        : null;
    },
    now: () => Date.now(),
  };
}

/** Sends the outbox of `account` once, under the account's lock; null when another tab sends. */
export async function sendAccountOutbox(account: string, api: ApiClient): Promise<SyncRun | null> {
  const store = await offlineStore(account);
  const run = () => sendOutbox(apiSyncDeps(store, api, account));
  if (!("locks" in navigator)) return run();
  return navigator.locks.request(`cahier-outbox-${account}`, { ifAvailable: true }, (lock) =>
    lock ? run() : null,
  );
}

/**
 * Sends the outbox now, when the connection returns, when a change is queued while online,
 * and again after a failure (backoff); returns a function stopping it.
 */
export function startOutboxSender(
  account: string,
  api: () => ApiClient,
  onRun?: (run: SyncRun) => void,
): () => void {
  let timer: number | undefined;
  let running = false;
  let again = false;
  let stopped = false;
  const trigger = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (!navigator.onLine) return;
    window.clearTimeout(timer);
    running = true;
    void sendAccountOutbox(account, api())
      .then((run) => {
        if (!run) return;
        onRun?.(run);
        if (run.stopped === "offline") timer = window.setTimeout(trigger, backoff(run.attempts));
      })
      .catch((error: unknown) => {
        console.error("sending the offline changes failed", error);
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          trigger();
        }
      });
  };
  window.addEventListener("online", trigger);
  const unsubscribe = onOfflineChange(trigger);
  trigger();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    window.removeEventListener("online", trigger);
    unsubscribe();
  };
}

/**
 * Record change notifications, emitted after a write has committed. Caches listen to drop
 * stale answers; realtime delivery listens to push the change to subscribers.
 *
 * With several instances, the realtime fan-out relays the changes committed elsewhere into
 * this hub too, marked `remote`, so every listener (the guest cache) sees the cluster's writes;
 * listeners that act only on their own instance's commits (the fan-out's publisher) skip them.
 */
import type { Collection } from "../models/collection.ts";

/** One committed change. */
export interface RecordChange {
  action: "create" | "update" | "delete";
  collection: Collection;
  id: string;
  /**
   * Deletes only: the stored row as it was just before the delete (read inside the deleting
   * transaction). Realtime delivery authorises and serialises deleted records from it, after
   * commit, since the row is gone by then.
   */
  record?: Record<string, unknown>;
  /**
   * Creates only: the values as written (wire-typed), for a record deleted before realtime
   * delivery reached its create (kept on this instance; the fan-out does not publish it).
   * Delivery turns them into a row only then, never on the write's path.
   */
  created?: Readonly<Record<string, unknown>>;
  /**
   * Updates only: the stored row as it was just before the update (read inside the updating
   * transaction). Realtime delivery sends a `delete` to a subscriber who could see this
   * version and cannot see the new one (ADR 029).
   */
  previous?: Record<string, unknown>;
  /** True when another instance committed the change and the fan-out relayed it here. */
  remote?: boolean;
}

/** A listener; it must not throw (errors are swallowed so a write never fails after commit). */
export type RecordChangeListener = (change: RecordChange) => void;

/**
 * A listener of resets: every record may have changed at once (a restore replaced the data).
 * `remote` is true when the reset happened on another instance and the fan-out relayed it.
 */
export type DataResetListener = (remote: boolean) => void;

/** A tiny synchronous event hub for committed record changes. */
export class RecordEvents {
  private readonly listeners = new Set<RecordChangeListener>();
  private readonly resetListeners = new Set<DataResetListener>();

  /** Subscribes to resets; returns the function that unsubscribes. */
  onReset(listener: DataResetListener): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /**
   * Tells every listener that all the data was replaced (after a restore committed): caches
   * drop everything and realtime clients resync, on this instance and, through the fan-out,
   * on the others (`remote`).
   */
  reset(remote = false): void {
    for (const listener of this.resetListeners) {
      try {
        listener(remote);
      } catch {
        // As for changes: the restore has committed; a listener must not undo that.
      }
    }
  }

  /** Subscribes; returns the function that unsubscribes. */
  on(listener: RecordChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notifies every listener of a committed change. */
  emit(change: RecordChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A failing listener must not turn a committed write into an error.
      }
    }
  }
}

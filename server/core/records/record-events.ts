/**
 * Record change notifications, emitted after a write has committed. Caches listen to drop
 * stale answers; realtime delivery will listen too.
 */
import type { Collection } from "../models/collection.ts";

/** One committed change. */
export interface RecordChange {
  action: "create" | "update" | "delete";
  collection: Collection;
  id: string;
}

/** A listener; it must not throw (errors are swallowed so a write never fails after commit). */
export type RecordChangeListener = (change: RecordChange) => void;

/** A tiny synchronous event hub for committed record changes. */
export class RecordEvents {
  private readonly listeners = new Set<RecordChangeListener>();

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

/**
 * What the offline parts of the page show (issue 28, ADR 072): whether the browser is
 * online, and the account's outbox, conflicts and kept pages, read again whenever the
 * offline database changes (in this tab or another).
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import {
  offlineStore,
  onOfflineChange,
  type KeptPage,
  type OfflineConflict,
} from "../../lib/offline/offline-db.ts";
import type { OutboxChange } from "../../lib/offline/outbox.ts";

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it is online (always true on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The account's offline data, as the page shows it. */
export interface OfflineData {
  changes: OutboxChange[];
  conflicts: OfflineConflict[];
  pages: KeptPage[];
  keptPagesLimit: number | null;
  /** Whether it was read (false while loading, or without IndexedDB). */
  loaded: boolean;
}

const EMPTY: OfflineData = {
  changes: [],
  conflicts: [],
  pages: [],
  keptPagesLimit: null,
  loaded: false,
};

/** The account's offline data, kept current. */
export function useOfflineData(account: string | null): OfflineData {
  const [data, setData] = useState<OfflineData>(EMPTY);
  useEffect(() => {
    if (!account || typeof indexedDB === "undefined") return;
    let cancelled = false;
    const read = async () => {
      try {
        const store = await offlineStore(account);
        const [changes, conflicts, pages, keptPagesLimit] = await Promise.all([
          store.changes(),
          store.conflicts(),
          store.pages(),
          store.keptPagesLimit(),
        ]);
        if (!cancelled) setData({ changes, conflicts, pages, keptPagesLimit, loaded: true });
      } catch (error) {
        console.error("reading the offline data failed", error);
      }
    };
    void read();
    const unsubscribe = onOfflineChange(() => void read());
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [account]);
  return data;
}

/**
 * The account's offline database (issue 28, ADR 072), in IndexedDB through `idb`: one
 * database per account (`cahier-offline-<account>`, so another account never reads it),
 * deleted at sign-out (`wipe.ts`). It holds the outbox (changes waiting to be sent, in
 * order, one per record, with their files as Blobs), the pages kept for reading offline (the last N), the conflicts
 * the writer has to look at, and the account's offline settings.
 *
 * Every write tells the other parts of the page and the other tabs (a `BroadcastChannel`),
 * so the status and the desk follow.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { changeKey, coalesce, type OutboxChange, type OutboxCollection } from "./outbox.ts";
import type { FilesAttempt } from "./outbox-files.ts";
import {
  DEFAULT_KEPT_PAGES,
  MAX_KEPT_PAGES,
  MIN_KEPT_PAGES,
  offlineDatabaseName,
} from "./sw-protocol.ts";

/** A page kept for reading offline. */
export interface KeptPage {
  url: string;
  title: string;
  /** When it was last opened (ms). */
  at: number;
}

/** An offline edit that met another version on the server: the writer chooses. */
export interface OfflineConflict {
  key: string;
  collection: OutboxCollection;
  id: string;
  title: string;
  editPath?: string;
  at: number;
}

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxChange & { key: string }; indexes: { key: string } };
  pages: { key: string; value: KeptPage; indexes: { at: number } };
  conflicts: { key: string; value: OfflineConflict };
  settings: { key: string; value: unknown };
}

const VERSION = 1;

/** The channel telling every tab that the offline database changed. */
export const OFFLINE_CHANNEL = "cahier-offline";

function announce(): void {
  try {
    const channel = new BroadcastChannel(OFFLINE_CHANNEL);
    channel.postMessage("changed");
    channel.close();
  } catch {
    // No BroadcastChannel: other tabs catch up at their next look.
  }
  window.dispatchEvent(new Event(OFFLINE_CHANNEL));
}

/** Calls `listener` whenever the offline database changes (in this tab or another). */
export function onOfflineChange(listener: () => void): () => void {
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(OFFLINE_CHANNEL);
    channel.onmessage = listener;
  } catch {
    channel = null;
  }
  window.addEventListener(OFFLINE_CHANNEL, listener);
  return () => {
    channel?.close();
    window.removeEventListener(OFFLINE_CHANNEL, listener);
  };
}

/** The offline database of one account. */
export class OfflineStore {
  readonly account: string;
  private readonly db: IDBPDatabase<OfflineSchema>;

  private constructor(account: string, db: IDBPDatabase<OfflineSchema>) {
    this.account = account;
    this.db = db;
  }

  /** Opens (creating it when needed) the database of `account`. */
  static async open(account: string): Promise<OfflineStore> {
    const db = await openDB<OfflineSchema>(offlineDatabaseName(account), VERSION, {
      upgrade(database) {
        const outbox = database.createObjectStore("outbox", {
          keyPath: "seq",
          autoIncrement: true,
        });
        outbox.createIndex("key", "key", { unique: true });
        const pages = database.createObjectStore("pages", { keyPath: "url" });
        pages.createIndex("at", "at");
        database.createObjectStore("conflicts", { keyPath: "key" });
        database.createObjectStore("settings");
      },
      blocking() {
        // Sign-out deletes the database: let it.
        db.close();
      },
    });
    return new OfflineStore(account, db);
  }

  close(): void {
    this.db.close();
  }

  /** Queues a change, joining the one waiting for the same record ({@link coalesce}). */
  async queue(change: OutboxChange): Promise<void> {
    const key = changeKey(change);
    const tx = this.db.transaction("outbox", "readwrite");
    const waiting = await tx.store.index("key").get(key);
    const next = { ...coalesce(waiting, change), key };
    if (next.seq === undefined) delete next.seq;
    await tx.store.put(next);
    await tx.done;
    announce();
  }

  /** The waiting changes, oldest first. */
  async changes(): Promise<OutboxChange[]> {
    return this.db.getAll("outbox");
  }

  /** How many changes wait. */
  async count(): Promise<number> {
    return this.db.count("outbox");
  }

  /**
   * Removes a sent change, unless it was queued again meanwhile (then its newer fields are
   * kept, from the version just written: `rebase`).
   */
  async sent(change: OutboxChange, rebase?: OutboxChange["base"]): Promise<void> {
    if (change.seq === undefined) return;
    const tx = this.db.transaction("outbox", "readwrite");
    const now = await tx.store.get(change.seq);
    if (now && now.at !== change.at) {
      // Files joined since wait on; those just sent go.
      const sentKeys = new Set((change.files ?? []).map((file) => file.key));
      const files = (now.files ?? []).filter((file) => !sentKeys.has(file.key));
      const next = {
        ...now,
        op: now.op === "create" ? ("update" as const) : now.op,
        base: rebase ?? now.base,
      };
      delete next.files;
      delete next.filesAttempt;
      await tx.store.put(files.length ? { ...next, files } : next);
    } else if (now) {
      await tx.store.delete(change.seq);
    }
    await tx.done;
    announce();
  }

  /** Records a failed attempt of a change (for the backoff). */
  async failed(change: OutboxChange): Promise<void> {
    if (change.seq === undefined) return;
    const tx = this.db.transaction("outbox", "readwrite");
    const now = await tx.store.get(change.seq);
    if (now) await tx.store.put({ ...now, attempts: now.attempts + 1 });
    await tx.done;
  }

  /** Notes the record's file names before an attempt carrying the change's files. */
  async tried(change: OutboxChange, attempt: FilesAttempt): Promise<void> {
    if (change.seq === undefined) return;
    const tx = this.db.transaction("outbox", "readwrite");
    const now = await tx.store.get(change.seq);
    if (now) await tx.store.put({ ...now, filesAttempt: attempt });
    await tx.done;
  }

  /** Takes a waiting file out of its change before it is sent (the writer removed it). */
  async removeFile(key: string, fileKey: string): Promise<void> {
    const tx = this.db.transaction("outbox", "readwrite");
    const now = await tx.store.index("key").get(key);
    if (now) {
      const files = (now.files ?? []).filter((file) => file.key !== fileKey);
      const next = { ...now };
      delete next.files;
      await tx.store.put(files.length ? { ...next, files } : next);
    }
    await tx.done;
    announce();
  }

  /** Keeps a change the server refused for good, with why (the desk shows it). */
  async refused(change: OutboxChange, message: string): Promise<void> {
    if (change.seq === undefined) return;
    const tx = this.db.transaction("outbox", "readwrite");
    const now = await tx.store.get(change.seq);
    if (now) await tx.store.put({ ...now, error: message });
    await tx.done;
    announce();
  }

  /** The number of pages kept for reading offline (the account's setting). */
  async keptPagesLimit(): Promise<number> {
    const value = await this.db.get("settings", "keptPages");
    return typeof value === "number" ? value : DEFAULT_KEPT_PAGES;
  }

  async setKeptPagesLimit(limit: number): Promise<void> {
    const bounded = Math.round(Math.min(MAX_KEPT_PAGES, Math.max(MIN_KEPT_PAGES, limit)));
    await this.db.put("settings", bounded, "keptPages");
    await this.prunePages(bounded);
    announce();
  }

  /** Remembers a page just opened; answers the pages kept (the newest `limit`). */
  async rememberPage(page: KeptPage): Promise<KeptPage[]> {
    await this.db.put("pages", page);
    return this.prunePages(await this.keptPagesLimit());
  }

  private async prunePages(limit: number): Promise<KeptPage[]> {
    const all = await this.pages();
    const tx = this.db.transaction("pages", "readwrite");
    for (const old of all.slice(limit)) await tx.store.delete(old.url);
    await tx.done;
    return all.slice(0, limit);
  }

  /** The pages kept for reading offline, newest first. */
  async pages(): Promise<KeptPage[]> {
    return (await this.db.getAllFromIndex("pages", "at")).reverse();
  }

  async addConflict(conflict: OfflineConflict): Promise<void> {
    await this.db.put("conflicts", conflict);
    announce();
  }

  async conflicts(): Promise<OfflineConflict[]> {
    return this.db.getAll("conflicts");
  }

  async removeConflict(key: string): Promise<void> {
    await this.db.delete("conflicts", key);
    announce();
  }
}

const stores = new Map<string, Promise<OfflineStore>>();

/** The account's database, opened once per page. */
export function offlineStore(account: string): Promise<OfflineStore> {
  let store = stores.get(account);
  if (!store) {
    store = OfflineStore.open(account);
    store.catch(() => stores.delete(account));
    stores.set(account, store);
  }
  return store;
}

/** Closes the databases this page opened (before they are deleted). */
export async function closeOfflineStores(): Promise<void> {
  const open = [...stores.values()];
  stores.clear();
  for (const store of open) (await store.catch(() => null))?.close();
}

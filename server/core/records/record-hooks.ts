/**
 * The record lifecycle: hooks that run around every record write, as PocketBase's record
 * hooks do (`OnRecordCreate`, `OnRecordAfterCreateSuccess`, …), registered per collection or
 * for all collections.
 *
 * For one write, in this order:
 *
 * 1. `before<Action>`: inside the write transaction, once the access rule has passed and
 *    before field validation and the uniqueness checks. `event.values` may be changed
 *    (server-generated values: slugs, dates); throwing refuses the write.
 * 2. the row is written (and, for a delete, its dependants cascade, each with its own hooks).
 * 3. `after<Action>`: still inside the transaction, after the row was written. Reads and writes
 *    through `event.db` join the transaction (a revision table, a search index); throwing rolls
 *    the whole write back.
 * 4. `after<Action>Commit`: once the transaction has committed (for a batch, once the whole
 *    batch has). Never after a rollback. The write is acknowledged whatever these hooks do:
 *    their errors are reported through {@link RecordHooks.onError}, never thrown.
 * 5. `after<Action>Rollback`: instead of 4, once the write is known not to commit (its
 *    transaction rolled back, or it failed inside a batch); to undo side effects outside the
 *    database (files). Errors are reported like commit hooks' errors.
 *
 * Hooks of one name run one after the other, by ascending `priority` (default 0), then in
 * registration order; all-collection and per-collection hooks share that one order.
 *
 * @example
 * ```ts
 * // A revision history, written in the same transaction as the update:
 * records.hooks.on("afterUpdate", async (e) => {
 *   await insertRevision(e.db.kysely, e.collection, e.old, e.values);
 * }, { collections: ["posts", "entries"] });
 *
 * // Page-cache invalidation, for every collection, once the change is durable:
 * records.hooks.on(["afterCreateCommit", "afterUpdateCommit", "afterDeleteCommit"], (e) => {
 *   pageCache.invalidate(e.collection.name, e.id);
 * });
 * ```
 */
import type { Database, Row } from "../../data/db.ts";
import type { Collection } from "../models/collection.ts";
import type { RecordData, RequestInfo } from "./request-info.ts";

/** The three kinds of record write. */
export type RecordAction = "create" | "update" | "delete";

/** The names of the lifecycle hooks; see the module comment for when each runs. */
export type RecordHookName =
  | "beforeCreate"
  | "afterCreate"
  | "afterCreateCommit"
  | "afterCreateRollback"
  | "beforeUpdate"
  | "afterUpdate"
  | "afterUpdateCommit"
  | "afterUpdateRollback"
  | "beforeDelete"
  | "afterDelete"
  | "afterDeleteCommit"
  | "afterDeleteRollback";

/** When a hook runs relative to the write and its transaction. */
export type RecordHookPhase = "before" | "after" | "afterCommit" | "afterRollback";

/** Every hook name, in lifecycle order per action. */
export const RECORD_HOOK_NAMES: readonly RecordHookName[] = [
  "beforeCreate",
  "afterCreate",
  "afterCreateCommit",
  "afterCreateRollback",
  "beforeUpdate",
  "afterUpdate",
  "afterUpdateCommit",
  "afterUpdateRollback",
  "beforeDelete",
  "afterDelete",
  "afterDeleteCommit",
  "afterDeleteRollback",
];

/** The hook name of an action in a phase: `hookName("update", "afterCommit")` → `afterUpdateCommit`. */
export function hookName(action: RecordAction, phase: RecordHookPhase): RecordHookName {
  const verb = `${action[0]?.toUpperCase() ?? ""}${action.slice(1)}`;
  switch (phase) {
    case "before":
      return `before${verb}` as RecordHookName;
    case "after":
      return `after${verb}` as RecordHookName;
    case "afterCommit":
      return `after${verb}Commit` as RecordHookName;
    case "afterRollback":
      return `after${verb}Rollback` as RecordHookName;
  }
}

/** What a hook is told about one record write. */
export interface RecordEvent {
  /** The kind of write. */
  readonly action: RecordAction;
  /** The record's collection. */
  readonly collection: Collection;
  /** The record id. */
  readonly id: string;
  /**
   * The request that caused the write (its auth decides nothing here: the access rules have
   * already passed). For a cascaded write, the request of the write that caused it.
   */
  readonly request: RequestInfo;
  /** Values before the write, wire-typed (update and delete); null on create. */
  readonly old: RecordData | null;
  /**
   * The stored row before the write, as read inside the transaction (update and delete); null
   * on create. Realtime delivery authorises and presents deleted records from it.
   */
  oldRow: Row | null;
  /**
   * The record's wire-typed values. Before hooks of create and update may change them (server
   * generated values); after that they are what was written. For a delete, the old values.
   */
  readonly values: RecordData;
  /**
   * The database handle. In `before*` and `after*` hooks it is scoped to the write's
   * transaction: what hooks read and write through it commits or rolls back with the record.
   * In commit and rollback hooks it is the ordinary handle.
   */
  readonly db: Database;
  /**
   * Files of the write: `stored`, new files written to storage (deleted again on rollback);
   * `replaced`, files the write dropped (deleted from storage after commit).
   */
  readonly files: { readonly stored: string[]; readonly replaced: string[] };
  /**
   * True for a write another write caused: a cascaded delete, or the update that removes a
   * reference to a deleted record. Such updates write only the changed columns.
   */
  readonly cascade: boolean;
  /**
   * Set by a `beforeDelete` hook to leave the deleted record's files in storage: a feature
   * that keeps deleted records to restore them (Recently deleted, ADR 067) deletes them later
   * itself. Unset, they go once the delete has committed (ADR 013).
   */
  keepFiles?: boolean;
  /**
   * True for a create that brings back a record deleted earlier, as it was stored (Recently
   * deleted, ADR 067): no before hook runs (its values are final), its after and commit hooks
   * do (search, realtime, caches); a hook that records the write itself (a revision) skips it.
   */
  readonly restored?: boolean;
  /**
   * The body of a create or update as the client sent it, keys no field stores included (a
   * proof of work, a honeypot); absent for deletes and cascaded writes. Read only.
   */
  readonly input?: Readonly<RecordData>;
  /**
   * In `before*` and `after*` hooks: updates another record in this write's transaction with
   * `changes` over its stored values, as a cascaded write (no access rule, its own hooks, only
   * the changed columns), as the removal of a reference to a deleted record is. Nothing when
   * the record is gone. A relation kept in step both ways (a post's translation) uses it.
   */
  readonly updateRelated?: (
    collection: Collection,
    id: string,
    changes: Readonly<RecordData>,
  ) => Promise<void>;
  /**
   * Set by a `beforeCreate` hook to answer the create without writing it (ADR 061). The
   * write is validated as any other; then nothing is stored, no after or commit hook runs and
   * its rollback hooks do, `committed` runs once the transaction has committed, and the create
   * answers the record as its request would see it, with `values` over `event.values`.
   */
  standIn?: StandIn;
}

/** A create answered without being written; see {@link RecordEvent.standIn}. */
export interface StandIn {
  /** Values the answer shows instead of those validated (an address put back). */
  values: RecordData;
  /** Runs after the commit of the transaction the create was in (a mail to send). */
  committed?: () => Promise<void> | void;
}

/** A lifecycle hook; it may be async. */
export type RecordHook = (event: RecordEvent) => Promise<void> | void;

/** Where and when a hook applies. */
export interface RecordHookOptions {
  /**
   * Collection names or ids the hook applies to; omitted (or empty) for all collections.
   */
  collections?: readonly string[];
  /** Lower runs first; ties run in registration order. Default 0. */
  priority?: number;
}

interface Registration {
  hook: RecordHook;
  collections: ReadonlySet<string> | null;
  priority: number;
  seq: number;
}

/** Reports an error of a commit or rollback hook (the write stands). */
export type RecordHookErrorReporter = (error: unknown, hook: RecordHookName) => void;

/**
 * The hook registry of the record lifecycle. One instance serves a {@link RecordService} and
 * every transaction-scoped copy of it; register hooks at start-up, before requests are served.
 */
export class RecordHooks {
  private readonly byName = new Map<RecordHookName, Registration[]>();
  private seq = 0;
  /**
   * Receives the errors of commit and rollback hooks, which never reach the client (the write
   * has been acknowledged, or has already failed). Default: `console.error`.
   */
  onError: RecordHookErrorReporter = (error, hook) => {
    console.error(`record hook ${hook} failed`, error);
  };

  /**
   * Registers `hook` under one name or several; returns the function that unregisters it.
   *
   * @example
   * ```ts
   * hooks.on("beforeCreate", (e) => { e.values.date ||= today(); }, { collections: ["entries"] });
   * ```
   */
  on(
    names: RecordHookName | readonly RecordHookName[],
    hook: RecordHook,
    options: RecordHookOptions = {},
  ): () => void {
    const list = typeof names === "string" ? [names] : names;
    const registration: Registration = {
      hook,
      collections: options.collections?.length ? new Set(options.collections) : null,
      priority: options.priority ?? 0,
      seq: this.seq++,
    };
    for (const name of list) {
      const hooks = [...(this.byName.get(name) ?? []), registration];
      hooks.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
      this.byName.set(name, hooks);
    }
    return () => {
      for (const name of list) {
        this.byName.set(
          name,
          (this.byName.get(name) ?? []).filter((r) => r !== registration),
        );
      }
    };
  }

  /**
   * Runs the hooks of `name` for the event, one after the other; the first error stops the
   * chain and propagates (for `before*`/`after*` hooks, that aborts the write).
   */
  async run(name: RecordHookName, event: RecordEvent): Promise<void> {
    for (const { hook } of this.matching(name, event.collection)) await hook(event);
  }

  /**
   * Runs the hooks of `name` for the event, each one whatever the others do; errors go to
   * {@link RecordHooks.onError}. For commit and rollback hooks.
   */
  async runSettled(name: RecordHookName, event: RecordEvent): Promise<void> {
    for (const { hook } of this.matching(name, event.collection)) {
      try {
        await hook(event);
      } catch (error) {
        try {
          this.onError(error, name);
        } catch {
          // A failing reporter must not fail a committed write either.
        }
      }
    }
  }

  private matching(name: RecordHookName, collection: Collection): Registration[] {
    return (this.byName.get(name) ?? []).filter(
      (r) =>
        !r.collections || r.collections.has(collection.name) || r.collections.has(collection.id),
    );
  }
}

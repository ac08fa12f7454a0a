/**
 * A unit of work: record writes joined into one transaction (one write, or a whole batch),
 * with what must wait for the commit and what undoes their side effects after a rollback.
 */
import type { Database } from "../../data/db.ts";
import { hookName, type RecordEvent, type RecordHooks } from "./record-hooks.ts";

/** The pending work of one transaction. */
export interface UnitOfWork {
  /** Run, in order, once the transaction has committed. */
  readonly afterCommit: (() => Promise<void>)[];
  /** Run, in order, once the transaction has rolled back. */
  readonly afterRollback: (() => Promise<void>)[];
}

/**
 * Runs `work` in a new transaction with a fresh unit of work, then its commit or rollback
 * work. `work` receives the transaction-scoped database; whatever it queries must go through
 * it (SQLite has one connection, held by the transaction).
 */
export async function runInUnit<T>(
  db: Database,
  work: (scoped: Database, unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  const unit: UnitOfWork = { afterCommit: [], afterRollback: [] };
  let result: T;
  try {
    result = await db.kysely.transaction().execute((trx) => work({ ...db, kysely: trx }, unit));
  } catch (error) {
    for (const undo of unit.afterRollback) await undo();
    throw error;
  }
  for (const done of unit.afterCommit) await done();
  return result;
}

/**
 * The lifecycle of one record write inside a unit of work: its `before*` and `after*` hooks
 * run when the write calls them; its commit hooks are queued once the after hooks have passed,
 * and its rollback hooks run if the unit rolls back (or at once when the write fails inside a
 * unit it does not own, a batch, which is then bound to roll back). Each runs at most once.
 */
export class PendingWrite {
  /** The event every hook of this write receives. */
  readonly event: RecordEvent;
  private readonly hooks: RecordHooks;
  private readonly unit: UnitOfWork;
  private readonly root: Database;
  private readonly nested: boolean;
  private settled = false;

  /**
   * @param root the ordinary database handle, given to commit and rollback hooks
   * @param nested whether the unit belongs to an outer caller (a batch)
   */
  constructor(
    hooks: RecordHooks,
    unit: UnitOfWork,
    root: Database,
    event: RecordEvent,
    nested: boolean,
  ) {
    this.hooks = hooks;
    this.unit = unit;
    this.root = root;
    this.event = event;
    this.nested = nested;
    unit.afterRollback.push(() => this.settle("afterRollback"));
  }

  /** Runs the `before*` hooks (inside the transaction); an error aborts the write. */
  async before(): Promise<void> {
    await this.hooks.run(hookName(this.event.action, "before"), this.event);
  }

  /** Runs the `after*` hooks (inside the transaction), then queues the commit hooks. */
  async after(): Promise<void> {
    await this.hooks.run(hookName(this.event.action, "after"), this.event);
    this.unit.afterCommit.push(() => this.settle("afterCommit"));
  }

  /** Tells the lifecycle the write will not be stored, whatever its unit does: rollback hooks run now. */
  async discard(): Promise<void> {
    await this.settle("afterRollback");
  }

  /** Tells the lifecycle the write failed: inside a batch, its rollback hooks run now. */
  async failed(): Promise<void> {
    if (this.nested) await this.settle("afterRollback");
  }

  private async settle(phase: "afterCommit" | "afterRollback"): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    const event: RecordEvent = { ...this.event, db: this.root };
    await this.hooks.runSettled(hookName(this.event.action, phase), event);
  }
}

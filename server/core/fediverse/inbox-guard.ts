/** Whether an inbox post comes from someone a local actor blocked (ADR 071). */
import type { Database } from "../../data/db.ts";
import { isBlocked } from "../../data/repositories/fediverse-repository.ts";

/** The blocks of the local actors an activity is for. */
export class InboxGuard {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Whether one of `locals` blocked the remote actor `actor` or its server `host`. */
  async refused(locals: readonly string[], actor: string, host: string): Promise<boolean> {
    for (const local of locals) {
      if (await isBlocked(this.db.kysely, local, actor, host)) return true;
    }
    return false;
  }
}

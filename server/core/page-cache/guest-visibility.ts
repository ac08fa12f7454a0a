/**
 * Whether a committed record write can change what a guest sees: the record was visible to a
 * guest before the write or is after it, under the collection's view (or list) rule evaluated
 * for a request without auth. Pages for guests read data only through the API's rules (ADR
 * 014), so a write to a record no guest could see before or after (a private entry, a draft
 * post saved again, an item, a revision) leaves every anonymous page as it was, and the page
 * cache keeps its entries.
 *
 * The old state is evaluated as a virtual row of the values before the write (the stored row
 * is gone or changed by then); the new state on the committed row. A rule that folds to a
 * constant for guests (`""`: everyone; `null`: superusers only) costs no query.
 */
import { sql } from "kysely";
import { rowMatches, virtualRowMatches } from "../../data/repositories/record-repository.ts";
import type { Database } from "../../data/db.ts";
import type { Condition } from "../../tools/search/index.ts";
import type { Collection } from "../models/collection.ts";
import type { RecordEvent } from "../records/record-hooks.ts";
import { guestRequest, type RecordData } from "../records/request-info.ts";
import type { RecordService } from "../records/record-service.ts";
import { toStoredValue } from "../records/values.ts";

/** The rules that let someone read a record: view (by id) and list. */
function readRules(collection: Collection): string[] {
  return [collection.viewRule, collection.listRule].filter(
    (rule): rule is string => typeof rule === "string",
  );
}

/** Decides whether record writes reach guests (see the module comment). */
export class GuestVisibility {
  private readonly records: Pick<RecordService, "ruleCondition">;
  private readonly db: () => Database;

  /** `db` is read at each check (the service's handle, outside any transaction). */
  constructor(records: Pick<RecordService, "ruleCondition">, db: () => Database) {
    this.records = records;
    this.db = db;
  }

  /** The guest's condition of each read rule (true, false, or SQL over the main alias). */
  private conditions(collection: Collection): Condition[] {
    return readRules(collection).map((rule) =>
      rule === "" ? true : this.records.ruleCondition(collection, rule, guestRequest()),
    );
  }

  /** Whether a guest could read the record before or after this committed write. */
  async touchesGuests(
    event: Pick<RecordEvent, "action" | "collection" | "id" | "old">,
  ): Promise<boolean> {
    const conditions = this.conditions(event.collection);
    if (conditions.length === 0 || conditions.every((c) => c === false)) return false;
    if (conditions.some((c) => c === true)) return true;
    if (
      event.action !== "delete" &&
      (await this.storedMatches(event.collection, event.id, conditions))
    )
      return true;
    return event.old !== null && this.valuesMatch(event.collection, event.old, conditions);
  }

  private async storedMatches(
    collection: Collection,
    id: string,
    conditions: readonly Condition[],
  ): Promise<boolean> {
    const kysely = this.db().kysely;
    for (const condition of conditions) {
      if (typeof condition === "boolean") continue;
      if (await rowMatches(kysely, collection, id, condition)) return true;
    }
    return false;
  }

  private async valuesMatch(
    collection: Collection,
    values: RecordData,
    conditions: readonly Condition[],
  ): Promise<boolean> {
    const db = this.db();
    const columns = collection.fields.map((field) => ({
      name: field.name,
      value: db.dialect.castParam(field, sql`${toStoredValue(field, values[field.name])}`),
    }));
    for (const condition of conditions) {
      if (typeof condition === "boolean") continue;
      if (await virtualRowMatches(db.kysely, columns, condition)) return true;
    }
    return false;
  }
}

/**
 * Counts of a list field's values (the blog's tags, `GET /api/posts/tags`): how many rows
 * matching a condition (a rule's SQL over the main alias) carry each value, in one statement
 * on either engine (the dialect unnests the JSON list).
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Collection } from "../../core/models/collection.ts";
import type { AnyDB } from "../db.ts";
import type { DataDialect } from "../dialects/data-dialect.ts";
import { MAIN_ALIAS } from "./record-repository.ts";

/** One value and how many rows carry it. */
export interface ValueCount {
  value: string;
  count: number;
}

/**
 * The values of the list field `field` over the rows of `collection` matching `condition`
 * (true: every row), each with its number of rows, most used first, then by value.
 */
export async function countListValues(
  db: Kysely<AnyDB>,
  dialect: DataDialect,
  collection: Collection,
  field: string,
  condition: RawBuilder<unknown> | true,
): Promise<ValueCount[]> {
  const each = dialect.jsonEach(sql.ref(`${MAIN_ALIAS}.${field}`), "_v");
  const where = condition === true ? sql`` : sql`WHERE ${condition}`;
  const result = await sql<{ value: string; count: number | string }>`
    SELECT ${each.value} AS "value", COUNT(DISTINCT ${sql.ref(`${MAIN_ALIAS}.id`)}) AS "count"
    FROM ${sql.table(collection.name)} AS ${sql.id(MAIN_ALIAS)}, ${each.from}
    ${where}
    GROUP BY 1 ORDER BY 2 DESC, 1`.execute(db);
  return result.rows
    .filter((row) => typeof row.value === "string" && row.value !== "")
    .map((row) => ({ value: row.value, count: Number(row.count) }));
}

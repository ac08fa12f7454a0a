/** Lookups in `_externalAuths` (links between auth records and OAuth2 identities). */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";
import type { Row } from "./record-repository.ts";

const TABLE = "_externalAuths";

/** The link of one provider identity in an auth collection, if any. */
export async function findExternalAuth(
  db: Kysely<AnyDB>,
  link: { collectionRef: string; provider: string; providerId: string },
): Promise<Row | undefined> {
  const result =
    await sql<Row>`SELECT * FROM ${sql.table(TABLE)} WHERE ${sql.id("collectionRef")} = ${link.collectionRef} AND ${sql.id("provider")} = ${link.provider} AND ${sql.id("providerId")} = ${link.providerId} LIMIT 1`.execute(
      db,
    );
  return result.rows[0];
}

/** Deletes every identity linked to one account and returns the deleted rows. */
export async function deleteExternalAuthsOf(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<Row[]> {
  const result =
    await sql<Row>`DELETE FROM ${sql.table(TABLE)} WHERE ${sql.id("collectionRef")} = ${collectionRef} AND ${sql.id("recordRef")} = ${recordRef} RETURNING *`.execute(
      db,
    );
  return result.rows;
}

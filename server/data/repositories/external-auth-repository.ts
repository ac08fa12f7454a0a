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

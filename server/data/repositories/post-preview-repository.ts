/** The post a private preview link names, by the link's secret (issue 25). */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";
import type { Row } from "./record-repository.ts";

/** The post whose `previewToken` is `token` (never an empty one), or undefined. */
export async function findPostByPreviewToken(
  db: Kysely<AnyDB>,
  token: string,
): Promise<Row | undefined> {
  if (token === "") return undefined;
  const result =
    await sql<Row>`SELECT * FROM "posts" WHERE "previewToken" = ${token} AND "previewToken" != '' LIMIT 1`.execute(
      db,
    );
  return result.rows[0];
}

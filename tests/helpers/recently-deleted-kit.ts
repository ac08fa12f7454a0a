/**
 * Helpers of the Recently deleted tests (ADR 067): the list as an account reads it, whether a
 * record's file is still in storage, and what the tables hold for an item.
 */
import { sql } from "kysely";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { TestApp } from "./test-app.ts";
import type { DeletedItem, DeletedPage } from "#shared/records/recently-deleted.ts";

export type { DeletedItem, DeletedPage };

/** `GET /api/deleted` as `token`; throws unless 200. */
export async function deletedList(app: TestApp, token: string, query = ""): Promise<DeletedPage> {
  const res = await app.http.inject({
    method: "GET",
    url: `/api/deleted${query}`,
    headers: { authorization: token },
  });
  if (res.statusCode !== 200)
    throw new Error(`list failed (${String(res.statusCode)}): ${res.body}`);
  return res.json<DeletedPage>();
}

/** The item of `record` in the list of `token`, if it is there. */
export async function itemOf(
  app: TestApp,
  token: string,
  record: string,
): Promise<DeletedItem | undefined> {
  return (await deletedList(app, token, "?perPage=1000")).items.find((i) => i.record === record);
}

/** Whether the file `name` of the record is in storage. */
export function stored(app: TestApp, collection: string, record: string, name: string) {
  return app.storage.exists(`${requireCollection(collection).id}/${record}/${name}`);
}

/** How many rows the tables hold for the item (its own, and those kept with it). */
export async function keptRows(app: TestApp, item: string): Promise<{ own: number; with: number }> {
  const own = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS "n" FROM "_deleted" WHERE "id" = ${item}`.execute(app.db.kysely);
  const kept = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS "n" FROM "_deletedRows" WHERE "item" = ${item}`.execute(app.db.kysely);
  return { own: Number(own.rows[0]?.n ?? 0), with: Number(kept.rows[0]?.n ?? 0) };
}

/**
 * SQL of email subscriptions (ADR 065): the subscribers a message goes to, walked in id
 * order one address once; `_mailings` (each post, entry or digest mailed once) and
 * `_deliveries` (each message to each address, written before it is sent).
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** One subscription as the sending reads it. */
export interface SubscriberRow {
  id: string;
  email: string;
  target: string;
  locale: string;
  status: string;
  frequency: string;
}

/** Where a delivery stands: written before the send, `sent` or `refused` after. */
export type DeliveryState = "sending" | "sent" | "refused";

/**
 * Records that `message` is mailed; false when it was already (publishing a post again,
 * a second instance noticing the same post).
 */
export async function insertMailing(
  db: Kysely<AnyDB>,
  message: string,
  now: string,
): Promise<boolean> {
  const inserted = await sql<{ message: string }>`
    INSERT INTO "_mailings" ("message", "created") VALUES (${message}, ${now})
    ON CONFLICT ("message") DO NOTHING RETURNING "message"`.execute(db);
  return inserted.rows.length > 0;
}

/**
 * A page of the addresses subscribed to one of `targets` (any target when null) with
 * `frequency`, confirmed: each address once, as its first subscription's id, in that order,
 * after `afterId`.
 */
export async function findRecipientPage(
  db: Kysely<AnyDB>,
  query: { targets: readonly string[] | null; frequency: string; afterId: string; limit: number },
): Promise<{ id: string; email: string }[]> {
  const targets =
    query.targets === null
      ? sql``
      : query.targets.length === 0
        ? sql`AND 1 = 0`
        : sql`AND "target" IN (${sql.join(query.targets)})`;
  const rows = await sql<{ id: string; email: string }>`
    SELECT MIN("id") AS "id", "email" FROM "subscriptions"
    WHERE "status" = 'confirmed' AND "frequency" = ${query.frequency} ${targets}
    GROUP BY "email" HAVING MIN("id") > ${query.afterId}
    ORDER BY MIN("id") LIMIT ${query.limit}`.execute(db);
  return rows.rows;
}

/** The subscriptions of these ids. */
export async function findSubscribersByIds(
  db: Kysely<AnyDB>,
  ids: readonly string[],
): Promise<SubscriberRow[]> {
  if (ids.length === 0) return [];
  const rows = await sql<SubscriberRow>`
    SELECT "id", "email", "target", "locale", "status", "frequency" FROM "subscriptions"
    WHERE "id" IN (${sql.join(ids)}) ORDER BY "id"`.execute(db);
  return rows.rows;
}

/** Every subscription of `email` (lower-cased), by id. */
export async function findSubscriptionsByEmail(
  db: Kysely<AnyDB>,
  email: string,
  frequency?: string,
): Promise<SubscriberRow[]> {
  const only = frequency === undefined ? sql`` : sql`AND "frequency" = ${frequency}`;
  const rows = await sql<SubscriberRow>`
    SELECT "id", "email", "target", "locale", "status", "frequency" FROM "subscriptions"
    WHERE "email" = ${email} ${only} ORDER BY "id"`.execute(db);
  return rows.rows;
}

/** Sets the status of `email`'s subscriptions to `targets` (all of them when null). */
export async function setSubscriptionStatus(
  db: Kysely<AnyDB>,
  change: {
    email: string;
    targets: readonly string[] | null;
    from: readonly string[];
    status: string;
    now: string;
  },
): Promise<number> {
  const targets =
    change.targets === null
      ? sql``
      : change.targets.length === 0
        ? sql`AND 1 = 0`
        : sql`AND "target" IN (${sql.join(change.targets)})`;
  const result = await sql`
    UPDATE "subscriptions" SET "status" = ${change.status}, "updated" = ${change.now}
    WHERE "email" = ${change.email} AND "status" IN (${sql.join(change.from)}) ${targets}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Takes the delivery of `message` to `email` for sending: writes it `sending` and answers
 * `"sending"`, or answers the state it had (`"sending"` again for the message that was in
 * flight when a send stopped; `"sent"` or `"refused"` once done).
 */
export async function takeDelivery(
  db: Kysely<AnyDB>,
  message: string,
  email: string,
  now: string,
): Promise<DeliveryState> {
  const inserted = await sql<{ state: DeliveryState }>`
    INSERT INTO "_deliveries" ("message", "email", "state", "created", "updated")
    VALUES (${message}, ${email}, 'sending', ${now}, ${now})
    ON CONFLICT ("message", "email") DO NOTHING RETURNING "state"`.execute(db);
  if (inserted.rows[0]) return "sending";
  const existing = await sql<{ state: DeliveryState }>`
    SELECT "state" FROM "_deliveries" WHERE "message" = ${message} AND "email" = ${email}`.execute(
    db,
  );
  return existing.rows[0]?.state ?? "sending";
}

/** Records how a delivery ended. */
export async function settleDelivery(
  db: Kysely<AnyDB>,
  message: string,
  email: string,
  state: DeliveryState,
  now: string,
): Promise<void> {
  await sql`UPDATE "_deliveries" SET "state" = ${state}, "updated" = ${now}
    WHERE "message" = ${message} AND "email" = ${email}`.execute(db);
}

/** Every subscription to `target`, by id, with when it was made (the owner's export). */
export async function findSubscriptionsByTarget(
  db: Kysely<AnyDB>,
  target: string,
): Promise<(SubscriberRow & { created: string })[]> {
  const rows = await sql<SubscriberRow & { created: string }>`
    SELECT "id", "email", "target", "locale", "status", "frequency", "created" FROM "subscriptions"
    WHERE "target" = ${target} ORDER BY "id"`.execute(db);
  return rows.rows;
}

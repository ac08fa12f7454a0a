/**
 * The fediverse's system tables (ADR 071): Fedify's key-value store, local actors' keys and
 * settings, followers, blocks and failing inboxes. Dates are ISO strings with a space.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

const stamp = (date = new Date()) => date.toISOString().replace("T", " ");

// --- key-value store ---------------------------------------------------------------------

/** A stored value (JSON text), unless missing or expired. */
export async function kvGet(db: Kysely<AnyDB>, key: string): Promise<string | undefined> {
  const now = stamp();
  const result = await sql<{ value: string }>`SELECT "value" FROM "_fediverse_kv"
    WHERE "key" = ${key} AND ("expires" IS NULL OR "expires" > ${now})`.execute(db);
  return result.rows[0]?.value;
}

/** Writes a value, with its expiry (or none). */
export async function kvSet(
  db: Kysely<AnyDB>,
  key: string,
  value: string,
  expires: Date | null,
): Promise<void> {
  const until = expires ? stamp(expires) : null;
  await sql`INSERT INTO "_fediverse_kv" ("key", "value", "expires") VALUES (${key}, ${value}, ${until})
    ON CONFLICT ("key") DO UPDATE SET "value" = ${value}, "expires" = ${until}`.execute(db);
}

/** Deletes a value. */
export async function kvDelete(db: Kysely<AnyDB>, key: string): Promise<void> {
  await sql`DELETE FROM "_fediverse_kv" WHERE "key" = ${key}`.execute(db);
}

/**
 * Compare and swap: writes `value` (or deletes, when undefined) only if the stored value is
 * `expected` (or absent, when undefined); answers whether it did. One statement each, so two
 * instances never both win.
 */
export async function kvSwap(
  db: Kysely<AnyDB>,
  key: string,
  expected: string | undefined,
  value: string | undefined,
  expires: Date | null,
): Promise<boolean> {
  const now = stamp();
  const until = expires ? stamp(expires) : null;
  if (expected === undefined) {
    // Absent (or expired): clear an expired row, then insert if none.
    await sql`DELETE FROM "_fediverse_kv" WHERE "key" = ${key} AND "expires" IS NOT NULL AND "expires" <= ${now}`.execute(
      db,
    );
    if (value === undefined) {
      const row = await kvGet(db, key);
      return row === undefined;
    }
    const inserted = await sql<{
      key: string;
    }>`INSERT INTO "_fediverse_kv" ("key", "value", "expires")
      VALUES (${key}, ${value}, ${until}) ON CONFLICT ("key") DO NOTHING RETURNING "key"`.execute(
      db,
    );
    return inserted.rows.length === 1;
  }
  const live = sql`("expires" IS NULL OR "expires" > ${now})`;
  if (value === undefined) {
    const deleted = await sql<{ key: string }>`DELETE FROM "_fediverse_kv"
      WHERE "key" = ${key} AND "value" = ${expected} AND ${live} RETURNING "key"`.execute(db);
    return deleted.rows.length === 1;
  }
  const updated = await sql<{
    key: string;
  }>`UPDATE "_fediverse_kv" SET "value" = ${value}, "expires" = ${until}
    WHERE "key" = ${key} AND "value" = ${expected} AND ${live} RETURNING "key"`.execute(db);
  return updated.rows.length === 1;
}

/** Live entries whose key starts with `prefix` (exactly, as stored). */
export async function kvList(
  db: Kysely<AnyDB>,
  exact: string,
  prefix: string,
): Promise<{ key: string; value: string }[]> {
  const now = stamp();
  const result = await sql<{
    key: string;
    value: string;
  }>`SELECT "key", "value" FROM "_fediverse_kv"
    WHERE ("key" = ${exact} OR substr("key", 1, ${prefix.length}) = ${prefix})
      AND ("expires" IS NULL OR "expires" > ${now})
    ORDER BY "key"`.execute(db);
  return result.rows;
}

/** Deletes expired values; answers how many. */
export async function kvPrune(db: Kysely<AnyDB>): Promise<number> {
  const result =
    await sql`DELETE FROM "_fediverse_kv" WHERE "expires" IS NOT NULL AND "expires" <= ${stamp()}`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

// --- local actors --------------------------------------------------------------------------

/** A local actor's row. */
export interface ActorRow {
  id: string;
  /** JSON: the key pairs as JWK (`[]` until made). */
  keys: string;
  approveFollowers: boolean;
}

/** A local actor's row, if it was ever written. */
export async function findActorRow(db: Kysely<AnyDB>, id: string): Promise<ActorRow | undefined> {
  const result = await sql<{
    id: string;
    keys: string;
    approveFollowers: number;
  }>`SELECT "id", "keys", "approveFollowers" FROM "_fediverse_actors" WHERE "id" = ${id}`.execute(
    db,
  );
  const row = result.rows[0];
  return row && { id: row.id, keys: row.keys, approveFollowers: row.approveFollowers === 1 };
}

/** Stores an actor's keys unless it has some already (the first writer wins). */
export async function saveActorKeys(db: Kysely<AnyDB>, id: string, keys: string): Promise<void> {
  await sql`INSERT INTO "_fediverse_actors" ("id", "keys", "approveFollowers", "created")
    VALUES (${id}, ${keys}, 0, ${stamp()})
    ON CONFLICT ("id") DO UPDATE SET "keys" = ${keys} WHERE "_fediverse_actors"."keys" = ''`.execute(
    db,
  );
}

/** Sets whether an actor's followers wait for approval. */
export async function saveApproveFollowers(
  db: Kysely<AnyDB>,
  id: string,
  approve: boolean,
): Promise<void> {
  const flag = approve ? 1 : 0;
  await sql`INSERT INTO "_fediverse_actors" ("id", "keys", "approveFollowers", "created")
    VALUES (${id}, '', ${flag}, ${stamp()})
    ON CONFLICT ("id") DO UPDATE SET "approveFollowers" = ${flag}`.execute(db);
}

// --- followers -----------------------------------------------------------------------------

/** A remote follower of a local actor. */
export interface FollowerRow {
  actor: string;
  follower: string;
  followId: string;
  inbox: string;
  sharedInbox: string;
  name: string;
  handle: string;
  avatar: string;
  url: string;
  status: "pending" | "accepted";
  created: string;
}

/** Writes a follower (a new Follow replaces an older one of the same remote actor). */
export async function saveFollower(
  db: Kysely<AnyDB>,
  row: Omit<FollowerRow, "created">,
): Promise<void> {
  const now = stamp();
  await sql`INSERT INTO "_fediverse_followers"
    ("actor", "follower", "followId", "inbox", "sharedInbox", "name", "handle", "avatar", "url", "status", "created")
    VALUES (${row.actor}, ${row.follower}, ${row.followId}, ${row.inbox}, ${row.sharedInbox}, ${row.name},
      ${row.handle}, ${row.avatar}, ${row.url}, ${row.status}, ${now})
    ON CONFLICT ("actor", "follower") DO UPDATE SET "followId" = ${row.followId}, "inbox" = ${row.inbox},
      "sharedInbox" = ${row.sharedInbox}, "name" = ${row.name}, "handle" = ${row.handle},
      "avatar" = ${row.avatar}, "url" = ${row.url},
      "status" = CASE WHEN "_fediverse_followers"."status" = 'accepted' THEN 'accepted' ELSE ${row.status} END`.execute(
    db,
  );
}

/** One follower of an actor. */
export async function findFollower(
  db: Kysely<AnyDB>,
  actor: string,
  follower: string,
): Promise<FollowerRow | undefined> {
  const result = await sql<FollowerRow>`SELECT * FROM "_fediverse_followers"
    WHERE "actor" = ${actor} AND "follower" = ${follower}`.execute(db);
  return result.rows[0];
}

/** Marks a pending follower accepted; answers whether one was. */
export async function acceptFollower(
  db: Kysely<AnyDB>,
  actor: string,
  follower: string,
): Promise<boolean> {
  const result = await sql`UPDATE "_fediverse_followers" SET "status" = 'accepted'
    WHERE "actor" = ${actor} AND "follower" = ${follower} AND "status" = 'pending'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Removes a follower; answers whether there was one. */
export async function deleteFollower(
  db: Kysely<AnyDB>,
  actor: string,
  follower: string,
): Promise<boolean> {
  const result = await sql`DELETE FROM "_fediverse_followers"
    WHERE "actor" = ${actor} AND "follower" = ${follower}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Removes a remote actor from every local actor's followers (its account was deleted). */
export async function deleteRemoteActor(db: Kysely<AnyDB>, follower: string): Promise<void> {
  await sql`DELETE FROM "_fediverse_followers" WHERE "follower" = ${follower}`.execute(db);
}

/** Removes an actor's followers whose id is on `host` (a domain block); answers how many. */
export async function deleteFollowersOfHost(
  db: Kysely<AnyDB>,
  actor: string,
  host: string,
): Promise<number> {
  const result = await sql`DELETE FROM "_fediverse_followers" WHERE "actor" = ${actor}
    AND ("follower" LIKE ${`https://${host}/%`} OR "follower" LIKE ${`http://${host}/%`})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** Removes every follower delivered through `inbox` (gone for good); answers how many. */
export async function deleteFollowersOfInbox(db: Kysely<AnyDB>, inbox: string): Promise<number> {
  const result = await sql`DELETE FROM "_fediverse_followers"
    WHERE "inbox" = ${inbox} OR "sharedInbox" = ${inbox}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** An actor's followers, newest first, of one status or all. */
export async function listFollowers(
  db: Kysely<AnyDB>,
  actor: string,
  options: { status?: FollowerRow["status"]; limit: number; offset: number },
): Promise<FollowerRow[]> {
  const status = options.status ? sql`AND "status" = ${options.status}` : sql``;
  const result =
    await sql<FollowerRow>`SELECT * FROM "_fediverse_followers" WHERE "actor" = ${actor}
    ${status}
    ORDER BY "created" DESC, "follower" LIMIT ${options.limit} OFFSET ${options.offset}`.execute(
      db,
    );
  return result.rows;
}

/** How many followers an actor has, by status. */
export async function countFollowers(
  db: Kysely<AnyDB>,
  actor: string,
): Promise<{ accepted: number; pending: number }> {
  const result = await sql<{ status: string; n: number | string }>`SELECT "status", COUNT(*) AS "n"
    FROM "_fediverse_followers" WHERE "actor" = ${actor} GROUP BY "status"`.execute(db);
  const count = (status: string) => Number(result.rows.find((r) => r.status === status)?.n ?? 0);
  return { accepted: count("accepted"), pending: count("pending") };
}

// --- blocks --------------------------------------------------------------------------------

/** What a local actor blocked: a remote actor (its id) or a domain (its host). */
export interface BlockRow {
  kind: "actor" | "domain";
  value: string;
  created: string;
}

/** Adds a block (again is a no-op). */
export async function saveBlock(
  db: Kysely<AnyDB>,
  actor: string,
  kind: BlockRow["kind"],
  value: string,
): Promise<void> {
  await sql`INSERT INTO "_fediverse_blocks" ("actor", "kind", "value", "created")
    VALUES (${actor}, ${kind}, ${value}, ${stamp()}) ON CONFLICT DO NOTHING`.execute(db);
}

/** Lifts a block; answers whether there was one. */
export async function deleteBlock(
  db: Kysely<AnyDB>,
  actor: string,
  kind: BlockRow["kind"],
  value: string,
): Promise<boolean> {
  const result = await sql`DELETE FROM "_fediverse_blocks"
    WHERE "actor" = ${actor} AND "kind" = ${kind} AND "value" = ${value}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** An actor's blocks, newest first. */
export async function listBlocks(db: Kysely<AnyDB>, actor: string): Promise<BlockRow[]> {
  const result = await sql<BlockRow>`SELECT "kind", "value", "created" FROM "_fediverse_blocks"
    WHERE "actor" = ${actor} ORDER BY "created" DESC, "value"`.execute(db);
  return result.rows;
}

/** Whether `actor` blocked the remote actor `remote` or its host. */
export async function isBlocked(
  db: Kysely<AnyDB>,
  actor: string,
  remote: string,
  host: string,
): Promise<boolean> {
  const result = await sql<{
    kind: string;
  }>`SELECT "kind" FROM "_fediverse_blocks" WHERE "actor" = ${actor}
    AND (("kind" = 'actor' AND "value" = ${remote}) OR ("kind" = 'domain' AND "value" = ${host}))`.execute(
    db,
  );
  return result.rows.length > 0;
}

/** Whether any local actor blocked the remote actor or its host (the shared inbox). */
export async function isBlockedByAnyone(
  db: Kysely<AnyDB>,
  remote: string,
  host: string,
): Promise<boolean> {
  const result = await sql<{ kind: string }>`SELECT "kind" FROM "_fediverse_blocks"
    WHERE ("kind" = 'actor' AND "value" = ${remote}) OR ("kind" = 'domain' AND "value" = ${host})
    LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

// --- failing inboxes -----------------------------------------------------------------------

/** Notes a failed delivery; answers since when the inbox has been failing. */
export async function noteInboxFailure(db: Kysely<AnyDB>, inbox: string): Promise<string> {
  await sql`INSERT INTO "_fediverse_inboxes" ("inbox", "failingSince") VALUES (${inbox}, ${stamp()})
    ON CONFLICT ("inbox") DO NOTHING`.execute(db);
  const result = await sql<{ failingSince: string }>`SELECT "failingSince" FROM "_fediverse_inboxes"
    WHERE "inbox" = ${inbox}`.execute(db);
  return result.rows[0]?.failingSince ?? stamp();
}

/** Forgets an inbox's failures (a delivery went through, or it was dropped). */
export async function clearInboxFailure(db: Kysely<AnyDB>, inbox: string): Promise<void> {
  await sql`DELETE FROM "_fediverse_inboxes" WHERE "inbox" = ${inbox}`.execute(db);
}

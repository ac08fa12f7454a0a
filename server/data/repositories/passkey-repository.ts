/**
 * Passkeys (ADR 052): the statements of the `passkeys` collection that only the server runs
 * (finding a credential, moving its counter), and `_passkeyChallenges`, the challenges
 * waiting for an authenticator's answer. Taking a challenge is one `DELETE … RETURNING`, so
 * of two requests with the same challenge only one gets it.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";
import type { Row } from "./record-repository.ts";

/** What a challenge is for. */
export type PasskeyChallengeKind = "register" | "authenticate";

/** A challenge waiting for its answer. */
export interface PasskeyChallengeRow {
  /** The `challengeId` of a sign-in. */
  id: string;
  /** base64url of the random challenge the authenticator signs. */
  challenge: string;
  kind: PasskeyChallengeKind;
  collectionRef: string;
  /** The account (a registration's, or the pending sign-in's); `""` for a usernameless one. */
  recordRef: string;
  created: string;
}

/** Stores a challenge. */
export async function insertPasskeyChallenge(
  db: Kysely<AnyDB>,
  row: PasskeyChallengeRow,
): Promise<void> {
  await sql`INSERT INTO "_passkeyChallenges" ("id", "challenge", "kind", "collectionRef", "recordRef", "created") VALUES (${row.id}, ${row.challenge}, ${row.kind}, ${row.collectionRef}, ${row.recordRef}, ${row.created})`.execute(
    db,
  );
}

/** Takes (deletes and returns) the sign-in challenge `id`. */
export async function takePasskeyChallengeById(
  db: Kysely<AnyDB>,
  id: string,
  kind: PasskeyChallengeKind,
): Promise<PasskeyChallengeRow | undefined> {
  const result =
    await sql<PasskeyChallengeRow>`DELETE FROM "_passkeyChallenges" WHERE "id" = ${id} AND "kind" = ${kind} RETURNING *`.execute(
      db,
    );
  return result.rows[0];
}

/** Takes (deletes and returns) the challenge `challenge` of one account. */
export async function takePasskeyChallengeOf(
  db: Kysely<AnyDB>,
  challenge: string,
  kind: PasskeyChallengeKind,
  collectionRef: string,
  recordRef: string,
): Promise<PasskeyChallengeRow | undefined> {
  const result =
    await sql<PasskeyChallengeRow>`DELETE FROM "_passkeyChallenges" WHERE "challenge" = ${challenge} AND "kind" = ${kind} AND "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} RETURNING *`.execute(
      db,
    );
  return result.rows[0];
}

/** Deletes the challenges created before `before`; returns how many. */
export async function deletePasskeyChallengesBefore(
  db: Kysely<AnyDB>,
  before: string,
): Promise<number> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_passkeyChallenges" WHERE "created" < ${before} RETURNING "id"`.execute(db);
  return result.rows.length;
}

/** Deletes every challenge of one account (its registrations and pending sign-ins). */
export async function deletePasskeyChallengesOf(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<void> {
  await sql`DELETE FROM "_passkeyChallenges" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef}`.execute(
    db,
  );
}

/** A stored passkey, as the server verifies answers with it. */
export interface PasskeyCredentialRow {
  id: string;
  user: string;
  credentialId: string;
  /** base64url of the COSE public key. */
  publicKey: string;
  counter: number;
  transports: string[];
}

function transportsOf(value: unknown): string[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
}

type RawCredential = Omit<PasskeyCredentialRow, "counter" | "transports"> & {
  counter: number | string | null;
  transports: unknown;
};

function toCredential(row: RawCredential): PasskeyCredentialRow {
  return { ...row, counter: Number(row.counter ?? 0), transports: transportsOf(row.transports) };
}

/** The passkey of a credential id, if any. */
export async function findPasskeyByCredentialId(
  db: Kysely<AnyDB>,
  credentialId: string,
): Promise<PasskeyCredentialRow | undefined> {
  const result =
    await sql<RawCredential>`SELECT "id", "user", "credentialId", "publicKey", "counter", "transports" FROM "passkeys" WHERE "credentialId" = ${credentialId}`.execute(
      db,
    );
  const row = result.rows[0];
  return row ? toCredential(row) : undefined;
}

/** The passkeys of an account, oldest first. */
export async function listPasskeysOf(
  db: Kysely<AnyDB>,
  user: string,
): Promise<PasskeyCredentialRow[]> {
  const result =
    await sql<RawCredential>`SELECT "id", "user", "credentialId", "publicKey", "counter", "transports" FROM "passkeys" WHERE "user" = ${user} ORDER BY "created", "id"`.execute(
      db,
    );
  return result.rows.map(toCredential);
}

/**
 * Records a sign-in with passkey `id`: its new counter and when it was used, if its counter
 * is still `previous` (true). Of two concurrent sign-ins with one passkey, the second sees
 * the moved counter and gets false.
 */
export async function recordPasskeyUse(
  db: Kysely<AnyDB>,
  id: string,
  previous: number,
  counter: number,
  now: string,
): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`UPDATE "passkeys" SET "counter" = ${counter}, "lastUsed" = ${now}, "updated" = ${now} WHERE "id" = ${id} AND "counter" = ${previous} RETURNING "id"`.execute(
    db,
  );
  return result.rows.length > 0;
}

/** Deletes every passkey of `user` and returns the deleted rows. */
export async function deletePasskeysOf(db: Kysely<AnyDB>, user: string): Promise<Row[]> {
  const result = await sql<Row>`DELETE FROM "passkeys" WHERE "user" = ${user} RETURNING *`.execute(
    db,
  );
  return result.rows;
}

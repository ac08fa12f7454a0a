/**
 * Account security (ADR 046):
 * - `_mfas`: first factors waiting for their second (PocketBase's `_mfas`), one row per
 *   sign-in that answered `401 {mfaId}`, deleted when the second factor is given or expired;
 * - `_totps`: one authenticator (TOTP) secret per account, encrypted, with the last time step
 *   a code was accepted for (no code works twice); `enabled` is empty until a first code
 *   confirmed the enrolment;
 * - `_recoveryCodes`: the account's single-use recovery codes, as keyed hashes;
 * - `users.suspended`, set by admins: a suspended account cannot sign in;
 * - `authEvents`: impersonations by superusers, shown to the account's owner.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { authEventsCollection } from "../registry/auth-events.ts";
import { usersCollection } from "../registry/collections.ts";
import { addFieldColumn, createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the registry's parts). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_mfas" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "collectionRef" TEXT NOT NULL,
    "recordRef" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "created" TEXT NOT NULL,
    "updated" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS "idx__mfas_record" ON "_mfas" ("collectionRef", "recordRef")`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS "idx__mfas_created" ON "_mfas" ("created")`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_totps" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "collectionRef" TEXT NOT NULL,
    "recordRef" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "enabled" TEXT DEFAULT '' NOT NULL,
    "lastStep" BIGINT DEFAULT 0 NOT NULL,
    "created" TEXT NOT NULL,
    "updated" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS "idx__totps_record" ON "_totps" ("collectionRef", "recordRef")`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS "_recoveryCodes" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "collectionRef" TEXT NOT NULL,
    "recordRef" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS "idx__recoveryCodes_record_hash" ON "_recoveryCodes" ("collectionRef", "recordRef", "hash")`.execute(
    db,
  );
  await addFieldColumn(db, dialect, usersCollection, "suspended");
  await createCollection(db, dialect, authEventsCollection);
}

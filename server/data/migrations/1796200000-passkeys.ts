/**
 * Passkeys (ADR 052):
 * - `passkeys`: the WebAuthn credentials of `users` accounts (a collection: owners list,
 *   rename and delete their own through the records API);
 * - `_passkeyChallenges`: the challenges of registrations and sign-ins waiting for the
 *   authenticator's answer, in the database so every instance knows them; each is taken
 *   (deleted) by the one request that uses it and lives 5 minutes.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { passkeysCollection } from "../registry/passkeys.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the collection). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await createCollection(db, dialect, passkeysCollection);
  await sql`CREATE TABLE IF NOT EXISTS "_passkeyChallenges" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "challenge" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "collectionRef" TEXT NOT NULL,
    "recordRef" TEXT NOT NULL,
    "created" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS "idx__passkeyChallenges_challenge" ON "_passkeyChallenges" ("challenge")`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS "idx__passkeyChallenges_created" ON "_passkeyChallenges" ("created")`.execute(
    db,
  );
}

/**
 * Runs pending migrations once, in order, in one transaction. Where the dialect has a
 * migration lock (PostgreSQL's advisory lock), concurrent starts of several instances wait
 * for the first one and then find nothing left to do.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB, Database } from "../db.ts";
import * as initCollections from "./1763740800-init-collections.ts";
import * as authOtps from "./1763913600-auth-otps.ts";
import * as externalAuths from "./1763913700-external-auths.ts";
import * as requestLogs from "./1763913800-request-logs.ts";
import * as revisions from "./1795603600-revisions.ts";
import * as pendingEdits from "./1795700000-pending-edits.ts";
import * as searchIndex from "./1795800000-search-index.ts";
import * as accountSecurity from "./1795900000-account-security.ts";
import * as imports from "./1796000000-imports.ts";
import * as devices from "./1796100000-devices.ts";
import * as passkeys from "./1796200000-passkeys.ts";
import * as userTheme from "./1796300000-user-theme.ts";
import * as searchHead from "./1796500000-search-head.ts";
import * as nameIndexes from "./1796600000-name-indexes.ts";
import * as searchIndexes from "./1796700000-search-indexes.ts";
import * as searchAccess from "./1796800000-search-access.ts";
import * as jobs from "./1796900000-jobs.ts";
import * as jobProgress from "./1797000000-job-progress.ts";
import * as commentModes from "./1797050000-comment-modes.ts";
import * as comments from "./1797100000-comments.ts";
import * as subscriptions from "./1797200000-subscriptions.ts";
import * as postAddresses from "./1797300000-post-addresses.ts";
import * as recentlyDeleted from "./1797410000-recently-deleted.ts";
import * as postImages from "./1797450000-post-images.ts";
import * as blogOrderIndex from "./1797500000-blog-order-index.ts";
import * as postTranslations from "./1797600000-post-translations.ts";
import * as statistics from "./1797670000-statistics.ts";
import * as fediverse from "./1797710000-fediverse.ts";
import * as pages from "./1797800000-pages.ts";
import * as fediverseReplies from "./1797810000-fediverse-replies.ts";

/** A migration: a name (`<unix-seconds>-<kebab-name>`) and its `up` step. */
interface Migration {
  name: string;
  up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void>;
}

/** Every migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  { name: "1763740800-init-collections", up: initCollections.up },
  { name: "1763913600-auth-otps", up: authOtps.up },
  { name: "1763913700-external-auths", up: externalAuths.up },
  { name: "1763913800-request-logs", up: requestLogs.up },
  { name: "1795603600-revisions", up: revisions.up },
  { name: "1795700000-pending-edits", up: pendingEdits.up },
  { name: "1795800000-search-index", up: searchIndex.up },
  { name: "1795900000-account-security", up: accountSecurity.up },
  { name: "1796000000-imports", up: imports.up },
  { name: "1796100000-devices", up: devices.up },
  { name: "1796200000-passkeys", up: passkeys.up },
  { name: "1796300000-user-theme", up: userTheme.up },
  { name: "1796500000-search-head", up: searchHead.up },
  { name: "1796600000-name-indexes", up: nameIndexes.up },
  { name: "1796700000-search-indexes", up: searchIndexes.up },
  { name: "1796800000-search-access", up: searchAccess.up },
  { name: "1796900000-jobs", up: jobs.up },
  { name: "1797000000-job-progress", up: jobProgress.up },
  { name: "1797050000-comment-modes", up: commentModes.up },
  { name: "1797100000-comments", up: comments.up },
  { name: "1797200000-subscriptions", up: subscriptions.up },
  { name: "1797300000-post-addresses", up: postAddresses.up },
  { name: "1797410000-recently-deleted", up: recentlyDeleted.up },
  { name: "1797450000-post-images", up: postImages.up },
  { name: "1797500000-blog-order-index", up: blogOrderIndex.up },
  { name: "1797600000-post-translations", up: postTranslations.up },
  { name: "1797670000-statistics", up: statistics.up },
  { name: "1797710000-fediverse", up: fediverse.up },
  { name: "1797800000-pages", up: pages.up },
  { name: "1797810000-fediverse-replies", up: fediverseReplies.up },
];

/** Applies pending migrations; returns the names applied. */
export async function migrate(database: Database): Promise<string[]> {
  const { kysely, dialect } = database;
  return kysely.transaction().execute(async (trx) => {
    if (dialect.migrationLock) await dialect.migrationLock.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS "_migrations" ("file" TEXT PRIMARY KEY NOT NULL, "applied" TEXT NOT NULL)`.execute(
      trx,
    );
    const done = await sql<{ file: string }>`SELECT "file" FROM "_migrations"`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.file));
    const ran: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.name)) continue;
      await migration.up(trx, dialect);
      await sql`INSERT INTO "_migrations" ("file", "applied") VALUES (${migration.name}, ${new Date().toISOString()})`.execute(
        trx,
      );
      ran.push(migration.name);
    }
    return ran;
  });
}

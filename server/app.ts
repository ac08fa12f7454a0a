/**
 * Composition root: configuration → database → migrations → services → HTTP application.
 */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Config } from "./config.ts";
import { AccountService } from "./core/auth/account-service.ts";
import { AuthService } from "./core/auth/auth-service.ts";
import { AuthThrottle } from "./core/auth/auth-throttle.ts";
import { RecordTokens } from "./core/auth/record-tokens.ts";
import { loadSecrets } from "./core/auth/secrets.ts";
import { allCollections } from "./core/collections/collection-lookup.ts";
import { FileService } from "./core/files/file-service.ts";
import { RecordFiles } from "./core/files/record-files.ts";
import { createMailer } from "./core/mail/create-mailer.ts";
import type { Mailer } from "./core/mail/mailer.ts";
import { RecordService } from "./core/records/record-service.ts";
import { openDatabase, type Database } from "./data/db.ts";
import { migrate } from "./data/migrations/index.ts";
import { buildHttpApp } from "./http/router.ts";
import { LocalStorage } from "./tools/filesystem/index.ts";

/** A running application's parts. */
export interface App {
  config: Config;
  db: Database;
  records: RecordService;
  auth: AuthService;
  files: FileService;
  /** Outgoing mail (SMTP, or the outbox folder without `SMTP_URL`). */
  mailer: Mailer;
  /** Verification, password reset, email change, OTP and impersonation. */
  accounts: AccountService;
  http: FastifyInstance;
  close(): Promise<void>;
}

/** Opens (or takes) the database, migrates it and builds the HTTP application. */
export async function createApp(config: Config, options: { db?: Database } = {}): Promise<App> {
  const db =
    options.db ?? openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    const secrets = await loadSecrets(
      db.kysely,
      allCollections()
        .filter((c) => c.type === "auth")
        .map((c) => c.id),
    );
    if (config.s3) {
      throw new Error(
        "S3 file storage is not available yet: unset S3_* to keep files in DATA_DIR/storage",
      );
    }
    // Clean-up failures after a commit are logged, never turned into request errors.
    const log: { to?: FastifyInstance["log"] } = {};
    const recordFiles = new RecordFiles(
      new LocalStorage(path.join(config.dataDir, "storage")),
      (error, message) => log.to?.warn({ err: error }, message),
    );
    const records = new RecordService(db, undefined, recordFiles);
    const auth = new AuthService(records, secrets);
    const files = new FileService(records, recordFiles, secrets);
    // Delivery failures are logged (B26), never turned into request errors.
    const mailer = createMailer(
      { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir },
      {
        info: (data, message) => log.to?.info(data, message),
        error: (data, message) => log.to?.error(data, message),
      },
    );
    const accounts = new AccountService({
      db,
      records,
      auth,
      tokens: new RecordTokens(records, secrets),
      throttle: new AuthThrottle(db),
      mailer,
      appUrl: config.appUrl,
    });
    const health = {
      engine: db.dialect.name,
      ping: async () => {
        try {
          await sql`SELECT 1`.execute(db.kysely);
          return true;
        } catch {
          return false;
        }
      },
    };
    const http = await buildHttpApp(
      { records, auth, files, health, accounts },
      {
        logLevel: config.logLevel,
        trustedProxies: config.trustedProxies,
        guestCacheTtlMs: config.guestCacheTtlMs,
        dataDir: config.dataDir,
      },
    );
    log.to = http.log;
    return {
      config,
      db,
      records,
      auth,
      files,
      mailer,
      accounts,
      http,
      async close() {
        await http.close();
        await mailer.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

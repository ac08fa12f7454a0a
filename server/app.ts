/**
 * Composition root: configuration → database → migrations → services → HTTP application.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Config } from "./config.ts";
import { AuthService } from "./core/auth/auth-service.ts";
import { loadSecrets } from "./core/auth/secrets.ts";
import { allCollections } from "./core/collections/collection-lookup.ts";
import { RecordService } from "./core/records/record-service.ts";
import { openDatabase, type Database } from "./data/db.ts";
import { migrate } from "./data/migrations/index.ts";
import { buildHttpApp } from "./http/router.ts";

/** A running application's parts. */
export interface App {
  config: Config;
  db: Database;
  records: RecordService;
  auth: AuthService;
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
    const records = new RecordService(db);
    const auth = new AuthService(records, secrets);
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
      { records, auth, health },
      {
        logLevel: config.logLevel,
        trustedProxies: config.trustedProxies,
        guestCacheTtlMs: config.guestCacheTtlMs,
      },
    );
    return {
      config,
      db,
      records,
      auth,
      http,
      async close() {
        await http.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

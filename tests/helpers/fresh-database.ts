/**
 * A database of one engine on a fresh SQLite folder or a freshly created PostgreSQL database
 * (dropped on close), opened through `server/data/db.ts`, for tests of the data layer itself.
 */
import { openDatabase, type Database } from "#server/data/db.ts";
import { migrate } from "#server/data/migrations/index.ts";
import { freshEnvironment, type DialectName } from "./test-app.ts";

/** An open fresh database and where it lives. */
export interface FreshDatabase {
  database: Database;
  /** The SQLite folder (the PostgreSQL run has one too, unused by the database). */
  dataDir: string;
  /** The PostgreSQL URL of the fresh database; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Closes the database, then drops it (PostgreSQL) and removes its folder. */
  close(): Promise<void>;
}

/** Opens a fresh database of `dialect`, migrated unless `migrated` is false. */
export async function openFreshDatabase(
  dialect: DialectName,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<FreshDatabase> {
  const { env, cleanup } = await freshEnvironment(dialect);
  const dataDir = env.DATA_DIR ?? "";
  const databaseUrl = env.DATABASE_URL;
  const database = openDatabase({ dataDir, databaseUrl });
  try {
    if (migrated) await migrate(database);
  } catch (error) {
    await database.close();
    await cleanup();
    throw error;
  }
  return {
    database,
    dataDir,
    databaseUrl,
    close: async () => {
      await database.close();
      await cleanup();
    },
  };
}

/**
 * `cahier` command line: serve | migrate | superuser upsert EMAIL PASSWORD |
 * seed [--demo-accounts] | backup | restore | reindex.
 */
import path from "node:path";
import { createApp } from "./app.ts";
import { checkDataDir, ConfigError, loadConfig, startupProblem, type Config } from "./config.ts";
import { ConnectionDrain } from "./connection-drain.ts";
import { superusersCollection } from "./data/registry/collections.ts";
import { openDatabase } from "./data/db.ts";
import { migrate } from "./data/migrations/index.ts";
import { acquireRestoreLock, holdServingLock, type ServingHolder } from "./data/serving-lock.ts";
import { operatorRequest } from "./core/records/request-info.ts";
import { CoreError } from "./core/errors.ts";

export { operatorRequest };

const USAGE = `Usage: cahier <command>

Commands:
  serve                              Start the server (default)
  migrate                            Apply pending database migrations
  superuser upsert EMAIL PASSWORD    Create or update a superuser
  seed [--demo-accounts]             Add demo content (entries, posts, collections, items and
                                     their authors, whom nobody can sign in to); with
                                     --demo-accounts, also accounts to try (random passwords,
                                     printed once)
  backup [NAME.zip]                  Write a backup (database and files) to DATA_DIR/backups
  restore NAME.zip|PATH              Restore a backup (stop the server first)
  reindex                            Rebuild the search index (safe while the server runs)
`;

/** Why `cahier restore` refuses while servers run, and what to do instead. */
function servedMessage(holders: readonly ServingHolder[]): string {
  const where = holders
    .filter((h) => h.pid !== undefined)
    .map((h) => `process ${String(h.pid)} on ${h.host ?? "this machine"}`);
  const detail =
    where.length > 0
      ? where.join(", ")
      : `${String(holders.length)} server connection${holders.length === 1 ? "" : "s"}`;
  const servers = `A Cahier server is using this database (${detail}).`;
  return [
    `${servers} A restore replaces every table, and writes the server accepts meanwhile would be lost.`,
    "Stop every `cahier serve` of this database first (Ctrl+C, or SIGTERM to its process), then run the restore again.",
    "To restore without stopping, use Backups in the admin pages (or POST /api/backups/{key}/restore as a superuser).",
  ].join("\n");
}

/**
 * A stopping server answers the requests in flight for this long, then closes the connections
 * still open (ms); whatever is left of closing must fit in {@link SHUTDOWN_DEADLINE_MS}.
 */
const SHUTDOWN_GRACE_MS = 7_000;
/** A stopping server exits within this (ms), done closing or not (issue 23 finding 7). */
const SHUTDOWN_DEADLINE_MS = 9_500;

async function serve(config: Config): Promise<void> {
  // Marks the database as served, so `cahier restore` refuses to run under this server (F8).
  const serving = await holdServingLock(config);
  const app = await createApp(config).catch(async (error: unknown) => {
    await serving.release();
    throw error;
  });
  const drain = new ConnectionDrain(app.http.server);
  const address = await app.http.listen({ port: config.port, host: config.host });
  // The public address first (`APP_URL`, `http://localhost:8090` by default): the one to open,
  // where passkeys work (issue 25 item 15); then the socket it listens on.
  app.http.log.info(
    `Cahier is serving on ${config.appUrl} (listening on ${address}, ${app.db.dialect.name})`,
  );
  let closing = false;
  // Stops accepting connections, answers the requests in flight (each closing its connection),
  // closes idle keep-alive connections and realtime streams, then the rest of the app; exits
  // within SHUTDOWN_DEADLINE_MS even if something hangs (issue 23 finding 7).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.http.log.info(`${signal} received, closing`);
    setTimeout(() => {
      app.http.log.error(`still closing after ${String(SHUTDOWN_DEADLINE_MS)} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    setTimeout(() => {
      drain.force();
    }, SHUTDOWN_GRACE_MS).unref();
    drain.start();
    try {
      await app.close();
    } finally {
      drain.stop();
      await serving.release();
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

async function upsertSuperuser(
  config: Config,
  email: string | undefined,
  password: string | undefined,
): Promise<void> {
  if (!email || !password) throw new UsageError("superuser upsert needs EMAIL and PASSWORD");
  const app = await createApp({ ...config, logLevel: "silent" });
  try {
    const existing = await app.records.findAuthRecord(superusersCollection, "email", email);
    const request = operatorRequest();
    if (existing) {
      await app.records.update(superusersCollection, request, String(existing.id), {
        password,
        passwordConfirm: password,
      });
      console.log(`Updated superuser ${email}.`);
    } else {
      await app.records.create(superusersCollection, request, {
        email,
        password,
        passwordConfirm: password,
        verified: true,
      });
      console.log(`Created superuser ${email}.`);
    }
  } finally {
    await app.close();
  }
}

class UsageError extends Error {}

/** Runs the CLI with arguments (without node and script). */
export async function main(argv: string[]): Promise<number> {
  const [command = "serve", ...rest] = argv;
  let dataDir: string | undefined;
  try {
    const config = loadConfig();
    dataDir = config.dataDir;
    // A read-only or misplaced DATA_DIR is said in one line, before anything opens it.
    if (!["help", "--help", "-h"].includes(command)) checkDataDir(config);
    switch (command) {
      case "serve":
        await serve(config);
        return -1;
      case "migrate": {
        const db = openDatabase(config);
        try {
          const ran = await migrate(db);
          console.log(ran.length ? `Applied: ${ran.join(", ")}` : "Nothing to migrate.");
        } finally {
          await db.close();
        }
        return 0;
      }
      case "superuser":
        if (rest[0] !== "upsert") throw new UsageError("unknown superuser command");
        await upsertSuperuser(config, rest[1], rest[2]);
        return 0;
      case "seed": {
        const unknown = rest.filter((arg) => arg !== "--demo-accounts");
        if (unknown.length > 0) throw new UsageError(`unknown seed option "${unknown.join(" ")}"`);
        const { seed } = await import("./seed.ts");
        const app = await createApp({ ...config, logLevel: "silent" });
        try {
          const result = await seed(app, { demoAccounts: rest.includes("--demo-accounts") });
          console.log(result.summary);
        } finally {
          await app.close();
        }
        return 0;
      }
      case "backup": {
        const app = await createApp({ ...config, logLevel: "silent" });
        try {
          const key = await app.backups.create(rest[0]);
          console.log(`Wrote ${app.backups.describe(key)}.`);
        } finally {
          await app.close();
        }
        return 0;
      }
      case "restore": {
        const source = rest[0];
        if (!source) throw new UsageError("restore needs the name or path of a backup");
        const restoring = await acquireRestoreLock(config);
        if (!restoring.acquired) {
          console.error(servedMessage(restoring.holders));
          return 1;
        }
        const app = await createApp({ ...config, logLevel: "silent" }).catch(
          async (error: unknown) => {
            await restoring.lock.release();
            throw error;
          },
        );
        try {
          // A path is copied into the backups first (the folder or the bucket, own name).
          const key =
            source.includes("/") || source.includes(path.sep)
              ? await app.backups.adopt(source)
              : source;
          await app.backups.restore(key);
          console.log(`Restored ${key}.`);
        } finally {
          await app.close();
          await restoring.lock.release();
        }
        return 0;
      }
      case "reindex": {
        const app = await createApp({ ...config, logLevel: "silent" });
        try {
          const report = await app.search.index.rebuild();
          const counts = Object.entries(report.documents)
            .map(([kind, n]) => `${String(n)} ${kind}`)
            .join(", ");
          console.log(`Reindexed ${counts} in ${(report.ms / 1000).toFixed(1)} s.`);
        } finally {
          await app.close();
        }
        return 0;
      }
      case "help":
      case "--help":
      case "-h":
        console.log(USAGE);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    const problem = dataDir === undefined ? undefined : startupProblem(error, dataDir);
    if (problem) console.error(problem.message);
    else if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof CoreError)
      console.error(`${error.message} ${JSON.stringify(error.data)}`);
    else console.error(error);
    return 1;
  }
}

/**
 * Composition root (issue 24): configuration → database → migrations → the kernel (records,
 * settings, mail, the job queue) → the feature modules, in order → the HTTP application.
 * Every part that holds something is in one lifecycle: started in order, closed in reverse.
 */
import type { RedisConnections } from "./tools/redis/index.ts";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { AccountService } from "./core/auth/account-service.ts";
import type { AuthService } from "./core/auth/auth-service.ts";
import { loadSecrets } from "./core/auth/secrets.ts";
import type { BackupService } from "./core/backups/backup-service.ts";
import { allCollections } from "./core/collections/collection-lookup.ts";
import type { DataImportService } from "./core/data-import/import-service.ts";
import { FileService } from "./core/files/file-service.ts";
import { RecordFiles } from "./core/files/record-files.ts";
import { JobQueue } from "./core/jobs/job-queue.ts";
import type { LogService } from "./core/logs/log-service.ts";
import type { Mailer } from "./core/mail/mailer.ts";
import type { PageCache } from "./core/page-cache/page-cache.ts";
import { createRateLimiter, type RateLimiter } from "./core/rate-limit/index.ts";
import type { ChangeFanout } from "./core/realtime/change-fanout.ts";
import type { RealtimeBroker } from "./core/realtime/realtime-broker.ts";
import { RecordService } from "./core/records/record-service.ts";
import type { RevisionHistory } from "./core/revisions/revision-history.ts";
import type { SearchService } from "./core/search/search-service.ts";
import { SettingsService, type SettingsTargets } from "./core/settings/settings-service.ts";
import { openDatabase, type Database } from "./data/db.ts";
import { migrate } from "./data/migrations/index.ts";
import { USERS_COLLECTION_ID } from "./data/registry/collections.ts";
import { buildHttpApp, serialize } from "./http/router.ts";
import type { PageEntry } from "./http/web/page-entry.ts";
import { Lifecycle } from "./kernel/lifecycle.ts";
import type { Kernel, KernelLog } from "./kernel/module.ts";
import { authModule } from "./modules/auth-module.ts";
import { backupsModule } from "./modules/backups-module.ts";
import { commentsModule, type CommentsParts } from "./modules/comments-module.ts";
import { dataModule } from "./modules/data-module.ts";
import { fediverseModule, type FediverseParts } from "./modules/fediverse-module.ts";
import { healthModule } from "./modules/health-module.ts";
import { jobsModule, startJobWorkers } from "./modules/jobs-module.ts";
import { mailModule } from "./modules/mail-module.ts";
import { logsModule } from "./modules/logs-module.ts";
import { pageCacheModule } from "./modules/page-cache-module.ts";
import { pendingEditsModule } from "./modules/pending-edits-module.ts";
import { realtimeModule } from "./modules/realtime-module.ts";
import {
  recentlyDeletedModule,
  type RecentlyDeletedParts,
} from "./modules/recently-deleted-module.ts";
import { revisionsModule } from "./modules/revisions-module.ts";
import { searchModule } from "./modules/search-module.ts";
import { statsModule, type StatsParts } from "./modules/stats-module.ts";
import { siteModule } from "./modules/site-module.ts";
import { subscriptionsModule, type SubscriptionParts } from "./modules/subscriptions-module.ts";
import { createBus, type Bus } from "./tools/bus/index.ts";
import {
  LocalStorage,
  S3Storage,
  StorageUnavailableError,
  type FileStorage,
} from "./tools/filesystem/index.ts";

/** A running application's parts. */
export interface App {
  config: Config;
  db: Database;
  records: RecordService;
  /** The revision history of entries and posts (tests may set its `now`). */
  revisions: RevisionHistory;
  /** Full-text search and its index (kept up to date by record hooks). */
  search: SearchService;
  auth: AuthService;
  files: FileService;
  /** Where uploaded files live: `DATA_DIR/storage`, or the S3 bucket of `S3_*`. */
  storage: FileStorage;
  logs: LogService;
  /** The durable job queue: all background work (ADR 060). */
  jobs: JobQueue;
  backups: BackupService;
  settings: SettingsService;
  /** Outgoing mail (SMTP, or the outbox folder without `SMTP_URL`). */
  mailer: Mailer;
  /** Verification, password reset, email change, OTP and impersonation. */
  accounts: AccountService;
  rateLimiter: RateLimiter;
  /** `POST /api/import` (tests lower its limits). */
  dataImport: DataImportService;
  /** Realtime (SSE) clients of this instance. */
  realtime: RealtimeBroker;
  /** How committed changes reach every instance's realtime clients (in process or Redis). */
  fanout: ChangeFanout;
  /** Messages between instances (ADR 057): in process, or Redis pub/sub with `REDIS_URL`. */
  bus: Bus;
  /** This instance's two Redis connections (`REDIS_URL`), or null. */
  redis: RedisConnections | null;
  /** Email subscriptions and `posts.live` (ADR 065). */
  subscriptions: SubscriptionParts;
  /** Comments: blocks, counts and their clock (ADR 065). */
  comments: CommentsParts;
  /** Recently deleted entries and posts, and their clock (ADR 067). */
  recentlyDeleted: RecentlyDeletedParts;
  /** The fediverse (ADR 071); null when `FEDERATION=off`. */
  fediverse: FediverseParts | null;
  /** The anonymous page cache (ADR 045); null when `PAGE_CACHE_TTL_MS` is 0. */
  pageCache: PageCache<PageEntry> | null;
  /** Privacy-first statistics: the view counter and its clock (ADR 070). */
  stats: StatsParts;
  http: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Checks the S3 bucket at start. A missing bucket (or wrong credentials) is a configuration
 * error that stops the start; an unreachable service is only a warning (returned), since
 * refusing to start would turn a storage outage into a full one: file requests answer 503
 * until it is back (ADR 030).
 */
async function checkBucket(storage: S3Storage): Promise<string | null> {
  let state: "ok" | "missing" | "denied";
  try {
    state = await storage.checkBucket();
  } catch (error) {
    if (error instanceof StorageUnavailableError)
      return `The S3 bucket cannot be reached yet (${error.message}); file requests answer 503 until it can`;
    throw error;
  }
  if (state === "missing")
    throw new Error(
      `The S3 bucket "${storage.bucket}" does not exist: create it, or fix S3_BUCKET`,
    );
  if (state === "denied")
    throw new Error(
      `Access to the S3 bucket "${storage.bucket}" is denied: check S3_ACCESS_KEY and S3_SECRET`,
    );
  return null;
}

/** The HTTP app's logger, once it exists (nothing is logged before). */
function lateLog(target: { to?: FastifyInstance["log"] }): KernelLog {
  return {
    debug: (data, message) => target.to?.debug(data, message),
    info: (data, message) => target.to?.info(data, message),
    warn: (data, message) => target.to?.warn(data, message),
    error: (data, message) => target.to?.error(data, message),
  };
}

/** Opens (or takes) the database, migrates it and builds the HTTP application. */
export async function createApp(config: Config, options: { db?: Database } = {}): Promise<App> {
  const logTarget: { to?: FastifyInstance["log"] } = {};
  // Failures outside a request (clean-up after a commit, a failing hook, a closing part)
  // are logged, never turned into request errors.
  const log = lateLog(logTarget);
  const lifecycle = new Lifecycle((error, part) => {
    log.error({ err: error }, `closing ${part} failed`);
  });
  const db = lifecycle.add(
    options.db ?? openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
    { name: "database", close: (part) => part.close() },
  );
  try {
    await migrate(db);
    const authCollectionIds = allCollections()
      .filter((c) => c.type === "auth")
      .map((c) => c.id);
    const secrets = await loadSecrets(db.kysely, authCollectionIds);
    const storage: FileStorage = config.s3
      ? lifecycle.add(new S3Storage(config.s3), {
          name: "S3 storage",
          close: (bucket) => bucket.close(),
        })
      : new LocalStorage(path.join(config.dataDir, "storage"));
    const bucketWarning = storage instanceof S3Storage ? await checkBucket(storage) : null;
    const recordFiles = new RecordFiles(storage, (error, message) => {
      log.warn({ err: error }, message);
    });
    const records = new RecordService(db, undefined, recordFiles);
    // A failing commit or rollback hook never fails the acknowledged write: it is logged.
    records.hooks.onError = (error, hook) => {
      log.error({ err: error }, `record hook ${hook} failed`);
    };
    // Between instances (ADR 057): at most two Redis connections, made here, closed last;
    // the bus on them (or in process) carries realtime, page-cache and settings messages.
    // ioredis is loaded only when Redis is configured (issue 30, memory at rest).
    const redisModule = config.redisUrl ? await import("./tools/redis/index.ts") : null;
    const redis =
      config.redisUrl && redisModule
        ? lifecycle.add(
            new redisModule.RedisConnections({
              url: config.redisUrl,
              prefix: config.redisPrefix,
              onError: (error, connection) => {
                log.debug({ err: error }, `Redis ${connection} connection error`);
              },
            }),
            { name: "Redis connections", close: (part) => part.close() },
          )
        : null;
    const bus = lifecycle.add(
      createBus({
        redis,
        prefix: config.redisPrefix,
        log: (level, message, error) => {
          log[level]({ err: error }, message);
        },
      }),
      { name: "bus", close: (part) => part.close() },
    );
    const rateLimiter: RateLimiter = lifecycle.add(
      createRateLimiter({
        settings: config.rateLimits,
        redis,
        redisPrefix: config.rateLimitsRedisPrefix,
        warn: (error, message) => {
          log.warn({ err: error }, message);
        },
      }),
      { name: "rate limits", close: (part) => part.close() },
    );
    const files = new FileService(records, recordFiles, secrets);
    // Targets are bound by the parts that follow the settings (below and in modules).
    const settingsTargets: SettingsTargets = {
      rateLimits: (next) => {
        rateLimiter.configure(next);
      },
    };
    const settings = new SettingsService(
      db,
      {
        appUrl: config.appUrl,
        mailFrom: config.mailFrom,
        smtpUrl: config.smtpUrl,
        rateLimits: config.rateLimits,
        trustedProxies: config.trustedProxies,
        oauth2Providers: config.oauth2.map((p) => ({ name: p.name, displayName: p.displayName })),
      },
      settingsTargets,
      {
        bus,
        log: (error, message) => {
          log.warn({ err: error }, message);
        },
      },
    );
    lifecycle.add(settings, {
      name: "settings",
      start: (part) => part.start(),
      close: (part) => {
        part.stop();
      },
    });
    // Background work, shared by every instance on the database (ADR 060). Its workers,
    // started last, stop first: running jobs finish (or are handed back) before the parts
    // they use close.
    const jobs = lifecycle.add(
      new JobQueue(db, {
        log: (level, message, data) => {
          log[level](data, message);
        },
      }),
      { name: "job queue", close: (queue) => queue.close() },
    );
    const kernel: Kernel = {
      config,
      db,
      records,
      settings,
      settingsTargets,
      lifecycle,
      jobs,
      bus,
      redis,
      routes: [],
      log,
    };

    // The feature modules, in order.
    jobsModule(kernel);
    const mailer = mailModule(kernel);
    const revisions = revisionsModule(kernel);
    pendingEditsModule(kernel);
    const comments = commentsModule(kernel, {
      mailer,
      secret: secrets[USERS_COLLECTION_ID]?.auth ?? "",
    });
    const recentlyDeleted = recentlyDeletedModule(kernel);
    const search = searchModule(kernel);
    const logs = logsModule(kernel);
    const { auth, accounts, twoFactorKeys } = await authModule(kernel, {
      secrets,
      limiter: rateLimiter,
      mailer,
    });
    const backups = backupsModule(kernel, {
      storage,
      secrets,
      authCollectionIds,
      twoFactorKeys,
      files,
    });
    const { realtime, fanout } = realtimeModule(kernel, serialize);
    healthModule(kernel);
    const dataImport = dataModule(kernel, files);
    const subscriptions = await subscriptionsModule(kernel, { mailer });
    siteModule(kernel, { storage });
    const fediverse = fediverseModule(kernel, {
      limiter: rateLimiter,
      postsLive: subscriptions.postsLive,
    });
    const { pageCache, attach: attachPageCache } = pageCacheModule(kernel);
    const stats = statsModule(kernel);
    await lifecycle.start();

    const http = await buildHttpApp(
      {
        records,
        auth,
        files,
        logs,
        rateLimiter,
        settings,
        mailer,
        pageCache,
        routes: kernel.routes,
      },
      {
        logLevel: config.logLevel,
        trustedProxies: config.trustedProxies,
        guestCacheTtlMs: config.guestCacheTtlMs,
        dataDir: config.dataDir,
        appUrl: config.appUrl,
        siteUrl: config.siteUrl,
        pageCacheCdnSeconds: config.pageCache.cdnSeconds,
      },
    );
    attachPageCache(http, rateLimiter);
    stats.attach(http);
    lifecycle.add(http, { name: "HTTP server", close: (part) => part.close() });
    logTarget.to = http.log;
    if (bucketWarning) http.log.warn(bucketWarning);
    // Jobs run once every module has defined its kinds and the logger is in place.
    startJobWorkers(kernel);
    await lifecycle.start();
    return {
      config,
      db,
      records,
      revisions,
      search,
      auth,
      files,
      storage,
      logs,
      jobs,
      backups,
      mailer,
      accounts,
      rateLimiter,
      settings,
      realtime,
      fanout,
      bus,
      redis,
      dataImport,
      comments,
      recentlyDeleted,
      subscriptions,
      fediverse,
      pageCache,
      stats,
      http,
      close: () => lifecycle.close(),
    };
  } catch (error) {
    await lifecycle.close();
    throw error;
  }
}

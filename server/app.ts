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
import { logImpersonations } from "./core/auth/impersonation-log.ts";
import { MfaSessions } from "./core/auth/mfa/mfa-sessions.ts";
import { createTwoFactor } from "./core/auth/totp/two-factor.ts";
import { collectionHasPasskeys, createPasskeys } from "./core/auth/passkeys/passkeys.ts";
import { relyingPartyOf } from "./core/auth/passkeys/relying-party.ts";
import { TwoFactorKeys } from "./core/auth/totp/two-factor-keys.ts";
import { RecordTokens } from "./core/auth/record-tokens.ts";
import { loadSecrets } from "./core/auth/secrets.ts";
import { OAuth2Providers } from "./core/auth/oauth2/oauth2-providers.ts";
import { OAuth2Service } from "./core/auth/oauth2/oauth2-service.ts";
import { allCollections } from "./core/collections/collection-lookup.ts";
import { BackupService } from "./core/backups/backup-service.ts";
import { DataExportService } from "./core/data-export/export-service.ts";
import { DataImportService } from "./core/data-import/import-service.ts";
import { LocalBackupStore, StorageBackupStore } from "./core/backups/backup-store.ts";
import { FileService } from "./core/files/file-service.ts";
import { LogService } from "./core/logs/log-service.ts";
import { defineLogJobs } from "./core/logs/log-jobs.ts";
import { JobAdmin } from "./core/jobs/job-admin.ts";
import { JobQueue } from "./core/jobs/job-queue.ts";
import { defineUpkeepJobs } from "./core/jobs/upkeep-jobs.ts";
import { SettingsService, type SettingsTargets } from "./core/settings/settings-service.ts";
import { createRateLimiter, type RateLimiter } from "./core/rate-limit/index.ts";
import { RecordFiles } from "./core/files/record-files.ts";
import { createMailer } from "./core/mail/create-mailer.ts";
import type { Mailer } from "./core/mail/mailer.ts";
import { RecordService } from "./core/records/record-service.ts";
import { SearchService } from "./core/search/search-service.ts";
import { LocalFanout, RedisFanout, type ChangeFanout } from "./core/realtime/change-fanout.ts";
import { RealtimeBroker } from "./core/realtime/realtime-broker.ts";
import { RedisPing } from "./core/health/redis-ping.ts";
import { PageCache } from "./core/page-cache/page-cache.ts";
import {
  LocalPageCacheBus,
  RedisPageCacheBus,
  type PageCacheBus,
} from "./core/page-cache/page-cache-bus.ts";
import { PageCacheInvalidation } from "./core/page-cache/page-cache-invalidation.ts";
import { openDatabase, type Database } from "./data/db.ts";
import { migrate, MIGRATIONS } from "./data/migrations/index.ts";
import { buildHttpApp } from "./http/router.ts";
import { Lifecycle } from "./kernel/lifecycle.ts";
import { registerPageCacheFastPath } from "./http/web/page-cache-hook.ts";
import type { PageEntry } from "./http/web/page-entry.ts";
import {
  LocalStorage,
  S3Storage,
  StorageUnavailableError,
  type FileStorage,
} from "./tools/filesystem/index.ts";

/** Most pages the anonymous page cache holds (its byte budget usually binds first). */
const PAGE_CACHE_MAX_ENTRIES = 10_000;

/** A running application's parts. */
export interface App {
  config: Config;
  db: Database;
  records: RecordService;
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
  /** The anonymous page cache (ADR 045); null when `PAGE_CACHE_TTL_MS` is 0. */
  pageCache: PageCache<PageEntry> | null;
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

/** Opens (or takes) the database, migrates it and builds the HTTP application. */
export async function createApp(config: Config, options: { db?: Database } = {}): Promise<App> {
  // Clean-up failures after a commit are logged, never turned into request errors.
  const log: { to?: FastifyInstance["log"] } = {};
  // Every part that holds something closes once, in the reverse of the order it was made,
  // when the app stops or when making it fails half-way (issue 24).
  const lifecycle = new Lifecycle((error, part) => {
    log.to?.error({ err: error }, `closing ${part} failed`);
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
    const recordFiles = new RecordFiles(storage, (error, message) =>
      log.to?.warn({ err: error }, message),
    );
    const records = new RecordService(db, undefined, recordFiles);
    // A failing commit or rollback hook never fails the acknowledged write: it is logged.
    records.hooks.onError = (error, hook) => {
      log.to?.error({ err: error }, `record hook ${hook} failed`);
    };
    // The search index changes in the same transaction as every write (ADR 043).
    const search = new SearchService(records);
    search.index.register(records.hooks);
    const logWarning = (error: unknown, message: string) => log.to?.warn({ err: error }, message);
    const oauth2Providers = OAuth2Providers.fromConfig(config.oauth2, logWarning);
    const rateLimiter: RateLimiter = lifecycle.add(
      createRateLimiter({
        settings: config.rateLimits,
        redisUrl: config.redisUrl,
        redisPrefix: config.rateLimitsRedisPrefix,
        warn: (error, message) => log.to?.warn({ err: error }, message),
      }),
      { name: "rate limits", close: (part) => part.close() },
    );
    const mfa = new MfaSessions(db);
    const twoFactorKeys = await TwoFactorKeys.load(db);
    // Passkeys work where browsers accept the public URL's host as a relying party (ADR 052).
    const relyingParty = relyingPartyOf(config.appUrl);
    const auth = new AuthService(records, secrets, {
      oauth2: oauth2Providers,
      mfa,
      limiter: rateLimiter,
      passkeys: (collection) => relyingParty !== null && collectionHasPasskeys(collection),
      // Issue 22: whoever is turned away, and why, so a lost session can be explained.
      onRefused: (refusal) => log.to?.info(refusal, "session refused"),
    });
    logImpersonations(auth, records, (message, data) => log.to?.warn(data, message));
    const oauth2 = new OAuth2Service(records, auth, oauth2Providers, logWarning);
    const files = new FileService(records, recordFiles, secrets);
    // Targets are bound below, once the parts that follow the settings exist.
    const settingsTargets: SettingsTargets = {};
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
    );
    const logs = lifecycle.add(
      new LogService(
        db,
        records,
        () => settings.logs,
        (error, message) => log.to?.warn({ err: error }, message),
      ),
      { name: "request log", close: (part) => part.close() },
    );
    // Delivery failures are logged (B26), never turned into request errors.
    const mailer = lifecycle.add(
      createMailer(
        { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir },
        {
          info: (data, message) => log.to?.info(data, message),
          error: (data, message) => log.to?.error(data, message),
        },
      ),
      { name: "mailer", close: (part) => part.close() },
    );
    // Background work, shared by every instance on the database (ADR 060). Running jobs
    // finish (or are handed back) before the parts they use close.
    const jobs = lifecycle.add(
      new JobQueue(db, { log: (level, message, data) => log.to?.[level](data, message) }),
      { name: "job queue", close: (part) => part.close() },
    );
    defineUpkeepJobs(jobs, db, Date.now);
    defineLogJobs(jobs, logs);
    // Restored token secrets replace the cached ones (restored sessions stay valid), and the
    // restored settings replace the ones in force.
    const reloadRestored = async () => {
      Object.assign(secrets, await loadSecrets(db.kysely, authCollectionIds));
      await twoFactorKeys.reload(db);
      await settings.reload();
    };
    const backups = new BackupService({
      db,
      // With a bucket, the archives are shared by every instance (ADR 031).
      store:
        storage instanceof S3Storage
          ? new StorageBackupStore(storage, config.dataDir, `s3://${storage.bucket}`)
          : new LocalBackupStore(path.join(config.dataDir, "backups")),
      storage,
      workDir: config.dataDir,
      migrations: MIGRATIONS.map((m) => m.name),
      onRestored: async () => {
        await reloadRestored();
        // Caches and realtime clients here, and on the other instances through the fan-out.
        records.events.reset();
      },
    });
    // A restore made by another instance: its secrets and settings are the ones in force now.
    records.events.onReset((remote) => {
      if (!remote) return;
      reloadRestored().catch((error: unknown) => {
        log.to?.error({ err: error }, "Failed to reload secrets and settings after a restore");
      });
    });
    const throttle = new AuthThrottle(db);
    const accounts = new AccountService({
      db,
      records,
      auth,
      tokens: new RecordTokens(records, secrets),
      throttle,
      mailer,
      appUrl: config.appUrl,
    });
    const twoFactor = createTwoFactor({
      db,
      records,
      auth,
      mfa,
      throttle,
      keys: twoFactorKeys,
      appName: () => settings.appName,
    });
    const passkeys = createPasskeys({
      db,
      records,
      auth,
      mfa,
      rp: relyingParty,
      appName: () => settings.appName,
    });
    const realtime = lifecycle.add(
      new RealtimeBroker(records, {
        limits: config.realtime,
        log: (level, message, error) => log.to?.[level]({ err: error }, message),
      }),
      // Closing the HTTP server ends every stream (its preClose hook); this waits for them.
      { name: "realtime", close: (broker) => broker.settled() },
    );
    const fanout: ChangeFanout = config.redisUrl
      ? new RedisFanout({
          url: config.redisUrl,
          prefix: config.redisPrefix,
          events: records.events,
          broker: realtime,
          log: (level, message, error) => log.to?.[level]({ err: error }, message),
        })
      : new LocalFanout(records.events, realtime);
    lifecycle.add(fanout, { name: "realtime fan-out", close: (part) => part.close() });
    const redisPing = config.redisUrl
      ? new RedisPing(config.redisUrl, (error) => {
          log.to?.debug({ err: error }, "health: Redis connection error");
        })
      : undefined;
    if (redisPing) lifecycle.add(redisPing, { name: "Redis ping", close: (part) => part.close() });
    const health = {
      engine: db.dialect.name,
      redis: redisPing,
      ping: async () => {
        try {
          await sql`SELECT 1`.execute(db.kysely);
          return true;
        } catch {
          return false;
        }
      },
    };
    const limiter = rateLimiter;
    settingsTargets.rateLimits = (next) => {
      limiter.configure(next);
    };
    records.revisions.settings = () => settings.revisions;
    settingsTargets.mailFrom = (from) => {
      mailer.from = from;
    };
    const dataImport = new DataImportService(records, config.dataDir);
    // The anonymous page cache (ADR 045), kept true by the record lifecycle and, across
    // instances, by its Redis channel; an instance with its cache off still tells the others.
    const pageCache =
      config.pageCache.ttlMs > 0
        ? new PageCache<PageEntry>({
            ttlMs: config.pageCache.ttlMs,
            maxEntries: PAGE_CACHE_MAX_ENTRIES,
            maxBytes: config.pageCache.maxBytes,
            sizeOf: (entry) => entry.size,
          })
        : null;
    const pageCacheBus: PageCacheBus = config.redisUrl
      ? new RedisPageCacheBus({
          url: config.redisUrl,
          prefix: config.redisPrefix,
          log: (level, message, error) => log.to?.[level]({ err: error }, message),
        })
      : new LocalPageCacheBus();
    lifecycle.add(pageCacheBus, { name: "page cache bus", close: (part) => part.close() });
    const invalidation = new PageCacheInvalidation({
      cache: pageCache,
      records,
      bus: pageCacheBus,
      reloadSettings: () => settings.reload(),
      log: (error, message) => log.to?.error({ err: error }, message),
    });
    lifecycle.add(invalidation, {
      name: "page cache invalidation",
      start: (part) => part.start(),
      close: (part) => {
        part.close();
      },
    });
    lifecycle.add(settings, {
      name: "settings",
      start: (part) => part.start(),
      close: (part) => {
        part.stop();
      },
    });
    settingsTargets.meta = (meta) => {
      invalidation.settingsChanged(meta);
    };
    await lifecycle.start();
    const http = await buildHttpApp(
      {
        records,
        search,
        auth,
        files,
        health,
        logs,
        jobs: new JobAdmin(db),
        backups,
        accounts,
        oauth2,
        twoFactor,
        passkeys,
        rateLimiter,
        settings,
        mailer,
        realtime,
        dataExport: new DataExportService(records),
        dataImport,
        pageCache,
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
    // First of all: a guest's page the cache holds is answered before Fastify sees it.
    if (pageCache) {
      registerPageCacheFastPath(http, {
        cache: pageCache,
        cdnSeconds: config.pageCache.cdnSeconds,
        rateLimits: () => limiter.settings,
        trustedProxies: config.trustedProxies,
      });
    }
    lifecycle.add(http, { name: "HTTP server", close: (part) => part.close() });
    log.to = http.log;
    if (bucketWarning) http.log.warn(bucketWarning);
    // Jobs run once everything they may use, logging included, is in place.
    lifecycle.add(jobs, {
      name: "job workers",
      start: (queue) => {
        queue.start();
      },
    });
    await lifecycle.start();
    return {
      config,
      db,
      records,
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
      dataImport,
      pageCache,
      http,
      close: () => lifecycle.close(),
    };
  } catch (error) {
    await lifecycle.close();
    throw error;
  }
}

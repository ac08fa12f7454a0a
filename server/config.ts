/**
 * Environment configuration, validated once at start. Every setting has a clear error
 * message; nothing else reads `process.env`.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { parseOAuth2Env, type OAuth2ProviderConfig } from "./core/auth/oauth2/oauth2-config.ts";
import type { RateLimitSettings } from "./core/rate-limit/rules.ts";
import { parseRateLimitSettings } from "./core/rate-limit/settings-schema.ts";
import type { S3Bucket } from "./tools/filesystem/index.ts";

const optionalUrl = (protocols: readonly string[], label: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .optional()
    .refine(
      (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
      { message: `must be a ${label} URL (${protocols.join(" or ")}//…)` },
    );

/** `address@domain` or `Name <address@domain>`, without line breaks. */
const MAIL_FROM_RE = /^(?:[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;
/** A `TRUSTED_PROXIES` entry: an IP, a CIDR range, or loopback / linklocal / uniquelocal. */
function isProxyEntry(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(8090),
  HOST: z.string().trim().min(1, "cannot be empty").default("127.0.0.1"),
  DATA_DIR: z.string().trim().min(1, "cannot be empty").default("./data"),
  APP_URL: optionalUrl(["http:", "https:"], "http(s)"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "PostgreSQL"),
  REDIS_URL: optionalUrl(["redis:", "rediss:"], "Redis"),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "SMTP"),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === "" || MAIL_FROM_RE.test(v), {
      message: 'must be an address ("no-reply@example.com" or "Cahier <no-reply@example.com>")',
    }),
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isProxyEntry), {
      message: "must be a comma list of IPs, CIDR ranges, loopback, linklocal or uniquelocal",
    }),
  RATE_LIMITS: z
    .string()
    .default("on")
    .transform((value, ctx) => {
      const parsed = parseRateLimitSettings(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.settings;
    }),
  // Unset: `<REDIS_PREFIX>rate:`, so one REDIS_PREFIX keeps a deployment's keys apart.
  RATE_LIMITS_REDIS_PREFIX: z.string().trim().min(1, "cannot be empty").optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  GUEST_CACHE_TTL_MS: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(0, "must be 0 (off) or more")
    .max(60_000, "must be at most 60000")
    .default(1000),
  PAGE_CACHE_TTL_MS: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(0, "must be 0 (off) or more")
    .max(86_400_000, "must be at most 86400000 (one day)")
    .default(60_000),
  PAGE_CACHE_MAX_MB: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(65_536, "must be at most 65536")
    .default(64),
  PAGE_CACHE_CDN_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(0, "must be 0 (always revalidate) or more")
    .max(86_400, "must be at most 86400")
    .default(10),
  REDIS_PREFIX: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .regex(/^[\w:.-]*$/, "may contain only letters, digits and _ : . -")
    .default("cahier:"),
  REALTIME_MAX_CLIENTS: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .default(20_000),
  REALTIME_MAX_CLIENTS_PER_IP: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .default(500),
  FEDERATION: z
    .string()
    .trim()
    .toLowerCase()
    .default("on")
    .refine((v) => ["on", "off", "true", "false", "1", "0", ""].includes(v), {
      message: "must be on or off",
    }),
  FEDERATION_ALLOW_PRIVATE: z
    .string()
    .trim()
    .toLowerCase()
    .default("false")
    .refine((v) => ["true", "false", "1", "0", ""].includes(v), {
      message: "must be true or false",
    }),
  S3_ENDPOINT: optionalUrl(["http:", "https:"], "http(s)"),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY: z.string().trim().optional(),
  S3_SECRET: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((v) => v === undefined || ["", "true", "false", "1", "0"].includes(v), {
      message: "must be true or false",
    }),
});

/** Validated configuration. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (SQLite file, storage, outbox). */
  dataDir: string;
  /**
   * Public base URL of the app, used for links in emails: `APP_URL`, else
   * `http://localhost:PORT` on a loopback or all-interfaces `HOST`, else `http://HOST:PORT`.
   */
  appUrl: string;
  /**
   * `APP_URL` as configured (no trailing slash), or undefined: pages then build absolute
   * links (feeds, sitemap, canonical) from the request's origin.
   */
  siteUrl: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of every email (`MAIL_FROM`, default `Cahier <no-reply@<APP_URL host>>`). */
  mailFrom: string;
  trustedProxies: string[];
  /** Per-IP rules and per-account limits (`RATE_LIMITS`; on by default). */
  rateLimits: RateLimitSettings;
  /** Prefix of the rate-limit keys in Redis (`RATE_LIMITS_REDIS_PREFIX`). */
  rateLimitsRedisPrefix: string;
  logLevel: string;
  /** How long guests' record reads may be answered from memory (0 = never). */
  guestCacheTtlMs: number;
  /**
   * The anonymous page cache (ADR 045): the longest life of a page in memory (`ttlMs`, 0 =
   * off), its memory budget in bytes, and the seconds shared caches (CDNs) may keep a page.
   */
  pageCache: { ttlMs: number; maxBytes: number; cdnSeconds: number };
  /**
   * The S3-compatible bucket that holds uploaded files instead of `DATA_DIR/storage`
   * (`S3_*`); `forcePathStyle` (`S3_FORCE_PATH_STYLE`, default true) addresses the bucket
   * in the path, as MinIO, Garage and s3rver need.
   */
  s3: S3Bucket | undefined;
  /** OAuth2 / OpenID Connect providers (`OAUTH2_*`, see `core/auth/oauth2/oauth2-config.ts`). */
  oauth2: OAuth2ProviderConfig[];
  /** Prefix of every Redis key and channel (several deployments or test runs share a Redis). */
  redisPrefix: string;
  /** Most realtime (SSE) connections one instance holds, and from one IP. */
  realtime: { maxClients: number; maxClientsPerIp: number };
  /**
   * The fediverse (ADR 071): `enabled` (`FEDERATION`, on by default) and `allowPrivate`
   * (`FEDERATION_ALLOW_PRIVATE`, off by default): fetches and deliveries to loopback and
   * private addresses, for tests and private networks.
   */
  federation: { enabled: boolean; allowPrivate: boolean };
}

/**
 * `Cahier <no-reply@host>` with the host of `APP_URL` when it is a domain name, else
 * `no-reply@localhost` (an IP address or a bare host name makes no usable mail domain).
 */
function defaultMailFrom(appUrl: string | undefined): string {
  const host = appUrl ? new URL(appUrl).hostname : "";
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : "localhost";
  return `Cahier <no-reply@${domain}>`;
}

/** Hosts that a browser on this machine reaches as `localhost`: loopback and every interface. */
const LOCAL_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|0\.0\.0\.0|::)$/i;

/**
 * The host of the default `APP_URL`: `localhost` when `HOST` is a loopback address or every
 * interface (browsers give passkeys to `localhost`, never to an IP address: issue 25 item 15),
 * else `HOST` (bracketed when it is an IPv6 address).
 */
function defaultAppHost(host: string): string {
  if (LOCAL_HOSTS.test(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** Configuration errors, one line per bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates configuration from an environment object. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const oauth2 = parseOAuth2Env(env);
  if (oauth2.errors.length) {
    throw new ConfigError(
      `Invalid configuration:\n${oauth2.errors.map((e) => `  ${e}`).join("\n")}`,
    );
  }
  const c = parsed.data;
  const s3Keys = [c.S3_ENDPOINT, c.S3_BUCKET, c.S3_ACCESS_KEY, c.S3_SECRET];
  let s3: Config["s3"];
  if (s3Keys.some(Boolean)) {
    if (!s3Keys.every(Boolean)) {
      throw new ConfigError(
        "Invalid configuration:\n  S3_*: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET must all be set together",
      );
    }
    s3 = {
      endpoint: c.S3_ENDPOINT as string,
      bucket: c.S3_BUCKET as string,
      region: c.S3_REGION || "us-east-1",
      accessKey: c.S3_ACCESS_KEY as string,
      secret: c.S3_SECRET as string,
      forcePathStyle: !["false", "0"].includes(c.S3_FORCE_PATH_STYLE ?? ""),
    };
  }
  const host = c.HOST;
  return {
    port: c.PORT,
    host,
    dataDir: path.resolve(c.DATA_DIR),
    appUrl: (c.APP_URL ?? `http://${defaultAppHost(host)}:${c.PORT}`).replace(/\/+$/, ""),
    siteUrl: c.APP_URL?.replace(/\/+$/, ""),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM || defaultMailFrom(c.APP_URL),
    trustedProxies: c.TRUSTED_PROXIES,
    rateLimits: c.RATE_LIMITS,
    rateLimitsRedisPrefix: c.RATE_LIMITS_REDIS_PREFIX ?? `${c.REDIS_PREFIX}rate:`,
    logLevel: c.LOG_LEVEL,
    guestCacheTtlMs: c.GUEST_CACHE_TTL_MS,
    pageCache: {
      ttlMs: c.PAGE_CACHE_TTL_MS,
      maxBytes: c.PAGE_CACHE_MAX_MB * 1024 * 1024,
      cdnSeconds: c.PAGE_CACHE_CDN_SECONDS,
    },
    s3,
    oauth2: oauth2.providers,
    redisPrefix: c.REDIS_PREFIX,
    realtime: {
      maxClients: c.REALTIME_MAX_CLIENTS,
      maxClientsPerIp: c.REALTIME_MAX_CLIENTS_PER_IP,
    },
    federation: {
      enabled: !["off", "false", "0"].includes(c.FEDERATION),
      allowPrivate: ["true", "1"].includes(c.FEDERATION_ALLOW_PRIVATE),
    },
  };
}

/** What a failed write in `DATA_DIR` says about it, by error code. */
const DATA_DIR_PROBLEMS: Record<string, string> = {
  EROFS: "is on a read-only file system",
  EACCES: "is not writable by this process (permission denied)",
  EPERM: "is not writable by this process (operation not permitted)",
  ENOTDIR: "is not a folder (a file is in its place)",
  EEXIST: "is not a folder (a file is in its place)",
  ENOSPC: "is on a full disk",
  EDQUOT: "is on a disk whose quota is used up",
  SQLITE_READONLY: "holds a database this process cannot write to",
  SQLITE_CANTOPEN: "holds a database this process cannot open",
  SQLITE_FULL: "is on a full disk",
};

/** The problem an error names, when it is one of {@link DATA_DIR_PROBLEMS}. */
function dataDirProblem(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return undefined;
  return DATA_DIR_PROBLEMS[code] ?? DATA_DIR_PROBLEMS[code.replace(/_[A-Z]+$/, "")];
}

/** A start-up failure's one-line explanation, naming `DATA_DIR`. */
function dataDirError(dataDir: string, problem: string): ConfigError {
  return new ConfigError(
    `DATA_DIR (${dataDir}) ${problem}: Cahier keeps its database, uploaded files and mail ` +
      "outbox there. Make it a writable folder, or set DATA_DIR to one.",
  );
}

/**
 * Checks at start that `DATA_DIR` is a folder this process can write to (creating it when
 * missing), unless nothing lives there (PostgreSQL and S3 both in use). A read-only, missing
 * or misplaced folder stops the start with a message naming it instead of a stack trace
 * (issue 23 finding 7).
 */
export function checkDataDir(config: Pick<Config, "dataDir" | "databaseUrl" | "s3">): void {
  if (config.databaseUrl && config.s3) return;
  const probe = path.join(config.dataDir, `.start-${String(process.pid)}`);
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    const problem = dataDirProblem(error);
    throw dataDirError(config.dataDir, problem ?? `cannot be written to (${String(error)})`);
  }
}

/**
 * A start-up failure of the data folder or the SQLite file in it (read-only, full, not a
 * folder, locked by another process), explained in one line naming `DATA_DIR`; undefined for
 * any other failure.
 */
export function startupProblem(error: unknown, dataDir: string): ConfigError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("SQLITE_BUSY"))
    return new ConfigError(
      `The database in DATA_DIR (${dataDir}) is locked by another process: try again once it is done.`,
    );
  const problem = dataDirProblem(error);
  return problem ? dataDirError(dataDir, problem) : undefined;
}

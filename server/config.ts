/**
 * Environment configuration, validated once at start. Every setting has a clear error
 * message; nothing else reads `process.env`.
 */
import path from "node:path";
import { z } from "zod";

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
    ),
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
  S3_ENDPOINT: optionalUrl(["http:", "https:"], "http(s)"),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY: z.string().trim().optional(),
  S3_SECRET: z.string().trim().optional(),
});

/** Validated configuration. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (SQLite file, storage, outbox). */
  dataDir: string;
  /** Public base URL of the app, used for links in emails. */
  appUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of every email (`MAIL_FROM`, default `Cahier <no-reply@<APP_URL host>>`). */
  mailFrom: string;
  trustedProxies: string[];
  logLevel: string;
  /** How long guests' record reads may be answered from memory (0 = never). */
  guestCacheTtlMs: number;
  s3:
    | { endpoint: string; bucket: string; region: string; accessKey: string; secret: string }
    | undefined;
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
    };
  }
  const host = c.HOST;
  return {
    port: c.PORT,
    host,
    dataDir: path.resolve(c.DATA_DIR),
    appUrl: (c.APP_URL ?? `http://${host.includes(":") ? `[${host}]` : host}:${c.PORT}`).replace(
      /\/+$/,
      "",
    ),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM || defaultMailFrom(c.APP_URL),
    trustedProxies: c.TRUSTED_PROXIES,
    logLevel: c.LOG_LEVEL,
    guestCacheTtlMs: c.GUEST_CACHE_TTL_MS,
    s3,
  };
}

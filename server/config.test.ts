import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDataDir, ConfigError, loadConfig, startupProblem } from "./config.ts";

describe("loadConfig", () => {
  it("applies the defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8090);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.appUrl).toBe("http://localhost:8090");
    expect(config.siteUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.trustedProxies).toEqual([]);
    expect(config.guestCacheTtlMs).toBe(1000);
    expect(config.pageCache).toEqual({ ttlMs: 60_000, maxBytes: 64 * 1024 * 1024, cdnSeconds: 10 });
    expect(config.rateLimits.enabled).toBe(true);
    expect(
      config.rateLimits.rules.map((r) => `${r.label} ${r.maxRequests}/${r.duration}s`),
    ).toEqual(["*:auth 2/3s", "*:create 20/5s", "/api/batch 3/1s", "/api/ 300/10s"]);
    expect(config.rateLimitsRedisPrefix).toBe("cahier:rate:");
  });

  it("defaults APP_URL to localhost where passkeys work, on the address HOST listens to", () => {
    // Issue 25 item 15: browsers take no IP address as a WebAuthn relying party.
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "localhost", "0.0.0.0", "::"]) {
      expect(loadConfig({ HOST: host, PORT: "8091" }), host).toMatchObject({
        host,
        appUrl: "http://localhost:8091",
      });
    }
    expect(loadConfig({ HOST: "192.168.1.20" }).appUrl).toBe("http://192.168.1.20:8090");
    expect(loadConfig({ HOST: "fd00::5" }).appUrl).toBe("http://[fd00::5]:8090");
    expect(loadConfig({ HOST: "journal.lan" }).appUrl).toBe("http://journal.lan:8090");
    expect(loadConfig({ APP_URL: "http://127.0.0.1:8090/" }).appUrl).toBe("http://127.0.0.1:8090");
  });

  it("reads the page cache settings", () => {
    expect(
      loadConfig({ PAGE_CACHE_TTL_MS: "0", PAGE_CACHE_MAX_MB: "8", PAGE_CACHE_CDN_SECONDS: "0" })
        .pageCache,
    ).toEqual({ ttlMs: 0, maxBytes: 8 * 1024 * 1024, cdnSeconds: 0 });
  });

  it("reads rate limits and trusted proxies", () => {
    const config = loadConfig({
      RATE_LIMITS: '[{"label":"*:auth","duration":10,"maxRequests":5}]',
      RATE_LIMITS_REDIS_PREFIX: "site-a:",
      TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7, ::1, fd00::/8, loopback",
    });
    expect(config.rateLimits.rules).toEqual([
      { label: "*:auth", audience: "", duration: 10, maxRequests: 5 },
    ]);
    expect(config.rateLimitsRedisPrefix).toBe("site-a:");
    // Unset, the rate-limit keys follow the deployment's REDIS_PREFIX.
    expect(loadConfig({ REDIS_PREFIX: "blog-b:" }).rateLimitsRedisPrefix).toBe("blog-b:rate:");
    expect(config.trustedProxies).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    expect(loadConfig({ RATE_LIMITS: "off" }).rateLimits.enabled).toBe(false);
  });

  it("reads every setting", () => {
    const config = loadConfig({
      PORT: "9000",
      HOST: "0.0.0.0",
      DATA_DIR: "/tmp/x",
      APP_URL: "https://journal.example.com/",
      DATABASE_URL: "postgres://u@db/cahier",
      REDIS_URL: "redis://cache:6379",
      SMTP_URL: "smtps://u:p@mail:465",
      TRUSTED_PROXIES: "10.0.0.1, 10.0.0.2",
      S3_ENDPOINT: "http://s3:9000",
      S3_BUCKET: "b",
      S3_ACCESS_KEY: "k",
      S3_SECRET: "s",
    });
    expect(config).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      dataDir: "/tmp/x",
      appUrl: "https://journal.example.com",
      siteUrl: "https://journal.example.com",
      databaseUrl: "postgres://u@db/cahier",
      redisUrl: "redis://cache:6379",
      smtpUrl: "smtps://u:p@mail:465",
      trustedProxies: ["10.0.0.1", "10.0.0.2"],
      s3: {
        endpoint: "http://s3:9000",
        bucket: "b",
        region: "us-east-1",
        accessKey: "k",
        secret: "s",
        forcePathStyle: true,
      },
    });
  });

  it("addresses the bucket in the path unless S3_FORCE_PATH_STYLE is false", () => {
    const s3 = {
      S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
      S3_BUCKET: "b",
      S3_ACCESS_KEY: "k",
      S3_SECRET: "s",
    };
    expect(loadConfig(s3).s3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "FALSE" }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "0" }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...s3, S3_REGION: "eu-west-1" }).s3?.region).toBe("eu-west-1");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT: must be a number"],
    [{ PORT: "70000" }, "PORT: must be between 0 and 65535"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a PostgreSQL URL"],
    [{ APP_URL: "not a url" }, "APP_URL: must be a http(s) URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL: must be one of"],
    [{ GUEST_CACHE_TTL_MS: "-1" }, "GUEST_CACHE_TTL_MS: must be 0 (off) or more"],
    [{ PAGE_CACHE_TTL_MS: "soon" }, "PAGE_CACHE_TTL_MS: must be a number"],
    [{ PAGE_CACHE_TTL_MS: "-5" }, "PAGE_CACHE_TTL_MS: must be 0 (off) or more"],
    [{ PAGE_CACHE_MAX_MB: "0" }, "PAGE_CACHE_MAX_MB: must be at least 1"],
    [{ PAGE_CACHE_CDN_SECONDS: "1.5" }, "PAGE_CACHE_CDN_SECONDS: must be an integer"],
    [{ TRUSTED_PROXIES: "proxy.example.com" }, "TRUSTED_PROXIES: must be a comma list of IPs"],
    [{ TRUSTED_PROXIES: "10.0.0.0/33" }, "TRUSTED_PROXIES: must be a comma list of IPs"],
    [{ TRUSTED_PROXIES: "10.0.0.1/8/1" }, "TRUSTED_PROXIES: must be a comma list of IPs"],
    [{ RATE_LIMITS: "sometimes" }, "RATE_LIMITS: must be on, off"],
    [{ RATE_LIMITS: '[{"label":"*:auth","duration":0,"maxRequests":1}]' }, "RATE_LIMITS: duration"],
    [{ S3_FORCE_PATH_STYLE: "maybe" }, "S3_FORCE_PATH_STYLE: must be true or false"],
    [
      { S3_BUCKET: "b" },
      "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET must all be set together",
    ],
  ])("rejects %j with a clear message", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("defaults the mail sender to the APP_URL domain, or localhost", () => {
    expect(loadConfig({}).mailFrom).toBe("Cahier <no-reply@localhost>");
    expect(loadConfig({ APP_URL: "https://journal.example.com/x" }).mailFrom).toBe(
      "Cahier <no-reply@journal.example.com>",
    );
    expect(loadConfig({ APP_URL: "http://10.0.0.5:8090" }).mailFrom).toBe(
      "Cahier <no-reply@localhost>",
    );
    expect(loadConfig({ MAIL_FROM: "Journal <hi@example.org>" }).mailFrom).toBe(
      "Journal <hi@example.org>",
    );
    expect(loadConfig({ MAIL_FROM: "hi@example.org" }).mailFrom).toBe("hi@example.org");
  });

  it.each(["not an address", "a@b\r\nBcc: x@y", "Name <nobody>"])(
    "rejects MAIL_FROM %j",
    (value) => {
      expect(() => loadConfig({ MAIL_FROM: value })).toThrow("MAIL_FROM: must be an address");
    },
  );

  it("treats empty optional URLs as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", REDIS_URL: " " }).databaseUrl).toBeUndefined();
  });
});

describe("DATA_DIR at start (issue 23 finding 7)", () => {
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), "cahier-config-"));

  it("creates a missing DATA_DIR and leaves nothing in it", () => {
    const root = scratch();
    const dataDir = path.join(root, "a", "b");
    checkDataDir({ dataDir, databaseUrl: undefined, s3: undefined });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(root, { recursive: true });
  });

  it("names DATA_DIR when a file stands where the folder should be", () => {
    const root = scratch();
    const dataDir = path.join(root, "data");
    fs.writeFileSync(dataDir, "not a folder");
    expect(() => {
      checkDataDir({ dataDir, databaseUrl: undefined, s3: undefined });
    }).toThrow(
      new ConfigError(
        `DATA_DIR (${dataDir}) is not a folder (a file is in its place): Cahier keeps its ` +
          "database, uploaded files and mail outbox there. Make it a writable folder, or set " +
          "DATA_DIR to one.",
      ),
    );
    fs.rmSync(root, { recursive: true });
  });

  it("explains a database another process keeps locked, and leaves other failures alone", () => {
    const busy = Object.assign(new Error("locked"), { code: "SQLITE_BUSY" });
    expect(startupProblem(busy, "/srv/cahier")?.message).toBe(
      "The database in DATA_DIR (/srv/cahier) is locked by another process: try again once it is done.",
    );
    const readOnly = Object.assign(new Error("readonly"), { code: "SQLITE_READONLY_DBMOVED" });
    expect(startupProblem(readOnly, "/srv/cahier")?.message).toContain(
      "DATA_DIR (/srv/cahier) holds a database this process cannot write to",
    );
    expect(startupProblem(new Error("something else"), "/srv/cahier")).toBeUndefined();
  });
});

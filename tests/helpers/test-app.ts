/**
 * Test applications on a fresh database: a temporary SQLite folder, or a freshly created
 * PostgreSQL database (dropped afterwards) so parallel runs never collide.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createApp, type App } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { operatorRequest } from "#server/cli.ts";
import { findCollection } from "#server/core/collections/collection-lookup.ts";
import type { RecordData } from "#server/core/records/request-info.ts";

/** Database engines the suite runs on (`DIALECTS=sqlite,postgres`). */
export type DialectName = "sqlite" | "postgres";

/** Engines selected for this run; PostgreSQL needs `DATABASE_URL` too. */
export const DIALECTS: DialectName[] = (process.env.DIALECTS ?? "sqlite")
  .split(",")
  .map((d) => d.trim())
  .filter((d): d is DialectName => d === "sqlite" || d === "postgres");

/** A test app with helpers to create users and tokens. */
export interface TestApp extends App {
  /** Creates a user (optionally with a role) and returns its record and auth token. */
  createUser(
    data?: Partial<{
      username: string;
      email: string;
      role: string;
      name: string;
      password: string;
    }>,
  ): Promise<{ record: RecordData; token: string }>;
  /** Creates a superuser and returns its record and auth token. */
  createSuperuser(): Promise<{ record: RecordData; token: string }>;
  /** Creates a record as a superuser (rules bypassed). */
  seedRecord(collection: string, data: RecordData): Promise<RecordData>;
}

/** A fresh PostgreSQL database URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (!base)
    throw new Error("DATABASE_URL must point at a PostgreSQL server for the postgres dialect");
  const name = `cahier_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Environment for a server on a fresh database of the given engine. */
export async function freshEnvironment(
  dialect: DialectName,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-test-"));
  const removeDir = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (dialect === "sqlite") {
    return {
      env: { DATA_DIR: dataDir },
      cleanup: () => {
        removeDir();
        return Promise.resolve();
      },
    };
  }
  const database = await createPostgresDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    cleanup: async () => {
      await database.drop();
      removeDir();
    },
  };
}

let counter = 0;

/**
 * Creates an app on a fresh database. Call `close()` when done. Rate limits are off
 * (fixtures sign in many times from one address) unless `extraEnv.RATE_LIMITS` turns them on.
 */
export async function createTestApp(
  dialect: DialectName = DIALECTS[0] ?? "sqlite",
  extraEnv: Record<string, string> = {},
): Promise<TestApp> {
  const { env, cleanup } = await freshEnvironment(dialect);
  const config = loadConfig({ ...env, LOG_LEVEL: "silent", RATE_LIMITS: "off", ...extraEnv });
  const app = await createApp(config);
  const users = findCollection("users");
  const superusers = findCollection("_superusers");
  if (!users || !superusers) throw new Error("registry is missing auth collections");

  const login = async (collection: string, identity: string, password: string) => {
    const res = await app.http.inject({
      method: "POST",
      url: `/api/collections/${collection}/auth-with-password`,
      payload: { identity, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json<{ token: string; record: RecordData }>();
  };

  return {
    ...app,
    async close() {
      await app.close();
      await cleanup();
    },
    async createUser(data = {}) {
      counter += 1;
      const username = data.username ?? `user${counter}_${randomBytes(3).toString("hex")}`;
      const email = data.email ?? `${username}@example.com`;
      const password = data.password ?? "password123";
      await app.records.create(users, operatorRequest(), {
        username,
        email,
        password,
        passwordConfirm: password,
        role: data.role ?? "",
        name: data.name ?? "",
      });
      return login("users", email, password);
    },
    async createSuperuser() {
      counter += 1;
      const email = `root${counter}_${randomBytes(3).toString("hex")}@example.com`;
      await app.records.create(superusers, operatorRequest(), {
        email,
        password: "password123",
        passwordConfirm: "password123",
      });
      return login("_superusers", email, "password123");
    },
    async seedRecord(collection, data) {
      const c = findCollection(collection);
      if (!c) throw new Error(`no collection ${collection}`);
      return app.records.create(c, operatorRequest(), data);
    },
  };
}

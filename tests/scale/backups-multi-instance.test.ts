/**
 * Scale-out proof for backups: two server processes (each with its own DATA_DIR) on one
 * PostgreSQL database, one Redis and one S3 bucket (a real s3rver process). A backup made
 * through A is listed, downloaded and deleted through B; a restore through B is what A serves
 * next (its guest cache, with a one-minute TTL, forgets the replaced data); one backup
 * operation runs at a time for the whole deployment (PocketBase's 400 on the other instance);
 * archives never hold the backups kept in the same bucket.
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Storage } from "#server/tools/filesystem/index.ts";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import { bucketKeys, startS3Server, type S3Server } from "#tests/helpers/s3-server.ts";
import {
  apiRequest,
  cleanupInstances,
  startInstances,
  superuserToken,
  until,
} from "#tests/helpers/instances.ts";
import { runCli, type ServerProcess } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const BUSY = "Try again later - another backup/restore process has already been started.";
/** The lock name `BackupService` takes (a PostgreSQL advisory lock keyed by its hash). */
const LOCK_NAME = "cahier:backups";

describe.skipIf(!DIALECTS.includes("postgres"))("backups across instances on one bucket", () => {
  let s3: S3Server;
  let bucket: S3Storage;
  let a: ServerProcess;
  let b: ServerProcess;
  let rootToken: string;
  let writerId: string;

  const request = (
    server: ServerProcess,
    method: string,
    url: string,
    body?: unknown,
    token: string | null = rootToken,
  ) => apiRequest(server, method, url, { token, body });
  const backupKeysOf = async (server: ServerProcess) => {
    const res = await request(server, "GET", "/api/backups");
    expect(res.status).toBe(200);
    return (res.json as { key: string }[]).map((backup) => backup.key).sort();
  };
  const createBackup = (server: ServerProcess, name: string) =>
    request(server, "POST", "/api/backups", { name });
  const createEntry = async (server: ServerProcess, title: string) => {
    const res = await request(server, "POST", "/api/collections/entries/records", {
      author: writerId,
      title,
      visibility: "public",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  /** Public entry titles as a guest sees them (answers may come from the guest cache). */
  const guestTitles = async (server: ServerProcess) => {
    const res = await request(
      server,
      "GET",
      "/api/collections/entries/records?perPage=200&sort=title&fields=title",
      undefined,
      null,
    );
    expect(res.status).toBe(200);
    return (res.json as { items: { title: string }[] }).items.map((i) => i.title);
  };
  const download = async (server: ServerProcess, key: string) => {
    const token = await request(server, "POST", "/api/files/token");
    const res = await fetch(
      `${server.url}/api/backups/${key}?token=${(token.json as { token: string }).token}`,
    );
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    const name = await s3.createBucket();
    bucket = s3.storage(name);
    const shared = {
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      // A minute: only the restore's reset can make an instance forget a cached answer fast.
      GUEST_CACHE_TTL_MS: "60000",
      ...s3.env(name),
    };
    [a, b] = await startInstances(shared);
    rootToken = await superuserToken(a);
    const writer = await request(b, "POST", "/api/collections/users/records", {
      username: "writer",
      email: "writer@example.com",
      password: "password123",
      passwordConfirm: "password123",
      role: "writer",
    });
    expect(writer.status, JSON.stringify(writer.json)).toBe(200);
    writerId = (writer.json as { id: string }).id;
    // A stored file, so archives hold a storage part next to the backups' prefix.
    await bucket.write("c0files/r1/notes.txt", Buffer.from("stored file"));
  }, 180_000);
  afterAll(async () => {
    // Set in beforeAll, which may have failed half-way.
    await cleanupInstances([b, a]);
    await (s3 as S3Server | undefined)?.cleanup();
  });

  it("lists, serves and deletes through B a backup made through A, kept in the bucket", async () => {
    expect((await createBackup(a, "from_a.zip")).status).toBe(204);
    expect(await backupKeysOf(b)).toEqual(["from_a.zip"]);
    // In the bucket, not in either instance's DATA_DIR.
    expect(await bucketKeys(bucket, "_backups/")).toEqual(["_backups/from_a.zip"]);
    for (const server of [a, b])
      expect(fs.existsSync(path.join(server.env.DATA_DIR as string, "backups"))).toBe(false);

    // A second backup, made through B while the first is in the bucket: no backups inside.
    expect((await createBackup(b, "from_b.zip")).status).toBe(204);
    const archive = await download(a, "from_b.zip");
    expect(archive.status).toBe(200);
    const entries = Object.keys(unzipSync(archive.body));
    expect(entries).toContain("storage/c0files/r1/notes.txt");
    expect(entries).toContain("cahier-backup.json");
    expect(entries.filter((e) => e.includes("_backups"))).toEqual([]);

    const fromB = await download(b, "from_a.zip");
    expect(fromB.status).toBe(200);
    const stored = await bucket.open("_backups/from_a.zip");
    expect(fromB.body.equals(await stored!.read(0, stored!.size))).toBe(true);
    // A file token is required, on every instance.
    expect((await fetch(`${b.url}/api/backups/from_a.zip`)).status).toBe(403);

    expect((await request(b, "DELETE", "/api/backups/from_a.zip")).status).toBe(204);
    expect(await backupKeysOf(a)).toEqual(["from_b.zip"]);
    expect((await download(a, "from_a.zip")).status).toBe(404);
    expect((await request(a, "DELETE", "/api/backups/from_a.zip")).status).toBe(404);
    expect((await request(b, "DELETE", "/api/backups/from_b.zip")).status).toBe(204);
  });

  it("restores through B what A then serves, without stale guest answers", async () => {
    await createEntry(a, "Kept entry");
    expect((await createBackup(a, "point.zip")).status).toBe(204);
    await createEntry(a, "Later entry");
    // A caches its guest answer (the TTL is a minute).
    expect(await guestTitles(a)).toEqual(["Kept entry", "Later entry"]);
    expect(await guestTitles(a)).toEqual(["Kept entry", "Later entry"]);

    const restored = await request(b, "POST", "/api/backups/point.zip/restore");
    expect(restored.status, JSON.stringify(restored.json)).toBe(204);
    expect(await guestTitles(b)).toEqual(["Kept entry"]);
    // The reset reaches A through Redis: its cached answer is dropped well before the TTL.
    await until(
      async () => JSON.stringify(await guestTitles(a)) === JSON.stringify(["Kept entry"]),
      "A to serve the restored entries",
    );
    // The backups and the stored files survived the restore; sessions are still valid on A.
    expect(await backupKeysOf(a)).toEqual(["point.zip"]);
    expect(await bucketKeys(bucket, "c0files/")).toEqual(["c0files/r1/notes.txt"]);
    expect((await request(a, "DELETE", "/api/backups/point.zip")).status).toBe(204);
  });

  it("writes and imports archives into the bucket from the CLI", { timeout: 240_000 }, async () => {
    const backup = await runCli(a.env, ["backup", "cli_made.zip"]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("/_backups/cli_made.zip");
    expect(await backupKeysOf(b)).toEqual(["cli_made.zip"]);

    // An archive on the local disk is copied into the bucket under its name, then restored.
    const archive = await download(b, "cli_made.zip");
    const outside = path.join(b.env.DATA_DIR as string, "imported.zip");
    fs.writeFileSync(outside, archive.body);
    // The CLI refuses to restore under running instances (probe finding F8): every instance
    // holds the database's serving lock; once they are stopped, it restores.
    const refused = await runCli(b.env, ["restore", outside]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "A Cahier server is using this database (2 server connections)",
    );
    await Promise.all([a.stop(), b.stop()]);
    const restore = await runCli(b.env, ["restore", outside]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Restored imported.zip.");
    await Promise.all([a.restart(), b.restart()]);
    expect(await backupKeysOf(a)).toEqual(["cli_made.zip", "imported.zip"]);
    fs.rmSync(outside);
    for (const key of ["cli_made.zip", "imported.zip"])
      expect((await request(a, "DELETE", `/api/backups/${key}`)).status).toBe(204);
  });

  it("runs one backup operation at a time in the whole deployment", async () => {
    // Another instance holding the lock (here: this test, on the shared database).
    const holder = new pg.Client({ connectionString: a.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(hashtext($1))", [LOCK_NAME]);
      for (const server of [a, b]) {
        const refused = await createBackup(server, "refused.zip");
        expect(refused).toEqual({ status: 400, json: { status: 400, message: BUSY, data: {} } });
      }
      await holder.query("SELECT pg_advisory_unlock(hashtext($1))", [LOCK_NAME]);
      expect(await backupKeysOf(b)).toEqual([]);

      // A backup through A that takes a while (a large file to pack); B asks while it runs.
      const random = Buffer.alloc(12 * 1024 * 1024);
      for (let i = 0; i < random.length; i += 4) random.writeUInt32LE((i * 2654435761) >>> 0, i);
      await bucket.write("c0files/r2/large.bin", random);
      // One-key advisory locks (objsubid 1) only: the instances' serving locks use two keys.
      const held = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            )
          ).rows[0]?.n ?? 0,
        ) > 0;
      const first = createBackup(a, "first.zip");
      await until(held, "A's backup to take the lock");
      const [second, restore, remove] = await Promise.all([
        createBackup(b, "second.zip"),
        request(b, "POST", "/api/backups/first.zip/restore"),
        request(b, "DELETE", "/api/backups/first.zip"),
      ]);
      expect(second).toEqual({ status: 400, json: { status: 400, message: BUSY, data: {} } });
      // Still being written: not there yet for a restore or a delete.
      expect(restore.status).toBe(400);
      expect(remove.status).toBe(404);
      expect((await first).status).toBe(204);
      expect(await backupKeysOf(b)).toEqual(["first.zip"]);

      // Both at once: whichever takes the lock first wins, the other gets the 400.
      const both = await Promise.all([
        createBackup(a, "race_a.zip"),
        createBackup(b, "race_b.zip"),
      ]);
      const statuses = both.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 204).length).toBeGreaterThanOrEqual(1);
      for (const answer of both.filter((r) => r.status !== 204))
        expect(answer).toEqual({ status: 400, json: { status: 400, message: BUSY, data: {} } });
    } finally {
      await holder.end();
      await bucket.delete("c0files/r2/large.bin");
    }
  });
});

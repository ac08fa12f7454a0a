/**
 * The backup stores: the local folder and a shared `FileStorage` (a local folder and a real
 * s3rver bucket), plus a backup service keeping its archives in the files' storage: the
 * archives never end up inside a backup, and a restore never deletes nor overwrites them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allCollections } from "#server/core/collections/collection-lookup.ts";
import { LocalStorage, type FileStorage } from "#server/tools/filesystem/index.ts";
import { startS3Server, type S3Server } from "#tests/helpers/s3-server.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { BackupService } from "./backup-service.ts";
import {
  BACKUPS_PREFIX,
  isBackupStorageKey,
  LocalBackupStore,
  StorageBackupStore,
  type BackupStore,
} from "./backup-store.ts";

let s3: S3Server;
const folders: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-backup-store-"));
  folders.push(dir);
  return dir;
}

beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3.cleanup();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

interface Subject {
  name: string;
  /** The store, and the storage below it when it shares one. */
  make(): Promise<{ store: BackupStore; storage?: FileStorage }>;
  /** Whether `local()` hands out a temporary copy (remote archives). */
  copies: boolean;
}

const subjects: Subject[] = [
  {
    name: "LocalBackupStore",
    make: () => Promise.resolve({ store: new LocalBackupStore(path.join(tempDir(), "backups")) }),
    copies: false,
  },
  {
    name: "StorageBackupStore on LocalStorage",
    make: () => {
      const storage = new LocalStorage(path.join(tempDir(), "storage"));
      return Promise.resolve({ store: new StorageBackupStore(storage, tempDir()), storage });
    },
    copies: true,
  },
  {
    name: "StorageBackupStore on S3Storage (s3rver)",
    make: async () => {
      const storage = s3.storage(await s3.createBucket());
      return { store: new StorageBackupStore(storage, tempDir(), "s3://test"), storage };
    },
    copies: true,
  },
];

/** Writes `data` as a finished archive in the store's staging folder and puts it. */
async function put(store: BackupStore, key: string, data: Buffer): Promise<void> {
  fs.mkdirSync(store.stagingDir, { recursive: true });
  const file = path.join(store.stagingDir, `.${key}.test`);
  fs.writeFileSync(file, data);
  await store.put(key, file);
  // The staged file is consumed (moved or uploaded, then removed).
  expect(fs.existsSync(file)).toBe(false);
}

describe.each(subjects)("backup store: $name", (subject) => {
  it("puts, lists newest first, opens, copies locally and deletes archives", async () => {
    const { store } = await subject.make();
    expect(await store.list()).toEqual([]);
    expect(await store.exists("a.zip")).toBe(false);
    expect(await store.open("a.zip")).toBeNull();
    expect(await store.local("a.zip", tempDir())).toBeNull();

    const big = Buffer.alloc(1_500_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 13) % 256;
    await put(store, "a.zip", big);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await put(store, "b_2.zip", Buffer.from("second"));

    const listed = await store.list();
    expect(listed.map((b) => [b.key, b.size])).toEqual([
      ["b_2.zip", 6],
      ["a.zip", big.length],
    ]);
    for (const b of listed) expect(b.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await store.exists("a.zip")).toBe(true);

    const opened = await store.open("a.zip");
    expect(opened!.size).toBe(big.length);
    expect((await buffer(opened!.stream())).equals(big)).toBe(true);

    const work = tempDir();
    const local = await store.local("a.zip", work);
    expect(local).not.toBeNull();
    expect(fs.readFileSync(local!.path).equals(big)).toBe(true);
    if (subject.copies) expect(path.dirname(local!.path)).toBe(work);
    await local!.release();
    // A temporary copy is removed; the store's own file is left alone.
    expect(fs.existsSync(local!.path)).toBe(!subject.copies);
    expect(await store.exists("a.zip")).toBe(true);

    expect(store.describe("a.zip")).toContain("a.zip");
    await store.delete("a.zip");
    await store.delete("a.zip");
    expect((await store.list()).map((b) => b.key)).toEqual(["b_2.zip"]);
  });

  it("refuses names outside PocketBase's backup name rule", async () => {
    const { store } = await subject.make();
    const file = path.join(tempDir(), "x");
    fs.writeFileSync(file, "x");
    for (const bad of ["../x.zip", "X.zip", "a/b.zip", ".hidden.zip", "x.tar"]) {
      expect(await store.exists(bad)).toBe(false);
      expect(await store.open(bad)).toBeNull();
      await expect(store.put(bad, file)).rejects.toThrow(/invalid backup name/);
    }
  });

  it("lists only archives, not temporary or foreign objects", async () => {
    const { store, storage } = await subject.make();
    await put(store, "kept.zip", Buffer.from("zip"));
    if (storage) {
      await storage.write(`${BACKUPS_PREFIX}nested/x.zip`, Buffer.from("x"));
      await storage.write(`${BACKUPS_PREFIX}Upper.zip`, Buffer.from("x"));
      await storage.write(`${BACKUPS_PREFIX}notes.txt`, Buffer.from("x"));
      await storage.write("c1/r1/file.zip", Buffer.from("x"));
    } else {
      fs.writeFileSync(path.join(store.stagingDir, ".partial.zip.tmp"), "x");
      fs.writeFileSync(path.join(store.stagingDir, "notes.txt"), "x");
    }
    expect((await store.list()).map((b) => b.key)).toEqual(["kept.zip"]);
  });
});

describe("the reserved backups prefix", () => {
  it("is no collection's files folder", () => {
    for (const collection of allCollections()) expect(`${collection.id}/`).not.toBe(BACKUPS_PREFIX);
    expect(isBackupStorageKey("_backups/a.zip")).toBe(true);
    expect(isBackupStorageKey("_pb_users_auth_/r1/avatar.png")).toBe(false);
    expect(isBackupStorageKey("c1/_backups/a.zip")).toBe(false);
  });
});

describe.each(DIALECTS)("backups kept in the files' storage (%s)", (dialect) => {
  let app: TestApp;
  let service: BackupService;
  let migrations: string[];

  beforeAll(async () => {
    app = await createTestApp(dialect);
    migrations = (
      await app.db.kysely.selectFrom("_migrations").select("file").orderBy("file").execute()
    ).map((r) => String(r.file));
    service = new BackupService({
      db: app.db,
      store: new StorageBackupStore(app.storage, app.config.dataDir),
      storage: app.storage,
      workDir: app.config.dataDir,
      migrations,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("leaves older backups out of a backup and keeps them through a restore", async () => {
    await app.storage.write("c1/r1/photo.txt", Buffer.from("photo"));
    const first = await service.create("first.zip");
    const second = await service.create("second.zip");
    const opened = await service.open(second);
    const entries = Object.keys(unzipSync(await buffer(opened.stream())));
    expect(entries).toContain("storage/c1/r1/photo.txt");
    expect(entries.filter((e) => e.includes("_backups"))).toEqual([]);

    // A crafted archive trying to write over a backup: the entry is ignored.
    const crafted = zipSync({
      "cahier-backup.json": strToU8(
        JSON.stringify({
          format: "cahier-backup",
          version: 1,
          created: new Date().toISOString(),
          engine: dialect,
          migrations,
          tables: [],
          files: 2,
        }),
      ),
      "storage/c2/r2/restored.txt": strToU8("restored"),
      [`storage/${BACKUPS_PREFIX}first.zip`]: strToU8("overwritten"),
    });
    const staged = path.join(app.config.dataDir, "crafted.zip");
    fs.writeFileSync(staged, crafted);
    expect(await service.adopt(staged)).toBe("crafted.zip");
    const before = await buffer((await service.open(first)).stream());
    await service.restore("crafted.zip");

    const keys: string[] = [];
    for await (const { key } of app.storage.list("")) keys.push(key);
    expect(keys.sort()).toEqual([
      `${BACKUPS_PREFIX}crafted.zip`,
      `${BACKUPS_PREFIX}first.zip`,
      `${BACKUPS_PREFIX}second.zip`,
      "c2/r2/restored.txt",
    ]);
    expect((await buffer((await service.open(first)).stream())).equals(before)).toBe(true);
    expect((await service.list()).map((b) => b.key).sort()).toEqual([
      "crafted.zip",
      "first.zip",
      "second.zip",
    ]);
    // No temporary copy is left in the work folder.
    expect(fs.readdirSync(app.config.dataDir).filter((n) => n.startsWith("."))).toEqual([]);
  });

  it("imports a local archive once, and uses one already in the local store as it is", async () => {
    const local = new BackupService({
      db: app.db,
      store: new LocalBackupStore(path.join(app.config.dataDir, "backups")),
      storage: app.storage,
      workDir: app.config.dataDir,
      migrations,
    });
    const key = await local.create("in_place.zip");
    const inPlace = path.join(app.config.dataDir, "backups", key);
    expect(await local.adopt(inPlace)).toBe(key);
    const outside = path.join(tempDir(), "in_place.zip");
    fs.copyFileSync(inPlace, outside);
    // Another file by a stored name: refused, never overwritten.
    await expect(local.adopt(outside)).rejects.toMatchObject({
      status: 400,
      data: { name: { code: "validation_backup_name_exists" } },
    });
    fs.renameSync(outside, path.join(path.dirname(outside), "copied.zip"));
    expect(await local.adopt(path.join(path.dirname(outside), "copied.zip"))).toBe("copied.zip");
    expect((await local.list()).map((b) => b.key).sort()).toEqual(["copied.zip", "in_place.zip"]);
  });

  it("lets the first of two simultaneous backups run, however long its checks take", async () => {
    // The first call's name check is the slower one: the call, not the check, reserves.
    const store = new StorageBackupStore(app.storage, app.config.dataDir);
    const exists = store.exists.bind(store);
    store.exists = async (key) => {
      if (key === "slow_check.zip") await new Promise((resolve) => setTimeout(resolve, 150));
      return exists(key);
    };
    const racing = new BackupService({
      db: app.db,
      store,
      storage: app.storage,
      workDir: app.config.dataDir,
      migrations,
    });
    const first = racing.create("slow_check.zip");
    const second = racing.create("fast_check.zip");
    await expect(second).rejects.toThrow(/another backup\/restore/);
    expect(await first).toBe("slow_check.zip");
    await racing.remove("slow_check.zip");
  });

  it("answers 404 for a missing backup and PocketBase's 400 while another operation runs", async () => {
    await expect(service.open("missing.zip")).rejects.toMatchObject({ status: 404 });
    await expect(service.remove("missing.zip")).rejects.toMatchObject({ status: 404 });
    const running = service.create("busy_one.zip");
    await expect(service.create("busy_two.zip")).rejects.toThrow(
      "Try again later - another backup/restore process has already been started.",
    );
    await expect(service.remove("first.zip")).rejects.toThrow(/another backup\/restore/);
    await running;
    await service.remove("busy_one.zip");
    expect((await service.list()).map((b) => b.key)).not.toContain("busy_one.zip");
  });
});

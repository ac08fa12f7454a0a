import fs from "node:fs";
import path from "node:path";
import { zipSync, strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupService } from "#server/core/backups/backup-service.ts";
import { LocalBackupStore } from "#server/core/backups/backup-store.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { multipartBody } from "#tests/helpers/file-fixtures.ts";

type Account = { record: Record<string, unknown>; token: string };

async function fileToken(app: TestApp, token: string): Promise<string> {
  const res = await app.http.inject({
    method: "POST",
    url: "/api/files/token",
    headers: { authorization: token },
  });
  return res.json<{ token: string }>().token;
}

async function entryTitles(app: TestApp, token: string): Promise<string[]> {
  const res = await app.http.inject({
    method: "GET",
    url: "/api/collections/entries/records?perPage=1000&sort=title&fields=title",
    headers: { authorization: token },
  });
  return res.json<{ items: { title: string }[] }>().items.map((i) => i.title);
}

/** Writes a crafted archive into the app's backups folder. */
function plant(app: TestApp, key: string, files: Parameters<typeof zipSync>[0]): void {
  const dir = path.join(app.config.dataDir, "backups");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, key), zipSync(files));
}

/** The migrations applied to the test databases (the schema version a manifest declares). */
let MIGRATIONS: string[] = [];

const manifest = (extra: object = {}) =>
  strToU8(
    JSON.stringify({
      format: "cahier-backup",
      version: 1,
      created: new Date().toISOString(),
      engine: "sqlite",
      migrations: MIGRATIONS,
      tables: [],
      files: 0,
      ...extra,
    }),
  );

describe.each(DIALECTS)("backups (%s)", (dialect) => {
  let app: TestApp;
  let plain: Account;
  let writer: Account;
  let admin: Account;
  let root: Account;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    plain = await app.createUser({ username: "plain1" });
    writer = await app.createUser({ username: "writer1", role: "writer" });
    admin = await app.createUser({ username: "admin1", role: "admin" });
    root = await app.createSuperuser();
    MIGRATIONS = (
      await app.db.kysely.selectFrom("_migrations").select("file").orderBy("file").execute()
    ).map((r) => String(r.file));
  });
  afterAll(async () => {
    await app.close();
  });

  it("is for superusers only", async () => {
    const routes: [string, "GET" | "POST" | "DELETE"][] = [
      ["/api/backups", "GET"],
      ["/api/backups", "POST"],
      ["/api/backups/upload", "POST"],
      ["/api/backups/x.zip", "DELETE"],
      ["/api/backups/x.zip/restore", "POST"],
    ];
    for (const [url, method] of routes) {
      await runScenario(app, { name: `guest ${method} ${url}`, method, url, expectedStatus: 401 });
      for (const [who, account] of [
        ["user", plain],
        ["writer", writer],
        ["admin", admin],
      ] as const) {
        await runScenario(app, {
          name: `${who} ${method} ${url}`,
          method,
          url,
          token: account.token,
          expectedStatus: 403,
          expectedContent: ["The authorized record is not allowed to perform this action."],
        });
      }
    }
    await app.backups.create("access_check.zip");
    for (const [name, token] of [
      ["no token", ""],
      ["an auth token", root.token],
      ["a user's file token", await fileToken(app, plain.token)],
      ["an admin's file token", await fileToken(app, admin.token)],
      ["garbage", "abc.def.ghi"],
    ] as const) {
      await runScenario(app, {
        name: `download with ${name}`,
        method: "GET",
        url: `/api/backups/access_check.zip?token=${encodeURIComponent(token)}`,
        expectedStatus: 403,
        expectedContent: ["Insufficient permissions to access the resource."],
      });
    }
    const ok = await app.http.inject({
      method: "GET",
      url: `/api/backups/access_check.zip?token=${await fileToken(app, root.token)}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/zip");
    expect(ok.headers["content-disposition"]).toBe('attachment; filename="access_check.zip"');
    expect(ok.rawPayload.subarray(0, 2).toString()).toBe("PK");
    await app.backups.remove("access_check.zip");
  });

  it("takes a consistent backup while writes go on and restores it with nothing lost", async () => {
    const upload = multipartBody([
      { name: "author", value: String(writer.record.id) },
      { name: "title", value: "With attachment" },
      { name: "attachments", filename: "note.txt", data: Buffer.from("attached words") },
    ]);
    const attached = await app.http.inject({
      method: "POST",
      url: "/api/collections/entries/records",
      headers: { ...upload.headers, authorization: writer.token },
      payload: upload.body,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const attachedRecord = attached.json<{ id: string; attachments: string[] }>();

    // Four writers keep creating entries; every acknowledged title is recorded.
    const acknowledged: { title: string; at: number }[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i += 1) {
        const title = `w${w}-${i}`;
        const res = await app.http.inject({
          method: "POST",
          url: "/api/collections/entries/records",
          headers: { authorization: writer.token },
          payload: { author: writer.record.id, title },
        });
        expect(res.statusCode, res.body).toBe(200);
        acknowledged.push({ title, at: Date.now() });
      }
    });
    // The backup starts once writes are going on, and writes go on after it: waited for,
    // never timed (a loaded machine once acknowledged none in the first 150 ms).
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(() => acknowledged.length > 0);
    const started = Date.now();
    const res = await app.http.inject({
      method: "POST",
      url: "/api/backups",
      headers: { authorization: root.token },
      payload: { name: "under_load.zip" },
    });
    const finished = Date.now();
    expect(res.statusCode, res.body).toBe(204);
    await until(() => acknowledged.some((a) => a.at > finished));
    stop = true;
    await Promise.all(writers);
    const before = acknowledged.filter((a) => a.at <= started).map((a) => a.title);
    const after = acknowledged.filter((a) => a.at > finished).map((a) => a.title);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);

    const listed = await app.http.inject({
      method: "GET",
      url: "/api/backups",
      headers: { authorization: root.token },
    });
    expect(listed.json<{ key: string; size: number }[]>()).toEqual([
      expect.objectContaining({ key: "under_load.zip", size: expect.any(Number) as number }),
    ]);

    // Damage after the backup: delete the attachment entry, add more.
    await app.http.inject({
      method: "DELETE",
      url: `/api/collections/entries/records/${attachedRecord.id}`,
      headers: { authorization: writer.token },
    });
    const restore = await app.http.inject({
      method: "POST",
      url: "/api/backups/under_load.zip/restore",
      headers: { authorization: root.token },
    });
    expect(restore.statusCode, restore.body).toBe(204);

    // The old tokens still work (secrets and users came back as they were).
    const titles = await entryTitles(app, writer.token);
    for (const title of before) expect(titles).toContain(title);
    for (const title of after) expect(titles).not.toContain(title);
    expect(titles).toContain("With attachment");
    expect(await app.db.integrityCheck()).toBe("ok");
    const download = await app.http.inject({
      method: "GET",
      url: `/api/files/entries/${attachedRecord.id}/${String(attachedRecord.attachments[0])}?token=${await fileToken(app, writer.token)}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("attached words");
    // Writes work after a restore.
    const more = await app.http.inject({
      method: "POST",
      url: "/api/collections/entries/records",
      headers: { authorization: writer.token },
      payload: { author: writer.record.id, title: "after restore" },
    });
    expect(more.statusCode, more.body).toBe(200);
  });

  it("refuses hostile or broken archives and leaves the live data untouched", async () => {
    const liveTitles = await entryTitles(app, writer.token);
    const storage = path.join(app.config.dataDir, "storage");
    const liveFiles = fs.readdirSync(storage, { recursive: true }).sort();
    const cases: [string, Parameters<typeof zipSync>[0], string][] = [
      ["slip.zip", { [MANIFEST_NAME]: manifest(), "../evil.txt": strToU8("x") }, "unsafe entry"],
      [
        "slip_storage.zip",
        { [MANIFEST_NAME]: manifest(), "storage/../../evil.txt": strToU8("x") },
        "unsafe entry",
      ],
      ["absolute.zip", { [MANIFEST_NAME]: manifest(), "/etc/evil": strToU8("x") }, "unsafe entry"],
      [
        "symlink.zip",
        {
          [MANIFEST_NAME]: manifest(),
          "storage/link": [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
        },
        "symbolic link",
      ],
      ["stray.zip", { [MANIFEST_NAME]: manifest(), "run.sh": strToU8("x") }, "unexpected entry"],
      ["no_manifest.zip", { "data/entries.jsonl": strToU8("{}\n") }, "manifest"],
      [
        "newer.zip",
        { [MANIFEST_NAME]: manifest({ migrations: ["9999999999-from-the-future"] }) },
        "newer version",
      ],
      [
        "unknown_table.zip",
        {
          [MANIFEST_NAME]: manifest({ tables: ["evil"] }),
          "data/evil.jsonl": strToU8('{"id":"x"}\n'),
        },
        "unknown tables",
      ],
      [
        "bad_rows.zip",
        {
          [MANIFEST_NAME]: manifest({ tables: ["entries"] }),
          "data/entries.jsonl": strToU8('{"id":"aaaaaaaaaaaaaaa","no_such_column":1}\n'),
        },
        "does not fit",
      ],
      [
        "bad_json.zip",
        {
          [MANIFEST_NAME]: manifest({ tables: ["entries"] }),
          "data/entries.jsonl": strToU8("{not json\n"),
        },
        "could not be restored",
      ],
    ];
    for (const [key, files, message] of cases) {
      plant(app, key, files);
      await runScenario(app, {
        name: `restore ${key}`,
        method: "POST",
        url: `/api/backups/${key}/restore`,
        token: root.token,
        expectedStatus: 400,
        expectedContent: [message],
      });
    }
    fs.writeFileSync(path.join(app.config.dataDir, "backups", "not_a_zip.zip"), "hello");
    await runScenario(app, {
      name: "restore a non-zip",
      method: "POST",
      url: "/api/backups/not_a_zip.zip/restore",
      token: root.token,
      expectedStatus: 400,
      expectedContent: ["not a zip archive"],
    });
    await runScenario(app, {
      name: "restore a missing backup",
      method: "POST",
      url: "/api/backups/missing.zip/restore",
      token: root.token,
      expectedStatus: 400,
      expectedContent: ["Missing or invalid backup file."],
    });
    expect(await entryTitles(app, writer.token)).toEqual(liveTitles);
    expect(fs.readdirSync(storage, { recursive: true }).sort()).toEqual(liveFiles);
    expect(fs.existsSync(path.join(app.config.dataDir, "evil.txt"))).toBe(false);
    expect(fs.readdirSync(app.config.dataDir).filter((n) => n.startsWith(".restore-"))).toEqual([]);
  });

  it("bounds archives by entries and unpacked size", async () => {
    const strict = new BackupService({
      db: app.db,
      store: new LocalBackupStore(path.join(app.config.dataDir, "backups")),
      storage: app.storage,
      workDir: app.config.dataDir,
      migrations: MIGRATIONS,
      maxEntries: 5,
      maxUnpackedBytes: 1024 * 1024,
    });
    const many: Record<string, Uint8Array> = { [MANIFEST_NAME]: manifest() };
    for (let i = 0; i < 10; i += 1) many[`storage/f${i}`] = strToU8("x");
    plant(app, "many.zip", many);
    await expect(strict.restore("many.zip")).rejects.toThrow(/too many entries/);
    plant(app, "bomb.zip", {
      [MANIFEST_NAME]: manifest(),
      "storage/zeros": new Uint8Array(8 * 1024 * 1024),
    });
    expect(fs.statSync(path.join(app.config.dataDir, "backups", "bomb.zip")).size).toBeLessThan(
      64 * 1024,
    );
    await expect(strict.restore("bomb.zip")).rejects.toThrow(/too large/);
  });

  it("uploads, validates names, deletes and refuses a second run at once", async () => {
    const token = await fileToken(app, root.token);
    await app.backups.create("source.zip");
    const archive = await app.http.inject({
      method: "GET",
      url: `/api/backups/source.zip?token=${token}`,
    });
    const send = (filename: string, data: Buffer) => {
      const body = multipartBody([{ name: "file", filename, data, type: "application/zip" }]);
      return app.http.inject({
        method: "POST",
        url: "/api/backups/upload",
        headers: { ...body.headers, authorization: root.token },
        payload: body.body,
      });
    };
    expect((await send("copy.zip", archive.rawPayload)).statusCode).toBe(204);
    const taken = await send("copy.zip", archive.rawPayload);
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain("validation_backup_name_exists");
    const badName = await send("Bad Name.zip", archive.rawPayload);
    expect(badName.statusCode).toBe(400);
    expect(badName.body).toContain('"name":{"code":"validation_match_invalid"');
    const notZip = await send("text.zip", Buffer.from("plain text"));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.body).toContain("validation_invalid_backup");
    const empty = await app.http.inject({
      method: "POST",
      url: "/api/backups/upload",
      headers: { authorization: root.token },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('"file":{"code":"validation_required"');
    await runScenario(app, {
      name: "bad create name",
      method: "POST",
      url: "/api/backups",
      token: root.token,
      body: { name: "../x.zip" },
      expectedStatus: 400,
      expectedContent: ["validation_match_invalid"],
    });
    await runScenario(app, {
      name: "delete",
      method: "DELETE",
      url: "/api/backups/copy.zip",
      token: root.token,
      expectedStatus: 204,
    });
    await runScenario(app, {
      name: "delete again",
      method: "DELETE",
      url: "/api/backups/copy.zip",
      token: root.token,
      expectedStatus: 404,
    });
    const first = app.backups.create("one.zip");
    await expect(app.backups.create("two.zip")).rejects.toThrow(/another backup\/restore/);
    await first;
    expect(
      fs.readdirSync(path.join(app.config.dataDir, "backups")).filter((n) => n.startsWith(".")),
    ).toEqual([]);
  });
});

const MANIFEST_NAME = "cahier-backup.json";

describe.runIf(DIALECTS.includes("postgres") && DIALECTS.includes("sqlite"))(
  "backups across engines",
  () => {
    it("restores a SQLite backup into PostgreSQL", async () => {
      const source = await createTestApp("sqlite");
      const target = await createTestApp("postgres");
      try {
        const author = await source.createUser({ username: "mover", role: "writer" });
        await source.seedRecord("entries", {
          author: author.record.id,
          title: "Moved entry",
          tags: ["a", "b"],
          visibility: "public",
        });
        await source.seedRecord("items", { code: "moved-item", name: "Item", data: { k: [1, 2] } });
        const key = await source.backups.create();
        fs.mkdirSync(path.join(target.config.dataDir, "backups"), { recursive: true });
        fs.copyFileSync(
          path.join(source.config.dataDir, "backups", key),
          path.join(target.config.dataDir, "backups", key),
        );
        await target.backups.restore(key);
        const login = await target.http.inject({
          method: "POST",
          url: "/api/collections/users/auth-with-password",
          payload: { identity: "mover", password: "password123" },
        });
        expect(login.statusCode, login.body).toBe(200);
        const token = login.json<{ token: string }>().token;
        const entries = await target.http.inject({
          method: "GET",
          url: "/api/collections/entries/records",
          headers: { authorization: token },
        });
        expect(entries.json<{ items: { title: string; tags: string[] }[] }>().items).toEqual([
          expect.objectContaining({ title: "Moved entry", tags: ["a", "b"] }),
        ]);
        // The source's token works on the target: secrets moved with the data.
        const refreshed = await target.http.inject({
          method: "POST",
          url: "/api/collections/users/auth-refresh",
          headers: { authorization: author.token },
        });
        expect(refreshed.statusCode).toBe(200);
      } finally {
        await source.close();
        await target.close();
      }
    });
  },
);

/**
 * The files API with `S3_*` set: uploads, downloads (Range, If-Modified-Since), thumbnails
 * cached in the bucket, protected files and their tokens, deletes and a backup/restore round
 * trip all go through a real S3-protocol server (s3rver); an unreachable bucket answers a
 * PocketBase-shaped 503 without hanging (ADR 030).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { bucketKeys, startS3Server, type S3Server } from "#tests/helpers/s3-server.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import type { S3Storage } from "#server/tools/filesystem/index.ts";
import { image, imageInfo, multipartBody, type Part } from "#tests/helpers/file-fixtures.ts";

const NOT_FOUND = '{"data":{},"message":"The requested resource wasn\'t found.","status":404}';
const UNAVAILABLE =
  '{"data":{},"message":"The file storage is unavailable. Try again later.","status":503}';

describe.each(DIALECTS)("files on S3 (%s)", (dialect) => {
  let s3: S3Server;
  let bucket: S3Storage;
  let app: TestApp;
  let alice: { record: RecordData; token: string };
  let bob: { record: RecordData; token: string };
  let root: { record: RecordData; token: string };
  let entry: RecordData;
  let user: RecordData;
  let photo: Buffer;
  const notes = Buffer.from("private notes on S3\n");

  const upload = async (
    method: "POST" | "PATCH",
    url: string,
    parts: Part[],
    token = alice.token,
  ) => {
    const { body, headers } = multipartBody(parts);
    return app.http.inject({
      method,
      url,
      headers: { ...headers, authorization: token },
      payload: body,
    });
  };
  const fileToken = async (token: string): Promise<string> => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/files/token",
      headers: { authorization: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const fileUrl = (record: RecordData, name: string, query = "") =>
    `/api/files/${String(record.collectionId)}/${String(record.id)}/${name}${query}`;
  /** Deletes a kept record for good (Recently deleted, ADR 067) and runs its files' job. */
  const deleteForGood = async (token: string, record: RecordData) => {
    const list = await app.http.inject({
      method: "GET",
      url: "/api/deleted?perPage=1000",
      headers: { authorization: token },
    });
    const item = list
      .json<{ items: { id: string; record: string }[] }>()
      .items.find((i) => i.record === String(record.id));
    const res = await app.http.inject({
      method: "DELETE",
      url: `/api/deleted/${item?.id ?? ""}`,
      headers: { authorization: token },
    });
    expect(res.statusCode, res.body).toBe(204);
    await app.jobs.drain();
  };
  const attachment = (suffix: string) =>
    (entry.attachments as string[]).find((n) => n.endsWith(suffix)) ?? "";

  beforeAll(async () => {
    s3 = await startS3Server();
    const name = await s3.createBucket();
    bucket = s3.storage(name);
    app = await createTestApp(dialect, s3.env(name));
    alice = await app.createUser({ role: "writer" });
    bob = await app.createUser({ role: "writer" });
    root = await app.createSuperuser();
    photo = await image("jpeg", 640, 480);
    const created = await upload("POST", "/api/collections/entries/records", [
      { name: "author", value: String(alice.record.id) },
      { name: "title", value: "On S3" },
      { name: "attachments", filename: "photo.jpg", data: photo },
      { name: "attachments", filename: "notes.txt", data: notes },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    entry = created.json<RecordData>();
    const avatar = await upload(
      "PATCH",
      `/api/collections/users/records/${String(alice.record.id)}`,
      [{ name: "avatar", filename: "me.png", data: await image("png", 300, 200) }],
    );
    expect(avatar.statusCode, avatar.body).toBe(200);
    user = avatar.json<RecordData>();
  });
  afterAll(async () => {
    await app.close();
    await s3.cleanup();
  });

  it("stores uploads in the bucket, not in DATA_DIR", async () => {
    const prefix = `${String(entry.collectionId)}/${String(entry.id)}/`;
    expect(await bucketKeys(bucket, prefix)).toEqual(
      (entry.attachments as string[]).map((n) => `${prefix}${n}`).sort(),
    );
    expect(fs.existsSync(path.join(app.config.dataDir, "storage"))).toBe(false);
  });

  it("serves a public file to anyone, with Range and If-Modified-Since", async () => {
    const url = fileUrl(user, String(user.avatar));
    const whole = await app.http.inject({ method: "GET", url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("image/png");
    const size = Number(whole.headers["content-length"]);
    expect(whole.rawPayload.length).toBe(size);
    const part = await app.http.inject({ method: "GET", url, headers: { range: "bytes=1-3" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1-3/${size}`);
    expect(part.rawPayload.toString("latin1")).toBe("PNG");
    const lastModified = String(whole.headers["last-modified"]);
    const notModified = await app.http.inject({
      method: "GET",
      url,
      headers: { "if-modified-since": lastModified },
    });
    expect(notModified.statusCode).toBe(304);
    const head = await app.http.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(size));
    const unsatisfiable = await app.http.inject({
      method: "GET",
      url,
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(unsatisfiable.statusCode).toBe(416);
  });

  it("makes a thumbnail once and keeps it in the bucket", async () => {
    const url = fileUrl(user, String(user.avatar), "?thumb=100x100");
    const [first, second] = await Promise.all([
      app.http.inject({ method: "GET", url }),
      app.http.inject({ method: "GET", url }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(await imageInfo(first.rawPayload)).toEqual({ format: "png", width: 100, height: 100 });
    expect(second.rawPayload).toEqual(first.rawPayload);
    const thumbKey = `${String(user.collectionId)}/${String(user.id)}/thumbs_${String(user.avatar)}/100x100_${String(user.avatar)}`;
    expect(await bucketKeys(bucket, `${String(user.collectionId)}/${String(user.id)}/`)).toEqual([
      `${String(user.collectionId)}/${String(user.id)}/${String(user.avatar)}`,
      thumbKey,
    ]);
    const stored = await bucket.open(thumbKey);
    expect(stored?.size).toBe(first.rawPayload.length);
    await stored?.close();
  });

  it("serves protected files only with a token whose owner may view the record", async () => {
    const url = fileUrl(entry, attachment(".txt"));
    const aliceToken = await fileToken(alice.token);
    const bobToken = await fileToken(bob.token);
    const rootToken = await fileToken(root.token);
    for (const [name, query, token, status] of [
      ["guest without a token", "", undefined, 404],
      ["owner with an auth header but no file token", "", alice.token, 404],
      ["other user's file token", `?token=${bobToken}`, undefined, 404],
      ["bad token", "?token=not-a-token", undefined, 404],
      ["owner's file token", `?token=${aliceToken}`, undefined, 200],
      ["superuser's file token", `?token=${rootToken}`, undefined, 200],
    ] as const) {
      const res = await runScenario(app, {
        name,
        method: "GET",
        url: `${url}${query}`,
        token,
        expectedStatus: status,
        ...(status === 404 ? { expectedContent: [NOT_FOUND] } : {}),
      });
      if (status === 200) expect(res.body).toBe(notes.toString());
    }
    const ranged = await app.http.inject({
      method: "GET",
      url: `${url}?token=${aliceToken}`,
      headers: { range: "bytes=-6" },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe("on S3\n");
  });

  it("refuses bad file names and traversals with 404", async () => {
    for (const name of ["..%2F..%2Fdata.db", "missing.txt", "thumbs_x%2F100x100_x"]) {
      await runScenario(app, {
        name,
        method: "GET",
        url: fileUrl(entry, name),
        expectedStatus: 404,
        expectedContent: [NOT_FOUND],
      });
    }
  });

  it("removes replaced files and a deleted record's files from the bucket", async () => {
    const created = await upload(
      "POST",
      "/api/collections/entries/records",
      [
        { name: "author", value: String(bob.record.id) },
        { name: "title", value: "Short-lived" },
        { name: "attachments", filename: "a.jpg", data: photo },
        { name: "attachments", filename: "b.txt", data: Buffer.from("bbb") },
      ],
      bob.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<RecordData>();
    const prefix = `${String(record.collectionId)}/${String(record.id)}/`;
    const [jpg, txt] = record.attachments as [string, string];
    const thumb = await app.http.inject({
      method: "GET",
      url: fileUrl(record, jpg, `?thumb=100x100&token=${await fileToken(bob.token)}`),
    });
    expect(thumb.statusCode).toBe(200);
    expect(await bucketKeys(bucket, prefix)).toHaveLength(3);

    const removed = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/entries/records/${String(record.id)}`,
      headers: { authorization: bob.token },
      payload: { "attachments-": [jpg] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await bucketKeys(bucket, prefix)).toEqual([`${prefix}${txt}`]);

    // A deleted entry keeps its files while it can be restored (ADR 067).
    const deletes = [
      { name: "alice cannot delete bob's entry", token: alice.token, status: 404, left: [txt] },
      { name: "bob deletes his entry", token: bob.token, status: 204, left: [txt] },
    ];
    for (const { name, token, status, left } of deletes) {
      await runScenario(app, {
        name,
        method: "DELETE",
        url: `/api/collections/entries/records/${String(record.id)}`,
        token,
        expectedStatus: status,
      });
      expect(await bucketKeys(bucket, prefix)).toEqual(left.map((file) => `${prefix}${file}`));
    }
    await deleteForGood(bob.token, record);
    expect(await bucketKeys(bucket, prefix)).toEqual([]);
  });

  it("backs up the bucket's files and restores them into the bucket", async () => {
    const prefix = `${String(entry.collectionId)}/${String(entry.id)}/`;
    const created = await app.http.inject({
      method: "POST",
      url: "/api/backups",
      headers: { authorization: root.token },
      payload: { name: "on_s3.zip" },
    });
    expect(created.statusCode, created.body).toBe(204);

    // Damage after the backup: the entry and its files go, an unrelated object appears.
    const deleted = await app.http.inject({
      method: "DELETE",
      url: `/api/collections/entries/records/${String(entry.id)}`,
      headers: { authorization: alice.token },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await deleteForGood(alice.token, entry);
    expect(await bucketKeys(bucket, prefix)).toEqual([]);
    await bucket.write("zz/stray/leftover.txt", Buffer.from("not in the backup"));

    const restored = await app.http.inject({
      method: "POST",
      url: "/api/backups/on_s3.zip/restore",
      headers: { authorization: root.token },
    });
    expect(restored.statusCode, restored.body).toBe(204);
    expect(await bucketKeys(bucket, prefix)).toEqual(
      (entry.attachments as string[]).map((n) => `${prefix}${n}`).sort(),
    );
    expect(await bucket.exists("zz/stray/leftover.txt")).toBe(false);
    // The avatar's thumbnail survives: its original came back with the same name and bytes.
    const userPrefix = `${String(user.collectionId)}/${String(user.id)}/`;
    expect(await bucketKeys(bucket, userPrefix)).toHaveLength(2);
    const download = await app.http.inject({
      method: "GET",
      url: fileUrl(entry, attachment(".txt"), `?token=${await fileToken(alice.token)}`),
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(notes.toString());
  });

  it("answers 503 while the bucket is unreachable, and recovers", async () => {
    const url = fileUrl(user, String(user.avatar));
    await s3.stop();
    try {
      await runScenario(app, {
        name: "download with the bucket down",
        method: "GET",
        url,
        expectedStatus: 503,
        expectedContent: [UNAVAILABLE],
        notExpectedContent: ["S3RVER", "Signature", "127.0.0.1"],
      });
      const failed = await upload("POST", "/api/collections/entries/records", [
        { name: "author", value: String(alice.record.id) },
        { name: "title", value: "Not stored" },
        { name: "attachments", filename: "c.txt", data: Buffer.from("ccc") },
      ]);
      expect(failed.statusCode).toBe(503);
      expect(failed.body.trim()).toBe(UNAVAILABLE);
    } finally {
      await s3.start();
    }
    const list = await app.http.inject({
      method: "GET",
      url: `/api/collections/entries/records?filter=${encodeURIComponent('title="Not stored"')}`,
      headers: { authorization: alice.token },
    });
    expect(list.json<{ totalItems: number }>().totalItems).toBe(0);
    const again = await app.http.inject({ method: "GET", url });
    expect(again.statusCode).toBe(200);
  });
});

// Engine-independent: runs once, with the SQLite suite.
describe.skipIf(!DIALECTS.includes("sqlite"))("starting with S3_*", () => {
  let s3: S3Server;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-s3-start-"));
  });
  afterAll(async () => {
    await s3.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    createApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }));

  it("refuses a missing bucket and refused credentials, naming what to fix", async () => {
    await expect(start(s3.env("no-such-bucket-anywhere"))).rejects.toThrow(
      'The S3 bucket "no-such-bucket-anywhere" does not exist',
    );
    const bucket = await s3.createBucket();
    // s3rver checks the access key (not the signature): an unknown one is refused.
    const error = await start({
      ...s3.env(bucket),
      S3_ACCESS_KEY: "WRONGKEY",
      S3_SECRET: "wrong-secret-value",
    }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain("check S3_ACCESS_KEY and S3_SECRET");
    expect(error?.message).not.toContain("wrong-secret-value");
  });

  it("starts while the service is down: a warning, not a failure", async () => {
    const bucket = await s3.createBucket();
    await s3.stop();
    let app: Awaited<ReturnType<typeof createApp>> | undefined;
    try {
      app = await start(s3.env(bucket));
      const health = await app.http.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
    } finally {
      await s3.start();
      await app?.close();
    }
  });
});

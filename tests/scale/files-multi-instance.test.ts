/**
 * Scale-out proof for files: two server processes on one PostgreSQL database, one Redis and
 * one S3 bucket (a real s3rver process). A file uploaded through A is served by B, a
 * thumbnail made by B is served by A, both generating one thumbnail at the same moment leave
 * one valid image, and a delete through B removes the file for A (and from the bucket once
 * deleted for good).
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { image, multipartBody } from "#tests/helpers/file-fixtures.ts";
import type { S3Storage } from "#server/tools/filesystem/index.ts";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import { bucketKeys, startS3Server, type S3Server } from "#tests/helpers/s3-server.ts";
import { cleanupInstances, startInstances, superuserToken } from "#tests/helpers/instances.ts";
import type { ServerProcess } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

type Rec = Record<string, unknown> & { id: string; collectionId: string };

describe.skipIf(!DIALECTS.includes("postgres"))("files across instances on one bucket", () => {
  let s3: S3Server;
  let bucket: S3Storage;
  let a: ServerProcess;
  let b: ServerProcess;
  let alice: { id: string; token: string };

  const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: alice.token,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Rec) : ({} as Rec);
  };
  const uploadPost = async (server: ServerProcess, title: string, cover: Buffer) => {
    const { body, headers } = multipartBody([
      { name: "author", value: alice.id },
      { name: "title", value: title },
      { name: "status", value: "published" },
      { name: "cover", filename: "cover.jpg", data: cover },
    ]);
    const res = await fetch(`${server.url}/api/collections/posts/records`, {
      method: "POST",
      headers: { ...headers, authorization: alice.token },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Rec;
  };
  const download = async (server: ServerProcess, post: Rec, query = "") => {
    const res = await fetch(
      `${server.url}/api/files/${post.collectionId}/${post.id}/${String(post.cover)}${query}`,
    );
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    const name = await s3.createBucket();
    bucket = s3.storage(name);
    const shared = {
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      ...s3.env(name),
    };
    [a, b] = await startInstances(shared);
    const signUp = await fetch(`${a.url}/api/collections/users/records`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: "alice",
        email: "alice@example.com",
        password: "password123",
        passwordConfirm: "password123",
      }),
    });
    expect(signUp.status).toBe(200);
    // Posts are written by writers: a superuser grants the role.
    const rootToken = await superuserToken(a);
    const created = (await signUp.json()) as Rec;
    const granted = await fetch(`${b.url}/api/collections/users/records/${created.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: rootToken },
      body: JSON.stringify({ role: "writer" }),
    });
    expect(granted.status, await granted.clone().text()).toBe(200);
    const auth = await fetch(`${b.url}/api/collections/users/auth-with-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identity: "alice", password: "password123" }),
    });
    const authed = (await auth.json()) as { token: string; record: Rec };
    alice = { id: authed.record.id, token: authed.token };
  }, 180_000);
  afterAll(async () => {
    // Set in beforeAll, which may have failed half-way.
    await cleanupInstances([b, a]);
    await (s3 as S3Server | undefined)?.cleanup();
  });

  it("serves through B a file uploaded through A, and a thumbnail made by B through A", async () => {
    const cover = await image("jpeg", 800, 450);
    const post = await uploadPost(a, "From A", cover);
    const fromB = await download(b, post);
    expect(fromB.status).toBe(200);
    expect(fromB.body.equals(cover)).toBe(true);
    const ranged = await fetch(
      `${b.url}/api/files/${post.collectionId}/${post.id}/${String(post.cover)}`,
      { headers: { range: "bytes=0-1" } },
    );
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(cover.subarray(0, 2));

    const thumbB = await download(b, post, "?thumb=100x100");
    expect(thumbB.status).toBe(200);
    expect(await sharp(thumbB.body).metadata()).toMatchObject({ width: 100, height: 100 });
    const prefix = `${post.collectionId}/${post.id}/`;
    const thumbKey = `${prefix}thumbs_${String(post.cover)}/100x100_${String(post.cover)}`;
    expect(await bucketKeys(bucket, prefix)).toEqual([`${prefix}${String(post.cover)}`, thumbKey]);
    const thumbA = await download(a, post, "?thumb=100x100");
    expect(thumbA.status).toBe(200);
    expect(thumbA.body.equals(thumbB.body)).toBe(true);
  });

  it("keeps one valid thumbnail when both instances make it at the same moment", async () => {
    const cover = await image("jpeg", 1200, 800, "#2050a0");
    const post = await uploadPost(b, "Raced", cover);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => download(i % 2 ? a : b, post, "?thumb=100x100")),
    );
    for (const answer of answers) {
      // On a failure, the servers' own words say which storage call failed.
      expect(answer.status, `${answer.body.toString()}\nA: ${a.output()}\nB: ${b.output()}`).toBe(
        200,
      );
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      expect(await sharp(answer.body).metadata()).toMatchObject({ width: 100, height: 100 });
    }
    const thumbKey = `${post.collectionId}/${post.id}/thumbs_${String(post.cover)}/100x100_${String(post.cover)}`;
    const stored = await bucket.open(thumbKey);
    expect(stored).not.toBeNull();
    const bytes = await stored!.read(0, stored!.size);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 100, height: 100 });
    for (const answer of answers) expect(answer.body.equals(bytes)).toBe(true);
  });

  it("removes for A a file deleted through B, thumbnails included", async () => {
    const post = await uploadPost(a, "Short-lived", await image("png", 200, 200));
    expect((await download(a, post, "?thumb=100x100")).status).toBe(200);
    const prefix = `${post.collectionId}/${post.id}/`;
    expect(await bucketKeys(bucket, prefix)).toHaveLength(2);
    await call(b, "DELETE", `/api/collections/posts/records/${post.id}`);
    expect((await download(a, post)).status).toBe(404);
    expect((await download(a, post, "?thumb=100x100")).status).toBe(404);
    // Kept while the post can be restored (ADR 067); deleted for good through B, its files
    // go by a job of the queue the instances share.
    expect(await bucketKeys(bucket, prefix)).toHaveLength(2);
    const kept = (await call(b, "GET", "/api/deleted?perPage=1000")) as unknown as {
      items: { id: string; record: string }[];
    };
    const item = kept.items.find((i) => i.record === post.id);
    await call(b, "DELETE", `/api/deleted/${item?.id ?? ""}`);
    await expect.poll(() => bucketKeys(bucket, prefix), { timeout: 15_000 }).toEqual([]);
  });

  it("replaces a file through B and A serves the new one", async () => {
    const post = await uploadPost(a, "Replaced", await image("jpeg", 300, 300));
    const old = String(post.cover);
    const { body, headers } = multipartBody([
      { name: "cover", filename: "new.png", data: await image("png", 120, 80) },
    ]);
    const res = await fetch(`${b.url}/api/collections/posts/records/${post.id}`, {
      method: "PATCH",
      headers: { ...headers, authorization: alice.token },
      body,
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Rec;
    expect(updated.cover).not.toBe(old);
    const served = await download(a, updated);
    expect(served.status).toBe(200);
    expect(await sharp(served.body).metadata()).toMatchObject({ format: "png", width: 120 });
    expect((await download(a, post)).status).toBe(404);
    expect(await bucketKeys(bucket, `${post.collectionId}/${post.id}/`)).toEqual([
      `${post.collectionId}/${post.id}/${String(updated.cover)}`,
    ]);
  });
});

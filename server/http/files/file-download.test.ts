/**
 * `GET /api/files/{collection}/{record}/{filename}`: which requests find a file, the headers
 * that keep user files inert, thumbnails (declared sizes only, bounded, cached), Range and
 * conditional requests, HEAD.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { FILE_CACHE_CONTROL, FILE_CSP } from "./file-download.ts";
import {
  declaredPng,
  image,
  imageInfo,
  multipartBody,
  type Part,
} from "#tests/helpers/file-fixtures.ts";

const NOT_FOUND = '{"data":{},"message":"The requested resource wasn\'t found.","status":404}';

describe.each(DIALECTS)("file download (%s)", (dialect) => {
  let app: TestApp;
  let alice: { record: RecordData; token: string };
  let user: RecordData;
  let entry: RecordData;
  let post: RecordData;
  let draft: RecordData;
  let avatarPng: Buffer;
  const named: Record<string, string> = {};

  const upload = async (
    method: "POST" | "PATCH",
    url: string,
    parts: Part[],
  ): Promise<RecordData> => {
    const { body, headers } = multipartBody(parts);
    const res = await app.http.inject({
      method,
      url,
      headers: { ...headers, authorization: alice.token },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
    return res.json<RecordData>();
  };
  const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    app.http.inject({ method, url, headers });
  const fileUrl = (record: RecordData, name: string, query = "") =>
    `/api/files/${String(record.collectionId)}/${String(record.id)}/${name}${query}`;
  const onDisk = (record: RecordData, ...rest: string[]) =>
    path.join(
      app.config.dataDir,
      "storage",
      String(record.collectionId),
      String(record.id),
      ...rest,
    );

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ role: "writer" });
    avatarPng = await image("png", 300, 200);
    user = await upload("PATCH", `/api/collections/users/records/${String(alice.record.id)}`, [
      { name: "avatar", filename: "me.png", data: avatarPng },
    ]);
    const attachments: [string, Buffer][] = [
      ["photo.jpg", await image("jpeg", 800, 600)],
      ["anim.gif", await image("gif", 50, 50)],
      ["pic.webp", await image("webp", 60, 40)],
      ["notes.txt", Buffer.from("plain notes\n")],
      ["page.html", Buffer.from("<!DOCTYPE html><html><script>alert(1)</script></html>")],
      [
        "logo.svg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ["fake.png", Buffer.from("<html><body onload=alert(1)>")],
      ["script.js", Buffer.from("alert(document.cookie)")],
      // A PNG header on garbage: the upload is accepted, no thumbnail can ever be made.
      ["broken.png", declaredPng(100, 100)],
    ];
    entry = await upload("POST", "/api/collections/entries/records", [
      { name: "author", value: String(alice.record.id) },
      { name: "title", value: "Public entry" },
      { name: "visibility", value: "public" },
      ...attachments.map(([filename, data]) => ({ name: "attachments", filename, data })),
    ]);
    for (const name of entry.attachments as string[])
      named[name.replace(/_[a-z0-9]{10}\./, ".")] = name;
    const cover = await image("jpeg", 1600, 900);
    post = await upload("POST", "/api/collections/posts/records", [
      { name: "author", value: String(alice.record.id) },
      { name: "title", value: "Published" },
      { name: "status", value: "published" },
      { name: "cover", filename: "cover.jpg", data: cover },
    ]);
    draft = await upload("POST", "/api/collections/posts/records", [
      { name: "author", value: String(alice.record.id) },
      { name: "title", value: "Draft" },
      { name: "cover", filename: "cover.jpg", data: cover },
    ]);
  });
  afterAll(() => app.close());

  describe("finding the file", () => {
    it.each([
      ["an unknown collection", () => `/api/files/nope/${String(user.id)}/${String(user.avatar)}`],
      ["an unknown record", () => `/api/files/users/zzzzzzzzzzzzzzz/${String(user.avatar)}`],
      [
        "a name that is not a file of the record",
        () => `/api/files/users/${String(user.id)}/other.png`,
      ],
      [
        "another record's file",
        () => `/api/files/entries/${String(entry.id)}/${String(user.avatar)}`,
      ],
      [
        "another collection's record",
        () => `/api/files/posts/${String(user.id)}/${String(user.avatar)}`,
      ],
      ["a traversal", () => `/api/files/users/${String(user.id)}/..%2F..%2Fdata.db`],
      [
        "a traversal to the database",
        () => `/api/files/users/${String(user.id)}/%2e%2e%2f%2e%2e%2f%2e%2e%2fdata.db`,
      ],
      [
        "a non-file field's value",
        () => `/api/files/users/${String(user.id)}/${String(user.username)}`,
      ],
    ])("404 for %s", async (_name, url) => {
      await runScenario(app, {
        name: _name,
        method: "GET",
        url: url(),
        expectedStatus: 404,
        expectedContent: [NOT_FOUND],
      });
    });

    it("finds the collection by id or by name in any case", async () => {
      for (const collection of ["users", "USERS", "_pb_users_auth_"]) {
        const res = await get(`/api/files/${collection}/${String(user.id)}/${String(user.avatar)}`);
        expect(res.statusCode, collection).toBe(200);
        expect(res.rawPayload).toEqual(avatarPng);
      }
    });

    it("serves unprotected files to anyone, without a rule check (as PocketBase)", async () => {
      const res = await get(fileUrl(draft, String(draft.cover)));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
    });
  });

  describe("headers", () => {
    it("serves an image inline with PocketBase's headers", async () => {
      const res = await get(fileUrl(user, String(user.avatar)));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(avatarPng);
      expect(res.headers).toMatchObject({
        "content-type": "image/png",
        "content-disposition": `inline; filename=${String(user.avatar)}`,
        "content-security-policy": FILE_CSP,
        "x-content-type-options": "nosniff",
        "cache-control": FILE_CACHE_CONTROL,
        "accept-ranges": "bytes",
        "content-length": String(avatarPng.length),
      });
      expect(FILE_CSP).toBe(
        "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      expect(FILE_CACHE_CONTROL).toBe("max-age=2592000, stale-while-revalidate=86400");
      expect(res.headers).not.toHaveProperty("x-frame-options");
      expect(Date.parse(String(res.headers["last-modified"]))).not.toBeNaN();
    });

    it.each([
      ["1", "attachment"],
      ["true", "attachment"],
      ["0", "inline"],
      ["false", "inline"],
    ])("download=%s → %s", async (value, disposition) => {
      const res = await get(fileUrl(user, String(user.avatar), `?download=${value}`));
      expect(res.headers["content-disposition"]).toBe(
        `${disposition}; filename=${String(user.avatar)}`,
      );
    });

    it.each([
      ["notes.txt", "text/plain; charset=utf-8"],
      ["page.html", "text/html; charset=utf-8"],
      ["logo.svg", "image/svg+xml"],
      ["fake.png", "text/html; charset=utf-8"],
      ["script.js", "text/plain; charset=utf-8"],
    ])("serves %s as an inert attachment of its sniffed type (%s)", async (original, type) => {
      const name = named[original]!;
      const res = await get(fileUrl(entry, name));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename=${name}`);
      expect(res.headers["content-security-policy"]).toBe(FILE_CSP);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });
  });

  describe("thumbnails", () => {
    it.each([
      ["the default 100x100", "100x100", { format: "png", width: 100, height: 100 }],
      ["the declared 200x200", "200x200", { format: "png", width: 200, height: 200 }],
    ])("makes %s of an avatar", async (_name, size, expected) => {
      const res = await get(fileUrl(user, String(user.avatar), `?thumb=${size}`));
      expect(res.statusCode).toBe(200);
      expect(await imageInfo(res.rawPayload)).toEqual(expected);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["content-disposition"]).toBe(
        `inline; filename=${size}_${String(user.avatar)}`,
      );
      const cached = onDisk(
        user,
        `thumbs_${String(user.avatar)}`,
        `${size}_${String(user.avatar)}`,
      );
      expect(fs.readFileSync(cached)).toEqual(res.rawPayload);
    });

    it.each(["50x50", "0x0", "100x100t", "200x200f", "1x1", "abc", "100x100/../x"])(
      "serves the original for the undeclared size %j",
      async (size) => {
        const res = await get(
          fileUrl(user, String(user.avatar), `?thumb=${encodeURIComponent(size)}`),
        );
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(avatarPng);
        expect(res.headers["content-disposition"]).toBe(`inline; filename=${String(user.avatar)}`);
      },
    );

    it("never stores thumbnails of undeclared sizes", async () => {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          get(fileUrl(user, String(user.avatar), `?thumb=${i + 1}x${i + 1}`)),
        ),
      );
      const dir = onDisk(user, `thumbs_${String(user.avatar)}`);
      const sizes = fs.existsSync(dir) ? fs.readdirSync(dir).map((n) => n.split("_")[0]) : [];
      expect(sizes.every((s) => s === "100x100" || s === "200x200")).toBe(true);
    });

    it.each([
      [
        "Wx0 (declared 400x0) of a JPEG",
        "photo.jpg",
        "400x0",
        { format: "jpeg", width: 400, height: 300 },
      ],
      ["100x100 of a GIF", "anim.gif", "100x100", { format: "gif", width: 100, height: 100 }],
      [
        "100x100 of a WebP, as PNG",
        "pic.webp",
        "100x100",
        { format: "png", width: 100, height: 100 },
      ],
    ])("makes %s", async (_name, original, size, expected) => {
      const res = await get(fileUrl(entry, named[original]!, `?thumb=${size}`));
      expect(res.statusCode).toBe(200);
      expect(await imageInfo(res.rawPayload)).toEqual(expected);
    });

    it.each([
      ["1200x630", { format: "jpeg", width: 1200, height: 630 }],
      ["600x315", { format: "jpeg", width: 600, height: 315 }],
      ["400x0", { format: "jpeg", width: 400, height: 225 }],
    ])("makes the post cover's declared %s", async (size, expected) => {
      const res = await get(fileUrl(post, String(post.cover), `?thumb=${size}`));
      expect(await imageInfo(res.rawPayload)).toEqual(expected);
    });

    it.each(["notes.txt", "logo.svg", "fake.png"])(
      "serves %s as is: thumbnails are only made of PNG, JPEG, GIF and WebP",
      async (original) => {
        const name = named[original]!;
        const res = await get(fileUrl(entry, name, "?thumb=100x100"));
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-disposition"]).toBe(`attachment; filename=${name}`);
        expect(fs.existsSync(onDisk(entry, `thumbs_${name}`))).toBe(false);
      },
    );

    it("answers a placeholder, never the original, for a thumbnail that cannot be made, and remembers it", async () => {
      const name = named["broken.png"]!;
      const res = await get(fileUrl(entry, name, "?thumb=100x100"));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["content-disposition"]).toBe(`inline; filename=100x100_${name}`);
      expect(res.headers["cache-control"]).toBe(FILE_CACHE_CONTROL);
      expect(res.rawPayload).not.toEqual(declaredPng(100, 100));
      expect(await imageInfo(res.rawPayload)).toEqual({ format: "png", width: 1, height: 1 });
      const marker = onDisk(entry, `thumbs_${name}`, `100x100_${name}.failed`);
      const thumbPath = onDisk(entry, `thumbs_${name}`, `100x100_${name}`);
      expect(fs.readFileSync(marker)).toEqual(res.rawPayload);
      expect(fs.existsSync(thumbPath)).toBe(false);

      // Remembered: even once a new try would succeed (the stored original made decodable),
      // the placeholder is answered without one.
      const originalPath = onDisk(entry, name);
      const broken = fs.readFileSync(originalPath);
      fs.writeFileSync(originalPath, await image("png", 100, 100));
      const again = await Promise.all(
        [1, 2, 3].map(() => get(fileUrl(entry, name, "?thumb=100x100"))),
      );
      for (const r of again) expect(r.rawPayload).toEqual(res.rawPayload);
      expect(fs.existsSync(thumbPath)).toBe(false);
      fs.writeFileSync(originalPath, broken);
      // The original itself is still there for whoever asks for it.
      expect((await get(fileUrl(entry, name))).rawPayload).toEqual(declaredPng(100, 100));
    });

    it("serves a post's text images in the widths its srcset names, and refuses other types", async () => {
      const photo = await image("jpeg", 2000, 1000);
      const updated = await upload("PATCH", `/api/collections/posts/records/${String(post.id)}`, [
        { name: "images+", filename: "harbour.jpg", data: photo },
      ]);
      const [name] = updated.images as string[];
      expect(name).toMatch(/^harbour_[a-z0-9]{10}\.jpg$/);
      for (const [width, height] of [
        [480, 240],
        [960, 480],
        [1600, 800],
      ] as const) {
        const res = await get(fileUrl(post, String(name), `?thumb=${String(width)}x0`));
        expect(await imageInfo(res.rawPayload)).toEqual({ format: "jpeg", width, height });
        expect(res.headers.vary).toContain("Accept");
      }
      // A browser takes WebP: the same width, a third the bytes or less, kept beside the JPEG.
      const browser = { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };
      const jpeg = await get(fileUrl(post, String(name), "?thumb=960x0"));
      const webp = await get(fileUrl(post, String(name), "?thumb=960x0"), browser);
      expect(webp.headers["content-type"]).toBe("image/webp");
      expect(await imageInfo(webp.rawPayload)).toEqual({ format: "webp", width: 960, height: 480 });
      expect(webp.rawPayload.length).toBeLessThan(jpeg.rawPayload.length);
      expect(
        fs.existsSync(onDisk(post, `thumbs_${String(name)}`, `960x0_${String(name)}.webp`)),
      ).toBe(true);
      // GIFs stay GIFs (their frames), whatever the client takes.
      const gif = await get(fileUrl(entry, named["anim.gif"]!, "?thumb=400x0"), browser);
      expect(gif.headers["content-type"]).toBe("image/gif");
      const text = multipartBody([
        { name: "images+", filename: "notes.txt", data: Buffer.from("plain notes\n") },
      ]);
      const refused = await app.http.inject({
        method: "PATCH",
        url: `/api/collections/posts/records/${String(post.id)}`,
        headers: { ...text.headers, authorization: alice.token },
        payload: text.body,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('"images"');
    });

    it("answers many concurrent requests for a new thumbnail with one result", async () => {
      const url = fileUrl(post, String(post.cover), "?thumb=100x100");
      const responses = await Promise.all(Array.from({ length: 40 }, () => get(url)));
      const first = responses[0]!.rawPayload;
      expect(await imageInfo(first)).toEqual({ format: "jpeg", width: 100, height: 100 });
      for (const res of responses) {
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(first);
      }
      const dir = onDisk(post, `thumbs_${String(post.cover)}`);
      expect(fs.readdirSync(dir).filter((n) => n.startsWith("100x100_"))).toHaveLength(1);
    });

    it("drops a file's thumbnails with the file", async () => {
      const carol = await app.createUser();
      const { body, headers } = multipartBody([
        { name: "avatar", filename: "c.png", data: avatarPng },
      ]);
      const url = `/api/collections/users/records/${String(carol.record.id)}`;
      const withAvatar = (
        await app.http.inject({
          method: "PATCH",
          url,
          headers: { ...headers, authorization: carol.token },
          payload: body,
        })
      ).json<RecordData>();
      expect(
        (await get(fileUrl(withAvatar, String(withAvatar.avatar), "?thumb=100x100"))).statusCode,
      ).toBe(200);
      expect(fs.existsSync(onDisk(withAvatar, `thumbs_${String(withAvatar.avatar)}`))).toBe(true);
      await runScenario(app, {
        name: "remove the avatar",
        method: "PATCH",
        url,
        token: carol.token,
        body: { avatar: "" },
        expectedStatus: 200,
      });
      expect(fs.existsSync(onDisk(withAvatar))).toBe(false);
    });
  });

  describe("ranges and conditions", () => {
    const url = () => fileUrl(user, String(user.avatar));

    it.each([
      ["bytes=0-9", 0, 9],
      ["bytes=10-", 10, -1],
      ["bytes=-5", -5, -1],
      ["bytes=0-999999999", 0, -1],
    ])("serves the range %s", async (range, start, end) => {
      const res = await get(url(), { range });
      const size = avatarPng.length;
      const from = start < 0 ? size + start : start;
      const to = end < 0 ? size - 1 : end;
      expect(res.statusCode).toBe(206);
      expect(res.headers["content-range"]).toBe(`bytes ${from}-${to}/${size}`);
      expect(res.headers["content-length"]).toBe(String(to - from + 1));
      expect(res.rawPayload).toEqual(avatarPng.subarray(from, to + 1));
    });

    it.each(["bytes=999999-", "bytes=5-2", "items=0-1", "bytes=-0", "bytes=x-y"])(
      "answers 416 for the range %j",
      async (range) => {
        const res = await get(url(), { range });
        expect(res.statusCode).toBe(416);
        expect(res.headers["content-range"]).toBe(`bytes */${avatarPng.length}`);
      },
    );

    it("serves several ranges as the whole file", async () => {
      const res = await get(url(), { range: "bytes=0-1,4-5" });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(avatarPng);
    });

    it("honours If-Range only when it names the current version", async () => {
      const { headers } = await get(url());
      const lastModified = String(headers["last-modified"]);
      expect((await get(url(), { range: "bytes=0-0", "if-range": lastModified })).statusCode).toBe(
        206,
      );
      const stale = new Date(Date.parse(lastModified) - 60_000).toUTCString();
      expect((await get(url(), { range: "bytes=0-0", "if-range": stale })).statusCode).toBe(200);
    });

    it("answers 304 when not modified since, 200 otherwise", async () => {
      const { headers } = await get(url());
      const lastModified = Date.parse(String(headers["last-modified"]));
      const later = await get(url(), {
        "if-modified-since": new Date(lastModified + 60_000).toUTCString(),
      });
      expect(later.statusCode).toBe(304);
      expect(later.rawPayload.length).toBe(0);
      const same = await get(url(), { "if-modified-since": new Date(lastModified).toUTCString() });
      expect(same.statusCode).toBe(304);
      const earlier = await get(url(), {
        "if-modified-since": new Date(lastModified - 60_000).toUTCString(),
      });
      expect(earlier.statusCode).toBe(200);
      expect((await get(url(), { "if-modified-since": "garbage" })).statusCode).toBe(200);
    });

    it("answers 412 when modified since If-Unmodified-Since", async () => {
      const { headers } = await get(url());
      const lastModified = Date.parse(String(headers["last-modified"]));
      const res = await get(url(), {
        "if-unmodified-since": new Date(lastModified - 60_000).toUTCString(),
      });
      expect(res.statusCode).toBe(412);
    });

    it("answers HEAD with the headers and no body", async () => {
      const res = await get(url(), {}, "HEAD");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-length"]).toBe(String(avatarPng.length));
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.rawPayload.length).toBe(0);
      expect(
        (await get(`/api/files/users/${String(user.id)}/missing.png`, {}, "HEAD")).statusCode,
      ).toBe(404);
    });
  });
});

/**
 * Uploads into file fields through the records API (multipart create and update): modifiers,
 * clearing, single-file fields, limits checked on content, generated names, and storage that
 * stays consistent with the committed records (no orphan on failure, no lost file on success).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { RecordWriter } from "#server/core/records/record-write.ts";
import { declaredPng, image, multipartBody, type Part } from "#tests/helpers/file-fixtures.ts";

const USERS = "/api/collections/users/records";
const ENTRIES = "/api/collections/entries/records";
const MIB = 1024 * 1024;
/** A stored name: snake base, `_`, 10 random characters, extension. */
const stored = (base: string, ext: string) =>
  new RegExp(`^${base}_[a-z0-9]{10}${ext.replace(".", "\\.")}$`);
const fieldCode = (field: string, code: string) => `"${field}":{"code":"${code}"`;

describe.each(DIALECTS)("file uploads (%s)", (dialect) => {
  let app: TestApp;
  let alice: { record: RecordData; token: string };
  let bob: { record: RecordData; token: string };
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    [alice, bob] = await Promise.all([app.createUser({ role: "writer" }), app.createUser()]);
    [png, jpeg] = await Promise.all([image("png", 300, 200), image("jpeg", 120, 80)]);
  });
  afterAll(() => app.close());

  /** Names in a record's storage folder (thumbnail folders excluded). */
  const storedFiles = (collectionId: string, recordId: string): string[] => {
    const dir = path.join(app.config.dataDir, "storage", collectionId, recordId);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((n) => !n.startsWith("thumbs_"))
          .sort()
      : [];
  };
  /** Every file in the storage, as relative paths. */
  const everyStoredFile = (): string[] =>
    (fs.readdirSync(path.join(app.config.dataDir, "storage"), { recursive: true }) as string[])
      .filter((p) => fs.statSync(path.join(app.config.dataDir, "storage", p)).isFile())
      .sort();
  const storedBytes = (collectionId: string, recordId: string, name: string) =>
    fs.readFileSync(path.join(app.config.dataDir, "storage", collectionId, recordId, name));

  const send = async (
    method: "POST" | "PATCH",
    url: string,
    token: string | undefined,
    parts: Part[],
    expectedStatus = 200,
    expectedContent: string[] = [],
  ) => {
    const { body, headers } = multipartBody(parts);
    const res = await runScenario(app, {
      name: `${method} ${url}`,
      method,
      url,
      token,
      headers,
      body,
      expectedStatus,
      expectedContent,
    });
    return res.json() as RecordData;
  };
  const file = (name: string, filename: string, data: Uint8Array): Part => ({
    name,
    filename,
    data,
  });
  const text = (name: string, value: string): Part => ({ name, value });
  const newEntry = (parts: Part[], token = alice.token) =>
    send("POST", ENTRIES, token, [
      text("author", String(alice.record.id)),
      text("title", `Entry ${Math.random()}`),
      ...parts,
    ]);

  describe("create", () => {
    it("stores uploads under generated names and answers them in the record", async () => {
      const entry = await newEntry([
        file("attachments", "My Photo.PNG", png),
        file("attachments", "notes.txt", Buffer.from("hello")),
      ]);
      const names = entry.attachments as string[];
      expect(names[0]).toMatch(stored("my_photo", ".PNG"));
      expect(names[1]).toMatch(stored("notes", ".txt"));
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual([...names].sort());
      expect(storedBytes(String(entry.collectionId), String(entry.id), names[0]!)).toEqual(png);
    });

    it("names uploads without an extension from their content", async () => {
      const entry = await newEntry([file("attachments", "blob", jpeg)]);
      expect((entry.attachments as string[])[0]).toMatch(stored("blob", ".jpg"));
    });

    it.each([
      "../../etc/passwd",
      "..\\..\\x.png",
      ".env",
      "%2e%2e%2fdata.db",
      "a.php.jpg",
      "evil\u202egnp.exe",
      "x".repeat(2000),
    ])("never stores %j under a path of the client's choosing", async (filename) => {
      const entry = await newEntry([file("attachments", filename, Buffer.from("x"))]);
      const [name] = entry.attachments as string[];
      expect(name).toMatch(/^[a-z0-9_]+(\.[\w.*\-+=#]*)?$/);
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual([name]);
    });

    it("writes nothing when the record is refused", async () => {
      const before = everyStoredFile();
      // No title: validation fails after the upload was read.
      await send(
        "POST",
        ENTRIES,
        alice.token,
        [text("author", String(alice.record.id)), file("attachments", "a.txt", Buffer.from("a"))],
        400,
        [fieldCode("title", "validation_required")],
      );
      // Another author: the create rule fails.
      await send(
        "POST",
        ENTRIES,
        bob.token,
        [
          text("author", String(alice.record.id)),
          text("title", "Not mine"),
          file("attachments", "a.txt", Buffer.from("a")),
        ],
        400,
      );
      expect(everyStoredFile()).toEqual(before);
    });

    it("removes the files it wrote when the row cannot be written", async () => {
      const spy = vi
        .spyOn(RecordWriter.prototype as unknown as { save: () => Promise<void> }, "save")
        .mockRejectedValueOnce(new Error("disk full"));
      const id = "failedcreate001";
      const { body, headers } = multipartBody([
        text("id", id),
        text("author", String(alice.record.id)),
        text("title", "Doomed"),
        file("attachments", "a.txt", Buffer.from("a")),
      ]);
      const res = await app.http.inject({
        method: "POST",
        url: ENTRIES,
        headers: { ...headers, authorization: alice.token },
        payload: body,
      });
      expect(res.statusCode).toBe(500);
      expect(spy).toHaveBeenCalled();
      expect(
        fs
          .readdirSync(path.join(app.config.dataDir, "storage"))
          .flatMap((c) =>
            fs.existsSync(path.join(app.config.dataDir, "storage", c, id)) ? [c] : [],
          ),
      ).toEqual([]);
    });
  });

  describe("update", () => {
    const ATTACHMENTS = (entry: RecordData) => entry.attachments as string[];

    it("appends with field+, prepends with +field and removes with field-", async () => {
      const entry = await newEntry([file("attachments", "one.txt", Buffer.from("1"))]);
      const url = `${ENTRIES}/${String(entry.id)}`;
      const [one] = ATTACHMENTS(entry);
      const appended = await send("PATCH", url, alice.token, [
        file("attachments+", "two.txt", Buffer.from("2")),
      ]);
      expect(ATTACHMENTS(appended)).toHaveLength(2);
      expect(ATTACHMENTS(appended)[0]).toBe(one);
      expect(ATTACHMENTS(appended)[1]).toMatch(stored("two", ".txt"));
      const prepended = await send("PATCH", url, alice.token, [
        file("+attachments", "zero.txt", Buffer.from("0")),
      ]);
      expect(ATTACHMENTS(prepended)[0]).toMatch(stored("zero", ".txt"));
      expect(ATTACHMENTS(prepended).slice(1)).toEqual(ATTACHMENTS(appended));
      const removed = await send("PATCH", url, alice.token, [text("attachments-", one!)]);
      expect(ATTACHMENTS(removed)).toEqual(ATTACHMENTS(prepended).filter((n) => n !== one));
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual(
        [...ATTACHMENTS(removed)].sort(),
      );
    });

    it("replaces with plain field: names sent as text are kept, the others deleted", async () => {
      const entry = await newEntry([
        file("attachments", "keep.txt", Buffer.from("k")),
        file("attachments", "drop.txt", Buffer.from("d")),
      ]);
      const [keep] = ATTACHMENTS(entry);
      const updated = await send("PATCH", `${ENTRIES}/${String(entry.id)}`, alice.token, [
        text("attachments", keep!),
        file("attachments", "new.txt", Buffer.from("n")),
      ]);
      expect(ATTACHMENTS(updated)[0]).toBe(keep);
      expect(ATTACHMENTS(updated)[1]).toMatch(stored("new", ".txt"));
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual(
        [...ATTACHMENTS(updated)].sort(),
      );
    });

    it("merges names sent in @jsonPayload with uploads under the same key", async () => {
      const entry = await newEntry([file("attachments", "keep.txt", Buffer.from("k"))]);
      const [keep] = ATTACHMENTS(entry);
      const updated = await send("PATCH", `${ENTRIES}/${String(entry.id)}`, alice.token, [
        text("@jsonPayload", JSON.stringify({ attachments: [keep] })),
        file("attachments", "more.txt", Buffer.from("m")),
      ]);
      expect(ATTACHMENTS(updated)).toHaveLength(2);
      expect(ATTACHMENTS(updated)[0]).toBe(keep);
    });

    it.each([
      ["an empty multipart value", [text("attachments", "")]],
      ["an empty file input", [file("attachments", "", Buffer.alloc(0))]],
    ])("clears with %s", async (_name, parts) => {
      const entry = await newEntry([file("attachments", "a.txt", Buffer.from("a"))]);
      const updated = await send("PATCH", `${ENTRIES}/${String(entry.id)}`, alice.token, parts);
      expect(updated.attachments).toEqual([]);
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual([]);
    });

    it.each([
      ["[]", { attachments: [] }],
      ["null", { attachments: null }],
      ['""', { attachments: "" }],
    ])("clears with JSON %s, and removes names with JSON field-", async (_name, body) => {
      const entry = await newEntry([
        file("attachments", "a.txt", Buffer.from("a")),
        file("attachments", "b.txt", Buffer.from("b")),
      ]);
      const url = `${ENTRIES}/${String(entry.id)}`;
      const [a, b] = ATTACHMENTS(entry);
      await runScenario(app, {
        name: "JSON field-",
        method: "PATCH",
        url,
        token: alice.token,
        body: { "attachments-": [a] },
        expectedStatus: 200,
        expectedContent: [`"attachments":["${b!}"]`],
      });
      await runScenario(app, {
        name: "JSON clear",
        method: "PATCH",
        url,
        token: alice.token,
        body,
        expectedStatus: 200,
        expectedContent: ['"attachments":[]'],
      });
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual([]);
    });

    it("keeps the last file of a single-file field and replaces the old one", async () => {
      const url = `${USERS}/${String(bob.record.id)}`;
      const first = await send("PATCH", url, bob.token, [file("avatar", "first.png", png)]);
      expect(first.avatar).toMatch(stored("first", ".png"));
      const second = await send("PATCH", url, bob.token, [
        file("avatar", "a.png", png),
        file("avatar", "last.jpg", jpeg),
      ]);
      expect(second.avatar).toMatch(stored("last", ".jpg"));
      expect(storedFiles(String(second.collectionId), String(bob.record.id))).toEqual([
        second.avatar,
      ]);
      const cleared = await send("PATCH", url, bob.token, [text("avatar", "")]);
      expect(cleared.avatar).toBe("");
      expect(storedFiles(String(second.collectionId), String(bob.record.id))).toEqual([]);
    });

    it("keeps the old files when the update is refused", async () => {
      const entry = await newEntry([file("attachments", "a.txt", Buffer.from("a"))]);
      const url = `${ENTRIES}/${String(entry.id)}`;
      const before = storedFiles(String(entry.collectionId), String(entry.id));
      // Another user: the update rule hides the record.
      await send("PATCH", url, bob.token, [file("attachments", "b.txt", Buffer.from("b"))], 404);
      // Validation failure after the body was applied.
      await send(
        "PATCH",
        url,
        alice.token,
        [text("title", ""), file("attachments", "b.txt", Buffer.from("b"))],
        400,
        [fieldCode("title", "validation_required")],
      );
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual(before);
    });

    it("removes new files and keeps old ones when the row cannot be written", async () => {
      const entry = await newEntry([file("attachments", "old.txt", Buffer.from("o"))]);
      const before = storedFiles(String(entry.collectionId), String(entry.id));
      const save = vi
        .spyOn(RecordWriter.prototype as unknown as { save: () => Promise<void> }, "save")
        .mockRejectedValueOnce(new Error("disk full"));
      const { body, headers } = multipartBody([file("attachments", "new.txt", Buffer.from("n"))]);
      const res = await app.http.inject({
        method: "PATCH",
        url: `${ENTRIES}/${String(entry.id)}`,
        headers: { ...headers, authorization: alice.token },
        payload: body,
      });
      expect(res.statusCode).toBe(500);
      expect(save).toHaveBeenCalled();
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual(before);
    });
  });

  describe("validation", () => {
    it("refuses names that are not files of the record", async () => {
      const other = await newEntry([file("attachments", "theirs.txt", Buffer.from("t"))]);
      const entry = await newEntry([]);
      await send(
        "PATCH",
        `${ENTRIES}/${String(entry.id)}`,
        alice.token,
        [text("attachments", (other.attachments as string[])[0]!)],
        400,
        [fieldCode("attachments", "validation_invalid_file"), '"message":"Invalid new files: ['],
      );
      await runScenario(app, {
        name: "JSON with an unknown name",
        method: "POST",
        url: ENTRIES,
        token: alice.token,
        body: { author: alice.record.id, title: "x", attachments: ["x.png"] },
        expectedStatus: 400,
        expectedContent: [fieldCode("attachments", "validation_invalid_file")],
      });
    });

    it("limits the number of files (maxSelect)", async () => {
      const parts = Array.from({ length: 11 }, (_, i) =>
        file("attachments", `f${i}.txt`, Buffer.from("x")),
      );
      await send(
        "POST",
        ENTRIES,
        alice.token,
        [text("title", "many"), text("author", String(alice.record.id)), ...parts],
        400,
        [
          '"attachments":{"code":"validation_too_many_files","message":"The maximum allowed files is 10.","params":{"maxSelect":10}}',
        ],
      );
      const entry = await newEntry(parts.slice(0, 10));
      await send(
        "PATCH",
        `${ENTRIES}/${String(entry.id)}`,
        alice.token,
        [file("attachments+", "eleventh.txt", Buffer.from("x"))],
        400,
        [fieldCode("attachments", "validation_too_many_files")],
      );
    });

    it("limits the size of each file (maxSize)", async () => {
      const big = Buffer.concat([png, Buffer.alloc(5 * MIB)]);
      await send(
        "PATCH",
        `${USERS}/${String(bob.record.id)}`,
        bob.token,
        [file("avatar", "big.png", big)],
        400,
        [
          `"avatar":{"code":"validation_file_size_limit","message":"Failed to upload \\"big.png\\" - the maximum allowed file size is 5242880 bytes.","params":{"file":"big.png","maxSize":5242880}}`,
        ],
      );
    });

    it.each([
      ["HTML named .png", "photo.png", Buffer.from("<html><script>alert(1)</script></html>")],
      [
        "SVG",
        "logo.svg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ["plain text", "a.jpg", Buffer.from("just text")],
      ["a PDF", "doc.png", Buffer.from("%PDF-1.4\n")],
    ])("checks the type by content: %s is not an image", async (_name, filename, data) => {
      await send(
        "PATCH",
        `${USERS}/${String(bob.record.id)}`,
        bob.token,
        [file("avatar", filename, data)],
        400,
        [
          fieldCode("avatar", "validation_invalid_mime_type"),
          "mime type must be one of: image/jpeg, image/png, image/gif, image/webp.",
        ],
      );
    });

    it("accepts every declared image type whatever its name says", async () => {
      for (const format of ["png", "jpeg", "gif", "webp"] as const) {
        const updated = await send("PATCH", `${USERS}/${String(bob.record.id)}`, bob.token, [
          file("avatar", "picture.bin", await image(format, 20, 20)),
        ]);
        expect(updated.avatar).toMatch(stored("picture", ".bin"));
      }
    });

    it.each([
      ["20000x20000 pixels", 20000, 20000],
      ["a side over 16384 pixels", 16385, 10],
      ["more than 40 megapixels", 7000, 7000],
    ])("refuses an image declaring %s, on covers and avatars", async (_name, width, height) => {
      const message = `Failed to upload \\"huge.png\\" - the image is ${width}x${height} pixels; the maximum allowed is 16384 pixels on a side and 40000000 pixels in total.`;
      const before = await send("POST", "/api/collections/posts/records", alice.token, [
        text("author", String(alice.record.id)),
        text("title", "Small cover"),
      ]);
      await send(
        "PATCH",
        `/api/collections/posts/records/${String(before.id)}`,
        alice.token,
        [file("cover", "huge.png", declaredPng(width, height))],
        400,
        [
          `"cover":{"code":"validation_image_too_large","message":"${message}","params":{"file":"huge.png","width":${width},"height":${height},"maxSide":16384,"maxPixels":40000000}}`,
        ],
      );
      expect(storedFiles(String(before.collectionId), String(before.id))).toEqual([]);
      await send(
        "POST",
        "/api/collections/posts/records",
        alice.token,
        [
          text("author", String(alice.record.id)),
          text("title", "Huge cover"),
          file("cover", "huge.png", declaredPng(width, height)),
        ],
        400,
        [fieldCode("cover", "validation_image_too_large")],
      );
      await send(
        "PATCH",
        `${USERS}/${String(bob.record.id)}`,
        bob.token,
        [file("avatar", "huge.png", declaredPng(width, height))],
        400,
        [fieldCode("avatar", "validation_image_too_large")],
      );
    });

    it("accepts images up to the pixel limit", async () => {
      for (const [width, height] of [
        [16384, 2441],
        [6324, 6324],
      ] as const) {
        const updated = await send("PATCH", `${USERS}/${String(bob.record.id)}`, bob.token, [
          file("avatar", "wide.png", declaredPng(width, height)),
        ]);
        expect(updated.avatar).toMatch(stored("wide", ".png"));
      }
    });

    it("ignores file parts under keys that are not file fields", async () => {
      const entry = await newEntry([
        file("title", "t.txt", Buffer.from("not a title")),
        file("nope", "n.txt", Buffer.from("n")),
      ]);
      expect(entry.title).toMatch(/^Entry /);
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual([]);
    });
  });

  describe("body limit", () => {
    it("raises the limit by the file fields' sizes: 32 MiB + 5 MiB on users", async () => {
      // 34 MiB of upload: over 32 MiB, within users' limit, so the field's own limit answers.
      const big = Buffer.concat([png, Buffer.alloc(34 * MIB)]);
      await send(
        "PATCH",
        `${USERS}/${String(bob.record.id)}`,
        bob.token,
        [file("avatar", "big.png", big)],
        400,
        [fieldCode("avatar", "validation_file_size_limit")],
      );
    });

    it("answers 413 beyond the collection's limit", async () => {
      const huge = Buffer.alloc(38 * MIB);
      const { body, headers } = multipartBody([file("avatar", "huge.png", huge)]);
      await runScenario(app, {
        name: "upload over 37 MiB on users",
        method: "PATCH",
        url: `${USERS}/${String(bob.record.id)}`,
        token: bob.token,
        headers,
        body,
        expectedStatus: 413,
        expectedContent: ['{"data":{},"message":"Request entity too large.","status":413}'],
      });
    });

    it("keeps text parts to 32 MiB even where uploads may use more", async () => {
      const { body, headers } = multipartBody([text("content", "x".repeat(33 * MIB))]);
      await runScenario(app, {
        name: "33 MiB of text on entries",
        method: "POST",
        url: ENTRIES,
        token: alice.token,
        headers,
        body,
        expectedStatus: 413,
      });
    });
  });

  describe("delete", () => {
    it("removes a deleted record's files once it leaves Recently deleted, and those of records deleted in cascade at once", async () => {
      const carol = await app.createUser();
      const url = `${USERS}/${String(carol.record.id)}`;
      const user = await send("PATCH", url, carol.token, [file("avatar", "me.png", png)]);
      const entry = await send("POST", ENTRIES, carol.token, [
        text("author", String(carol.record.id)),
        text("title", "Cascade"),
        file("attachments", "a.txt", Buffer.from("a")),
      ]);
      const own = await newEntry([file("attachments", "mine.txt", Buffer.from("m"))]);
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toHaveLength(1);
      await runScenario(app, {
        name: "delete own entry",
        method: "DELETE",
        url: `${ENTRIES}/${String(own.id)}`,
        token: alice.token,
        expectedStatus: 204,
      });
      // Kept while the entry can be restored (ADR 067); gone once it is deleted for good.
      expect(storedFiles(String(own.collectionId), String(own.id))).toHaveLength(1);
      const kept = await app.http.inject({
        method: "GET",
        url: "/api/deleted?perPage=1000",
        headers: { authorization: alice.token },
      });
      const item = kept
        .json<{ items: { id: string; record: string }[] }>()
        .items.find((i) => i.record === String(own.id));
      await runScenario(app, {
        name: "delete own entry for good",
        method: "DELETE",
        url: `/api/deleted/${item?.id ?? ""}`,
        token: alice.token,
        expectedStatus: 204,
      });
      await app.jobs.drain();
      expect(storedFiles(String(own.collectionId), String(own.id))).toEqual([]);
      await runScenario(app, {
        name: "delete self",
        method: "DELETE",
        url,
        token: carol.token,
        expectedStatus: 204,
      });
      expect(storedFiles(String(user.collectionId), String(user.id))).toEqual([]);
      expect(storedFiles(String(entry.collectionId), String(entry.id))).toEqual([]);
      expect(
        fs.existsSync(
          path.join(app.config.dataDir, "storage", String(entry.collectionId), String(entry.id)),
        ),
      ).toBe(false);
    });
  });
});

import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_HTML_BYTES } from "#server/core/data-import/formats/html-limits.ts";
import { DEFAULT_IMPORT_LIMITS } from "#server/core/data-import/import-source.ts";
import { importArchive, listAll, type Account } from "#tests/helpers/data-kit.ts";
import {
  absolutePathZip,
  dayOneExport,
  lyingZipBomb,
  manyEntriesZip,
  markdownZip,
  notAZip,
  symlinkZip,
  traversalZip,
  zipBomb,
} from "#tests/helpers/import-archives.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("POST /api/import: access and bad input (%s)", (dialect) => {
  let app: TestApp;
  let alice: Account;
  let bob: Account;
  let root: Account;
  let markdown: Uint8Array;

  /** What alice owns, and every stored file: an import that is refused changes neither. */
  async function state() {
    const own = `author = "${String(alice.record.id)}"`;
    const files: string[] = [];
    for await (const { key } of app.storage.list("")) files.push(key);
    const imports = await app.db.kysely.selectFrom("_imports").selectAll().execute();
    return {
      entries: (await listAll(app, alice.token, "entries", own)).length,
      posts: (await listAll(app, alice.token, "posts", own)).length,
      collections: (
        await listAll(app, alice.token, "collections", `owner = "${String(alice.record.id)}"`)
      ).length,
      files: files.sort(),
      imports: imports.length,
    };
  }

  /** The work folders an import leaves behind (none, whatever happened). */
  function leftovers(): string[] {
    const root = path.join(app.config.dataDir, "imports");
    return fs.existsSync(root) ? fs.readdirSync(root) : [];
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice" });
    bob = await app.createUser({ username: "bob" });
    root = await app.createSuperuser();
    markdown = (await markdownZip()).zip;
  });
  afterEach(() => {
    app.dataImport.limits = { ...DEFAULT_IMPORT_LIMITS };
    expect(leftovers()).toEqual([]);
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers guests 401 and other users 403, before reading the upload", async () => {
    const before = await state();
    const guest = await importArchive(app, undefined, { format: "markdown", file: markdown });
    expect(guest.status).toBe(401);
    for (const query of ["?user=alice", `?user=${String(alice.record.id)}`]) {
      const other = await importArchive(app, bob.token, {
        format: "markdown",
        file: markdown,
        query,
      });
      expect(other.status, query).toBe(403);
    }
    const superuserNoUser = await importArchive(app, root.token, {
      format: "markdown",
      file: markdown,
    });
    expect(superuserNoUser.status).toBe(400);
    expect(superuserNoUser.json.data?.user?.code).toBe("validation_required");
    const stranger = await importArchive(app, root.token, {
      format: "markdown",
      file: markdown,
      query: "?user=nobody",
    });
    expect(stranger.status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it("lets a superuser import into a named account", async () => {
    const result = await importArchive(app, root.token, {
      format: "markdown",
      file: markdown,
      dryRun: "true",
      query: "?user=alice",
    });
    expect(result.status).toBe(200);
    expect(result.json.imported?.entries).toBeGreaterThan(0);
  });

  it("refuses missing or unknown fields with PocketBase-shaped 400s", async () => {
    const before = await state();
    const unknown = zipSync({ "photo.png": new Uint8Array([137, 80, 78, 71]) });
    const cases = [
      // Without a format, one that is not recognised from the file must be named.
      { input: { file: unknown }, field: "format", code: "validation_required" },
      { input: { format: "", file: unknown }, field: "format", code: "validation_required" },
      { input: { format: "auto", file: unknown }, field: "format", code: "validation_required" },
      {
        input: { format: "wordpress", file: markdown },
        field: "format",
        code: "validation_invalid_value",
      },
      {
        input: { format: "MARKDOWN", file: markdown },
        field: "format",
        code: "validation_invalid_value",
      },
      {
        input: { format: "__proto__", file: markdown },
        field: "format",
        code: "validation_invalid_value",
      },
      { input: { format: "markdown" }, field: "file", code: "validation_required" },
      {
        input: { format: "markdown", dryRun: "maybe", file: markdown },
        field: "dryRun",
        code: "validation_invalid_value",
      },
    ];
    for (const { input, field, code } of cases) {
      const result = await importArchive(app, alice.token, input);
      expect(result.status, JSON.stringify(input.format)).toBe(400);
      expect(result.json).toMatchObject({ status: 400, data: { [field]: { code } } });
    }
    const json = await app.http.inject({
      method: "POST",
      url: "/api/import",
      headers: { authorization: alice.token },
      payload: { format: "markdown" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ data: { file: { code: "validation_required" } } });
    expect(await state()).toEqual(before);
  });

  it("refuses hostile and broken archives with a 400 and changes nothing", async () => {
    const before = await state();
    app.dataImport.limits = {
      ...DEFAULT_IMPORT_LIMITS,
      maxEntries: 20,
      maxUnpackedBytes: 1024 * 1024,
      maxJsonBytes: 4096,
    };
    const dayOne = await dayOneExport();
    const hugeJournal = zipSync({
      "Journal.json": strToU8(
        JSON.stringify({ entries: [{ uuid: "A", text: "x".repeat(10_000) }] }),
      ),
    });
    const cases: [string, string, Uint8Array, string][] = [
      ["path traversal", "markdown", traversalZip(), "validation_import_unsafe_archive"],
      ["an absolute path", "markdown", absolutePathZip(), "validation_import_unsafe_archive"],
      ["a symbolic link", "markdown", symlinkZip(), "validation_import_unsafe_archive"],
      ["a zip bomb", "markdown", zipBomb(4 * 1024 * 1024), "validation_import_too_large"],
      [
        "a zip bomb with lying headers",
        "markdown",
        lyingZipBomb(4 * 1024 * 1024),
        "validation_import_too_large",
      ],
      ["too many entries", "markdown", manyEntriesZip(25), "validation_import_too_large"],
      ["a huge JSON file", "dayone", hugeJournal, "validation_import_too_large"],
      ["not a zip", "markdown", notAZip(), "validation_import_not_archive"],
      ["not a zip nor JSON", "ghost", notAZip(), "validation_import_not_archive"],
      [
        "a JSON file where a zip is needed",
        "dayone",
        strToU8('{"entries":[]}'),
        "validation_import_not_archive",
      ],
      [
        "a truncated zip",
        "markdown",
        markdown.subarray(0, markdown.length - 30),
        "validation_import_invalid",
      ],
      ["the wrong format", "cahier", dayOne.zip, "validation_import_wrong_format"],
      ["Day One without a journal", "dayone", markdown, "validation_import_wrong_format"],
      [
        "Ghost without posts",
        "ghost",
        strToU8('{"db":[{"data":{}}]}'),
        "validation_import_wrong_format",
      ],
      [
        "WriteFreely of another shape",
        "writefreely",
        strToU8('{"items":[]}'),
        "validation_import_wrong_format",
      ],
      ["broken JSON", "ghost", strToU8('{"db": ['), "validation_import_invalid"],
      ["an empty upload", "markdown", new Uint8Array(0), "validation_import_not_archive"],
    ];
    for (const [name, format, file, code] of cases) {
      const result = await importArchive(app, alice.token, { format, file });
      expect(result.status, name).toBe(400);
      expect(result.json, name).toMatchObject({ status: 400, data: { file: { code } } });
      // Nothing of the server's own folders or stack traces.
      expect(JSON.stringify(result.json), name).not.toContain(app.config.dataDir);
      expect(JSON.stringify(result.json), name).not.toMatch(/Error:|at \w+ \(/);
    }
    // Its declared sizes pass the directory check: the bytes really inflated are counted.
    const lying = await importArchive(app, alice.token, {
      format: "markdown",
      file: lyingZipBomb(4 * 1024 * 1024),
    });
    expect(lying.json.data?.file?.message).toBe("archive too large once extracted");
    expect(fs.existsSync("/tmp/cahier-absolute.md")).toBe(false);
    expect(fs.existsSync(path.join(app.config.dataDir, "escape.md"))).toBe(false);
    expect(await state()).toEqual(before);
  });

  it("refuses a Ghost post nested too deep or too large with a 400 naming it, and imports nothing (issue 23)", async () => {
    const before = await state();
    const post = (index: number, title: string, html: string) => ({
      id: `p${String(index)}`,
      uuid: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      title,
      slug: `post-${String(index)}`,
      html,
      status: "published",
      visibility: "public",
      type: "post",
    });
    const ghost = (...posts: ReturnType<typeof post>[]) =>
      strToU8(JSON.stringify({ db: [{ data: { posts, tags: [], posts_tags: [] } }] }));
    // 3,000 levels used to overflow the converter's stack: a 500 after a long stall.
    const deep = `${"<div>".repeat(3000)}x${"</div>".repeat(3000)}`;
    const cases: [Uint8Array, string][] = [
      [
        ghost(post(1, "Fine", "<p>ok</p>"), post(2, "Deep", deep)),
        'post "Deep" (#2 in the export): its HTML nests elements more than 200 deep',
      ],
      [
        ghost(
          post(1, "Huge", `<p>${"x".repeat(MAX_HTML_BYTES)}</p>`),
          post(2, "Fine", "<p>ok</p>"),
        ),
        'post "Huge" (#1 in the export): its HTML is 1,025 KB; at most 1,024 KB',
      ],
    ];
    for (const [file, message] of cases)
      for (const dryRun of ["true", "false"]) {
        const result = await importArchive(app, alice.token, {
          format: "ghost",
          file,
          filename: "export.json",
          dryRun,
        });
        expect(result.status, message).toBe(400);
        expect(result.json, message).toEqual({
          status: 400,
          message: "The import file could not be read.",
          data: { file: { code: "validation_import_too_large", message } },
        });
      }
    expect(await state()).toEqual(before);
    // Within the bounds, a deep post is imported (as an entry: alice does not write posts).
    const within = await importArchive(app, alice.token, {
      format: "ghost",
      file: ghost(post(3, "Nested", `${"<blockquote>".repeat(150)}quoted`)),
      filename: "export.json",
      dryRun: "true",
    });
    expect(within.status).toBe(200);
    expect(within.json.imported).toMatchObject({ entries: 1, posts: 0 });
  });

  it("answers 413 for an upload over the limit, and 429 while the account imports", async () => {
    const before = await state();
    app.dataImport.limits = { ...DEFAULT_IMPORT_LIMITS, maxUploadBytes: 2048 };
    const big = await importArchive(app, alice.token, {
      format: "markdown",
      file: zipSync({ "a.md": [crypto.getRandomValues(new Uint8Array(8192)), { level: 0 }] }),
    });
    expect(big.status).toBe(413);
    app.dataImport.limits = { ...DEFAULT_IMPORT_LIMITS };
    const [first, second] = await Promise.all([
      importArchive(app, alice.token, { format: "markdown", file: markdown, dryRun: "true" }),
      importArchive(app, alice.token, { format: "markdown", file: markdown, dryRun: "true" }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 429]);
    expect(await state()).toEqual(before);
  });

  it("forgets an account's imports when the account is deleted", async () => {
    const carol = await app.createUser({ username: "carol" });
    const result = await importArchive(app, carol.token, { format: "markdown", file: markdown });
    expect(result.status).toBe(200);
    const rows = () =>
      app.db.kysely
        .selectFrom("_imports")
        .selectAll()
        .where("owner", "=", String(carol.record.id))
        .execute();
    expect((await rows()).length).toBeGreaterThan(0);
    const res = await app.http.inject({
      method: "DELETE",
      url: `/api/collections/users/records/${String(carol.record.id)}`,
      headers: { authorization: carol.token },
    });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });
});

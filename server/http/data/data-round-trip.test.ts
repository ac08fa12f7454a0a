import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordData } from "#server/core/records/request-info.ts";
import {
  downloadFile,
  exportArchive,
  importArchive,
  listAll,
  manifestOf,
  seedJournal,
  type Account,
  type ExportResult,
  type SeededJournal,
} from "#tests/helpers/data-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** The name a stored file was uploaded with (`photo_one_a1b2c3d4e5.jpg` → `photo_one.jpg`). */
const uploaded = (stored: string) => stored.replace(/_[a-z0-9]{10}((?:\.[^.]*){0,2})$/, "$1");

/**
 * A record of a manifest with everything that names this instance or this account taken
 * out (ids, owners, timestamps, generated file names), so two accounts' exports compare.
 */
function comparable(record: RecordData, collections: Map<string, string>): RecordData {
  const {
    id: _id,
    author: _author,
    owner: _owner,
    created: _created,
    updated: _updated,
    paths: _paths,
    collectionId: _collectionId,
    ...rest
  } = record;
  const out: RecordData = { ...rest };
  const names = (value: unknown) =>
    Array.isArray(value) ? value.map((v) => uploaded(String(v))) : uploaded(String(value));
  if ("attachments" in out) out.attachments = names(out.attachments);
  if ("cover" in out) out.cover = out.cover ? names(out.cover) : "";
  if ("images" in out) out.images = names(out.images);
  if ("collection" in out) out.collection = collections.get(String(out.collection)) ?? "";
  if (typeof out.content === "string")
    out.content = out.content.replace(
      /\/api\/files\/(\w+)\/[a-z0-9]{15}\/([^\s)?]+)(\?[^\s)]*)?/g,
      (_m, collection: string, name: string) => `/api/files/${collection}/RECORD/${uploaded(name)}`,
    );
  return out;
}

/** An export's manifest made comparable (see {@link comparable}), records sorted by slug. */
function normalised(result: ExportResult) {
  const manifest = manifestOf(result);
  const collections = new Map(manifest.collections.map((c) => [String(c.id), String(c.name)]));
  const sort = (records: RecordData[], key: string) =>
    records
      .map((r) => comparable(r, collections))
      .sort((a, b) => String(a[key]).localeCompare(String(b[key])));
  return {
    collections: sort(manifest.collections, "name"),
    entries: sort(manifest.entries, "name"),
    posts: sort(manifest.posts, "slug"),
  };
}

/** The archive bytes of an export, zipped again (the import reads a zip). */
const rezip = (result: ExportResult) => zipSync(result.files);

describe.each(DIALECTS)("export then import: a lossless round trip (%s)", (dialect) => {
  let app: TestApp;
  let alice: Account;
  let seeded: SeededJournal;
  let exported: ExportResult;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice", role: "writer" });
    seeded = await seedJournal(app, alice, { post: true });
    exported = await exportArchive(app, alice.token);
  });
  afterAll(async () => {
    await app.close();
  });

  it("brings every collection, entry, post and file into an empty account, field by field", async () => {
    const dave = await app.createUser({ username: "dave", role: "writer" });
    const archive = rezip(exported);
    const dry = await importArchive(app, dave.token, {
      format: "cahier",
      file: archive,
      dryRun: "true",
    });
    const result = await importArchive(app, dave.token, { format: "cahier", file: archive });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      imported: { entries: 3, posts: 1, collections: 1, files: 4 },
      skipped: [],
    });
    expect(dry.json).toEqual(result.json);

    const daveId = String(dave.record.id);
    const collections = await listAll(app, dave.token, "collections", `owner = "${daveId}"`);
    expect(collections).toHaveLength(1);
    const [collection] = collections as [RecordData];
    for (const field of ["name", "title", "description", "visibility"])
      expect(collection[field], field).toEqual(seeded.collection[field]);

    const entries = await listAll(app, dave.token, "entries", `author = "${daveId}"`);
    expect(entries).toHaveLength(3);
    for (const original of [seeded.privateEntry, seeded.publicEntry, seeded.unlistedEntry]) {
      const copy = entries.find((e) => e.name === original.name) as RecordData;
      expect(copy, String(original.name)).toBeDefined();
      for (const field of ["name", "title", "visibility", "tags", "date"])
        expect(copy[field], `${String(original.name)}.${field}`).toEqual(original[field]);
      expect(copy.collection).toBe(original.collection ? collection.id : "");
      const originals = original.attachments as string[];
      const copies = copy.attachments as string[];
      expect(copies.map(uploaded)).toEqual(originals.map(uploaded));
      for (const [index, name] of copies.entries()) {
        const bytes = await downloadFile(app, dave.token, "entries", String(copy.id), name);
        expect(bytes).toEqual(
          new Uint8Array(seeded.files.get(originals[index] as string) as Uint8Array),
        );
      }
      // The text, with its links to its own files pointing at the new ones.
      let expected = String(original.content);
      originals.forEach((name, index) => {
        expected = expected.replaceAll(
          `/api/files/entries/${String(original.id)}/${name}`,
          `/api/files/entries/${String(copy.id)}/${copies[index] as string}`,
        );
      });
      expect(copy.content).toBe(expected.replace(/\?thumb=400x0/, ""));
    }

    const posts = await listAll(app, dave.token, "posts", `author = "${daveId}"`);
    expect(posts).toHaveLength(1);
    const [post] = posts as [RecordData];
    const original = seeded.post as RecordData;
    for (const field of ["slug", "title", "excerpt", "tags", "status", "publishedAt", "lang"])
      expect(post[field], `post.${field}`).toEqual(original[field]);
    expect(uploaded(String(post.cover))).toBe(uploaded(String(original.cover)));
    expect(
      await downloadFile(app, dave.token, "posts", String(post.id), String(post.cover)),
    ).toEqual(new Uint8Array(seeded.files.get(String(original.cover)) as Uint8Array));
    // Its images come with it, and its text shows the new ones.
    const [originalImage] = original.images as [string];
    const [image] = post.images as [string];
    expect(uploaded(image)).toBe(uploaded(originalImage));
    expect(await downloadFile(app, dave.token, "posts", String(post.id), image)).toEqual(
      new Uint8Array(seeded.files.get(originalImage) as Uint8Array),
    );
    expect(post.content).toBe(
      String(original.content).replace(
        `/api/files/posts/${String(original.id)}/${originalImage}`,
        `/api/files/posts/${String(post.id)}/${image}`,
      ),
    );

    // Exported again, the copy says the same as the original, field for field.
    const again = await exportArchive(app, dave.token);
    expect(normalised(again)).toEqual(normalised(exported));
  });

  it("creates nothing new the second time, nor when an account imports its own export", async () => {
    const erin = await app.createUser({ username: "erin", role: "writer" });
    const archive = rezip(exported);
    await importArchive(app, erin.token, { format: "cahier", file: archive });
    const second = await importArchive(app, erin.token, { format: "cahier", file: archive });
    expect(second.json.imported).toEqual({ entries: 0, posts: 0, collections: 0, files: 0 });
    expect(
      second.json.skipped?.every(
        (s) => s.reason === "already imported" && s.code === "already_imported",
      ),
    ).toBe(true);
    expect(second.json.skipped).toHaveLength(5);

    const own = await importArchive(app, alice.token, { format: "cahier", file: archive });
    expect(own.json.imported).toEqual({ entries: 0, posts: 0, collections: 0, files: 0 });
    const aliceId = String(alice.record.id);
    expect(await listAll(app, alice.token, "entries", `author = "${aliceId}"`)).toHaveLength(3);
    expect(await listAll(app, alice.token, "posts", `author = "${aliceId}"`)).toHaveLength(1);
  });

  it("gives an account that may not post the exported post as a private entry", async () => {
    const frank = await app.createUser({ username: "frank" });
    const result = await importArchive(app, frank.token, {
      format: "cahier",
      file: rezip(exported),
    });
    expect(result.json.imported).toEqual({ entries: 4, posts: 0, collections: 1, files: 4 });
    expect(result.json.skipped).toEqual([
      {
        item: 'post "Spring notes"',
        reason: "imported as a private entry: only writers publish posts",
        code: "post_as_entry",
      },
    ]);
    const entries = await listAll(
      app,
      frank.token,
      "entries",
      `author = "${String(frank.record.id)}"`,
    );
    const post = entries.find((e) => e.title === "Spring notes") as RecordData;
    // Issue 25 item 6: a published post never turns public through an account that may not publish.
    expect(post).toMatchObject({
      visibility: "private",
      name: seeded.post?.slug,
      date: "2024-04-01 09:00:00.000Z",
      tags: ["garden"],
    });
    const [, image] = post.attachments as [string, string];
    expect((post.attachments as string[]).map(uploaded)).toEqual(["cover.png", "seedling.png"]);
    const [originalImage] = seeded.post?.images as [string];
    expect(post.content).toBe(
      String(seeded.post?.content).replace(
        `/api/files/posts/${String(seeded.post?.id)}/${originalImage}`,
        `/api/files/entries/${String(post.id)}/${image}`,
      ),
    );
  });

  it("carries each record's version history, oldest first, before the import's own revision", async () => {
    // Two saves of alice's private entry make two more revisions.
    const entry = seeded.privateEntry;
    for (const title of ["Secret garden, second", "Secret garden"]) {
      const res = await app.http.inject({
        method: "PATCH",
        url: `/api/collections/entries/records/${String(entry.id)}`,
        headers: { authorization: alice.token },
        payload: { title },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const history = (token: string, record: string) =>
      listAll(app, token, "revisions", `record = "${record}"`).then((rows) =>
        [...rows].sort((a, b) => Number(a.version) - Number(b.version)),
      );
    const original = await history(alice.token, String(entry.id));
    expect(original.length).toBeGreaterThanOrEqual(3);
    const withHistory = await exportArchive(app, alice.token);
    const file = withHistory.files[`revisions/${String(entry.id)}.json`];
    expect(file).toBeDefined();
    const exportedHistory = JSON.parse(new TextDecoder().decode(file)) as RecordData[];
    expect(exportedHistory.map((r) => r.title)).toEqual(original.map((r) => r.title));

    const hana = await app.createUser({ username: "hana", role: "writer" });
    const archive = rezip(withHistory);
    await importArchive(app, hana.token, { format: "cahier", file: archive, dryRun: "true" });
    await importArchive(app, hana.token, { format: "cahier", file: archive });
    const copies = await listAll(
      app,
      hana.token,
      "entries",
      `author = "${String(hana.record.id)}"`,
    );
    const copy = copies.find((e) => e.name === entry.name) as RecordData;
    const imported = await history(hana.token, String(copy.id));
    // The exported history (titles, texts, kinds, times) comes first, then the import's revision.
    expect(imported).toHaveLength(original.length + 1);
    expect(imported.map((r) => r.version)).toEqual(imported.map((_r, i) => i + 1));
    for (const [index, revision] of original.entries()) {
      for (const field of ["title", "content", "kind", "created"])
        expect(imported[index]?.[field], `${String(index)}.${field}`).toEqual(revision[field]);
      expect(imported[index]?.author).toBe(hana.record.id);
    }
    expect(imported.at(-1)?.title).toBe("Secret garden");

    // Imported again, and by alice herself: no history is written twice.
    await importArchive(app, hana.token, { format: "cahier", file: archive });
    expect(await history(hana.token, String(copy.id))).toHaveLength(original.length + 1);
    await importArchive(app, alice.token, { format: "cahier", file: archive });
    expect(await history(alice.token, String(entry.id))).toHaveLength(original.length);
    // Nobody else reads a history, not even through an import's traces.
    expect(await history(alice.token, String(copy.id))).toEqual([]);
  });

  it("reads a Cahier export as Markdown files too", async () => {
    const gina = await app.createUser({ username: "gina", role: "writer" });
    const result = await importArchive(app, gina.token, {
      format: "markdown",
      file: rezip(exported),
    });
    expect(result.status).toBe(200);
    expect(result.json.imported).toEqual({ entries: 3, posts: 1, collections: 1, files: 4 });
    const entries = await listAll(
      app,
      gina.token,
      "entries",
      `author = "${String(gina.record.id)}"`,
    );
    const secret = entries.find((e) => e.title === "Secret garden") as RecordData;
    expect(secret).toMatchObject({
      name: seeded.privateEntry.name,
      visibility: "private",
      tags: ["garden", "Été"],
      date: "2024-05-06 07:08:09.000Z",
    });
    expect(secret.attachments).toHaveLength(2);
    expect(String(secret.content)).toContain(`/api/files/entries/${String(secret.id)}/photo_one_`);
  });
});

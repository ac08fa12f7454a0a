import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordData } from "#server/core/records/request-info.ts";
import {
  downloadFile,
  importArchive,
  listAll,
  type Account,
  type ImportResult,
} from "#tests/helpers/data-kit.ts";
import {
  dayOneExport,
  ghostJson,
  ghostZip,
  markdownZip,
  writeFreelyJson,
} from "#tests/helpers/import-archives.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const byTitle = (records: RecordData[], title: string): RecordData => {
  const found = records.find((r) => r.title === title);
  if (!found)
    throw new Error(
      `no record titled ${title} in ${records.map((r) => String(r.title)).join(", ")}`,
    );
  return found;
};

const reasons = (result: ImportResult) =>
  (result.json.skipped ?? []).map((s) => `${s.item}: ${s.reason}`);

/** An account's records. */
interface Owned {
  entries: RecordData[];
  posts: RecordData[];
  collections: RecordData[];
}

describe.each(DIALECTS)("POST /api/import: formats (%s)", (dialect) => {
  let app: TestApp;
  let count = 0;

  /** A fresh account (a writer unless `role` is ""), its entries, posts and collections. */
  async function account(role = "writer"): Promise<Account & { own: () => Promise<Owned> }> {
    count += 1;
    const user = await app.createUser({ username: `importer${count}`, role });
    const id = String(user.record.id);
    return {
      ...user,
      own: async () => ({
        entries: await listAll(app, user.token, "entries", `author = "${id}"`, "date,created"),
        posts: await listAll(app, user.token, "posts", `author = "${id}"`, "created"),
        collections: await listAll(app, user.token, "collections", `owner = "${id}"`, "created"),
      }),
    };
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it("imports Day One journals: dates, titles, tags, starred, photos in the text", async () => {
    const user = await account("");
    const sample = await dayOneExport();
    const dry = await importArchive(app, user.token, {
      format: "dayone",
      file: sample.zip,
      dryRun: "true",
    });
    expect(dry.status).toBe(200);
    expect((await user.own()).entries).toEqual([]);
    const result = await importArchive(app, user.token, { format: "dayone", file: sample.zip });
    expect(result.status).toBe(200);
    expect(result.json).toEqual(dry.json);
    expect(result.json.imported).toEqual({ entries: 4, posts: 0, collections: 2, files: 3 });
    expect(reasons(result)).toEqual([
      "photos PHOTO-GONE of entry 99999999888877776666555555555555: not in the archive",
    ]);
    const { entries, collections } = await user.own();
    expect(collections.map((c) => [c.title, c.visibility])).toEqual(
      expect.arrayContaining([
        ["Journal", "private"],
        ["Dreams", "private"],
      ]),
    );
    const journal = byTitle(collections, "Journal");
    const trip = byTitle(entries, "Trip to the sea");
    expect(trip).toMatchObject({
      date: "2023-03-04 10:11:12.000Z",
      tags: ["travel", "sea", "starred"],
      visibility: "private",
      collection: journal.id,
    });
    const [shore, dune] = trip.attachments as [string, string];
    expect(trip.content).toBe(
      `![](/api/files/entries/${String(trip.id)}/${shore})\n\nWe walked along the shore\\.\n\n![](/api/files/entries/${String(trip.id)}/${dune})`,
    );
    expect(await downloadFile(app, user.token, "entries", String(trip.id), shore)).toEqual(
      new Uint8Array(sample.media["PHOTO-SHORE"] as Uint8Array),
    );
    expect(byTitle(entries, "Quiet day")).toMatchObject({
      content: "Nothing happened, and that was fine.",
      tags: [],
      date: "2023-03-05 21:00:00.000Z",
    });
    const lost = byTitle(entries, "Lost photo");
    expect(lost.attachments).toHaveLength(1);
    expect(lost.content).toContain("dayone-moment://PHOTO-GONE");
    expect(lost.content).toContain(`/api/files/entries/${String(lost.id)}/`);
    expect(byTitle(entries, "Flying")).toMatchObject({
      collection: byTitle(collections, "Dreams").id,
      content: "Over the city.",
      tags: ["dream"],
    });

    const again = await importArchive(app, user.token, { format: "dayone", file: sample.zip });
    expect(again.json.imported).toEqual({ entries: 0, posts: 0, collections: 0, files: 0 });
    expect(reasons(again).filter((r) => r.endsWith("already imported"))).toHaveLength(4);
    const after = await user.own();
    expect(after.entries).toHaveLength(4);
    expect(after.collections).toHaveLength(2);
  });

  it("imports a Ghost JSON export: HTML as clean Markdown, status, dates, tags", async () => {
    const user = await account();
    const result = await importArchive(app, user.token, {
      format: "ghost",
      file: ghostJson(),
      filename: "blog.json",
    });
    expect(result.status).toBe(200);
    expect(result.json.imported).toEqual({ entries: 0, posts: 4, collections: 0, files: 0 });
    expect(reasons(result)).toEqual(
      expect.arrayContaining([
        'post "About": a Ghost page, not a post',
        'post "Members only": imported as a draft: for paid only on Ghost',
        'cover of post "Hello Ghost": the image is not in the archive',
      ]),
    );
    const { posts } = await user.own();
    const hello = byTitle(posts, "Hello Ghost");
    expect(hello).toMatchObject({
      slug: "hello-ghost",
      status: "published",
      publishedAt: "2024-01-05 08:00:00.000Z",
      excerpt: "An introduction.",
      tags: ["News", "Garden"],
      cover: "",
    });
    expect(hello.content).toBe(
      "## Intro\n\nSome **bold** and [a link](https://example.com/).\n\n- one\n- two\n\n" +
        "![pic](__GHOST_URL__/content/images/2024/01/pic.png)\n\n*A caption*\n\n```\nconst x = 1;\n```",
    );
    expect(byTitle(posts, "Work in progress")).toMatchObject({
      status: "draft",
      content: "Draft text",
    });
    expect(byTitle(posts, "Members only")).toMatchObject({ status: "draft" });
    expect(byTitle(posts, "Coming soon")).toMatchObject({
      status: "published",
      publishedAt: "2099-01-01 00:00:00.000Z",
    });
    const again = await importArchive(app, user.token, { format: "ghost", file: ghostJson() });
    expect(again.json.imported).toEqual({ entries: 0, posts: 0, collections: 0, files: 0 });
    expect((await user.own()).posts).toHaveLength(4);
  });

  it("imports a Ghost zip with its images: the cover is stored", async () => {
    const user = await account();
    const sample = await ghostZip();
    const result = await importArchive(app, user.token, { format: "ghost", file: sample.zip });
    expect(result.json.imported).toEqual({ entries: 0, posts: 4, collections: 0, files: 1 });
    const hello = byTitle((await user.own()).posts, "Hello Ghost");
    expect(String(hello.cover)).toMatch(/^cover_[a-z0-9]{10}\.png$/);
    expect(
      await downloadFile(app, user.token, "posts", String(hello.id), String(hello.cover)),
    ).toEqual(new Uint8Array(sample.cover));
  });

  it("gives an account that may not post the posts as entries, and says so", async () => {
    const user = await account("");
    const result = await importArchive(app, user.token, { format: "ghost", file: ghostJson() });
    expect(result.json.imported).toEqual({ entries: 4, posts: 0, collections: 0, files: 0 });
    expect(reasons(result)).toContain(
      'post "Hello Ghost": imported as an entry: only writers publish posts',
    );
    const { entries, posts } = await user.own();
    expect(posts).toEqual([]);
    expect(byTitle(entries, "Hello Ghost")).toMatchObject({
      visibility: "public",
      date: "2024-01-05 08:00:00.000Z",
      name: "hello-ghost",
      tags: ["News", "Garden"],
    });
    expect(byTitle(entries, "Work in progress")).toMatchObject({ visibility: "private" });
  });

  it("imports WriteFreely blogs: posts for writers, a collection of entries for others", async () => {
    const writer = await account();
    const asWriter = await importArchive(app, writer.token, {
      format: "writefreely",
      file: writeFreelyJson(),
    });
    expect(asWriter.json.imported).toEqual({ entries: 0, posts: 3, collections: 0, files: 0 });
    const { posts } = await writer.own();
    expect(byTitle(posts, "First note")).toMatchObject({
      slug: "first-note",
      status: "published",
      publishedAt: "2022-02-02 02:02:02.000Z",
      lang: "fr",
      tags: ["hello"],
      content: "Bonjour *monde*.",
    });
    expect(byTitle(posts, "Headline")).toMatchObject({
      status: "published",
      content: "Text under it.",
    });
    expect(byTitle(posts, "An anonymous draft.")).toMatchObject({ status: "draft" });

    const reader = await account("");
    const asReader = await importArchive(app, reader.token, {
      format: "writefreely",
      file: writeFreelyJson(),
    });
    expect(asReader.json.imported).toEqual({ entries: 3, posts: 0, collections: 1, files: 0 });
    const { entries, collections } = await reader.own();
    expect(collections).toEqual([
      expect.objectContaining({
        title: "Field Notes",
        name: "field-notes",
        description: "Small things, noticed.",
        visibility: "public",
      }),
    ]);
    expect(byTitle(entries, "First note")).toMatchObject({
      visibility: "public",
      collection: collections[0]?.id,
      date: "2022-02-02 02:02:02.000Z",
    });
    expect(byTitle(entries, "An anonymous draft.")).toMatchObject({
      visibility: "private",
      collection: "",
    });
    const again = await importArchive(app, reader.token, {
      format: "writefreely",
      file: writeFreelyJson(),
    });
    expect(again.json.imported).toEqual({ entries: 0, posts: 0, collections: 0, files: 0 });
  });

  it("imports a zip of Markdown files with and without front matter", async () => {
    const user = await account();
    const sample = await markdownZip();
    const result = await importArchive(app, user.token, { format: "markdown", file: sample.zip });
    expect(result.status).toBe(200);
    expect(result.json.imported).toEqual({ entries: 3, posts: 1, collections: 2, files: 1 });
    expect(result.json.skipped).toEqual([]);
    const { entries, posts, collections } = await user.own();
    const morning = byTitle(entries, "Morning pages");
    const [sky] = morning.attachments as [string];
    expect(sky).toMatch(/^sky_blue_[a-z0-9]{10}\.png$/);
    expect(morning).toMatchObject({
      date: "2024-02-03 00:00:00.000Z",
      visibility: "private",
      collection: "",
      content: `I woke up early. ![the sky](/api/files/entries/${String(morning.id)}/${sky})\n\n[elsewhere](https://example.com/x)`,
    });
    expect(await downloadFile(app, user.token, "entries", String(morning.id), sky)).toEqual(
      new Uint8Array(sample.sky),
    );
    expect(byTitle(entries, "rainy day")).toMatchObject({
      content: "Rain again. Tea.",
      collection: byTitle(collections, "Journal").id,
    });
    expect(byTitle(entries, "Soup: a recipe")).toMatchObject({
      name: "soup",
      date: "2023-11-20 00:00:00.000Z",
      tags: ["food", "winter"],
      visibility: "public",
      collection: byTitle(collections, "Recipes").id,
      content: "Boil *water*.",
    });
    expect(posts).toEqual([
      expect.objectContaining({
        title: "We launched",
        slug: "we-launched",
        status: "published",
        publishedAt: "2024-01-10 10:00:00.000Z",
        tags: ["news", "launch"],
        excerpt: "It is out.",
        content: "The **news**.",
      }),
    ]);
    const again = await importArchive(app, user.token, { format: "markdown", file: sample.zip });
    expect(again.json.imported).toEqual({ entries: 0, posts: 0, collections: 0, files: 0 });
    const after = await user.own();
    expect([after.entries.length, after.posts.length, after.collections.length]).toEqual([3, 1, 2]);
  });
});

import fs from "node:fs";
import path from "node:path";
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
  markdownPostsZip,
  markdownRefusedZip,
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

/** The report's lines as `item: code`. */
const codes = (result: ImportResult) =>
  (result.json.skipped ?? []).map((s) => `${s.item}: ${s.code}`);

const GHOST_MISSING =
  "the image is not in the archive (export Ghost's content/images with the JSON, in one zip)";
const NOT_KEPT = "not kept: a post keeps images only";

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
    expect(codes(result)).toEqual([
      "photos PHOTO-GONE of entry 99999999888877776666555555555555: not_in_archive",
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
    // Issue 25 item 6: the place is kept, as the text's last line.
    expect(trip.content).toBe(
      `![](/api/files/entries/${String(trip.id)}/${shore})\n\nWe walked along the shore\\.\n\n![](/api/files/entries/${String(trip.id)}/${dune})\n\n*Étretat*`,
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
    expect(reasons(result)).toEqual([
      `image content/images/2024/01/pic.png of post "Hello Ghost": ${GHOST_MISSING}`,
      `cover of post "Hello Ghost": ${GHOST_MISSING}`,
      `image content/images/size/w600/2024/02/wip.jpg of post "Work in progress": ${GHOST_MISSING}`,
      'post "Members only": imported as a draft: for paid only on Ghost',
      'post "About": a Ghost page, not a post',
    ]);
    expect(result.json.skipped?.map((s) => [s.code, s.params])).toEqual([
      ["ghost_image_missing", undefined],
      ["ghost_image_missing", undefined],
      ["ghost_image_missing", undefined],
      ["members_only_draft", { visibility: "paid" }],
      ["ghost_page", undefined],
    ]);
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
    // Images missing from the upload keep their address (shown as their alt text).
    expect(byTitle(posts, "Work in progress")).toMatchObject({
      status: "draft",
      content: "Draft text\n\n![wip](__GHOST_URL__/content/images/size/w600/2024/02/wip.jpg)",
      cover: "",
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

  it("imports a Ghost zip with its images: covers stored, the text's images kept", async () => {
    const user = await account();
    const sample = await ghostZip();
    const result = await importArchive(app, user.token, { format: "ghost", file: sample.zip });
    expect(result.json.imported).toEqual({ entries: 0, posts: 4, collections: 0, files: 3 });
    expect(reasons(result).filter((r) => !r.startsWith('post "'))).toEqual([]);
    const { posts } = await user.own();
    const hello = byTitle(posts, "Hello Ghost");
    expect(String(hello.cover)).toMatch(/^cover_[a-z0-9]{10}\.png$/);
    expect(
      await downloadFile(app, user.token, "posts", String(hello.id), String(hello.cover)),
    ).toEqual(new Uint8Array(sample.cover));
    // The image its text shows is one of its images, and the text shows the stored copy.
    const [pic] = hello.images as [string];
    expect(pic).toMatch(/^pic_[a-z0-9]{10}\.png$/);
    expect(hello.content).toContain(`![pic](/api/files/posts/${String(hello.id)}/${pic})`);
    expect(await downloadFile(app, user.token, "posts", String(hello.id), pic)).toEqual(
      new Uint8Array(sample.pic),
    );
    // Work in progress has no cover, and gets none: its text's image (a resized copy) is kept.
    const wip = byTitle(posts, "Work in progress");
    expect(wip.cover).toBe("");
    const [image] = wip.images as [string];
    expect(image).toMatch(/^wip_[a-z0-9]{10}\.jpg$/);
    expect(wip.content).toBe(`Draft text\n\n![wip](/api/files/posts/${String(wip.id)}/${image})`);
    expect(await downloadFile(app, user.token, "posts", String(wip.id), image)).toEqual(
      new Uint8Array(sample.wip),
    );
  });

  it("gives an account that may not post a Ghost zip's images as attachments, linked", async () => {
    const user = await account("");
    const sample = await ghostZip();
    const result = await importArchive(app, user.token, { format: "ghost", file: sample.zip });
    expect(result.json.imported).toEqual({ entries: 4, posts: 0, collections: 0, files: 3 });
    expect(codes(result).filter((r) => r.includes("content/images"))).toEqual([]);
    const { entries } = await user.own();
    const hello = byTitle(entries, "Hello Ghost");
    const [cover, pic] = hello.attachments as [string, string];
    expect([cover, pic]).toEqual([
      expect.stringMatching(/^cover_[a-z0-9]{10}\.png$/),
      expect.stringMatching(/^pic_[a-z0-9]{10}\.png$/),
    ]);
    expect(hello.content).toContain(`![pic](/api/files/entries/${String(hello.id)}/${pic})`);
    expect(await downloadFile(app, user.token, "entries", String(hello.id), pic)).toEqual(
      new Uint8Array(sample.pic),
    );
    const wip = byTitle(entries, "Work in progress");
    const [image] = wip.attachments as [string];
    expect(wip.content).toBe(`Draft text\n\n![wip](/api/files/entries/${String(wip.id)}/${image})`);
  });

  it("gives an account that may not post the posts as private entries, and says so first", async () => {
    const user = await account("");
    const dry = await importArchive(app, user.token, {
      format: "ghost",
      file: ghostJson(),
      dryRun: "true",
    });
    // Issue 25 item 6: the dry run tells what will happen, private entries included.
    expect(reasons(dry)).toContain(
      'post "Hello Ghost": imported as a private entry: only writers publish posts',
    );
    const result = await importArchive(app, user.token, { format: "ghost", file: ghostJson() });
    expect(result.json).toEqual(dry.json);
    expect(result.json.imported).toEqual({ entries: 4, posts: 0, collections: 0, files: 0 });
    const { entries, posts } = await user.own();
    expect(posts).toEqual([]);
    expect(entries.map((e) => e.visibility)).toEqual(["private", "private", "private", "private"]);
    expect(byTitle(entries, "Hello Ghost")).toMatchObject({
      visibility: "private",
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
    // Posts have no collection: the blog lives on as a tag of its posts, and the report says so.
    expect(asWriter.json.skipped).toEqual([
      {
        item: 'blog "Field Notes"',
        reason: 'posts have no collection: its posts are tagged "field-notes"',
        code: "collection_as_tag",
        params: { tag: "field-notes" },
      },
    ]);
    const { posts } = await writer.own();
    expect(byTitle(posts, "First note")).toMatchObject({
      slug: "first-note",
      status: "published",
      publishedAt: "2022-02-02 02:02:02.000Z",
      lang: "fr",
      tags: ["hello", "field-notes"],
      content: "Bonjour *monde*.",
    });
    expect(byTitle(posts, "Headline")).toMatchObject({
      status: "published",
      content: "Text under it.",
      tags: ["field-notes"],
    });
    expect(byTitle(posts, "An anonymous draft.")).toMatchObject({ status: "draft", tags: [] });

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
    // In a collection, the blog needs no tag; published posts become private entries (issue 25
    // item 6: an account that may not publish does not publish them as public entries).
    expect(byTitle(entries, "First note")).toMatchObject({
      visibility: "private",
      collection: collections[0]?.id,
      date: "2022-02-02 02:02:02.000Z",
      tags: ["hello"],
    });
    expect(byTitle(entries, "Headline")).toMatchObject({
      visibility: "private",
      collection: collections[0]?.id,
      tags: [],
    });
    expect(codes(asReader).filter((r) => r.endsWith("collection_as_tag"))).toEqual([]);
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
  it("keeps the images of Markdown posts: the cover as the cover, the text's as images", async () => {
    const writer = await account();
    const sample = await markdownPostsZip();
    const result = await importArchive(app, writer.token, {
      format: "markdown",
      file: sample.zip,
    });
    expect(result.status).toBe(200);
    expect(result.json.imported).toEqual({ entries: 0, posts: 3, collections: 0, files: 4 });
    expect(codes(result)).toEqual([
      'docs/notes.pdf (post "Photo essay" (posts/photo-essay.md)): post_file_not_kept',
      'collection "Blog": collection_as_tag',
    ]);
    expect(reasons(result)).toContain(
      `docs/notes.pdf (post "Photo essay" (posts/photo-essay.md)): ${NOT_KEPT}`,
    );
    const { posts, collections } = await writer.own();
    expect(collections).toEqual([]);
    const essay = byTitle(posts, "Photo essay");
    expect(essay.cover).toBe("");
    const [essayOne, essayTwo] = essay.images as [string, string];
    expect([essayOne, essayTwo]).toEqual([
      expect.stringMatching(/^one_[a-z0-9]{10}\.png$/),
      expect.stringMatching(/^two_[a-z0-9]{10}\.jpg$/),
    ]);
    const essayAt = (name: string) => `/api/files/posts/${String(essay.id)}/${name}`;
    expect(essay.content).toBe(
      `![first](${essayAt(essayOne)})\n\nMiddle.\n\n![second](${essayAt(essayTwo)}) and [notes](../docs/notes.pdf)`,
    );
    expect(await downloadFile(app, writer.token, "posts", String(essay.id), essayOne)).toEqual(
      new Uint8Array(sample.one),
    );
    // The text shows the post's own cover: it points at the stored cover.
    const covered = byTitle(posts, "Covered");
    expect(String(covered.cover)).toMatch(/^two_[a-z0-9]{10}\.jpg$/);
    const [coveredOne] = covered.images as [string];
    expect(covered.content).toBe(
      `![the cover](/api/files/posts/${String(covered.id)}/${String(covered.cover)}) ` +
        `![one](/api/files/posts/${String(covered.id)}/${coveredOne})`,
    );
    expect(byTitle(posts, "In a folder")).toMatchObject({ tags: ["a", "blog"], status: "draft" });

    // An account that may not post gets entries: every file attached, every link rewritten.
    const reader = await account("");
    const asReader = await importArchive(app, reader.token, {
      format: "markdown",
      file: sample.zip,
    });
    expect(asReader.json.imported).toEqual({ entries: 3, posts: 0, collections: 1, files: 5 });
    expect(codes(asReader).filter((r) => !r.endsWith("post_as_entry"))).toEqual([]);
    const own = await reader.own();
    const essayEntry = byTitle(own.entries, "Photo essay");
    const [one, two, pdf] = essayEntry.attachments as [string, string, string];
    const at = (name: string) => `/api/files/entries/${String(essayEntry.id)}/${name}`;
    expect(essayEntry.content).toBe(
      `![first](${at(one)})\n\nMiddle.\n\n![second](${at(two)}) and [notes](${at(pdf)})`,
    );
    expect(await downloadFile(app, reader.token, "entries", String(essayEntry.id), pdf)).toEqual(
      new Uint8Array(sample.pdf),
    );
    const coveredEntry = byTitle(own.entries, "Covered");
    expect(coveredEntry.attachments).toHaveLength(2);
    expect(coveredEntry.content).not.toContain("../images/");
    expect(byTitle(own.entries, "In a folder")).toMatchObject({
      collection: byTitle(own.collections, "Blog").id,
      tags: ["a"],
    });
  });

  it("reports in a dry run exactly what the import then does, refusals included", async () => {
    const user = await account();
    const zip = markdownRefusedZip();
    const storage = path.join(app.config.dataDir, "storage");
    const storedFiles = () =>
      fs.existsSync(storage)
        ? fs
            .readdirSync(storage, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile()).length
        : 0;
    const before = storedFiles();
    const dry = await importArchive(app, user.token, {
      format: "markdown",
      file: zip,
      dryRun: "true",
    });
    expect(dry.status).toBe(200);
    // Nothing written: no record, no stored file (the rolled-back writes took theirs along).
    expect(await user.own()).toEqual({ entries: [], posts: [], collections: [] });
    expect(storedFiles()).toBe(before);

    const real = await importArchive(app, user.token, { format: "markdown", file: zip });
    expect(real.json).toEqual(dry.json);
    expect(real.json.imported).toEqual({ entries: 2, posts: 2, collections: 1, files: 0 });
    expect(real.json.skipped).toEqual([
      expect.objectContaining({
        item: 'entry "Panorama" (panorama.md)',
        code: "refused",
        params: { fields: "attachments" },
        reason: expect.stringContaining("attachments: Failed to upload") as unknown,
      }),
    ]);
    const { entries, posts, collections } = await user.own();
    expect(entries.map((e) => [e.title, e.collection]).sort()).toEqual([
      ["day one", collections[0]?.id],
      ["day two", collections[0]?.id],
    ]);
    expect(posts.map((p) => p.title).sort()).toEqual(["First", "Second"]);
  });
});

/**
 * Sample exports of every format `POST /api/import` reads, built here at run time (no
 * download, no committed binary): Day One (`Journal.json` with `photos/`), Ghost (JSON, and a
 * zip with `content/images/`), WriteFreely (JSON), zips of Markdown files with and without
 * front matter (posts showing images among them); and hostile archives (path traversal, absolute paths, symbolic links, zip
 * bombs whose headers lie, too many entries, not a zip).
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import { declaredPng, image } from "./file-fixtures.ts";

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** A Day One export and the bytes of its media, by Day One identifier. */
export interface DayOneSample {
  zip: Uint8Array;
  media: Record<string, Uint8Array>;
}

/**
 * A Day One JSON export: `Journal.json` (a titled entry with a photo shown in its text,
 * starred and tagged; an entry whose first line is a heading; one whose photo is missing
 * from the archive, with a PDF) and `Dreams.json` (one entry), with `photos/` and `pdfs/`.
 */
export async function dayOneExport(): Promise<DayOneSample> {
  const shore = await image("jpeg", 30, 20, "#2266aa");
  const dune = await image("png", 12, 12, "#ddbb66");
  const pdf = strToU8("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  const journal = {
    metadata: { version: "1.0" },
    entries: [
      {
        uuid: "7A3C1F0E9B8D4E2FA1B2C3D4E5F60718",
        creationDate: "2023-03-04T10:11:12Z",
        modifiedDate: "2023-03-04T12:00:00Z",
        timeZone: "Europe/Paris",
        starred: true,
        tags: ["travel", "sea"],
        text: "Trip to the sea\n\n![](dayone-moment://PHOTO-SHORE)\n\nWe walked along the shore\\.\n\n![](dayone-moment://PHOTO-DUNE)",
        photos: [
          { identifier: "PHOTO-SHORE", md5: "0a1b2c3d4e5f60718293a4b5c6d7e8f9", type: "jpeg" },
          { identifier: "PHOTO-DUNE", md5: "f9e8d7c6b5a4938271605f4e3d2c1b0a", type: "png" },
        ],
        location: { localityName: "Étretat" },
      },
      {
        uuid: "11111111222233334444555555555555",
        creationDate: "2023-03-05T21:00:00Z",
        starred: false,
        tags: [],
        text: "# Quiet day\nNothing happened, and that was fine.",
      },
      {
        uuid: "99999999888877776666555555555555",
        creationDate: "2023-03-06T08:30:00Z",
        text: "Lost photo\n\n![](dayone-moment://PHOTO-GONE)\n\nSee the ticket: ![](dayone-moment:/pdfAttachment/PDF-TICKET)",
        photos: [
          { identifier: "PHOTO-GONE", md5: "00000000000000000000000000000000", type: "jpeg" },
        ],
        pdfAttachments: [
          { identifier: "PDF-TICKET", md5: "abcdefabcdefabcdefabcdefabcdef12", type: "pdf" },
        ],
      },
    ],
  };
  const dreams = {
    metadata: { version: "1.0" },
    entries: [
      {
        uuid: "DREAM000000000000000000000000001",
        creationDate: "2022-12-31T23:59:00Z",
        text: "Flying\n\nOver the city.",
        tags: ["dream"],
      },
    ],
  };
  const files: Zippable = {
    "Journal.json": json(journal),
    "Dreams.json": json(dreams),
    "photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg": shore,
    "photos/f9e8d7c6b5a4938271605f4e3d2c1b0a.png": dune,
    "pdfs/abcdefabcdefabcdefabcdefabcdef12.pdf": pdf,
  };
  return {
    zip: zipSync(files),
    media: { "PHOTO-SHORE": shore, "PHOTO-DUNE": dune, "PDF-TICKET": pdf },
  };
}

/** Ghost's `db[0].data` of the sample export. */
function ghostData() {
  return {
    posts: [
      {
        id: "65a0000000000000000000a1",
        uuid: "1b7b1b0a-0000-4000-8000-000000000001",
        title: "Hello Ghost",
        slug: "hello-ghost",
        mobiledoc: null,
        lexical: null,
        html:
          '<h2>Intro</h2><p>Some <strong>bold</strong> and <a href="https://example.com/">a link</a>.</p>' +
          "<ul><li>one</li><li>two</li></ul><script>alert(1)</script>" +
          '<figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2024/01/pic.png" alt="pic"><figcaption>A caption</figcaption></figure>' +
          "<pre><code>const x = 1;</code></pre>",
        feature_image: "__GHOST_URL__/content/images/2024/01/cover.png",
        status: "published",
        visibility: "public",
        type: "post",
        created_at: "2024-01-04T08:00:00.000Z",
        updated_at: "2024-01-05T08:00:00.000Z",
        published_at: "2024-01-05T08:00:00.000Z",
        custom_excerpt: "An introduction.",
      },
      {
        id: "65a0000000000000000000a2",
        uuid: "1b7b1b0a-0000-4000-8000-000000000002",
        title: "Work in progress",
        slug: "wip",
        html: '<p>Draft text</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/size/w600/2024/02/wip.jpg" alt="wip"></figure>',
        status: "draft",
        visibility: "public",
        type: "post",
        created_at: "2024-02-01T08:00:00.000Z",
        published_at: null,
      },
      {
        id: "65a0000000000000000000a3",
        uuid: "1b7b1b0a-0000-4000-8000-000000000003",
        title: "Members only",
        slug: "members-only",
        html: "<p>Paid words</p>",
        status: "published",
        visibility: "paid",
        type: "post",
        created_at: "2024-02-02T08:00:00.000Z",
        published_at: "2024-02-02T09:00:00.000Z",
      },
      {
        id: "65a0000000000000000000a4",
        uuid: "1b7b1b0a-0000-4000-8000-000000000004",
        title: "About",
        slug: "about",
        html: "<p>A page</p>",
        status: "published",
        visibility: "public",
        type: "page",
        created_at: "2024-01-01T08:00:00.000Z",
        published_at: "2024-01-01T08:00:00.000Z",
      },
      {
        id: "65a0000000000000000000a5",
        uuid: "1b7b1b0a-0000-4000-8000-000000000005",
        title: "Coming soon",
        slug: "coming-soon",
        html: "<p>Later</p>",
        status: "scheduled",
        visibility: "public",
        type: "post",
        created_at: "2024-02-03T08:00:00.000Z",
        published_at: "2099-01-01T00:00:00.000Z",
      },
    ],
    tags: [
      { id: "t1", name: "News", slug: "news", visibility: "public" },
      { id: "t2", name: "Garden", slug: "garden", visibility: "public" },
      { id: "t3", name: "#hidden", slug: "hash-hidden", visibility: "internal" },
    ],
    posts_tags: [
      { post_id: "65a0000000000000000000a1", tag_id: "t2", sort_order: 1 },
      { post_id: "65a0000000000000000000a1", tag_id: "t1", sort_order: 0 },
      { post_id: "65a0000000000000000000a1", tag_id: "t3", sort_order: 2 },
    ],
    users: [{ id: "1", name: "Ghost Writer", slug: "ghost-writer", email: "g@example.com" }],
  };
}

/** Ghost's JSON export file. */
export function ghostJson(): Uint8Array {
  return json({
    db: [{ meta: { exported_on: 1706000000000, version: "5.82.0" }, data: ghostData() }],
  });
}

/** A Ghost zip and the bytes of its images. */
export interface GhostSample {
  zip: Uint8Array;
  /** The cover of "Hello Ghost". */
  cover: Uint8Array;
  /** The image in the text of "Hello Ghost". */
  pic: Uint8Array;
  /** The image in the text of "Work in progress" (its original; the text shows a w600 copy). */
  wip: Uint8Array;
}

/** Ghost's export as a zip archive with its images under `content/images/`. */
export async function ghostZip(): Promise<GhostSample> {
  const cover = await image("png", 60, 30, "#884422");
  const pic = await image("png", 20, 20, "#228844");
  const wip = await image("jpeg", 24, 16, "#446688");
  return {
    zip: zipSync({
      "ghost-export/blog.ghost.2024-02-04.json": ghostJson(),
      "ghost-export/content/images/2024/01/cover.png": cover,
      "ghost-export/content/images/2024/01/pic.png": pic,
      "ghost-export/content/images/2024/02/wip.jpg": wip,
    }),
    cover,
    pic,
    wip,
  };
}

/** WriteFreely's JSON export: a public blog with two posts, and a loose draft. */
export function writeFreelyJson(): Uint8Array {
  return json({
    username: "wfuser",
    email: "wf@example.com",
    created: "2021-01-01T00:00:00Z",
    collections: [
      {
        alias: "field-notes",
        title: "Field Notes",
        description: "Small things, noticed.",
        style_sheet: "",
        public: true,
        views: 12,
        total_posts: 2,
        posts: [
          {
            id: "wf0000000001",
            slug: "first-note",
            appearance: "norm",
            language: "fr",
            rtl: false,
            created: "2022-02-02T02:02:02Z",
            updated: "2022-02-03T00:00:00Z",
            title: "First note",
            body: "Bonjour *monde*.",
            tags: ["hello"],
            views: 3,
          },
          {
            id: "wf0000000002",
            slug: null,
            appearance: "norm",
            language: "en",
            created: "2022-03-03T00:00:00Z",
            updated: "2022-03-03T00:00:00Z",
            title: "",
            body: "# Headline\n\nText under it.",
            tags: [],
          },
        ],
      },
    ],
    posts: [
      {
        id: "wf0000000003",
        slug: null,
        appearance: "norm",
        created: "2021-06-01T00:00:00Z",
        title: "",
        body: "An anonymous draft.",
        tags: [],
      },
    ],
  });
}

/** A zip of Markdown files, with and without front matter, and an image linked from one. */
export async function markdownZip(): Promise<{ zip: Uint8Array; sky: Uint8Array }> {
  const sky = await image("png", 16, 16, "#66aaee");
  const files: Zippable = {
    "2024-02-03-morning-pages.md": strToU8(
      "# Morning pages\n\nI woke up early. ![the sky](images/sky%20blue.png)\n\n[elsewhere](https://example.com/x)\n",
    ),
    "images/sky blue.png": sky,
    "Journal/rainy-day.md": strToU8("Rain again. Tea.\n"),
    "notes/recipe.md": strToU8(
      "---\ntitle: 'Soup: a recipe'\ndate: 2023-11-20\ntags: [food, winter]\nvisibility: public\ncollection: Recipes\nslug: soup\n---\n\nBoil *water*.\n",
    ),
    "posts/launch.md": strToU8(
      "---\ntitle: We launched\nstatus: published\npublishedAt: 2024-01-10T10:00:00Z\ntags: news, launch\nslug: we-launched\nexcerpt: It is out.\n---\nThe **news**.\n",
    ),
    "__MACOSX/._rainy-day.md": strToU8("junk"),
  };
  return { zip: zipSync(files), sky };
}

/** What {@link markdownPostsZip} holds. */
export interface MarkdownPostsSample {
  zip: Uint8Array;
  one: Uint8Array;
  two: Uint8Array;
  pdf: Uint8Array;
}

/**
 * A zip of Markdown posts showing files: "Photo essay" (no cover; two images and a PDF in its
 * text), "Covered" (its cover, shown in its text, and another image) and "In a folder" (a
 * draft in the folder `Blog/`, so of the collection Blog).
 */
export async function markdownPostsZip(): Promise<MarkdownPostsSample> {
  const one = await image("png", 14, 10, "#aa3366");
  const two = await image("jpeg", 18, 12, "#33aa66");
  const pdf = strToU8("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  const files: Zippable = {
    "posts/photo-essay.md": strToU8(
      "---\ntitle: Photo essay\nstatus: published\npublishedAt: 2024-03-01T10:00:00Z\n---\n" +
        "![first](../images/one.png)\n\nMiddle.\n\n![second](../images/two.jpg) and [notes](../docs/notes.pdf)\n",
    ),
    "posts/covered.md": strToU8(
      "---\ntitle: Covered\nstatus: draft\ncover: ../images/two.jpg\n---\n" +
        "![the cover](../images/two.jpg) ![one](../images/one.png)\n",
    ),
    "Blog/posted.md": strToU8("---\ntitle: In a folder\nstatus: draft\ntags: [a]\n---\nText.\n"),
    "images/one.png": one,
    "images/two.jpg": two,
    "docs/notes.pdf": pdf,
  };
  return { zip: zipSync(files), one, two, pdf };
}

/**
 * A zip of Markdown files one of which the records service refuses (its image declares
 * 20000 × 20000 pixels: it could never be thumbnailed), two entries in a folder (so in a
 * collection) and two posts wanting the same slug.
 */
export function markdownRefusedZip(): Uint8Array {
  return zipSync({
    "panorama.md": strToU8("# Panorama\n\n![wide](wide.png)\n"),
    "wide.png": new Uint8Array(declaredPng(20000, 20000)),
    "Trips/day-one.md": strToU8("Day one.\n"),
    "Trips/day-two.md": strToU8("Day two.\n"),
    "posts/a.md": strToU8("---\ntitle: First\nstatus: published\nslug: same\n---\nA.\n"),
    "posts/b.md": strToU8("---\ntitle: Second\nstatus: published\nslug: same\n---\nB.\n"),
  });
}

/** A zip whose only entry climbs out of the extraction folder. */
export function traversalZip(): Uint8Array {
  return zipSync({ "notes/../../escape.md": strToU8("# out\n"), "ok.md": strToU8("fine") });
}

/** A zip with an absolute entry name. */
export function absolutePathZip(): Uint8Array {
  return zipSync({ "/tmp/cahier-absolute.md": strToU8("# abs\n") });
}

/** A zip holding a symbolic link (Unix mode in the external attributes). */
export function symlinkZip(): Uint8Array {
  return zipSync({
    "journal.md": strToU8("# hi\n"),
    "link.md": [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
  });
}

/** A zip of `bytes` zero bytes in one Markdown file (tiny compressed, huge unpacked). */
export function zipBomb(bytes: number): Uint8Array {
  return zipSync({ "bomb.md": [new Uint8Array(bytes), { level: 9 }] });
}

/**
 * A zip bomb whose headers lie: it declares 10 bytes for an entry that inflates to `bytes`,
 * so only counting the bytes really inflated catches it.
 */
export function lyingZipBomb(bytes: number): Uint8Array {
  const zip = zipSync({ "bomb.md": [new Uint8Array(bytes), { level: 9 }] });
  const view = Buffer.from(zip);
  for (let at = 0; at + 4 <= view.length; at += 1) {
    const signature = view.readUInt32LE(at);
    // Local file header: uncompressed size at +22; central directory header: at +24.
    if (signature === 0x04034b50) view.writeUInt32LE(10, at + 22);
    if (signature === 0x02014b50) view.writeUInt32LE(10, at + 24);
  }
  return new Uint8Array(view);
}

/** A zip of `count` tiny Markdown files. */
export function manyEntriesZip(count: number): Uint8Array {
  const files: Zippable = {};
  for (let i = 0; i < count; i += 1) files[`note-${i}.md`] = strToU8(`# Note ${i}\n`);
  return zipSync(files);
}

/** Something that is not a zip archive (nor JSON). */
export function notAZip(): Uint8Array {
  return strToU8("GIF89a this is not an archive at all");
}

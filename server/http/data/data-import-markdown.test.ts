import { zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordData } from "#server/core/records/request-info.ts";
import { exportArchive, importArchive, listAll, writeRecord } from "#tests/helpers/data-kit.ts";
import {
  dayOneExport,
  ghostJson,
  ghostZip,
  markdownZip,
  writeFreelyJson,
} from "#tests/helpers/import-archives.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const text = (value: string) => new TextEncoder().encode(value);

/** A zip of Markdown notes, each `[content, modification time]`. */
function notesZip(notes: Record<string, [string, Date]>): Uint8Array {
  const files: Zippable = {};
  for (const [name, [content, mtime]] of Object.entries(notes))
    files[name] = [text(content), { mtime }];
  return zipSync(files);
}

/** The PocketBase date the zip's DOS time of local `date` reads back as (no zone in it). */
const dosDate = (date: Date) =>
  new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ),
  )
    .toISOString()
    .replace("T", " ");

const byTitle = (records: RecordData[], title: string): RecordData => {
  const found = records.find((r) => r.title === title);
  if (!found) throw new Error(`no record titled ${title}`);
  return found;
};

describe.each(DIALECTS)("POST /api/import: Markdown notes (%s)", (dialect) => {
  let app: TestApp;
  let count = 0;

  async function account() {
    count += 1;
    const user = await app.createUser({ username: `notes${count}`, role: "" });
    const entries = () =>
      listAll(app, user.token, "entries", `author = "${String(user.record.id)}"`, "created");
    return { ...user, entries };
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it("dates each note by its front matter, else its file name, else its time in the zip", async () => {
    const user = await account();
    const old = new Date(2019, 6, 14, 9, 15, 20);
    const result = await importArchive(app, user.token, {
      format: "markdown",
      file: notesZip({
        "front.md": ["---\ndate: 2020-01-02\n---\n# Front matter\nA.", old],
        "2021-03-04-named.md": ["# By name\nB.", old],
        "plain.md": ["# By time\nC.", old],
      }),
    });
    expect(result.status).toBe(200);
    expect(result.json.imported?.entries).toBe(3);
    const entries = await user.entries();
    expect(byTitle(entries, "Front matter").date).toBe("2020-01-02 00:00:00.000Z");
    expect(byTitle(entries, "By name").date).toBe("2021-03-04 00:00:00.000Z");
    expect(byTitle(entries, "By time").date).toBe(dosDate(old));
  });

  it("tags each note with its #hashtags too, beside its front matter's tags, within the limit", async () => {
    const user = await account();
    const now = new Date();
    const many = Array.from({ length: 19 }, (_, i) => `t${i}`).join(", ");
    const result = await importArchive(app, user.token, {
      format: "markdown",
      file: notesZip({
        "walk.md": [
          "---\ntags: [Food]\n---\n# Walk\nSoup and #food, then #Winter. `#code` and https://a.org/x#frag",
          now,
        ],
        "full.md": [`---\ntags: ${many}\n---\n# Full\n#extra and #more`, now],
      }),
    });
    expect(result.status).toBe(200);
    const entries = await user.entries();
    expect(byTitle(entries, "Walk").tags).toEqual(["Food", "winter"]);
    expect(byTitle(entries, "Full").tags).toEqual([
      ...Array.from({ length: 19 }, (_, i) => `t${i}`),
      "extra",
    ]);
    expect(result.json.skipped).toEqual([
      {
        item: 'tag "more" of full.md',
        reason: "more than 20 tags",
        code: "too_many_tags",
        params: { max: 20 },
      },
    ]);
  });

  it("links [[wikilinks]] to the pages of the notes they name; unknown ones stay as written", async () => {
    const user = await account();
    const now = new Date();
    // The account already has an entry named "garden".
    const first = await importArchive(app, user.token, {
      format: "markdown",
      file: notesZip({ "old.md": ["---\nslug: garden\n---\n# Old garden\nBefore.", now] }),
    });
    expect(first.status).toBe(200);
    const zip = notesZip({
      "index.md": [
        "# Index\nSee [[Garden]], [[soup|the soup]], [[Missing]] and [[index]]; `[[code]]`.",
        now,
      ],
      "garden.md": ["# Garden\nBack to [[Index]].", now],
      "soup.md": ["---\nslug: soup-pot\n---\n# Soup\nHot.", now],
      // Written first (the oldest), and not linked to: it does not take the Garden's address.
      "diary.md": ["---\ndate: 2000-01-01\n---\n# Garden\nAnother garden.", now],
    });
    const dry = await importArchive(app, user.token, {
      format: "markdown",
      file: zip,
      dryRun: "true",
    });
    expect(dry.json.imported?.entries).toBe(4);
    expect(await user.entries()).toHaveLength(1);
    const result = await importArchive(app, user.token, { format: "markdown", file: zip });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      imported: { entries: 4, posts: 0, collections: 0, files: 0 },
      skipped: [],
    });
    const entries = await user.entries();
    const u = String(user.record.username);
    expect(entries.find((e) => e.content === "Another garden.")?.name).toBe("garden-3");
    expect(
      entries.find((e) => e.content !== "Another garden." && e.title === "Garden"),
    ).toMatchObject({
      name: "garden-2",
      content: `Back to [Index](/entry/${u}/index).`,
    });
    expect(byTitle(entries, "Soup").name).toBe("soup-pot");
    expect(byTitle(entries, "Index").content).toBe(
      `See [Garden](/entry/${u}/garden-2), [the soup](/entry/${u}/soup-pot), [[Missing]] and [index](/entry/${u}/index); \`[[code]]\`.`,
    );
    const again = await importArchive(app, user.token, { format: "markdown", file: zip });
    expect(again.json.imported?.entries).toBe(0);
  });

  it("links a note to a post's page for a writer, to the entry it becomes for others", async () => {
    const zip = notesZip({
      "note.md": ["# Note\nRead [[We launched]].", new Date()],
      "posts/launch.md": ["---\ntitle: We launched\nstatus: published\n---\nNews.", new Date()],
    });
    count += 1;
    const writer = await app.createUser({ username: `notes${count}`, role: "writer" });
    const asWriter = await importArchive(app, writer.token, { format: "markdown", file: zip });
    expect(asWriter.json.imported).toMatchObject({ entries: 1, posts: 1 });
    const [note] = await listAll(
      app,
      writer.token,
      "entries",
      `author = "${String(writer.record.id)}"`,
    );
    expect(note?.content).toBe(
      `Read [We launched](/post/${String(writer.record.username)}/we-launched).`,
    );
    const reader = await account();
    await importArchive(app, reader.token, { format: "markdown", file: zip });
    const own = await reader.entries();
    expect(byTitle(own, "Note").content).toBe(
      `Read [We launched](/entry/${String(reader.record.username)}/we-launched).`,
    );
    expect(byTitle(own, "We launched").name).toBe("we-launched");
  });

  it("recognises the format from the file when the request names none (or auto)", async () => {
    count += 1;
    const writer = await app.createUser({ username: `notes${count}`, role: "writer" });
    await writeRecord(app, writer.token, "entries", {
      author: writer.record.id,
      title: "Kept",
      content: "x",
    });
    const cahier = zipSync((await exportArchive(app, writer.token)).files);
    const samples: [string, Uint8Array][] = [
      ["cahier", cahier],
      ["dayone", (await dayOneExport()).zip],
      ["ghost", ghostJson()],
      ["ghost", (await ghostZip()).zip],
      ["writefreely", writeFreelyJson()],
      ["markdown", (await markdownZip()).zip],
    ];
    const reader = await account();
    for (const [format, file] of samples)
      for (const token of [writer.token, reader.token]) {
        const named = await importArchive(app, token, { format, file, dryRun: "true" });
        expect(named.status, format).toBe(200);
        for (const input of [{}, { format: "auto" }]) {
          const found = await importArchive(app, token, { ...input, file, dryRun: "true" });
          expect(found.json, format).toEqual(named.json);
        }
      }
  });
});

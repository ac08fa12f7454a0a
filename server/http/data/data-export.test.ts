import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import {
  exportArchive,
  manifestOf,
  seedJournal,
  writeRecord,
  type Account,
  type SeededJournal,
} from "#tests/helpers/data-kit.ts";
import { image } from "#tests/helpers/file-fixtures.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** A Markdown file of the export: its front matter and its text. */
function markdown(bytes: Uint8Array | undefined): { data: Record<string, unknown>; body: string } {
  const text = decode(bytes);
  const match = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`no front matter in ${text.slice(0, 80)}`);
  return { data: parse(match[1] ?? "") as Record<string, unknown>, body: match[2] ?? "" };
}

async function fileToken(app: TestApp, token: string): Promise<string> {
  const res = await app.http.inject({
    method: "POST",
    url: "/api/files/token",
    headers: { authorization: token },
  });
  return res.json<{ token: string }>().token;
}

describe.each(DIALECTS)("GET /api/export (%s)", (dialect) => {
  let app: TestApp;
  let owner: Account;
  let other: Account;
  let admin: Account;
  let root: Account;
  let seeded: SeededJournal;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await app.createUser({ username: "alice", role: "writer" });
    other = await app.createUser({ username: "bob" });
    admin = await app.createUser({ username: "admin1", role: "admin" });
    root = await app.createSuperuser();
    seeded = await seedJournal(app, owner, { post: true });
    // Someone else's records, public and private: never in alice's export.
    await seedJournal(app, other, { marker: " OTHERSECRET" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers guests 401, other users and admins 403, superusers per ?user=", async () => {
    const rows = [
      { name: "guest", token: undefined, query: "", status: 401 },
      {
        name: "guest with a garbage token",
        token: undefined,
        query: "?token=abc.def.ghi",
        status: 401,
      },
      { name: "another user naming alice", token: other.token, query: "?user=alice", status: 403 },
      {
        name: "another user naming alice by id",
        token: other.token,
        query: `?user=${String(owner.record.id)}`,
        status: 403,
      },
      { name: "an admin naming alice", token: admin.token, query: "?user=alice", status: 403 },
      { name: "a superuser naming nobody", token: root.token, query: "", status: 400 },
      {
        name: "a superuser naming a stranger",
        token: root.token,
        query: "?user=nobody",
        status: 404,
      },
    ];
    for (const row of rows) {
      await runScenario(app, {
        name: row.name,
        method: "GET",
        url: `/api/export${row.query}`,
        token: row.token,
        expectedStatus: row.status,
        notExpectedContent: ["Secret garden", "Roses"],
      });
    }
    const missing = await exportArchive(app, root.token);
    expect(JSON.parse(missing.body)).toMatchObject({
      status: 400,
      data: { user: { code: "validation_required" } },
    });
  });

  it("exports the account's own data to its owner, by token, name or file token", async () => {
    for (const query of ["", "?user=alice", "?user=ALICE"]) {
      const result = await exportArchive(app, owner.token, query);
      expect(result.status, query).toBe(200);
      expect(manifestOf(result).entries).toHaveLength(3);
    }
    const viaFileToken = await exportArchive(
      app,
      undefined,
      `?token=${await fileToken(app, owner.token)}`,
    );
    expect(viaFileToken.status).toBe(200);
    expect(manifestOf(viaFileToken).profile.username).toBe("alice");
    const crossed = await exportArchive(
      app,
      undefined,
      `?token=${await fileToken(app, other.token)}&user=alice`,
    );
    expect(crossed.status).toBe(403);
  });

  it("lets a superuser export any account, private entries included", async () => {
    const byName = await exportArchive(app, root.token, "?user=alice");
    const byId = await exportArchive(app, root.token, `?user=${String(owner.record.id)}`);
    for (const result of [byName, byId]) {
      expect(result.status).toBe(200);
      const manifest = manifestOf(result);
      expect(manifest.profile.id).toBe(owner.record.id);
      expect(manifest.entries.map((e) => e.title).sort()).toEqual([
        "Day one at sea",
        "Open letter",
        "Secret garden",
      ]);
    }
  });

  it("streams a zip download with the manifest, Markdown files and every stored file", async () => {
    const result = await exportArchive(app, owner.token);
    expect(result.headers["content-type"]).toBe("application/zip");
    expect(result.headers["content-disposition"]).toMatch(
      /^attachment; filename="cahier-alice-\d{8}\.zip"$/,
    );
    expect(result.headers["cache-control"]).toBe("no-store");
    const names = Object.keys(result.files);
    expect(names[0]).toBe("cahier.json");
    const entryName = (e: { name?: unknown }) => String(e.name);
    const [photo, notes] = seeded.privateEntry.attachments as [string, string];
    const cover = String(seeded.post?.cover);
    const [image] = seeded.post?.images as [string];
    const avatar = (manifestOf(result).profile as { avatar: string }).avatar;
    expect(names.sort()).toEqual(
      [
        "cahier.json",
        `collections/${String(seeded.collection.name)}/_collection.md`,
        `collections/${String(seeded.collection.name)}/${entryName(seeded.unlistedEntry)}.md`,
        `entries/${entryName(seeded.privateEntry)}.md`,
        `entries/${entryName(seeded.publicEntry)}.md`,
        `posts/${String(seeded.post?.slug)}.md`,
        `files/entries/${entryName(seeded.privateEntry)}/${photo}`,
        `files/entries/${entryName(seeded.privateEntry)}/${notes}`,
        `files/posts/${String(seeded.post?.slug)}/${cover}`,
        `files/posts/${String(seeded.post?.slug)}/${image}`,
        `files/profile/${avatar}`,
        // Each record's version history (issue 25).
        ...[seeded.privateEntry, seeded.publicEntry, seeded.unlistedEntry, seeded.post].map(
          (record) => `revisions/${String(record?.id)}.json`,
        ),
      ].sort(),
    );
    for (const [stored, bytes] of seeded.files) {
      const path = names.find((n) => n.endsWith(`/${stored}`));
      expect(path, stored).toBeDefined();
      expect(
        Buffer.from(result.files[path as string] as Uint8Array).equals(Buffer.from(bytes)),
      ).toBe(true);
    }
  });

  it("writes a manifest with every field of every record, and nothing of anyone else", async () => {
    const result = await exportArchive(app, owner.token);
    const manifest = manifestOf(result);
    expect(manifest).toMatchObject({ format: "cahier-export", version: 1 });
    expect(manifest.profile).toMatchObject({
      id: owner.record.id,
      username: "alice",
      name: "Alice Martin",
      bio: "Écrit.",
      role: "writer",
      email: "alice@example.com",
    });
    expect(manifest.profile).not.toHaveProperty("password");
    expect(manifest.profile).not.toHaveProperty("tokenKey");
    const privateEntry = manifest.entries.find((e) => e.id === seeded.privateEntry.id);
    const { collectionId, collectionName, ...fields } = seeded.privateEntry;
    expect(privateEntry).toMatchObject({ collectionId, collectionName, ...fields });
    expect(privateEntry?.paths).toEqual({
      markdown: `entries/${String(seeded.privateEntry.name)}.md`,
      attachments: (seeded.privateEntry.attachments as string[]).map(
        (n) => `files/entries/${String(seeded.privateEntry.name)}/${n}`,
      ),
    });
    expect(manifest.posts).toHaveLength(1);
    expect(manifest.posts[0]).toMatchObject({
      id: seeded.post?.id,
      status: "published",
      publishedAt: "2024-04-01 09:00:00.000Z",
      excerpt: "What grew.",
      lang: "en",
    });
    expect(manifest.collections).toEqual([
      expect.objectContaining({
        id: seeded.collection.id,
        title: "Carnet de voyage",
        visibility: "public",
      }),
    ]);
    const everything = Object.values(result.files).map(decode).join("\n");
    expect(everything).not.toContain("OTHERSECRET");
    expect(everything).not.toContain(String(other.record.id));
  });

  it("gives each Markdown file front matter and relative links to its files", async () => {
    const result = await exportArchive(app, owner.token);
    const name = String(seeded.privateEntry.name);
    const [photo, notes] = seeded.privateEntry.attachments as [string, string];
    const entry = markdown(result.files[`entries/${name}.md`]);
    expect(entry.data).toEqual({
      type: "entry",
      title: "Secret garden",
      date: "2024-05-06T07:08:09.000Z",
      tags: ["garden", "Été"],
      visibility: "private",
      slug: name,
      attachments: [`../files/entries/${name}/${photo}`, `../files/entries/${name}/${notes}`],
    });
    expect(entry.body).toBe(
      `Roses *everywhere*.\n\n![the gate](../files/entries/${name}/${photo})\n\n`,
    );

    const collectionName = String(seeded.collection.name);
    const inCollection = markdown(
      result.files[`collections/${collectionName}/${String(seeded.unlistedEntry.name)}.md`],
    );
    expect(inCollection.data).toMatchObject({
      collection: collectionName,
      visibility: "unlisted",
      tags: ["sea"],
    });
    const collection = markdown(result.files[`collections/${collectionName}/_collection.md`]);
    expect(collection.data).toMatchObject({
      type: "collection",
      title: "Carnet de voyage",
      visibility: "public",
    });
    expect(collection.body.trim()).toBe("Notes from **the road**.");

    const slug = String(seeded.post?.slug);
    const post = markdown(result.files[`posts/${slug}.md`]);
    expect(post.data).toEqual({
      type: "post",
      title: "Spring notes",
      date: "2024-04-01T09:00:00.000Z",
      tags: ["garden"],
      status: "published",
      publishedAt: "2024-04-01T09:00:00.000Z",
      slug,
      excerpt: "What grew.",
      lang: "en",
      cover: `../files/posts/${slug}/${String(seeded.post?.cover)}`,
    });
    const [image] = seeded.post?.images as [string];
    expect(post.body.trim()).toBe(
      `# Growth\n\nTomatoes.\n\n![a seedling](../files/posts/${slug}/${image})`,
    );
  });

  it("rewrites links to files in a post and in an entry of a collection", async () => {
    const carol = await app.createUser({ username: "carol", role: "writer" });
    const id = String(carol.record.id);
    const harbour = await writeRecord(app, carol.token, "collections", {
      owner: id,
      title: "Harbour",
      name: "harbour",
    });
    const loose = await writeRecord(
      app,
      carol.token,
      "entries",
      { author: id, title: "Loose", name: "loose", content: "Alone." },
      [{ field: "attachments", name: "map.png", data: await image("png", 8, 8, "#123456") }],
    );
    const [map] = loose.attachments as [string];
    let boat = await writeRecord(
      app,
      carol.token,
      "entries",
      { author: id, title: "Boat", name: "boat", collection: String(harbour.id), content: "x" },
      [{ field: "attachments", name: "boat.jpg", data: await image("jpeg", 8, 8, "#654321") }],
    );
    const [boatPhoto] = boat.attachments as [string];
    boat = await writeRecord(
      app,
      carol.token,
      "entries",
      {
        content:
          `![boat](/api/files/entries/${String(boat.id)}/${boatPhoto}?thumb=400x0)\n\n` +
          `[the map](https://cahier.example/api/files/entries/${String(loose.id)}/${map})\n\n` +
          "[elsewhere](/api/files/entries/notcarolsrecord/x.png)",
      },
      [],
      String(boat.id),
    );
    let post = await writeRecord(
      app,
      carol.token,
      "posts",
      { author: id, title: "Ahoy", slug: "ahoy", content: "x", status: "draft" },
      [
        { field: "cover", name: "sail.png", data: await image("png", 12, 8, "#224466") },
        { field: "images", name: "deck.png", data: await image("png", 10, 6, "#446622") },
      ],
    );
    const cover = String(post.cover);
    const [deck] = post.images as [string];
    post = await writeRecord(
      app,
      carol.token,
      "posts",
      {
        content:
          `![sail](/api/files/posts/${String(post.id)}/${encodeURIComponent(cover)})\n\n` +
          `![deck](/api/files/posts/${String(post.id)}/${deck})\n\n` +
          `See ![the boat](/api/files/${String(boat.collectionId)}/${String(boat.id)}/${boatPhoto}).`,
      },
      [],
      String(post.id),
    );

    const result = await exportArchive(app, carol.token);
    expect(result.status).toBe(200);
    // An entry in a collection's folder climbs two folders to reach files/.
    const inCollection = markdown(result.files["collections/harbour/boat.md"]);
    expect(inCollection.data.attachments).toEqual([`../../files/entries/boat/${boatPhoto}`]);
    expect(inCollection.body).toBe(
      `![boat](../../files/entries/boat/${boatPhoto})\n\n` +
        `[the map](../../files/entries/loose/${map})\n\n` +
        // Not one of carol's files: left as it is.
        "[elsewhere](/api/files/entries/notcarolsrecord/x.png)\n",
    );
    // A post's text: its own cover and another record's file (named by collection id).
    const postFile = markdown(result.files["posts/ahoy.md"]);
    expect(postFile.data.cover).toBe(`../files/posts/ahoy/${cover}`);
    expect(postFile.body).toBe(
      `![sail](../files/posts/ahoy/${cover})\n\n![deck](../files/posts/ahoy/${deck})\n\n` +
        `See ![the boat](../files/entries/boat/${boatPhoto}).\n`,
    );
    // The linked files are in the archive where the links say.
    for (const name of [
      `files/entries/boat/${boatPhoto}`,
      `files/entries/loose/${map}`,
      `files/posts/ahoy/${cover}`,
      `files/posts/ahoy/${deck}`,
    ])
      expect(Object.keys(result.files), name).toContain(name);
    // The manifest keeps the texts as they are stored.
    const manifest = manifestOf(result);
    expect(manifest.posts[0]?.content).toBe(post.content);
  });

  it("exports another user's own data to them, never alice's", async () => {
    const result = await exportArchive(app, other.token);
    expect(result.status).toBe(200);
    const manifest = manifestOf(result);
    expect(manifest.profile.username).toBe("bob");
    expect(manifest.entries).toHaveLength(3);
    expect(manifest.entries.every((e) => e.author === other.record.id)).toBe(true);
    const everything = Object.values(result.files).map(decode).join("\n");
    expect(everything).not.toContain("Secret garden\n");
    expect(everything).not.toContain(String(owner.record.id));
  });
});

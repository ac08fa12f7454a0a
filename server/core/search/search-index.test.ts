/**
 * The search index follows every write in the write's own transaction (ADR 042, ADR 043): a
 * created record is found at once; an edit, a visibility change and a delete apply at once;
 * a collection's title joins its entries' documents only while that reveals nothing, and
 * changes to it rewrite them; batches commit or roll back with the index; cascades (a
 * deleted collection or user) clean up; each document's access keys follow its record's
 * visibility and status, so the index itself narrows a search to what the caller may find;
 * `rebuild` (`cahier reindex`) restores a damaged index, and the migration indexes records
 * that were there before it.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase } from "#tests/helpers/fresh-database.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { migrate, MIGRATIONS } from "../../data/migrations/index.ts";
import {
  collectionsCollection,
  entriesCollection,
  usersCollection,
} from "../../data/registry/collections.ts";
import { type AccessKeys, callerAccessKeys } from "../../data/registry/search.ts";
import { countDocuments } from "../../data/repositories/search-repository.ts";
import { parseQuery } from "../../tools/fulltext/index.ts";
import { formatDate } from "../records/values.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

describe.each(DIALECTS)("search index upkeep (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;

  const request = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    login?: Login,
    payload?: object,
  ) =>
    app.http.inject({
      method,
      url,
      headers: login ? { authorization: login.token } : {},
      ...(payload ? { payload } : {}),
    });

  async function write(method: "POST" | "PATCH", url: string, login: Login, payload: object) {
    const res = await request(method, url, login, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>();
  }

  /** Titles found for `q` by `login` (a guest without). */
  async function titles(q: string, login?: Login): Promise<string[]> {
    const res = await request("GET", `/api/search?q=${encodeURIComponent(q)}`, login);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ items: { record: { title: string } }[] }>()
      .items.map((i) => i.record.title)
      .sort();
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice", role: "writer" });
    bob = await app.createUser({ username: "bob" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("finds a saved record at once, and follows its edits, visibility and deletion", async () => {
    const entries = "/api/collections/entries/records";
    const { id } = await write("POST", entries, alice, {
      author: alice.record.id,
      title: "Albatross",
      content: "Seen from the cliff.",
      visibility: "public",
    });
    expect(await titles("albatross ")).toEqual(["Albatross"]);
    await write("PATCH", `${entries}/${id}`, alice, { title: "Cormorant" });
    expect(await titles("albatross ")).toEqual([]);
    expect(await titles("cormorant ")).toEqual(["Cormorant"]);
    expect(await titles("cliff ")).toEqual(["Cormorant"]);
    await write("PATCH", `${entries}/${id}`, alice, { visibility: "private" });
    expect(await titles("cormorant ")).toEqual([]);
    expect(await titles("cormorant ", alice)).toEqual(["Cormorant"]);
    const before = await countDocuments(app.db);
    expect((await request("DELETE", `${entries}/${id}`, alice)).statusCode).toBe(204);
    expect(await titles("cormorant ", alice)).toEqual([]);
    expect((await countDocuments(app.db)).entries).toBe((before.entries ?? 0) - 1);
  });

  it("keeps each document's access keys current, so the index narrows a search by caller", async () => {
    const entries = "/api/collections/entries/records";
    const { id } = await write("POST", entries, alice, {
      author: alice.record.id,
      title: "Quokka",
      visibility: "private",
    });
    const { id: postId } = await write("POST", "/api/collections/posts/records", alice, {
      author: alice.record.id,
      title: "Quokka notes",
      slug: "quokka-notes",
      status: "draft",
    });
    // The documents the index itself gives each caller, before any rule is read.
    const found = async (access: AccessKeys | null) => {
      const result = await app.db.dialect.fulltext
        .matches(parseQuery("quokka "), ["entries", "posts"], false, access)
        .execute(app.db.kysely);
      return (result.rows as { record: string }[]).map((r) => r.record).sort();
    };
    const guest = callerAccessKeys(null);
    const owner = callerAccessKeys({ id: String(alice.record.id), isSuperuser: false });
    const other = callerAccessKeys({ id: String(bob.record.id), isSuperuser: false });
    expect(await found(guest)).toEqual([]);
    expect(await found(other)).toEqual([]);
    expect(await found(owner)).toEqual([id, postId].sort());
    expect(await found(callerAccessKeys({ id: "", isSuperuser: true }))).toEqual(
      [id, postId].sort(),
    );
    await write("PATCH", `${entries}/${id}`, alice, { visibility: "public" });
    await write("PATCH", `/api/collections/posts/records/${postId}`, alice, {
      status: "published",
      publishedAt: "2020-01-01 00:00:00.000Z",
    });
    expect(await found(guest)).toEqual([id, postId].sort());
    expect(await found(other)).toEqual([id, postId].sort());
    expect(await titles("quokka ", bob)).toEqual(["Quokka", "Quokka notes"]);
    await write("PATCH", `${entries}/${id}`, alice, { visibility: "unlisted" });
    expect(await found(guest)).toEqual([postId]);
    expect(await titles("quokka ")).toEqual(["Quokka notes"]);
  });

  it("leaves the index as it was when a write is refused", async () => {
    const before = await countDocuments(app.db);
    const res = await request("POST", "/api/collections/entries/records", bob, {
      author: alice.record.id,
      title: "Forged",
      visibility: "public",
    });
    expect(res.statusCode).toBe(400);
    expect(await countDocuments(app.db)).toEqual(before);
    expect(await titles("forged ")).toEqual([]);
  });

  it("joins a collection's title to its entries only while that reveals nothing", async () => {
    const collections = "/api/collections/collections/records";
    const entries = "/api/collections/entries/records";
    const notebook = await write("POST", collections, alice, {
      owner: alice.record.id,
      title: "Pemmican notebook",
      visibility: "public",
    });
    const entry = await write("POST", entries, alice, {
      author: alice.record.id,
      title: "Day one",
      visibility: "public",
      collection: notebook.id,
    });
    expect(await titles("pemmican ")).toEqual(["Day one", "Pemmican notebook"]);

    // A private notebook: its title must not find its public entry, for anyone.
    await write("PATCH", `${collections}/${notebook.id}`, alice, { visibility: "private" });
    expect(await titles("pemmican ")).toEqual([]);
    expect(await titles("pemmican ", alice)).toEqual(["Pemmican notebook"]);
    // Once the entry is private too, only its author finds it: the title may join again.
    await write("PATCH", `${entries}/${entry.id}`, alice, { visibility: "private" });
    expect(await titles("pemmican ", alice)).toEqual(["Day one", "Pemmican notebook"]);
    expect(await titles("pemmican ", bob)).toEqual([]);

    // A renamed notebook renames what finds its entries (the notebook keeps its name, a slug).
    await write("PATCH", `${collections}/${notebook.id}`, alice, { title: "Hardtack notebook" });
    expect(await titles("pemmican ", alice)).toEqual(["Hardtack notebook"]);
    expect(await titles("hardtack ", alice)).toEqual(["Day one", "Hardtack notebook"]);

    // A deleted notebook leaves its entries, no longer found by its title.
    expect((await request("DELETE", `${collections}/${notebook.id}`, alice)).statusCode).toBe(204);
    expect(await titles("hardtack ", alice)).toEqual([]);
    expect(await titles("day ", alice)).toContain("Day one");
  });

  it("commits and rolls back with a batch", async () => {
    const body = (title: string) => ({
      method: "POST",
      url: "/api/collections/entries/records",
      body: { author: alice.record.id, title, visibility: "public" },
    });
    const ok = await request("POST", "/api/batch", alice, {
      requests: [body("Quetzal one"), body("Quetzal two")],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await titles("quetzal ")).toEqual(["Quetzal one", "Quetzal two"]);
    const failed = await request("POST", "/api/batch", alice, {
      requests: [body("Wombat one"), { ...body("Wombat two"), body: { title: "" } }],
    });
    expect(failed.statusCode).toBe(400);
    expect(await titles("wombat ", alice)).toEqual([]);
  });

  it("forgets everything of a deleted user (cascades)", async () => {
    const carol = await app.createUser({ username: "carol", role: "writer" });
    await write("POST", "/api/collections/posts/records", carol, {
      author: carol.record.id,
      title: "Narwhal post",
      status: "published",
    });
    await write("POST", "/api/collections/collections/records", carol, {
      owner: carol.record.id,
      title: "Narwhal notebook",
      visibility: "public",
    });
    expect(await titles("narwhal ")).toEqual(["Narwhal notebook", "Narwhal post"]);
    const res = await request(
      "DELETE",
      `/api/collections/users/records/${String(carol.record.id)}`,
      carol,
    );
    expect(res.statusCode).toBe(204);
    expect(await titles("narwhal ")).toEqual([]);
    const orphans = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS "n" FROM "_searchDocs" WHERE "record" NOT IN (SELECT "id" FROM "entries" UNION ALL SELECT "id" FROM "posts" UNION ALL SELECT "id" FROM "collections")`.execute(
      app.db.kysely,
    );
    expect(Number(orphans.rows[0]?.n)).toBe(0);
  });

  it("rebuilds a damaged index without losing a document", async () => {
    await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Yak",
      visibility: "public",
    });
    const before = await countDocuments(app.db);
    for (const statement of app.db.dialect.fulltext.clear()) await statement.execute(app.db.kysely);
    expect(await titles("yak ")).toEqual([]);
    // A document whose record is gone is dropped too.
    await app.db.kysely.transaction().execute(async (trx) => {
      for (const statement of app.db.dialect.fulltext.writeDocuments([
        {
          collectionName: "entries",
          record: "gone00000000000",
          document: { languages: ["e"], head: [[{ word: "yak", stems: ["eyak"] }]], body: [] },
          access: [],
        },
      ]))
        await statement.execute(trx);
    });
    const report = await app.search.index.rebuild(2);
    expect(report.documents).toEqual(before);
    expect(await countDocuments(app.db)).toEqual(before);
    expect(await titles("yak ")).toEqual(["Yak"]);
  });
  it("keeps what is written, renamed and deleted while it rebuilds", async () => {
    const notebook = await app.seedRecord("collections", {
      owner: alice.record.id,
      title: "Ocelot notebook",
      visibility: "public",
    });
    const doomed = await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Ocelot doomed",
      visibility: "public",
    });
    const rebuilt = app.search.index.rebuild(1);
    // Written while the rebuild runs, in whatever order the two interleave.
    await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Ocelot latecomer",
      collection: notebook.id,
      visibility: "public",
    });
    await write("PATCH", `/api/collections/collections/records/${String(notebook.id)}`, alice, {
      title: "Ocelot journal",
    });
    const deleted = await request(
      "DELETE",
      `/api/collections/entries/records/${String(doomed.id)}`,
      alice,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    await rebuilt;
    expect(await titles("ocelot ")).toEqual(["Ocelot journal", "Ocelot latecomer"]);
    expect(await titles("journal ")).toContain("Ocelot latecomer");
    const documents = await countDocuments(app.db);
    await app.search.index.rebuild();
    expect(await countDocuments(app.db)).toEqual(documents);
  });
});

describe.each(DIALECTS)("search index migration (%s)", (dialect) => {
  it("indexes the records that were there before it", async () => {
    const fresh = await openFreshDatabase(dialect, { migrated: false });
    try {
      const { database } = fresh;
      const search = MIGRATIONS.find((m) => m.name === "1795800000-search-index");
      expect(search).toBeDefined();
      // Everything before the search index, as an older release left it.
      await database.kysely.transaction().execute(async (trx) => {
        await sql`CREATE TABLE "_migrations" ("file" TEXT PRIMARY KEY NOT NULL, "applied" TEXT NOT NULL)`.execute(
          trx,
        );
        for (const m of MIGRATIONS) {
          if (m === search) break;
          await m.up(trx, database.dialect);
          await sql`INSERT INTO "_migrations" ("file", "applied") VALUES (${m.name}, ${"2026-01-01"})`.execute(
            trx,
          );
        }
      });
      const now = formatDate(new Date());
      const row = (fields: readonly { name: string }[], values: Record<string, unknown>) =>
        Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? ""]));
      await database.kysely
        .insertInto(usersCollection.name)
        .values({
          id: "olduser00000001",
          username: "old",
          email: "old@example.com",
          tokenKey: "k".repeat(50),
          password: "x",
          emailVisibility: 0,
          verified: 1,
          created: now,
          updated: now,
        })
        .execute();
      await database.kysely
        .insertInto(collectionsCollection.name)
        .values(
          row(collectionsCollection.fields, {
            id: "oldcoll00000001",
            owner: "olduser00000001",
            name: "old",
            title: "Ancient scrolls",
            visibility: "public",
            created: now,
            updated: now,
          }),
        )
        .execute();
      await database.kysely
        .insertInto(entriesCollection.name)
        .values({
          ...row(entriesCollection.fields, {
            id: "oldentry0000001",
            author: "olduser00000001",
            name: "old",
            title: "Papyrus",
            content: "Found in the **dunes**.",
            visibility: "public",
            collection: "oldcoll00000001",
            date: now,
            created: now,
            updated: now,
          }),
          tags: "[]",
          attachments: "[]",
        })
        .execute();
      expect(await migrate(database)).toContain("1795800000-search-index");
      expect(await countDocuments(database)).toEqual({ collections: 1, entries: 1, posts: 0 });
      const matches = async (q: string) => {
        const { parseQuery } = await import("../../tools/fulltext/index.ts");
        const result = await database.dialect.fulltext
          .matches(parseQuery(q), ["entries", "collections"], false, null)
          .execute(database.kysely);
        return (result.rows as { record: string }[]).map((r) => r.record).sort();
      };
      expect(await matches("dune ")).toEqual(["oldentry0000001"]);
      expect(await matches("scroll ")).toEqual(["oldcoll00000001", "oldentry0000001"]);
    } finally {
      await fresh.close();
    }
  });
});

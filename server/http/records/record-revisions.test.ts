/**
 * The `revisions` collection through the records API (ADR 041): its rules for every
 * requester (list and view: the record's author only; create, update, delete: superusers
 * only), `expand=author`, and that writes made straight through the API (plain, marked,
 * batched) are recorded with the right kind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { call, historyOf, kindsOf, patchRecord } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import type { RecordData } from "#server/core/records/request-info.ts";

type Who = "guest" | "author" | "other" | "admin" | "superuser";
type Case = TableScenario<Who>;
type Outcome = Partial<Case> & Pick<Case, "expectedStatus">;

const WHO: readonly Who[] = ["guest", "author", "other", "admin", "superuser"];
const REVISIONS = "/api/collections/revisions/records";
const FORBIDDEN: Outcome = {
  expectedStatus: 403,
  expectedContent: ['"data":{}', "Only superusers can perform this action."],
};
const NOT_FOUND: Outcome = {
  expectedStatus: 404,
  expectedContent: ["The requested resource wasn't found."],
};

/** One scenario per requester. */
function matrix(
  name: string,
  request: Omit<Case, "as" | "name" | "expectedStatus">,
  outcomes: Record<Who, Outcome>,
): Case[] {
  return WHO.map((who) => ({ ...request, ...outcomes[who], as: who, name: `${name} as ${who}` }));
}

describe.each(DIALECTS)("revisions through the records API (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice", role: "writer" });
    const bob = await app.createUser({ username: "bob" });
    const adam = await app.createUser({ username: "adam", role: "admin" });
    const root = await app.createSuperuser();
    Object.assign(tokens, { author: alice.token, other: bob.token, admin: adam.token });
    tokens.superuser = root.token;
    ids.alice = String(alice.record.id);
    ids.bob = String(bob.record.id);
    const create = async (token: string, collection: string, body: object) => {
      const res = await call(app, "POST", `/api/collections/${collection}/records`, token, body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return String(res.json.id);
    };
    ids.entry = await create(alice.token, "entries", { author: ids.alice, title: "Alice day" });
    await patchRecord(app, alice.token, "entries", ids.entry, { content: "Dear diary" });
    ids.post = await create(alice.token, "posts", { author: ids.alice, title: "Alice post" });
    ids.bobEntry = await create(bob.token, "entries", { author: ids.bob, title: "Bob day" });
    await create(adam.token, "entries", { author: String(adam.record.id), title: "Adam day" });
    const history = await historyOf(app, root.token, ids.entry);
    ids.rev1 = history[0]?.id ?? "";
    ids.rev2 = history[1]?.id ?? "";
    ids.bobRev = (await historyOf(app, root.token, ids.bobEntry))[0]?.id ?? "";
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists only the requester's own history (superusers see all)", async () => {
    const rows = matrix(
      "list revisions",
      { method: "GET", url: `${REVISIONS}?perPage=50&sort=version,title` },
      {
        guest: { expectedStatus: 200, expectedContent: ['"totalItems":0', '"items":[]'] },
        author: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":3', '"title":"Alice day"', '"title":"Alice post"'],
          notExpectedContent: ["Bob day", "Adam day"],
        },
        other: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":1', '"title":"Bob day"'],
          notExpectedContent: ["Alice day", "Adam day"],
        },
        admin: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":1', '"title":"Adam day"'],
          notExpectedContent: ["Alice day", "Bob day"],
        },
        superuser: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":5', "Alice day", "Bob day", "Adam day"],
        },
      },
    );
    for (const row of rows) await check(row);
  });

  it("views a revision only for its author and superusers", async () => {
    const rows = matrix(
      "view a revision",
      { method: "GET", url: `${REVISIONS}/$rev2` },
      {
        guest: NOT_FOUND,
        author: {
          expectedStatus: 200,
          expectedContent: [
            '"collectionName":"revisions"',
            '"record":"$entry"',
            '"recordCollection":"entries"',
            '"kind":"save"',
            '"version":2',
            '"content":"Dear diary"',
            '"data":{',
            '"name":"alice-day"',
          ],
          notExpectedContent: ['"expand"'],
        },
        other: NOT_FOUND,
        admin: NOT_FOUND,
        superuser: { expectedStatus: 200, expectedContent: ['"id":"$rev2"'] },
      },
    );
    for (const row of rows) await check(row);
  });

  it("answers the editor's query (one record's history, newest first, a page at a time) to its author only", async () => {
    const filter = (extra: string) =>
      `filter=${encodeURIComponent("record = '")}$entry${encodeURIComponent(`' && recordCollection = 'entries'${extra}`)}`;
    const rows = matrix(
      "one record's history",
      { method: "GET", url: `${REVISIONS}?${filter("")}&sort=-version&perPage=21` },
      {
        guest: { expectedStatus: 200, expectedContent: ['"totalItems":0', '"items":[]'] },
        author: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":2', '"record":"$entry"'],
          notExpectedContent: ["Alice post", "Bob day"],
        },
        other: { expectedStatus: 200, expectedContent: ['"totalItems":0', '"items":[]'] },
        admin: { expectedStatus: 200, expectedContent: ['"totalItems":0', '"items":[]'] },
        superuser: { expectedStatus: 200, expectedContent: ['"totalItems":2'] },
      },
    );
    for (const row of rows) await check(row);

    const alice = tokens.author ?? "";
    const entryFilter = (extra: string) =>
      encodeURIComponent(`record = '${ids.entry ?? ""}' && recordCollection = 'entries'${extra}`);
    const newest = await call(
      app,
      "GET",
      `${REVISIONS}?filter=${entryFilter("")}&sort=-version&perPage=1`,
      alice,
    );
    expect(newest.json).toMatchObject({ totalItems: 2, totalPages: 2 });
    expect((newest.json.items as RecordData[]).map((r) => r.version)).toEqual([2]);
    // The next page starts below the oldest version shown ("Show older versions").
    const older = await call(
      app,
      "GET",
      `${REVISIONS}?filter=${entryFilter(" && version < 2")}&sort=-version&perPage=21&skipTotal=1`,
      alice,
    );
    expect(older.json).toMatchObject({ totalItems: -1 });
    expect((older.json.items as RecordData[]).map((r) => [r.version, r.kind])).toEqual([
      [1, "create"],
    ]);
  });

  it("records a restore by the author only; anyone else's is refused and records nothing", async () => {
    const entryId = ids.entry ?? "";
    const root = tokens.superuser ?? "";
    const before = await historyOf(app, root, entryId);
    const restore = { title: "Alice day", content: "" };
    for (const who of ["guest", "other", "admin"] as const) {
      const res = await call(
        app,
        "PATCH",
        `/api/collections/entries/records/${entryId}?revision=restore`,
        tokens[who],
        restore,
      );
      expect(res.status, who).toBe(404);
    }
    expect(await historyOf(app, root, entryId)).toEqual(before);

    await patchRecord(app, tokens.author ?? "", "entries", entryId, restore, "restore");
    const after = await historyOf(app, root, entryId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      kind: "restore",
      version: before.length + 1,
      author: ids.alice,
      title: "Alice day",
      content: "",
    });
  });

  it("expands the author", async () => {
    await check({
      name: "expand author",
      as: "author",
      method: "GET",
      url: `${REVISIONS}/$rev1?expand=author`,
      expectedStatus: 200,
      expectedContent: ['"expand":{"author":{', '"username":"alice"'],
      notExpectedContent: ['"password"', '"tokenKey"'],
    });
  });

  it("lets only superusers create, update and delete revisions", async () => {
    const body = {
      record: "$entry",
      recordCollection: "entries",
      author: "$alice",
      kind: "save",
      version: 99,
      title: "Forged",
    };
    const rows = [
      ...matrix(
        "create a revision",
        { method: "POST", url: REVISIONS, body },
        {
          guest: FORBIDDEN,
          author: FORBIDDEN,
          other: FORBIDDEN,
          admin: FORBIDDEN,
          superuser: { expectedStatus: 200, expectedContent: ['"title":"Forged"', '"version":99'] },
        },
      ),
      ...matrix(
        "update a revision",
        { method: "PATCH", url: `${REVISIONS}/$rev1`, body: { title: "Rewritten" } },
        {
          guest: FORBIDDEN,
          author: FORBIDDEN,
          other: FORBIDDEN,
          admin: FORBIDDEN,
          superuser: { expectedStatus: 200, expectedContent: ['"title":"Rewritten"'] },
        },
      ),
      ...matrix(
        "delete a revision",
        { method: "DELETE", url: `${REVISIONS}/$bobRev` },
        {
          guest: FORBIDDEN,
          author: FORBIDDEN,
          other: FORBIDDEN,
          admin: FORBIDDEN,
          superuser: { expectedStatus: 204 },
        },
      ),
    ];
    for (const row of rows) await check(row);
    await check({
      name: "the deleted revision is gone",
      as: "superuser",
      method: "GET",
      url: `${REVISIONS}/$bobRev`,
      ...NOT_FOUND,
    });
  });

  it("records writes made straight through the API, with their kinds", async () => {
    const alice = tokens.author ?? "";
    const root = tokens.superuser ?? "";
    const res = await call(app, "POST", "/api/collections/posts/records", alice, {
      author: ids.alice,
      title: "Draft",
      content: "v1",
    });
    const id = String(res.json.id);
    await patchRecord(app, alice, "posts", id, { content: "v2" });
    await patchRecord(app, alice, "posts", id, { content: "v3" }, "autosave");
    await patchRecord(app, alice, "posts", id, { status: "published" }, "autosave");
    await patchRecord(app, alice, "posts", id, { content: "v1" }, "restore");
    await patchRecord(app, alice, "posts", id, { content: "v4" }, "save");
    // Through a batch, the sub-request's own query carries the marker.
    const batch = await call(app, "POST", "/api/batch", alice, {
      requests: [
        {
          method: "PATCH",
          url: `/api/collections/posts/records/${id}?revision=autosave`,
          body: { content: "v5" },
        },
      ],
    });
    expect(batch.status).toBe(200);
    // A superuser's write is recorded too, under the record's author.
    await patchRecord(app, root, "posts", id, { title: "Edited by root" });

    const history = await historyOf(app, root, id);
    expect(kindsOf(history)).toEqual([
      "create",
      "save",
      "autosave",
      "publish",
      "restore",
      "save",
      "autosave",
      "save",
    ]);
    expect(history.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(history.every((r) => r.author === ids.alice && r.recordCollection === "posts")).toBe(
      true,
    );
    expect(history[3]).toMatchObject({ title: "Draft", content: "v3" });
    expect(history[3]?.data).toMatchObject({ status: "published", slug: "draft" });
    expect(history[3]?.data.publishedAt).not.toBe("");
    // PostgreSQL's jsonb keeps keys in its own order.
    expect(Object.keys(history[0]?.data ?? {}).sort()).toEqual([
      "comments",
      "cover",
      "excerpt",
      "images",
      "lang",
      "publishedAt",
      "seoDescription",
      "seoTitle",
      "skipMail",
      "slug",
      "status",
      "tags",
    ]);
    expect(history[7]).toMatchObject({ title: "Edited by root", content: "v5" });
  });

  it("refuses an unknown marker and writes nothing", async () => {
    const alice = tokens.author ?? "";
    const entryId = ids.entry ?? "";
    const before = await historyOf(app, tokens.superuser ?? "", entryId);
    const res = await call(
      app,
      "PATCH",
      `/api/collections/entries/records/${entryId}?revision=autosaved`,
      alice,
      { title: "Typo" },
    );
    expect(res.status).toBe(400);
    expect(res.json.data).toMatchObject({ revision: { code: "validation_invalid_revision" } });
    const entry = await call(app, "GET", `/api/collections/entries/records/${entryId}`, alice);
    expect(entry.json.title).toBe("Alice day");
    expect(await historyOf(app, tokens.superuser ?? "", entryId)).toEqual(before);
  });
});

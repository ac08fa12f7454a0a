/**
 * The `pendingEdits` collection through the records API (ADR 047): its rules for every
 * requester (each rule: the author only; superusers pass), the lifecycle check that a row
 * names a record of its own author, one row per record, bad inputs answered with
 * PocketBase-shaped 400/404/413/429, and the rows going away with their record, its next
 * explicit save, or their author.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { call, patchRecord } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "author" | "other" | "admin" | "superuser";
type Case = TableScenario<Who>;
type Outcome = Partial<Case> & Pick<Case, "expectedStatus">;

const WHO: readonly Who[] = ["guest", "author", "other", "admin", "superuser"];
const PENDING = "/api/collections/pendingEdits/records";
const NOT_FOUND: Outcome = {
  expectedStatus: 404,
  expectedContent: ["The requested resource wasn't found."],
};
const CREATE_REFUSED: Outcome = {
  expectedStatus: 400,
  expectedContent: ['"message":"Failed to create record."'],
};
/** The lifecycle's answer when `record` is not a record of `author`. */
const NOT_THEIRS = '"record":{"code":"validation_missing_rel_records"';

/** One scenario per requester. */
function matrix(
  name: string,
  request: Omit<Case, "as" | "name" | "expectedStatus">,
  outcomes: Record<Who, Outcome>,
): Case[] {
  return WHO.map((who) => ({ ...request, ...outcomes[who], as: who, name: `${name} as ${who}` }));
}

describe.each(DIALECTS)("pending edits through the records API (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });
  const token = (who: Who) => tokens[who] ?? "";

  const createRecord = async (who: Who, collection: string, body: object) => {
    const res = await call(app, "POST", `/api/collections/${collection}/records`, token(who), body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return String(res.json.id);
  };
  const pendingOf = async (record: string) => {
    const filter = encodeURIComponent(`record = "${record}"`);
    const res = await call(app, "GET", `${PENDING}?filter=${filter}`, token("superuser"));
    return res.json.items as { id: string; title: string; content: string }[];
  };
  const addPending = async (record: string, collection = "entries", title = "Pending") => {
    const res = await call(app, "POST", PENDING, token("author"), {
      record,
      recordCollection: collection,
      author: ids.alice,
      title,
      content: "Not yet for readers.",
      data: { tags: ["draft"] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return String(res.json.id);
  };

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
    ids.adam = String(adam.record.id);
    ids.entry = await createRecord("author", "entries", {
      author: ids.alice,
      title: "Public day",
      visibility: "public",
    });
    ids.entry2 = await createRecord("author", "entries", { author: ids.alice, title: "Second" });
    ids.post = await createRecord("author", "posts", {
      author: ids.alice,
      title: "Live post",
      status: "published",
    });
    ids.bobEntry = await createRecord("other", "entries", { author: ids.bob, title: "Bob day" });
    ids.adamEntry = await createRecord("admin", "entries", { author: ids.adam, title: "Adam" });
    ids.pending = await addPending(ids.entry, "entries", "Public day, revised");
    const bobs = await call(app, "POST", PENDING, token("other"), {
      record: ids.bobEntry,
      recordCollection: "entries",
      author: ids.bob,
      title: "Bob pending",
    });
    expect(bobs.status, JSON.stringify(bobs.json)).toBe(200);
    ids.bobPending = String(bobs.json.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists and views a writer's own pending edits only (superusers see all)", async () => {
    const rows = [
      ...matrix(
        "list pending edits",
        { method: "GET", url: `${PENDING}?sort=title` },
        {
          guest: { expectedStatus: 200, expectedContent: ['"totalItems":0', '"items":[]'] },
          author: {
            expectedStatus: 200,
            expectedContent: ['"totalItems":1', '"title":"Public day, revised"'],
            notExpectedContent: ["Bob pending"],
          },
          other: {
            expectedStatus: 200,
            expectedContent: ['"totalItems":1', '"title":"Bob pending"'],
            notExpectedContent: ["Public day"],
          },
          admin: { expectedStatus: 200, expectedContent: ['"totalItems":0'] },
          superuser: {
            expectedStatus: 200,
            expectedContent: ['"totalItems":2', "Public day, revised", "Bob pending"],
          },
        },
      ),
      ...matrix(
        "view a pending edit",
        { method: "GET", url: `${PENDING}/$pending` },
        {
          guest: NOT_FOUND,
          author: {
            expectedStatus: 200,
            expectedContent: [
              '"collectionName":"pendingEdits"',
              '"record":"$entry"',
              '"recordCollection":"entries"',
              '"author":"$alice"',
              '"content":"Not yet for readers."',
              '"data":{"tags":["draft"]}',
            ],
          },
          other: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { expectedStatus: 200, expectedContent: ['"id":"$pending"'] },
        },
      ),
    ];
    for (const row of rows) await check(row);
    // Readers of the public entry see the published version, never the pending one.
    await check({
      name: "the public entry shows its published title",
      as: "guest",
      method: "GET",
      url: `/api/collections/entries/records/$entry`,
      expectedStatus: 200,
      expectedContent: ['"title":"Public day"'],
      notExpectedContent: ["revised", "Not yet for readers."],
    });
  });

  it("creates pending edits only for the author of the record", async () => {
    const body = (author: string, record = "$post", collection = "posts") => ({
      record,
      recordCollection: collection,
      author,
      title: "Live post, revised",
    });
    const rows = matrix(
      "create pending edits of alice's post",
      { method: "POST", url: PENDING, body: body("$alice") },
      {
        guest: CREATE_REFUSED,
        author: { expectedStatus: 200, expectedContent: ['"record":"$post"', '"author":"$alice"'] },
        other: CREATE_REFUSED,
        admin: CREATE_REFUSED,
        // One row per record: alice's was created just before.
        superuser: {
          expectedStatus: 400,
          expectedContent: ['"record":{"code":"validation_not_unique"'],
        },
      },
    );
    for (const row of rows) await check(row);
    // Naming oneself as the author does not open someone else's record.
    for (const who of ["other", "admin"] as const) {
      await check({
        name: `${who} names themself as author of alice's entry`,
        as: who,
        method: "POST",
        url: PENDING,
        body: body(who === "other" ? "$bob" : "$adam", "$entry2", "entries"),
        ...CREATE_REFUSED,
        expectedContent: [NOT_THEIRS],
      });
    }
    // A superuser may write them, for the record's own author only.
    await check({
      name: "superuser names another author",
      as: "superuser",
      method: "POST",
      url: PENDING,
      body: body("$bob", "$entry2", "entries"),
      ...CREATE_REFUSED,
      expectedContent: [NOT_THEIRS],
    });
    await check({
      name: "superuser writes alice's",
      as: "superuser",
      method: "POST",
      url: PENDING,
      body: body("$alice", "$entry2", "entries"),
      expectedStatus: 200,
    });
  });

  it("refuses bad inputs with PocketBase's 400s", async () => {
    const base = {
      record: "$entry2",
      recordCollection: "entries",
      author: "$alice",
    };
    const rows: [string, object, string][] = [
      ["no record", { ...base, record: "" }, '"record":{"code":"validation_required"'],
      [
        "a malformed record id",
        { ...base, record: "NOT-AN-ID" },
        '"record":{"code":"validation_invalid_format"',
      ],
      ["a record that does not exist", { ...base, record: "nosuchrecord123" }, NOT_THEIRS],
      [
        "a collection without pending edits",
        { ...base, recordCollection: "items" },
        '"recordCollection":{"code":"validation_invalid_value"',
      ],
      [
        "an entry named as a post",
        { ...base, record: "$entry", recordCollection: "posts" },
        NOT_THEIRS,
      ],
      [
        "a title over 200 characters",
        { ...base, title: "t".repeat(201) },
        '"title":{"code":"validation_max_text_constraint"',
      ],
      [
        "data over 64 KB",
        { ...base, data: { content: "x".repeat(70_000) } },
        '"data":{"code":"validation_json_size_limit"',
      ],
      ["no author", { ...base, author: "" }, "Failed to create record."],
    ];
    for (const [name, body, fragment] of rows) {
      await check({
        name,
        as: "author",
        method: "POST",
        url: PENDING,
        body,
        expectedStatus: 400,
        expectedContent: [fragment],
      });
    }
    await check({
      name: "a body that is not JSON",
      as: "author",
      method: "POST",
      url: PENDING,
      headers: { "content-type": "application/json" },
      body: "{not json",
      expectedStatus: 400,
    });
    expect(await pendingOf(ids.entry2 ?? "")).toHaveLength(1);
  });

  it("answers 413 over the body limit", async () => {
    await check({
      name: "a huge body",
      as: "author",
      method: "POST",
      url: PENDING,
      body: JSON.stringify({
        record: ids.entry2,
        recordCollection: "entries",
        author: ids.alice,
        content: "x".repeat(32 * 1024 * 1024),
      }),
      expectedStatus: 413,
      expectedContent: ['"message":"Request entity too large."'],
    });
  });

  it("updates and deletes only for the author; the row cannot move to another's record", async () => {
    const rows: Case[] = [
      ...matrix(
        "update a pending edit",
        { method: "PATCH", url: `${PENDING}/$pending`, body: { content: "Second thoughts." } },
        {
          guest: NOT_FOUND,
          author: { expectedStatus: 200, expectedContent: ['"content":"Second thoughts."'] },
          other: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { expectedStatus: 200, expectedContent: ['"content":"Second thoughts."'] },
        },
      ),
      {
        name: "move it to bob's entry",
        as: "author",
        method: "PATCH",
        url: `${PENDING}/$pending`,
        body: { record: "$bobEntry" },
        expectedStatus: 400,
        // The same answer whether bob's entry has pending edits or not.
        expectedContent: ['"message":"Failed to update record."', NOT_THEIRS],
      },
      {
        name: "give it to bob",
        as: "author",
        method: "PATCH",
        url: `${PENDING}/$pending`,
        body: { author: "$bob" },
        expectedStatus: 404,
      },
      {
        name: "bob cannot move his own row onto alice's entry",
        as: "other",
        method: "PATCH",
        url: `${PENDING}/$bobPending`,
        body: { record: "$entry2" },
        expectedStatus: 400,
        expectedContent: [NOT_THEIRS],
      },
      ...matrix(
        "delete bob's pending edit",
        { method: "DELETE", url: `${PENDING}/$bobPending` },
        {
          guest: NOT_FOUND,
          author: NOT_FOUND,
          other: { expectedStatus: 204 },
          admin: NOT_FOUND,
          // Already deleted by bob.
          superuser: NOT_FOUND,
        },
      ),
    ];
    for (const row of rows) await check(row);
    const left = await call(app, "GET", `${PENDING}/${ids.pending ?? ""}`, token("author"));
    expect(left.json).toMatchObject({ record: ids.entry, author: ids.alice });
  });

  it("keeps pending edits through autosaves and drops them on an explicit save", async () => {
    const alice = token("author");
    const entry = await createRecord("author", "entries", {
      author: ids.alice,
      title: "Kept apart",
      visibility: "unlisted",
    });
    await addPending(entry);
    // An autosave of the record itself (as of a private entry) leaves them alone…
    await patchRecord(app, alice, "entries", entry, { content: "autosaved" }, "autosave");
    expect(await pendingOf(entry)).toHaveLength(1);
    // …and so does an update another write caused (its collection deleted).
    const notebook = await createRecord("author", "collections", {
      owner: ids.alice,
      title: "Notebook",
    });
    await patchRecord(app, alice, "entries", entry, { collection: notebook }, "autosave");
    const gone = await call(
      app,
      "DELETE",
      `/api/collections/collections/records/${notebook}`,
      alice,
    );
    expect(gone.status).toBe(204);
    expect(await pendingOf(entry)).toHaveLength(1);
    // A save publishes what the editor held: the pending edits are done.
    await patchRecord(app, alice, "entries", entry, { title: "Kept apart, final" });
    expect(await pendingOf(entry)).toEqual([]);
    // So does a restore, and a publication marked "save".
    await addPending(entry);
    await patchRecord(app, alice, "entries", entry, { content: "restored" }, "restore");
    expect(await pendingOf(entry)).toEqual([]);
    const post = await createRecord("author", "posts", { author: ids.alice, title: "Soon" });
    await addPending(post, "posts");
    await patchRecord(app, alice, "posts", post, { status: "published" }, "save");
    expect(await pendingOf(post)).toEqual([]);
    // Through a batch too.
    await addPending(entry);
    const batch = await call(app, "POST", "/api/batch", alice, {
      requests: [
        {
          method: "PATCH",
          url: `/api/collections/entries/records/${entry}`,
          body: { tags: ["x"] },
        },
      ],
    });
    expect(batch.status).toBe(200);
    expect(await pendingOf(entry)).toEqual([]);
  });

  it("deletes pending edits with their record and with their author", async () => {
    const alice = token("author");
    const entry = await createRecord("author", "entries", { author: ids.alice, title: "Brief" });
    const kept = await createRecord("author", "entries", { author: ids.alice, title: "Stays" });
    await addPending(entry);
    await addPending(kept);
    const res = await call(app, "DELETE", `/api/collections/entries/records/${entry}`, alice);
    expect(res.status).toBe(204);
    expect(await pendingOf(entry)).toEqual([]);
    expect(await pendingOf(kept)).toHaveLength(1);

    const carol = await app.createUser({ username: "carol" });
    const carolId = String(carol.record.id);
    const hers = await call(app, "POST", "/api/collections/entries/records", carol.token, {
      author: carolId,
      title: "Carol day",
    });
    const created = await call(app, "POST", PENDING, carol.token, {
      record: hers.json.id,
      recordCollection: "entries",
      author: carolId,
    });
    expect(created.status).toBe(200);
    const deleted = await call(
      app,
      "DELETE",
      `/api/collections/users/records/${carolId}`,
      carol.token,
    );
    expect(deleted.status).toBe(204);
    expect(await pendingOf(String(hers.json.id))).toEqual([]);
  });

  it("answers 429 once a rate limit is reached", async () => {
    const root = token("superuser");
    const settings = await call(app, "PATCH", "/api/settings", root, {
      rateLimits: {
        enabled: true,
        rules: [{ label: "pendingEdits:update", audience: "", duration: 60, maxRequests: 1 }],
      },
    });
    expect(settings.status, JSON.stringify(settings.json)).toBe(200);
    try {
      const update = () =>
        call(app, "PATCH", `${PENDING}/${ids.pending ?? ""}`, token("author"), { title: "Again" });
      expect((await update()).status).toBe(200);
      const limited = await update();
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ message: "Too Many Requests.", status: 429 });
    } finally {
      await call(app, "PATCH", "/api/settings", root, { rateLimits: { enabled: false } });
    }
  });
});

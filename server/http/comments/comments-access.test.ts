/**
 * The `comments` collection through the records API (ADR 065), for a guest, the commenter,
 * another signed-in reader, the record's author, an admin and a superuser: who lists, views,
 * creates, updates and deletes which comment; approved comments only on records readers can
 * see; a pending comment leaking nowhere (lists, views, totals, filters); `status` and the
 * server's fields never taken from a commenter; a guest's address shown to moderators only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { STATUS_MESSAGE } from "../../core/comments/comment-hooks.ts";

type Who = "guest" | "commenter" | "other" | "author" | "admin" | "superuser";
type Case = TableScenario<Who>;
type Outcome = Partial<Case> & Pick<Case, "expectedStatus">;

const WHO: readonly Who[] = ["guest", "commenter", "other", "author", "admin", "superuser"];
const COMMENTS = "/api/collections/comments/records";
const NOT_FOUND: Outcome = { expectedStatus: 404, expectedContent: ["wasn't found"] };
const MISSING_RECORD: Outcome = {
  expectedStatus: 400,
  expectedContent: ['"record":{"code":"validation_missing_rel_records"'],
};

/** One scenario per requester. */
function matrix(
  name: string,
  request: Omit<Case, "as" | "name" | "expectedStatus">,
  outcomes: Record<Who, Outcome>,
): Case[] {
  return WHO.map((who) => ({ ...request, ...outcomes[who], as: who, name: `${name} as ${who}` }));
}

const ALL = ["PENDING-ZERO", "APPROVED-ONE", "APPROVED-TWO", "ON-DRAFT", "ON-PRIVATE"];
const PUBLIC = ["APPROVED-ONE", "APPROVED-TWO"];
const without = (list: string[], drop: string[]) => list.filter((x) => !drop.includes(x));

describe.each(DIALECTS)("comments through the records API (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { check, run } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });
  const token = (who: Who) => tokens[who] ?? "";

  const record = async (who: Who, collection: string, body: object) => {
    const res = await call(app, "POST", `/api/collections/${collection}/records`, token(who), body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return String(res.json.id);
  };
  const comment = async (who: Who, body: object) => {
    const res = await call(app, "POST", COMMENTS, token(who), body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };
  /** A comment written by the operator (any values), for rows that change or delete it. */
  const seeded = async (values: object) =>
    String(
      (
        await app.seedRecord("comments", {
          record: ids.post,
          recordCollection: "posts",
          status: "approved",
          author: ids.bob,
          content: "Seeded",
          ...values,
        })
      ).id,
    );

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice", role: "writer", name: "Alice" });
    const bob = await app.createUser({ username: "bob", name: "Bob" });
    const carol = await app.createUser({ username: "carol" });
    const adam = await app.createUser({ username: "adam", role: "admin" });
    const root = await app.createSuperuser();
    Object.assign(tokens, {
      author: alice.token,
      commenter: bob.token,
      other: carol.token,
      admin: adam.token,
      superuser: root.token,
    });
    Object.assign(ids, {
      alice: String(alice.record.id),
      bob: String(bob.record.id),
      carol: String(carol.record.id),
      adam: String(adam.record.id),
    });
    const post = { author: ids.alice, status: "published" };
    ids.post = await record("author", "posts", { ...post, title: "Live" });
    ids.draft = await record("author", "posts", { author: ids.alice, title: "Draft" });
    ids.scheduled = await record("author", "posts", {
      ...post,
      title: "Later",
      publishedAt: "2999-01-01 00:00:00.000Z",
    });
    const entry = { author: ids.alice, title: "Day" };
    ids.entry = await record("author", "entries", { ...entry, visibility: "public" });
    ids.private = await record("author", "entries", { ...entry, name: "private-day" });
    ids.unlisted = await record("author", "entries", {
      ...entry,
      name: "unlisted-day",
      visibility: "unlisted",
    });
    // Bob's first comments are held; once one is approved, his next one shows at once.
    const zero = await comment("commenter", {
      record: ids.entry,
      recordCollection: "entries",
      content: "PENDING-ZERO",
    });
    const one = await comment("commenter", {
      record: ids.post,
      recordCollection: "posts",
      content: "APPROVED-ONE",
      status: "approved",
    });
    expect([zero.status, one.status]).toEqual(["pending", "pending"]);
    ids.pending = String(zero.id);
    ids.approved = String(one.id);
    const approve = await call(app, "PATCH", `${COMMENTS}/${ids.approved}`, token("author"), {
      status: "approved",
    });
    expect(approve.status, JSON.stringify(approve.json)).toBe(200);
    const two = await comment("commenter", {
      record: ids.post,
      recordCollection: "posts",
      content: "APPROVED-TWO",
    });
    expect(two.status).toBe("approved");
    ids.second = String(two.id);
    ids.onDraft = await seeded({ record: ids.draft, content: "ON-DRAFT" });
    ids.onPrivate = await seeded({
      record: ids.private,
      recordCollection: "entries",
      content: "ON-PRIVATE",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists approved comments of readable records; the commenter's own held ones; all to moderators", async () => {
    const seen = (shown: string[]): Outcome => ({
      expectedStatus: 200,
      expectedContent: [`"totalItems":${String(shown.length)}`, ...shown],
      notExpectedContent: without(ALL, shown),
    });
    const rows = matrix(
      "list comments",
      {
        method: "GET",
        url: `${COMMENTS}?perPage=100&filter=${encodeURIComponent('content != "Seeded"')}`,
      },
      {
        guest: seen(PUBLIC),
        // Every listed comment is Bob's: his own approved ones show even on a draft.
        commenter: seen(ALL),
        other: seen(PUBLIC),
        author: seen(ALL),
        admin: seen(ALL),
        superuser: seen(ALL),
      },
    );
    for (const row of rows) await check(row);
  });

  it("a held comment exists for nobody else: view, totals and filters", async () => {
    const rows = [
      ...matrix(
        "view a held comment",
        { method: "GET", url: `${COMMENTS}/$pending` },
        {
          guest: NOT_FOUND,
          commenter: { expectedStatus: 200, expectedContent: ['"status":"pending"'] },
          other: NOT_FOUND,
          author: { expectedStatus: 200 },
          admin: { expectedStatus: 200 },
          superuser: { expectedStatus: 200 },
        },
      ),
      ...matrix(
        "count held comments with a filter",
        {
          method: "GET",
          url: `${COMMENTS}?filter=${encodeURIComponent('status = "pending"')}`,
        },
        {
          guest: { expectedStatus: 200, expectedContent: ['"totalItems":0'] },
          commenter: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
          other: { expectedStatus: 200, expectedContent: ['"totalItems":0'] },
          author: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
          admin: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
          superuser: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
        },
      ),
      ...matrix(
        "find entries through their held comments",
        {
          method: "GET",
          url: `/api/collections/entries/records?filter=${encodeURIComponent('comments_via_entry.status ?= "pending"')}`,
        },
        {
          guest: { expectedStatus: 200, expectedContent: ['"totalItems":0'] },
          commenter: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
          other: { expectedStatus: 200, expectedContent: ['"totalItems":0'] },
          author: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
          admin: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
          superuser: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
        },
      ),
      ...matrix(
        "view an approved comment on a draft",
        { method: "GET", url: `${COMMENTS}/$onDraft` },
        {
          guest: NOT_FOUND,
          commenter: { expectedStatus: 200 },
          other: NOT_FOUND,
          author: { expectedStatus: 200 },
          admin: { expectedStatus: 200 },
          superuser: { expectedStatus: 200 },
        },
      ),
    ];
    for (const row of rows) await check(row);
  });

  it("keeps comments out of search, for everyone", async () => {
    for (const who of ["guest", "commenter", "author", "admin", "superuser"] as const)
      await check({
        name: `search for a comment's words as ${who}`,
        as: who,
        method: "GET",
        url: "/api/search?q=PENDING",
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
        notExpectedContent: ["PENDING-ZERO"],
      });
    await check({
      name: "search comments by kind",
      as: "author",
      method: "GET",
      url: "/api/search?q=APPROVED&kind=comments",
      expectedStatus: 400,
    });
  });

  it("takes the status and the server's fields from nobody but superusers", async () => {
    const body = {
      record: "$post",
      recordCollection: "posts",
      content: "Forced",
      status: "approved",
      author: "$adam",
      recordAuthor: "$carol",
      source: "fediverse",
    };
    const made = (status: string, author: string): Outcome => ({
      expectedStatus: 200,
      expectedContent: [
        `"status":"${status}"`,
        `"author":"${author}"`,
        `"recordAuthor":"$alice"`,
        '"source":"local"',
      ],
    });
    const rows = matrix(
      "create a comment sending status and authorship",
      { method: "POST", url: COMMENTS, body },
      {
        guest: { expectedStatus: 403, expectedContent: ["Guests cannot comment"] },
        commenter: made("approved", "$bob"),
        other: made("pending", "$carol"),
        author: made("approved", "$alice"),
        admin: made("approved", "$adam"),
        superuser: {
          expectedStatus: 200,
          expectedContent: ['"status":"approved"', '"author":"$adam"', '"source":"fediverse"'],
        },
      },
    );
    for (const row of rows) await check(row);
  });

  it("refuses comments on records readers cannot see, and a parent of another record", async () => {
    for (const [target, collection] of [
      ["$draft", "posts"],
      ["$scheduled", "posts"],
      ["$private", "entries"],
      ["$unlisted", "entries"],
      ["abcdefghijklmno", "posts"],
      ["$entry", "posts"],
    ] as const) {
      const rows = matrix(
        `comment on ${target} (${collection})`,
        {
          method: "POST",
          url: COMMENTS,
          body: { record: target, recordCollection: collection, content: "Hidden?" },
        },
        {
          guest: MISSING_RECORD,
          commenter: MISSING_RECORD,
          other: MISSING_RECORD,
          author: MISSING_RECORD,
          admin: MISSING_RECORD,
          superuser:
            target === "$entry" || target === "abcdefghijklmno"
              ? MISSING_RECORD
              : { expectedStatus: 200 },
        },
      );
      for (const row of rows) await check(row);
    }
    const otherRecord = await run({
      name: "a parent of another record",
      as: "commenter",
      method: "POST",
      url: COMMENTS,
      body: { record: "$entry", recordCollection: "entries", parent: "$approved", content: "x" },
      expectedStatus: 400,
      expectedContent: ['"parent":{"code":"validation_missing_rel_records"'],
    });
    expect(otherRecord.status).toBe(400);
    await check({
      name: "a held parent of someone else",
      as: "other",
      method: "POST",
      url: COMMENTS,
      body: { record: "$entry", recordCollection: "entries", parent: "$pending", content: "x" },
      expectedStatus: 400,
      expectedContent: ['"parent"'],
    });
  });

  it("attaches a reply to a reply to the top-level comment", async () => {
    const reply = await comment("commenter", {
      record: ids.post,
      recordCollection: "posts",
      parent: ids.approved,
      content: "A reply",
    });
    const deeper = await comment("author", {
      record: ids.post,
      recordCollection: "posts",
      parent: reply.id,
      content: "A reply to the reply",
    });
    expect(deeper.parent).toBe(ids.approved);
  });

  it("lets the commenter change the text, moderators the status, and nobody else anything", async () => {
    const rows: Case[] = [];
    for (const who of WHO) {
      ids[`text_${who}`] = await seeded({ content: "Seeded", status: "pending" });
      ids[`status_${who}`] = await seeded({ content: "Seeded", status: "pending" });
    }
    const textOutcomes: Record<Who, Outcome> = {
      guest: NOT_FOUND,
      commenter: { expectedStatus: 200, expectedContent: ['"content":"Edited"'] },
      other: NOT_FOUND,
      author: NOT_FOUND,
      admin: NOT_FOUND,
      superuser: { expectedStatus: 200, expectedContent: ['"content":"Edited"'] },
    };
    const statusOutcomes: Record<Who, Outcome> = {
      guest: NOT_FOUND,
      commenter: { expectedStatus: 403, expectedContent: [STATUS_MESSAGE] },
      other: NOT_FOUND,
      author: { expectedStatus: 200, expectedContent: ['"status":"approved"'] },
      admin: { expectedStatus: 200, expectedContent: ['"status":"approved"'] },
      superuser: { expectedStatus: 200, expectedContent: ['"status":"approved"'] },
    };
    for (const who of WHO) {
      rows.push({
        ...textOutcomes[who],
        name: `change the text as ${who}`,
        as: who,
        method: "PATCH",
        url: `${COMMENTS}/$text_${who}`,
        body: { content: "Edited" },
      });
      rows.push({
        ...statusOutcomes[who],
        name: `approve as ${who}`,
        as: who,
        method: "PATCH",
        url: `${COMMENTS}/$status_${who}`,
        body: { status: "approved" },
      });
    }
    rows.push({
      name: "a commenter moving their comment",
      as: "commenter",
      method: "PATCH",
      url: `${COMMENTS}/$approved`,
      body: { record: "$entry", recordCollection: "entries" },
      expectedStatus: 404,
    });
    rows.push({
      name: "a moderator changing someone's text",
      as: "author",
      method: "PATCH",
      url: `${COMMENTS}/$approved`,
      body: { status: "approved", content: "Mine now" },
      expectedStatus: 404,
    });
    for (const row of rows) await check(row);
  });

  it("lets the commenter, the record's author and admins delete", async () => {
    const outcomes: Record<Who, Outcome> = {
      guest: NOT_FOUND,
      commenter: { expectedStatus: 204 },
      other: NOT_FOUND,
      author: { expectedStatus: 204 },
      admin: { expectedStatus: 204 },
      superuser: { expectedStatus: 204 },
    };
    for (const who of WHO) {
      ids[`delete_${who}`] = await seeded({ content: "Seeded" });
      await check({
        ...outcomes[who],
        name: `delete as ${who}`,
        as: who,
        method: "DELETE",
        url: `${COMMENTS}/$delete_${who}`,
      });
    }
  });

  it("shows a guest's address to the record's author, admins and superusers only, and filters by it for none", async () => {
    ids.guestComment = await seeded({
      author: "",
      authorName: "Gus",
      email: "gus@example.com",
      content: "From a guest",
    });
    const address = (shown: boolean): Outcome => ({
      expectedStatus: 200,
      expectedContent: shown ? ['"email":"gus@example.com"'] : ['"email":""', "From a guest"],
      ...(shown ? {} : { notExpectedContent: ["gus@example.com"] }),
    });
    const rows = [
      ...matrix(
        "view a guest's comment",
        { method: "GET", url: `${COMMENTS}/$guestComment` },
        {
          guest: address(false),
          commenter: address(false),
          other: address(false),
          author: address(true),
          admin: address(true),
          superuser: address(true),
        },
      ),
      ...matrix(
        "filter by address",
        {
          method: "GET",
          url: `${COMMENTS}?filter=${encodeURIComponent('email = "gus@example.com"')}`,
        },
        {
          guest: { expectedStatus: 400 },
          commenter: { expectedStatus: 400 },
          other: { expectedStatus: 400 },
          author: { expectedStatus: 400 },
          admin: { expectedStatus: 400 },
          superuser: { expectedStatus: 200, expectedContent: ['"totalItems":1'] },
        },
      ),
    ];
    for (const row of rows) await check(row);
  });

  it("answers bad input with PocketBase's 400s", async () => {
    const base = { record: "$post", recordCollection: "posts" };
    const rows: Case[] = [
      {
        name: "no content",
        as: "commenter",
        method: "POST",
        url: COMMENTS,
        body: { ...base, content: "" },
        expectedStatus: 400,
        expectedContent: ['"content":{"code":"validation_required"'],
      },
      {
        name: "content over 5,000 characters",
        as: "commenter",
        method: "POST",
        url: COMMENTS,
        body: { ...base, content: "x".repeat(5001) },
        expectedStatus: 400,
        expectedContent: ['"content":{"code":"validation_max_text_constraint"'],
      },
      {
        name: "another collection",
        as: "commenter",
        method: "POST",
        url: COMMENTS,
        body: { record: "$post", recordCollection: "items", content: "x" },
        expectedStatus: 400,
      },
      {
        name: "raw HTML is stored as written (escaped when rendered)",
        as: "commenter",
        method: "POST",
        url: COMMENTS,
        body: { ...base, content: "<script>alert(1)</script> **bold**" },
        expectedStatus: 200,
        expectedContent: ['"content":"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e **bold**"'],
      },
    ];
    for (const row of rows) await check(row);
  });
});

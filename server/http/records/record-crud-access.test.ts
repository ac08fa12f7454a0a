/**
 * The records API access matrix: every collection × action (list, view, create, update,
 * delete) × requester (guest, owner, other user, writer, admin, superuser), with the exact
 * status and what each requester may see (design §5; PocketBase rule semantics: null rule →
 * 403, list filters silently, view/update/delete → 404, create → 400).
 *
 * Scenario URLs and bodies name fixtures as `$name` placeholders (record ids, emails), filled
 * in once the fixtures exist.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** The six requesters of the matrix. */
type Requester = "guest" | "owner" | "other" | "writer" | "admin" | "superuser";
/** Requesters plus fixture accounts used for one-off actions (deleting oneself). */
type Who = Requester | "tess";

type Case = TableScenario<Who>;

type Outcome = Partial<Case> & Pick<Case, "expectedStatus">;

const REQUESTERS: readonly Requester[] = [
  "guest",
  "owner",
  "other",
  "writer",
  "admin",
  "superuser",
];
const ONLY_SUPERUSERS = "Only superusers can perform this action.";
const SECRETS = ['"password"', '"tokenKey"', "passwordConfirm"];
const FORBIDDEN: Outcome = { expectedStatus: 403, expectedContent: ['"data":{}', ONLY_SUPERUSERS] };
const NOT_FOUND: Outcome = {
  expectedStatus: 404,
  expectedContent: ['"data":{}', "The requested resource wasn't found."],
};
const CREATE_DENIED: Outcome = {
  expectedStatus: 400,
  expectedContent: ['{"data":{},"message":"Failed to create record.","status":400}'],
};

/** One scenario per requester: a shared request plus each requester's outcome. */
function matrix(
  name: string,
  request: Omit<Case, "as" | "name" | "expectedStatus">,
  outcomes: Record<Requester, Outcome>,
): Case[] {
  return REQUESTERS.map((who) => {
    const outcome = outcomes[who];
    return {
      ...request,
      ...outcome,
      as: outcome.as ?? who,
      name: `${name} as ${who}`,
      notExpectedContent: [...SECRETS, ...(outcome.notExpectedContent ?? [])],
    };
  });
}

/** Single scenarios outside the matrix (still checked for leaked secrets). */
function cases(...list: Case[]): Case[] {
  return list.map((c) => ({
    ...c,
    notExpectedContent: [...SECRETS, ...(c.notExpectedContent ?? [])],
  }));
}

describe.each(DIALECTS)("records access matrix (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { run, check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const users = {
      owner: await app.createUser({ username: "alice", role: "writer", name: "Alice" }),
      other: await app.createUser({ username: "bob" }),
      writer: await app.createUser({ username: "wendy", role: "writer" }),
      admin: await app.createUser({ username: "adam", role: "admin" }),
      tess: await app.createUser({ username: "tess" }),
      superuser: await app.createSuperuser(),
    };
    for (const [who, user] of Object.entries(users)) tokens[who as Who] = user.token;
    ids.alice = String(users.owner.record.id);
    ids.bob = String(users.other.record.id);
    ids.wendy = String(users.writer.record.id);
    ids.adam = String(users.admin.record.id);
    ids.tess = String(users.tess.record.id);
    ids.root = String(users.superuser.record.id);
    ids.rootEmail = String(users.superuser.record.email);
    const vera = await app.seedRecord("users", {
      username: "vera",
      email: "vera@example.com",
      emailVisibility: true,
      password: "password123",
      passwordConfirm: "password123",
    });
    ids.vera = String(vera.id);
    const root2 = await app.seedRecord("_superusers", {
      email: "root2@example.com",
      password: "password123",
      passwordConfirm: "password123",
    });
    ids.root2 = String(root2.id);

    const seed = async (key: string, collection: string, data: Record<string, unknown>) => {
      ids[key] = String((await app.seedRecord(collection, data)).id);
    };
    const alice = ids.alice;
    await seed("cOpen", "collections", {
      owner: alice,
      title: "Open notebook",
      visibility: "public",
    });
    await seed("cLink", "collections", {
      owner: alice,
      title: "Link notebook",
      visibility: "unlisted",
    });
    await seed("cLocked", "collections", {
      owner: alice,
      title: "Locked notebook",
      visibility: "private",
    });
    await seed("cDel1", "collections", { owner: alice, title: "Disposable notebook one" });
    await seed("cDel2", "collections", { owner: alice, title: "Disposable notebook two" });
    await seed("cBob", "collections", { owner: ids.bob, title: "Bob notebook" });

    await seed("eSunny", "entries", {
      author: alice,
      title: "Sunny public day",
      visibility: "public",
      collection: ids.cLocked,
    });
    await seed("eBright", "entries", {
      author: alice,
      title: "Bright public day",
      visibility: "public",
      collection: ids.cOpen,
    });
    await seed("eQuiet", "entries", {
      author: alice,
      title: "Quiet unlisted day",
      visibility: "unlisted",
      collection: ids.cLink,
    });
    await seed("eSecret", "entries", { author: alice, title: "Secret private day" });
    await seed("eDel1", "entries", { author: alice, title: "Disposable entry one" });
    await seed("eDel2", "entries", { author: alice, title: "Disposable entry two" });

    const past = "2020-01-02 03:04:05.000Z";
    const future = "2999-01-01 00:00:00.000Z";
    await seed("pPub", "posts", {
      author: alice,
      title: "Published post",
      status: "published",
      publishedAt: past,
    });
    await seed("pDraft", "posts", { author: alice, title: "Draft post" });
    await seed("pSched", "posts", {
      author: alice,
      title: "Scheduled post",
      status: "published",
      publishedAt: future,
    });
    await seed("pDel1", "posts", { author: alice, title: "Disposable post one" });
    await seed("pDel2", "posts", { author: alice, title: "Disposable post two" });

    await seed("iAlpha", "items", { code: "alpha", name: "Alpha item", owner: ids.adam });
    await seed("iDel1", "items", { code: "del-1", name: "Disposable item one" });
    await seed("iDel2", "items", { code: "del-2", name: "Disposable item two" });
  });
  afterAll(async () => {
    await app.close();
  });

  describe("users", () => {
    const list = matrix(
      "list users",
      { method: "GET", url: "/api/collections/users/records?perPage=100&sort=username" },
      {
        guest: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":6', '"username":"alice"', '"email":"vera@example.com"'],
          notExpectedContent: ["alice@example.com", "bob@example.com", "adam@example.com"],
        },
        owner: {
          expectedStatus: 200,
          expectedContent: [
            '"totalItems":6',
            '"email":"alice@example.com"',
            '"email":"vera@example.com"',
          ],
          notExpectedContent: ["bob@example.com", "wendy@example.com"],
        },
        other: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":6', '"email":"bob@example.com"'],
          notExpectedContent: ["alice@example.com", "wendy@example.com"],
        },
        writer: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":6', '"email":"wendy@example.com"'],
          notExpectedContent: ["alice@example.com", "bob@example.com"],
        },
        admin: {
          expectedStatus: 200,
          expectedContent: [
            '"totalItems":6',
            '"email":"alice@example.com"',
            '"email":"bob@example.com"',
          ],
        },
        superuser: {
          expectedStatus: 200,
          expectedContent: [
            '"totalItems":6',
            '"email":"alice@example.com"',
            '"email":"tess@example.com"',
          ],
        },
      },
    );
    const view = [
      ...matrix(
        "view a user",
        { method: "GET", url: "/api/collections/users/records/$alice" },
        {
          guest: {
            expectedStatus: 200,
            expectedContent: ['"username":"alice"', '"emailVisibility":false', '"role":"writer"'],
            notExpectedContent: ['"email"'],
          },
          owner: { expectedStatus: 200, expectedContent: ['"email":"alice@example.com"'] },
          other: {
            expectedStatus: 200,
            expectedContent: ['"username":"alice"'],
            notExpectedContent: ['"email"'],
          },
          writer: {
            expectedStatus: 200,
            expectedContent: ['"username":"alice"'],
            notExpectedContent: ['"email"'],
          },
          admin: { expectedStatus: 200, expectedContent: ['"email":"alice@example.com"'] },
          superuser: { expectedStatus: 200, expectedContent: ['"email":"alice@example.com"'] },
        },
      ),
      ...matrix(
        "view a user with emailVisibility",
        { method: "GET", url: "/api/collections/users/records/$vera" },
        Object.fromEntries(
          REQUESTERS.map((who) => [
            who,
            { expectedStatus: 200, expectedContent: ['"email":"vera@example.com"'] },
          ]),
        ) as Record<Requester, Outcome>,
      ),
      ...matrix(
        "expand a user's posts",
        { method: "GET", url: "/api/collections/users/records/$alice?expand=posts_via_author" },
        {
          guest: {
            expectedStatus: 200,
            expectedContent: ['"posts_via_author":[{', '"title":"Published post"'],
            notExpectedContent: ["Draft post", "Scheduled post"],
          },
          owner: {
            expectedStatus: 200,
            expectedContent: [
              '"title":"Published post"',
              '"title":"Draft post"',
              '"title":"Scheduled post"',
            ],
          },
          other: {
            expectedStatus: 200,
            expectedContent: ['"title":"Published post"'],
            notExpectedContent: ["Draft post", "Scheduled post"],
          },
          writer: {
            expectedStatus: 200,
            expectedContent: ['"title":"Published post"'],
            notExpectedContent: ["Draft post", "Scheduled post"],
          },
          admin: {
            expectedStatus: 200,
            expectedContent: ['"title":"Published post"'],
            notExpectedContent: ["Draft post", "Scheduled post"],
          },
          superuser: {
            expectedStatus: 200,
            expectedContent: [
              '"title":"Published post"',
              '"title":"Draft post"',
              '"title":"Scheduled post"',
            ],
          },
        },
      ),
    ];
    const signUp = (username: string, extra: Record<string, unknown> = {}) => ({
      username,
      email: `${username}@example.com`,
      password: "password123",
      passwordConfirm: "password123",
      ...extra,
    });
    const create = [
      ...matrix(
        "create a user",
        { method: "POST", url: "/api/collections/users/records" },
        {
          guest: {
            body: signUp("newguest"),
            expectedStatus: 200,
            expectedContent: ['"username":"newguest"', '"verified":false', '"role":""'],
            notExpectedContent: ["newguest@example.com"],
          },
          owner: {
            body: signUp("byalice"),
            expectedStatus: 200,
            expectedContent: ['"username":"byalice"'],
            notExpectedContent: ["byalice@example.com"],
          },
          other: { body: signUp("bybob", { role: "writer" }), ...CREATE_DENIED },
          writer: { body: signUp("bywendy", { role: "admin" }), ...CREATE_DENIED },
          admin: {
            body: signUp("byadam", { role: "writer", verified: true }),
            expectedStatus: 200,
            expectedContent: ['"role":"writer"', '"verified":true', '"email":"byadam@example.com"'],
          },
          superuser: {
            body: signUp("byroot", { role: "admin", verified: true }),
            expectedStatus: 200,
            expectedContent: ['"role":"admin"', '"verified":true', '"email":"byroot@example.com"'],
          },
        },
      ),
      ...cases(
        {
          name: "guest signs up with an empty role",
          as: "guest",
          method: "POST",
          url: "/api/collections/users/records",
          body: signUp("emptyrole", { role: "" }),
          expectedStatus: 200,
          expectedContent: ['"role":""'],
        },
        {
          name: "guest signs up as a writer",
          as: "guest",
          method: "POST",
          url: "/api/collections/users/records",
          body: signUp("sneaky", { role: "writer" }),
          ...CREATE_DENIED,
        },
      ),
    ];
    const update = [
      ...matrix(
        "update a user",
        {
          method: "PATCH",
          url: "/api/collections/users/records/$alice",
          body: { name: "Alice A." },
        },
        {
          guest: NOT_FOUND,
          owner: {
            expectedStatus: 200,
            expectedContent: ['"name":"Alice A."', '"email":"alice@example.com"'],
          },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: {
            body: { name: "Alice B.", verified: true },
            expectedStatus: 200,
            expectedContent: ['"name":"Alice B."', '"verified":true'],
          },
          superuser: {
            body: { bio: "Writes." },
            expectedStatus: 200,
            expectedContent: ['"bio":"Writes."'],
          },
        },
      ),
      ...cases(
        {
          name: "a user cannot change their own role",
          as: "other",
          method: "PATCH",
          url: "/api/collections/users/records/$bob",
          body: { role: "admin" },
          ...NOT_FOUND,
        },
        {
          name: "a user may resend their current role",
          as: "owner",
          method: "PATCH",
          url: "/api/collections/users/records/$alice",
          body: { role: "writer", locale: "fr" },
          expectedStatus: 200,
          expectedContent: ['"locale":"fr"', '"role":"writer"'],
        },
        {
          name: "a user cannot verify themself",
          as: "other",
          method: "PATCH",
          url: "/api/collections/users/records/$bob",
          body: { verified: true },
          expectedStatus: 400,
          expectedContent: [
            '"verified":{"code":"validation_values_mismatch"',
            "Failed to update record.",
          ],
        },
        {
          name: "a user cannot change their email directly",
          as: "other",
          method: "PATCH",
          url: "/api/collections/users/records/$bob",
          body: { email: "bob2@example.com" },
          expectedStatus: 400,
          expectedContent: ['"email":{"code":"validation_values_mismatch"'],
        },
        {
          name: "a user may show their email",
          as: "writer",
          method: "PATCH",
          url: "/api/collections/users/records/$wendy",
          body: { emailVisibility: true },
          expectedStatus: 200,
          expectedContent: ['"emailVisibility":true'],
        },
        {
          name: "a shown email is visible to guests",
          as: "guest",
          method: "GET",
          url: "/api/collections/users/records/$wendy",
          expectedStatus: 200,
          expectedContent: ['"email":"wendy@example.com"'],
        },
        {
          name: "an admin changes another user's email and role",
          as: "admin",
          method: "PATCH",
          url: "/api/collections/users/records/$vera",
          body: { email: "vera2@example.com", role: "writer" },
          expectedStatus: 200,
          expectedContent: ['"email":"vera2@example.com"', '"role":"writer"'],
        },
      ),
    ];
    const remove = [
      ...matrix(
        "delete a user",
        { method: "DELETE", url: "/api/collections/users/records/$alice" },
        {
          guest: NOT_FOUND,
          owner: { as: "tess", url: "/api/collections/users/records/$tess", expectedStatus: 204 },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { url: "/api/collections/users/records/$vera", expectedStatus: 204 },
        },
      ),
      ...cases(
        {
          name: "a deleted user is gone",
          as: "superuser",
          method: "GET",
          url: "/api/collections/users/records/$tess",
          ...NOT_FOUND,
        },
        {
          name: "the refused deletions left the user in place",
          as: "guest",
          method: "GET",
          url: "/api/collections/users/records/$alice",
          expectedStatus: 200,
          expectedContent: ['"username":"alice"'],
        },
      ),
    ];
    it.each(list)("$name", check);
    it.each(view)("$name", check);
    it.each(create)("$name", check);
    it.each(update)("$name", check);
    it.each(remove)("$name", check);
  });

  describe("_superusers", () => {
    const deny = {
      guest: FORBIDDEN,
      owner: FORBIDDEN,
      other: FORBIDDEN,
      writer: FORBIDDEN,
      admin: FORBIDDEN,
    };
    const all = [
      ...matrix(
        "list superusers",
        { method: "GET", url: "/api/collections/_superusers/records" },
        {
          ...deny,
          superuser: {
            expectedStatus: 200,
            expectedContent: ['"email":"$rootEmail"', '"totalItems":2'],
          },
        },
      ),
      ...matrix(
        "view a superuser",
        { method: "GET", url: "/api/collections/_superusers/records/$root" },
        {
          ...deny,
          superuser: {
            expectedStatus: 200,
            expectedContent: ['"email":"$rootEmail"', '"id":"$root"'],
          },
        },
      ),
      ...matrix(
        "create a superuser",
        {
          method: "POST",
          url: "/api/collections/_superusers/records",
          body: {
            id: "secondsuper0001",
            email: "second@example.com",
            password: "password123",
            passwordConfirm: "password123",
          },
        },
        {
          ...deny,
          superuser: {
            expectedStatus: 200,
            expectedContent: ['"id":"secondsuper0001"', '"email":"second@example.com"'],
          },
        },
      ),
      ...matrix(
        "update a superuser",
        {
          method: "PATCH",
          url: "/api/collections/_superusers/records/$root2",
          body: { emailVisibility: true },
        },
        {
          ...deny,
          superuser: { expectedStatus: 200, expectedContent: ['"emailVisibility":true'] },
        },
      ),
      ...matrix(
        "delete a superuser",
        { method: "DELETE", url: "/api/collections/_superusers/records/$root2" },
        { ...deny, superuser: { expectedStatus: 204 } },
      ),
      ...cases(
        {
          name: "delete another superuser",
          as: "superuser",
          method: "DELETE",
          url: "/api/collections/_superusers/records/secondsuper0001",
          expectedStatus: 204,
        },
        {
          name: "the only superuser cannot be deleted",
          as: "superuser",
          method: "DELETE",
          url: "/api/collections/_superusers/records/$root",
          expectedStatus: 400,
          expectedContent: ['"data":{}', "You can't delete the only existing superuser."],
        },
        {
          name: "the only superuser is still there",
          as: "superuser",
          method: "GET",
          url: "/api/collections/_superusers/records",
          expectedStatus: 200,
          expectedContent: ['"totalItems":1', '"id":"$root"'],
        },
      ),
    ];
    it.each(all)("$name", check);
  });

  describe("entries", () => {
    const publicOnly: Outcome = {
      expectedStatus: 200,
      expectedContent: [
        '"totalItems":2',
        '"title":"Sunny public day"',
        '"title":"Bright public day"',
      ],
      notExpectedContent: ["Quiet unlisted day", "Secret private day", "Disposable"],
    };
    const everything: Outcome = {
      expectedStatus: 200,
      expectedContent: [
        '"totalItems":6',
        "Quiet unlisted day",
        "Secret private day",
        "Disposable entry one",
      ],
    };
    const list = matrix(
      "list entries",
      { method: "GET", url: "/api/collections/entries/records" },
      {
        guest: publicOnly,
        owner: everything,
        other: publicOnly,
        writer: publicOnly,
        admin: publicOnly,
        superuser: everything,
      },
    );
    const hiddenNotebook: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"title":"Sunny public day"', '"expand":{"author":{', '"username":"alice"'],
      notExpectedContent: ["Locked notebook", "alice@example.com"],
    };
    const ok = (...content: string[]): Outcome => ({
      expectedStatus: 200,
      expectedContent: content,
    });
    const view = [
      ...matrix(
        "view a public entry in a private notebook, expanded",
        { method: "GET", url: "/api/collections/entries/records/$eSunny?expand=collection,author" },
        {
          guest: hiddenNotebook,
          owner: ok('"title":"Locked notebook"', '"email":"alice@example.com"'),
          other: hiddenNotebook,
          writer: hiddenNotebook,
          // Admins match the users manageRule, so they see the author's email, not the notebook.
          admin: { ...ok('"email":"alice@example.com"'), notExpectedContent: ["Locked notebook"] },
          superuser: ok('"title":"Locked notebook"', '"email":"alice@example.com"'),
        },
      ),
      ...matrix(
        "view an unlisted entry, expanded",
        { method: "GET", url: "/api/collections/entries/records/$eQuiet?expand=collection" },
        {
          guest: ok('"title":"Quiet unlisted day"', '"title":"Link notebook"'),
          owner: ok('"title":"Quiet unlisted day"', '"title":"Link notebook"'),
          other: ok('"title":"Quiet unlisted day"', '"title":"Link notebook"'),
          writer: ok('"title":"Quiet unlisted day"', '"title":"Link notebook"'),
          admin: ok('"title":"Quiet unlisted day"', '"title":"Link notebook"'),
          superuser: ok('"title":"Quiet unlisted day"', '"title":"Link notebook"'),
        },
      ),
      ...matrix(
        "view a private entry",
        { method: "GET", url: "/api/collections/entries/records/$eSecret" },
        {
          guest: NOT_FOUND,
          owner: ok('"title":"Secret private day"', '"visibility":"private"'),
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: ok('"title":"Secret private day"'),
        },
      ),
      ...cases({
        name: "a public notebook expands for guests",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records?expand=collection&sort=title",
        expectedStatus: 200,
        expectedContent: ['"expand":{"collection":{', '"title":"Open notebook"', '"expand":{}'],
        notExpectedContent: ["Locked notebook"],
      }),
    ];
    const create = [
      ...matrix(
        "create an entry",
        {
          method: "POST",
          url: "/api/collections/entries/records",
          body: { author: "$alice", title: "Fresh entry" },
        },
        {
          guest: CREATE_DENIED,
          owner: ok('"author":"$alice"', '"name":"fresh-entry"', '"visibility":"private"'),
          other: CREATE_DENIED,
          writer: CREATE_DENIED,
          admin: CREATE_DENIED,
          superuser: {
            body: { author: "$bob", title: "Fresh entry", visibility: "public" },
            ...ok('"author":"$bob"', '"name":"fresh-entry"', '"visibility":"public"'),
          },
        },
      ),
      ...cases(
        {
          name: "a user writes their own entry",
          as: "other",
          method: "POST",
          url: "/api/collections/entries/records",
          body: { author: "$bob", title: "Fresh entry" },
          expectedStatus: 200,
          expectedContent: ['"author":"$bob"', '"name":"fresh-entry-2"'],
        },
        {
          name: "an entry cannot join another user's notebook",
          as: "owner",
          method: "POST",
          url: "/api/collections/entries/records",
          body: { author: "$alice", title: "Intruder", collection: "$cBob" },
          ...CREATE_DENIED,
        },
        {
          name: "an entry joins its author's notebook",
          as: "owner",
          method: "POST",
          url: "/api/collections/entries/records",
          body: { author: "$alice", title: "Filed", collection: "$cOpen" },
          expectedStatus: 200,
          expectedContent: ['"collection":"$cOpen"'],
        },
      ),
    ];
    const update = [
      ...matrix(
        "update an entry",
        {
          method: "PATCH",
          url: "/api/collections/entries/records/$eBright",
          body: { title: "Bright edited day" },
        },
        {
          guest: NOT_FOUND,
          owner: ok('"title":"Bright edited day"', '"name":"bright-public-day"'),
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { body: { content: "Root was here." }, ...ok('"content":"Root was here."') },
        },
      ),
      ...cases(
        {
          name: "an author cannot give an entry away",
          as: "owner",
          method: "PATCH",
          url: "/api/collections/entries/records/$eBright",
          body: { author: "$bob" },
          ...NOT_FOUND,
        },
        {
          name: "an author cannot move an entry into another user's notebook",
          as: "owner",
          method: "PATCH",
          url: "/api/collections/entries/records/$eBright",
          body: { collection: "$cBob" },
          ...NOT_FOUND,
        },
        {
          name: "an author moves an entry into their own notebook",
          as: "owner",
          method: "PATCH",
          url: "/api/collections/entries/records/$eBright",
          body: { collection: "$cLink", visibility: "unlisted" },
          expectedStatus: 200,
          expectedContent: ['"collection":"$cLink"', '"visibility":"unlisted"'],
        },
      ),
    ];
    const remove = [
      ...matrix(
        "delete an entry",
        { method: "DELETE", url: "/api/collections/entries/records/$eSecret" },
        {
          guest: NOT_FOUND,
          owner: { url: "/api/collections/entries/records/$eDel1", expectedStatus: 204 },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { url: "/api/collections/entries/records/$eDel2", expectedStatus: 204 },
        },
      ),
      ...cases(
        {
          name: "refused deletions left the entry in place",
          as: "owner",
          method: "GET",
          url: "/api/collections/entries/records/$eSecret",
          expectedStatus: 200,
        },
        {
          name: "a deleted entry is gone",
          as: "owner",
          method: "GET",
          url: "/api/collections/entries/records/$eDel1",
          ...NOT_FOUND,
        },
      ),
    ];
    it.each(list)("$name", check);
    it.each(view)("$name", check);
    it.each(create)("$name", check);
    it.each(update)("$name", check);
    it.each(remove)("$name", check);
  });

  describe("posts", () => {
    const publishedOnly: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"totalItems":1', '"title":"Published post"'],
      notExpectedContent: ["Draft post", "Scheduled post", "Disposable"],
    };
    const everything: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"totalItems":5', '"title":"Draft post"', '"title":"Scheduled post"'],
    };
    const hidden = (title: string) =>
      matrix(
        `view a ${title.toLowerCase()}`,
        {
          method: "GET",
          url: `/api/collections/posts/records/$${title === "Draft post" ? "pDraft" : "pSched"}`,
        },
        {
          guest: NOT_FOUND,
          owner: { expectedStatus: 200, expectedContent: [`"title":"${title}"`] },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { expectedStatus: 200, expectedContent: [`"title":"${title}"`] },
        },
      );
    const published: Outcome = {
      expectedStatus: 200,
      expectedContent: [
        '"title":"Published post"',
        '"publishedAt":"2020-01-02 03:04:05.000Z"',
        '"username":"alice"',
      ],
    };
    const list = matrix(
      "list posts",
      { method: "GET", url: "/api/collections/posts/records" },
      {
        guest: publishedOnly,
        owner: everything,
        other: publishedOnly,
        writer: publishedOnly,
        admin: publishedOnly,
        superuser: everything,
      },
    );
    const view = [
      ...matrix(
        "view a published post",
        { method: "GET", url: "/api/collections/posts/records/$pPub?expand=author" },
        {
          guest: published,
          owner: published,
          other: published,
          writer: published,
          admin: published,
          superuser: published,
        },
      ),
      ...hidden("Draft post"),
      ...hidden("Scheduled post"),
    ];
    const create = [
      ...matrix(
        "create a post",
        {
          method: "POST",
          url: "/api/collections/posts/records",
          body: { author: "$alice", title: "Fresh post" },
        },
        {
          guest: CREATE_DENIED,
          owner: {
            expectedStatus: 200,
            expectedContent: ['"slug":"fresh-post"', '"status":"draft"', '"publishedAt":""'],
          },
          other: { body: { author: "$bob", title: "Fresh post" }, ...CREATE_DENIED },
          writer: {
            body: { author: "$wendy", title: "Fresh post", status: "published" },
            expectedStatus: 200,
            expectedContent: ['"author":"$wendy"', '"slug":"fresh-post"', '"status":"published"'],
            notExpectedContent: ['"publishedAt":""'],
          },
          admin: {
            body: { author: "$adam", title: "Fresh post" },
            expectedStatus: 200,
            expectedContent: ['"author":"$adam"'],
          },
          superuser: {
            body: { author: "$bob", title: "Fresh post" },
            expectedStatus: 200,
            expectedContent: ['"author":"$bob"'],
          },
        },
      ),
      ...cases({
        name: "a writer cannot post as someone else",
        as: "writer",
        method: "POST",
        url: "/api/collections/posts/records",
        body: { author: "$alice", title: "Ghost post" },
        ...CREATE_DENIED,
      }),
    ];
    const update = [
      ...matrix(
        "update a post",
        {
          method: "PATCH",
          url: "/api/collections/posts/records/$pPub",
          body: { excerpt: "Edited." },
        },
        {
          guest: NOT_FOUND,
          owner: { expectedStatus: 200, expectedContent: ['"excerpt":"Edited."'] },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: {
            body: { lang: "fr" },
            expectedStatus: 200,
            expectedContent: ['"lang":"fr"'],
          },
        },
      ),
      ...cases({
        name: "an author cannot give a post away",
        as: "owner",
        method: "PATCH",
        url: "/api/collections/posts/records/$pPub",
        body: { author: "$wendy" },
        ...NOT_FOUND,
      }),
    ];
    const remove = matrix(
      "delete a post",
      { method: "DELETE", url: "/api/collections/posts/records/$pDraft" },
      {
        guest: NOT_FOUND,
        owner: { url: "/api/collections/posts/records/$pDel1", expectedStatus: 204 },
        other: NOT_FOUND,
        writer: NOT_FOUND,
        admin: NOT_FOUND,
        superuser: { url: "/api/collections/posts/records/$pDel2", expectedStatus: 204 },
      },
    );
    it.each(list)("$name", check);
    it.each(view)("$name", check);
    it.each(create)("$name", check);
    it.each(update)("$name", check);
    it.each(remove)("$name", check);
  });

  describe("collections", () => {
    const publicOnly: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"totalItems":1', '"title":"Open notebook"'],
      notExpectedContent: ["Link notebook", "Locked notebook", "Bob notebook"],
    };
    const list = matrix(
      "list notebooks",
      { method: "GET", url: "/api/collections/collections/records" },
      {
        guest: publicOnly,
        owner: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":5', "Link notebook", "Locked notebook"],
          notExpectedContent: ["Bob notebook"],
        },
        other: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":2', "Open notebook", "Bob notebook"],
          notExpectedContent: ["Locked notebook", "Link notebook"],
        },
        writer: publicOnly,
        admin: publicOnly,
        superuser: {
          expectedStatus: 200,
          expectedContent: ['"totalItems":6', "Locked notebook", "Bob notebook"],
        },
      },
    );
    const linked: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"title":"Link notebook"', '"visibility":"unlisted"'],
    };
    const locked: Outcome = { expectedStatus: 200, expectedContent: ['"title":"Locked notebook"'] };
    const view = [
      ...matrix(
        "view an unlisted notebook",
        { method: "GET", url: "/api/collections/collections/records/$cLink" },
        {
          guest: linked,
          owner: linked,
          other: linked,
          writer: linked,
          admin: linked,
          superuser: linked,
        },
      ),
      ...matrix(
        "view a private notebook",
        { method: "GET", url: "/api/collections/collections/records/$cLocked" },
        {
          guest: NOT_FOUND,
          owner: locked,
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: locked,
        },
      ),
      ...matrix(
        "list a notebook's entries through a back-relation",
        {
          method: "GET",
          url: "/api/collections/collections/records/$cLocked?expand=entries_via_collection",
        },
        {
          guest: NOT_FOUND,
          owner: {
            expectedStatus: 200,
            expectedContent: ['"entries_via_collection":[{', '"title":"Sunny public day"'],
          },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { expectedStatus: 200, expectedContent: ['"title":"Sunny public day"'] },
        },
      ),
    ];
    const create = [
      ...matrix(
        "create a notebook",
        {
          method: "POST",
          url: "/api/collections/collections/records",
          body: { owner: "$alice", title: "Fresh notebook" },
        },
        {
          guest: CREATE_DENIED,
          owner: {
            expectedStatus: 200,
            expectedContent: ['"name":"fresh-notebook"', '"visibility":"private"'],
          },
          other: CREATE_DENIED,
          writer: CREATE_DENIED,
          admin: CREATE_DENIED,
          superuser: {
            body: { owner: "$wendy", title: "Fresh notebook" },
            expectedStatus: 200,
            expectedContent: ['"owner":"$wendy"', '"name":"fresh-notebook"'],
          },
        },
      ),
      ...cases({
        name: "a user creates their own notebook",
        as: "other",
        method: "POST",
        url: "/api/collections/collections/records",
        body: { owner: "$bob", title: "Second Bob notebook", visibility: "public" },
        expectedStatus: 200,
        expectedContent: ['"owner":"$bob"', '"visibility":"public"'],
      }),
    ];
    const update = [
      ...matrix(
        "update a notebook",
        {
          method: "PATCH",
          url: "/api/collections/collections/records/$cOpen",
          body: { description: "Edited." },
        },
        {
          guest: NOT_FOUND,
          owner: { expectedStatus: 200, expectedContent: ['"description":"Edited."'] },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: {
            body: { title: "Open notebook (root)" },
            expectedStatus: 200,
            expectedContent: ["(root)"],
          },
        },
      ),
      ...cases({
        name: "an owner cannot give a notebook away",
        as: "owner",
        method: "PATCH",
        url: "/api/collections/collections/records/$cOpen",
        body: { owner: "$bob" },
        ...NOT_FOUND,
      }),
    ];
    const remove = [
      ...matrix(
        "delete a notebook",
        { method: "DELETE", url: "/api/collections/collections/records/$cLocked" },
        {
          guest: NOT_FOUND,
          owner: { url: "/api/collections/collections/records/$cDel1", expectedStatus: 204 },
          other: NOT_FOUND,
          writer: NOT_FOUND,
          admin: NOT_FOUND,
          superuser: { url: "/api/collections/collections/records/$cDel2", expectedStatus: 204 },
        },
      ),
      ...cases(
        {
          name: "deleting a notebook keeps its entries",
          as: "owner",
          method: "DELETE",
          url: "/api/collections/collections/records/$cLocked",
          expectedStatus: 204,
        },
        {
          name: "the entry of a deleted notebook is out of it",
          as: "guest",
          method: "GET",
          url: "/api/collections/entries/records/$eSunny",
          expectedStatus: 200,
          expectedContent: ['"collection":""', '"title":"Sunny public day"'],
        },
      ),
    ];
    it.each(list)("$name", check);
    it.each(view)("$name", check);
    it.each(create)("$name", check);
    it.each(update)("$name", check);
    it.each(remove)("$name", check);
  });

  describe("items", () => {
    const empty: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"items":[]', '"totalItems":0', '"totalPages":0'],
    };
    const all: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"totalItems":3', '"name":"Alpha item"'],
    };
    const alpha: Outcome = {
      expectedStatus: 200,
      expectedContent: ['"code":"alpha"', '"owner":"$adam"'],
    };
    const list = matrix(
      "list items",
      { method: "GET", url: "/api/collections/items/records" },
      { guest: empty, owner: empty, other: empty, writer: empty, admin: all, superuser: all },
    );
    const view = matrix(
      "view an item",
      { method: "GET", url: "/api/collections/items/records/$iAlpha?expand=owner" },
      {
        guest: NOT_FOUND,
        owner: NOT_FOUND,
        other: NOT_FOUND,
        writer: NOT_FOUND,
        admin: { ...alpha, expectedContent: ['"code":"alpha"', '"email":"adam@example.com"'] },
        superuser: alpha,
      },
    );
    const create = matrix(
      "create an item",
      {
        method: "POST",
        url: "/api/collections/items/records",
        body: { code: "beta", name: "Beta" },
      },
      {
        guest: CREATE_DENIED,
        owner: CREATE_DENIED,
        other: CREATE_DENIED,
        writer: CREATE_DENIED,
        admin: {
          expectedStatus: 200,
          expectedContent: ['"code":"beta"', '"status":"active"', '"data":null'],
        },
        superuser: {
          body: { code: "gamma", name: "Gamma", data: { a: [1, 2] } },
          expectedStatus: 200,
          expectedContent: ['"code":"gamma"', '"data":{"a":[1,2]}'],
        },
      },
    );
    const update = matrix(
      "update an item",
      {
        method: "PATCH",
        url: "/api/collections/items/records/$iAlpha",
        body: { status: "archived" },
      },
      {
        guest: NOT_FOUND,
        owner: NOT_FOUND,
        other: NOT_FOUND,
        writer: NOT_FOUND,
        admin: { expectedStatus: 200, expectedContent: ['"status":"archived"'] },
        superuser: {
          body: { "tags+": "root" },
          expectedStatus: 200,
          expectedContent: ['"tags":["root"]'],
        },
      },
    );
    const remove = matrix(
      "delete an item",
      { method: "DELETE", url: "/api/collections/items/records/$iAlpha" },
      {
        guest: NOT_FOUND,
        owner: NOT_FOUND,
        other: NOT_FOUND,
        writer: NOT_FOUND,
        admin: { url: "/api/collections/items/records/$iDel1", expectedStatus: 204 },
        superuser: { url: "/api/collections/items/records/$iDel2", expectedStatus: 204 },
      },
    );
    it.each(list)("$name", check);
    it.each(view)("$name", check);
    it.each(create)("$name", check);
    it.each(update)("$name", check);
    it.each(remove)("$name", check);

    it("refused item deletions left the item in place", async () => {
      const res = await run({
        name: "admin views alpha",
        as: "admin",
        method: "GET",
        url: "/api/collections/items/records/$iAlpha",
        expectedStatus: 200,
      });
      expect((res.json() as { status: string }).status).toBe("archived");
    });
  });
});

/**
 * Bad and unusual input on the records API: malformed bodies, wrong types, validation codes
 * with their params, unique and id rules, modifiers, multipart and urlencoded bodies, paging
 * parameters, missing collections and records, and the body size limit.
 *
 * URLs and bodies name fixtures as `$name` placeholders, filled in once the fixtures exist.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "alice" | "bob" | "adam" | "root";

type Case = TableScenario<Who>;

const ENTRIES = "/api/collections/entries/records";
const ITEMS = "/api/collections/items/records";
const USERS = "/api/collections/users/records";
const MIB = 1024 * 1024;
const CREATE_FAILED = '"message":"Failed to create record."';
const UPDATE_FAILED = '"message":"Failed to update record."';

/** A multipart body from text parts (repeated names allowed). */
function multipart(parts: [string, string][]): Pick<Case, "body" | "headers"> {
  const boundary = `----cahier${randomBytes(8).toString("hex")}`;
  let body = "";
  for (const [name, value] of parts) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  body += `--${boundary}--\r\n`;
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** An urlencoded body. */
function urlencoded(parts: [string, string][]): Pick<Case, "body" | "headers"> {
  return {
    // `$` stays literal so fixture placeholders can be filled in.
    body: new URLSearchParams(parts).toString().replaceAll("%24", "$"),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  };
}

/** A field error fragment: `"field":{"code":"…"`. */
function fieldCode(field: string, code: string): string {
  return `"${field}":{"code":"${code}"`;
}

describe.each(DIALECTS)("records input (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { run, check } = tableRunner<Who>(() => app, ids, tokens);

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice", role: "writer" });
    const bob = await app.createUser({ username: "bob" });
    const adam = await app.createUser({ username: "adam", role: "admin" });
    const root = await app.createSuperuser();
    Object.assign(tokens, {
      alice: alice.token,
      bob: bob.token,
      adam: adam.token,
      root: root.token,
    });
    ids.alice = String(alice.record.id);
    ids.bob = String(bob.record.id);
    ids.root = String(root.record.id);
    const seed = async (key: string, collection: string, data: Record<string, unknown>) => {
      ids[key] = String((await app.seedRecord(collection, data)).id);
    };
    await seed("taken", "entries", {
      author: ids.alice,
      title: "Taken",
      name: "taken",
      visibility: "public",
    });
    await seed("other", "entries", { author: ids.alice, title: "Other" });
    await seed("tagged", "entries", { author: ids.alice, title: "Tagged", tags: ["a", "b"] });
    await seed("alpha", "items", { code: "alpha", name: "Alpha" });
    for (let i = 0; i < 4; i++)
      await seed(`page${i}`, "entries", {
        author: ids.bob,
        title: `Page ${i}`,
        visibility: "public",
      });
  });
  afterAll(async () => {
    await app.close();
  });

  describe("bodies", () => {
    it.each<Case>([
      {
        name: "malformed JSON on create",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"title":',
        expectedStatus: 400,
        expectedContent: ['"data":{}', '"status":400'],
      },
      {
        name: "malformed JSON on update",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        body: '{"title" "x"}',
        expectedStatus: 400,
        expectedContent: ['"data":{}'],
      },
      {
        name: "a JSON array body",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '[{"author":"$alice","title":"In an array"}]',
        expectedStatus: 400,
        expectedContent: ['"data":{}'],
      },
      {
        name: "a JSON string body",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        body: '"title"',
        expectedStatus: 400,
        expectedContent: ['"data":{}'],
      },
      {
        name: "an empty body on create lists the required fields",
        as: "root",
        method: "POST",
        url: ENTRIES,
        body: "",
        expectedStatus: 400,
        expectedContent: [
          CREATE_FAILED,
          fieldCode("author", "validation_required"),
          fieldCode("title", "validation_required"),
        ],
      },
      {
        name: "an empty body on update changes nothing",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        body: "",
        expectedStatus: 200,
        expectedContent: ['"title":"Other"'],
      },
      {
        name: "unknown and server-managed keys are ignored",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: {
          author: "$alice",
          title: "Ignored keys",
          nope: 1,
          collectionName: "posts",
          collectionId: "x",
          created: "2000-01-01 00:00:00.000Z",
          expand: { a: 1 },
        },
        expectedStatus: 200,
        expectedContent: ['"collectionName":"entries"', '"title":"Ignored keys"'],
        notExpectedContent: ["nope", "2000-01-01", '"expand"'],
      },
      {
        name: "tags must be a list of strings",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Bad tags", tags: {} },
        expectedStatus: 400,
        expectedContent: [CREATE_FAILED, fieldCode("tags", "validation_invalid_value")],
      },
      {
        name: "a list is not a title",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: [] },
        expectedStatus: 400,
        expectedContent: [CREATE_FAILED, fieldCode("title", "validation_required")],
      },
      {
        name: "an object is not a title",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        body: { title: { text: "x" } },
        expectedStatus: 400,
        expectedContent: [UPDATE_FAILED, '"title":{"code":"validation_'],
      },
      {
        name: "too long text carries its limit",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "é".repeat(201) },
        expectedStatus: 400,
        expectedContent: [
          '"title":{"code":"validation_max_text_constraint","message":"Must be no more than 200 character(s).","params":{"max":200}}',
        ],
      },
      {
        name: "text at the limit counts characters, not bytes",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "é".repeat(200) },
        expectedStatus: 200,
      },
      {
        name: "a slug must match its pattern",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Slug", name: "Bad Slug!" },
        expectedStatus: 400,
        expectedContent: [
          '"name":{"code":"validation_invalid_format","message":"Invalid value format."}',
        ],
      },
      {
        name: "a select value must be allowed",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Select", visibility: "secret" },
        expectedStatus: 400,
        expectedContent: [
          fieldCode("visibility", "validation_invalid_value"),
          '"params":{"value":"secret"}',
        ],
      },
      {
        name: "at most 20 tags",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: {
          author: "$alice",
          title: "Many tags",
          tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
        },
        expectedStatus: 400,
        expectedContent: [fieldCode("tags", "validation_too_many_values")],
      },
      {
        name: "20 tags are fine",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: {
          author: "$alice",
          title: "Twenty tags",
          tags: Array.from({ length: 20 }, (_, i) => `t${i}`),
        },
        expectedStatus: 200,
        expectedContent: ['"t19"'],
      },
      {
        name: "a tag has at most 40 characters",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Long tag", tags: ["x".repeat(41)] },
        expectedStatus: 400,
        expectedContent: [fieldCode("tags", "validation_max_text_constraint")],
      },
      {
        name: "an unknown relation id",
        as: "root",
        method: "POST",
        url: ENTRIES,
        body: { author: "nosuchuser00000", title: "Orphan" },
        expectedStatus: 400,
        expectedContent: [CREATE_FAILED, fieldCode("author", "validation_missing_rel_records")],
      },
      {
        name: "an unknown relation id on an optional relation",
        as: "adam",
        method: "POST",
        url: ITEMS,
        body: { code: "orphan", name: "Orphan", owner: "nosuchuser00000" },
        expectedStatus: 400,
        expectedContent: [fieldCode("owner", "validation_missing_rel_records")],
      },
      {
        name: "an unknown notebook fails the create rule without a hint",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Lost", collection: "nosuchnotebook1" },
        expectedStatus: 400,
        expectedContent: ['{"data":{},"message":"Failed to create record.","status":400}'],
      },
      {
        name: "a JSON string stays a string in a JSON field",
        as: "adam",
        method: "POST",
        url: ITEMS,
        body: { code: "str", name: "String data", data: "0012" },
        expectedStatus: 200,
        expectedContent: ['"data":"0012"'],
      },
      {
        name: "json data over 64 KB",
        as: "adam",
        method: "POST",
        url: ITEMS,
        body: { code: "big", name: "Big", data: { blob: "x".repeat(65 * 1024) } },
        expectedStatus: 400,
        expectedContent: [fieldCode("data", "validation_json_size_limit")],
      },
    ])("$name", check);
  });

  describe("uniqueness and ids", () => {
    it.each<Case>([
      {
        name: "entry name unique per author",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Again", name: "taken" },
        expectedStatus: 400,
        expectedContent: [
          CREATE_FAILED,
          '"name":{"code":"validation_not_unique","message":"Value must be unique."}',
        ],
      },
      {
        name: "another author may use the same name",
        as: "bob",
        method: "POST",
        url: ENTRIES,
        body: { author: "$bob", title: "Mine", name: "taken" },
        expectedStatus: 200,
        expectedContent: ['"name":"taken"'],
      },
      {
        name: "renaming onto a taken name",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        body: { name: "taken" },
        expectedStatus: 400,
        expectedContent: [UPDATE_FAILED, fieldCode("name", "validation_not_unique")],
      },
      {
        name: "a generated name never collides",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Taken" },
        expectedStatus: 200,
        expectedContent: ['"name":"taken-2"'],
      },
      {
        name: "username unique case-insensitively",
        as: "guest",
        method: "POST",
        url: USERS,
        body: {
          username: "ALICE",
          email: "upper@example.com",
          password: "password123",
          passwordConfirm: "password123",
        },
        expectedStatus: 400,
        expectedContent: [fieldCode("username", "validation_not_unique")],
        notExpectedContent: ['"email":{'],
      },
      {
        name: "email unique (to those who see addresses: ADR 061)",
        as: "root",
        method: "POST",
        url: USERS,
        body: {
          username: "alice2",
          email: "alice@example.com",
          password: "password123",
          passwordConfirm: "password123",
        },
        expectedStatus: 400,
        expectedContent: [fieldCode("email", "validation_not_unique")],
      },
      {
        name: "a guest's sign-up with a taken email is answered as a new one (ADR 061)",
        as: "guest",
        method: "POST",
        url: USERS,
        body: {
          username: "alice3",
          email: "alice@example.com",
          password: "password123",
          passwordConfirm: "password123",
        },
        expectedStatus: 200,
        expectedContent: ['"username":"alice3"', '"verified":false'],
        notExpectedContent: ["alice@example.com", '"email"'],
      },
      {
        name: "username format",
        as: "guest",
        method: "POST",
        url: USERS,
        body: {
          username: "a b",
          email: "ab@example.com",
          password: "password123",
          passwordConfirm: "password123",
        },
        expectedStatus: 400,
        expectedContent: [fieldCode("username", "validation_invalid_format")],
      },
      {
        name: "email format",
        as: "guest",
        method: "POST",
        url: USERS,
        body: {
          username: "bademail",
          email: "not-an-email",
          password: "password123",
          passwordConfirm: "password123",
        },
        expectedStatus: 400,
        expectedContent: [fieldCode("email", "validation_is_email")],
      },
      {
        name: "item code unique",
        as: "adam",
        method: "POST",
        url: ITEMS,
        body: { code: "alpha", name: "Alpha again" },
        expectedStatus: 400,
        expectedContent: [fieldCode("code", "validation_not_unique")],
      },
      {
        name: "a custom id shorter than 15 characters",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { id: "short", author: "$alice", title: "Id" },
        expectedStatus: 400,
        expectedContent: [
          '"id":{"code":"validation_min_text_constraint","message":"Must be at least 15 character(s).","params":{"min":15}}',
        ],
      },
      {
        name: "a custom id longer than 15 characters",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { id: "a".repeat(16), author: "$alice", title: "Id" },
        expectedStatus: 400,
        expectedContent: [fieldCode("id", "validation_max_text_constraint")],
      },
      {
        name: "a custom id outside [a-z0-9]",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { id: "ABCDEFGHIJKLMNO", author: "$alice", title: "Id" },
        expectedStatus: 400,
        expectedContent: [fieldCode("id", "validation_invalid_format")],
      },
      {
        name: "a valid custom id",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { id: "customid0000001", author: "$alice", title: "Custom id" },
        expectedStatus: 200,
        expectedContent: ['"id":"customid0000001"'],
      },
      {
        name: "a duplicated custom id",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { id: "customid0000001", author: "$alice", title: "Custom id again" },
        expectedStatus: 400,
        expectedContent: [fieldCode("id", "validation_pk_invalid")],
      },
      {
        name: "the same id in another base collection",
        as: "alice",
        method: "POST",
        url: "/api/collections/posts/records",
        body: { id: "customid0000001", author: "$alice", title: "Same id, other collection" },
        expectedStatus: 200,
        expectedContent: ['"id":"customid0000001"'],
      },
      {
        name: "an auth id taken in another auth collection",
        as: "guest",
        method: "POST",
        url: USERS,
        body: {
          id: "$root",
          username: "clash",
          email: "clash@example.com",
          password: "password123",
          passwordConfirm: "password123",
        },
        expectedStatus: 400,
        expectedContent: [fieldCode("id", "validation_invalid_auth_id")],
      },
      {
        name: "the id cannot change",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/customid0000001`,
        body: { id: "customid0000002" },
        expectedStatus: 400,
        expectedContent: [UPDATE_FAILED, fieldCode("id", "validation_pk_change")],
      },
      {
        name: "resending the same id is fine",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/customid0000001`,
        body: { id: "customid0000001", title: "Same id" },
        expectedStatus: 200,
        expectedContent: ['"id":"customid0000001"', '"title":"Same id"'],
      },
    ])("$name", check);
  });

  describe("modifiers", () => {
    it.each<Case>([
      {
        name: "tags+ appends",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$tagged`,
        body: { "tags+": ["c", "a"] },
        expectedStatus: 200,
        expectedContent: ['"tags":["a","b","c"]'],
      },
      {
        name: "+tags prepends",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$tagged`,
        body: { "+tags": "z" },
        expectedStatus: 200,
        expectedContent: ['"tags":["z","a","b","c"]'],
      },
      {
        name: "tags- removes",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$tagged`,
        body: { "tags-": ["a", "c", "missing"] },
        expectedStatus: 200,
        expectedContent: ['"tags":["z","b"]'],
      },
      {
        name: "set, then append",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$tagged`,
        body: { tags: ["x"], "tags+": "y" },
        expectedStatus: 200,
        expectedContent: ['"tags":["x","y"]'],
      },
      {
        name: "modifiers on create",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: { author: "$alice", title: "Modified", "tags+": ["m"], "+tags": "n" },
        expectedStatus: 200,
        expectedContent: ['"tags":["n","m"]'],
      },
      {
        name: "modifiers count against the tag limit",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$tagged`,
        body: { "tags+": Array.from({ length: 19 }, (_, i) => `more${i}`) },
        expectedStatus: 400,
        expectedContent: [fieldCode("tags", "validation_too_many_values")],
      },
    ])("$name", check);
  });

  describe("multipart and urlencoded bodies", () => {
    it.each<Case>([
      {
        name: "multipart text parts with value inference and repeated keys",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        ...multipart([
          ["author", "$alice"],
          ["title", "2024"],
          ["content", "0012"],
          ["tags", "one"],
          ["tags", "two"],
          ["visibility", "public"],
        ]),
        expectedStatus: 200,
        expectedContent: [
          '"title":"2024"',
          '"content":"0012"',
          '"tags":["one","two"]',
          '"visibility":"public"',
        ],
      },
      {
        name: "multipart numbers and booleans into a JSON field",
        as: "adam",
        method: "POST",
        url: ITEMS,
        ...multipart([
          ["code", "multi-1"],
          ["name", "Multi"],
          ["data", "12"],
        ]),
        expectedStatus: 200,
        expectedContent: ['"data":12', '"code":"multi-1"'],
      },
      {
        name: "multipart non-canonical numbers stay strings",
        as: "adam",
        method: "POST",
        url: ITEMS,
        ...multipart([
          ["code", "multi-2"],
          ["name", "Multi"],
          ["data", "0012"],
        ]),
        expectedStatus: 200,
        expectedContent: ['"data":"0012"'],
      },
      {
        name: "multipart @jsonPayload merges over the form",
        as: "adam",
        method: "POST",
        url: ITEMS,
        ...multipart([
          ["code", "multi-3"],
          ["name", "Form name"],
          [
            "@jsonPayload",
            JSON.stringify({ name: "Payload name", data: { k: [1, "2"] }, tags: ["p", "q"] }),
          ],
        ]),
        expectedStatus: 200,
        expectedContent: ['"name":"Payload name"', '"data":{"k":[1,"2"]}', '"tags":["p","q"]'],
      },
      {
        name: "multipart with several @jsonPayload parts",
        as: "adam",
        method: "POST",
        url: ITEMS,
        ...multipart([
          ["@jsonPayload", JSON.stringify({ code: "multi-4", name: "One" })],
          ["@jsonPayload", JSON.stringify({ data: [1] })],
        ]),
        expectedStatus: 200,
        expectedContent: ['"code":"multi-4"', '"data":[1]'],
      },
      {
        name: "multipart malformed @jsonPayload",
        as: "adam",
        method: "POST",
        url: ITEMS,
        ...multipart([
          ["code", "multi-5"],
          ["@jsonPayload", "{nope"],
        ]),
        expectedStatus: 400,
        expectedContent: ['"data":{}'],
      },
      {
        name: "multipart sign-up with a numeric password and a boolean",
        as: "guest",
        method: "POST",
        url: USERS,
        ...multipart([
          ["username", "multiuser"],
          ["email", "multiuser@example.com"],
          ["password", "12345678"],
          ["passwordConfirm", "12345678"],
          ["emailVisibility", "true"],
        ]),
        expectedStatus: 200,
        expectedContent: ['"emailVisibility":true', '"email":"multiuser@example.com"'],
        notExpectedContent: ["12345678"],
      },
      {
        name: "the numeric multipart password works",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        body: { identity: "multiuser", password: "12345678" },
        expectedStatus: 200,
      },
      {
        name: "multipart update",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        ...multipart([
          ["title", "Multipart title"],
          ["tags+", "mp"],
        ]),
        expectedStatus: 200,
        expectedContent: ['"title":"Multipart title"', '"tags":["mp"]'],
      },
      {
        name: "urlencoded create",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        ...urlencoded([
          ["author", "$alice"],
          ["title", "Form entry & more"],
          ["tags", "a"],
          ["tags", "b"],
        ]),
        expectedStatus: 200,
        expectedContent: [
          '"title":"Form entry \\u0026 more"',
          '"tags":["a","b"]',
          '"name":"form-entry-more"',
        ],
      },
      {
        name: "urlencoded update",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        ...urlencoded([["visibility", "unlisted"]]),
        expectedStatus: 200,
        expectedContent: ['"visibility":"unlisted"'],
      },
      {
        name: "an unsupported content type",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "author=x",
        headers: { "content-type": "text/plain" },
        expectedStatus: 400,
        expectedContent: ['"data":{}'],
      },
    ])("$name", check);
  });

  describe("paging parameters", () => {
    // Bob's four public "Page" entries plus Alice's public "Taken" entry are visible to guests.
    const list = `${ENTRIES}?filter=${encodeURIComponent('author.username = "bob" && title ~ "Page"')}`;
    it.each<Case>([
      {
        name: "page not a number",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?page=abc`,
        expectedStatus: 400,
        expectedContent: ['"data":{}'],
      },
      {
        name: "page a decimal",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?page=1.5`,
        expectedStatus: 400,
      },
      {
        name: "perPage not a number",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?perPage=ten`,
        expectedStatus: 400,
      },
      {
        name: "skipTotal not a boolean",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?skipTotal=maybe`,
        expectedStatus: 400,
      },
      {
        name: "page 0 is page 1",
        as: "guest",
        method: "GET",
        url: `${list}&page=0&perPage=2`,
        expectedStatus: 200,
        expectedContent: ['"page":1', '"perPage":2', '"totalItems":4', '"totalPages":2'],
      },
      {
        name: "negative perPage is the default",
        as: "guest",
        method: "GET",
        url: `${list}&perPage=-5`,
        expectedStatus: 200,
        expectedContent: ['"perPage":30', '"totalPages":1'],
      },
      {
        name: "perPage above 1000 is clamped",
        as: "guest",
        method: "GET",
        url: `${list}&perPage=5000`,
        expectedStatus: 200,
        expectedContent: ['"perPage":1000', '"totalItems":4'],
      },
      {
        name: "a page past the end is empty",
        as: "guest",
        method: "GET",
        url: `${list}&page=9&perPage=2`,
        expectedStatus: 200,
        expectedContent: ['"items":[]', '"page":9', '"totalItems":4', '"totalPages":2'],
      },
      {
        name: "the last page",
        as: "guest",
        method: "GET",
        url: `${list}&page=2&perPage=3&sort=title`,
        expectedStatus: 200,
        expectedContent: ['"title":"Page 3"', '"page":2'],
        notExpectedContent: ['"title":"Page 2"'],
      },
      {
        name: "skipTotal",
        as: "guest",
        method: "GET",
        url: `${list}&skipTotal=true&perPage=1`,
        expectedStatus: 200,
        expectedContent: ['"totalItems":-1', '"totalPages":-1', '"perPage":1'],
      },
    ])("$name", check);
  });

  describe("missing collections and records", () => {
    const missingCollection = ['{"data":{},"message":"Missing collection context.","status":404}'];
    const missingRecord = [
      '{"data":{},"message":"The requested resource wasn\'t found.","status":404}',
    ];
    it.each<Case>([
      {
        name: "list",
        as: "guest",
        method: "GET",
        url: "/api/collections/nope/records",
        expectedStatus: 404,
        expectedContent: missingCollection,
      },
      {
        name: "view",
        as: "root",
        method: "GET",
        url: "/api/collections/nope/records/$taken",
        expectedStatus: 404,
        expectedContent: missingCollection,
      },
      {
        name: "create",
        as: "root",
        method: "POST",
        url: "/api/collections/nope/records",
        body: { a: 1 },
        expectedStatus: 404,
        expectedContent: missingCollection,
      },
      {
        name: "update",
        as: "root",
        method: "PATCH",
        url: "/api/collections/nope/records/$taken",
        body: {},
        expectedStatus: 404,
        expectedContent: missingCollection,
      },
      {
        name: "delete",
        as: "root",
        method: "DELETE",
        url: "/api/collections/nope/records/$taken",
        expectedStatus: 404,
        expectedContent: missingCollection,
      },
      {
        name: "a collection by id",
        as: "guest",
        method: "GET",
        url: "/api/collections/_pb_users_auth_/records?fields=username",
        expectedStatus: 200,
        expectedContent: ['"username":"alice"'],
      },
      {
        name: "a collection name is case-insensitive",
        as: "guest",
        method: "GET",
        url: "/api/collections/ENTRIES/records/$taken",
        expectedStatus: 200,
        expectedContent: ['"collectionName":"entries"'],
      },
      {
        name: "view a missing record",
        as: "root",
        method: "GET",
        url: `${ENTRIES}/nosuchrecord123`,
        expectedStatus: 404,
        expectedContent: missingRecord,
      },
      {
        name: "update a missing record",
        as: "root",
        method: "PATCH",
        url: `${ENTRIES}/nosuchrecord123`,
        body: { title: "x" },
        expectedStatus: 404,
        expectedContent: missingRecord,
      },
      {
        name: "delete a missing record",
        as: "root",
        method: "DELETE",
        url: `${ENTRIES}/nosuchrecord123`,
        expectedStatus: 404,
        expectedContent: missingRecord,
      },
      {
        name: "an id with odd characters",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}/${encodeURIComponent("' OR 1=1 --")}`,
        expectedStatus: 404,
      },
    ])("$name", check);
  });

  describe("body size", () => {
    it("answers 413 over 32 MiB", async () => {
      const body = JSON.stringify({
        author: ids.alice,
        title: "Huge",
        content: "x".repeat(32 * MIB),
      });
      await run({
        name: "over the body limit",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body,
        expectedStatus: 413,
        expectedContent: ['{"data":{},"message":"Request entity too large.","status":413}'],
      });
    });

    it("validates a large body under the limit", async () => {
      const body = JSON.stringify({ content: "x".repeat(32 * MIB - 1024) });
      const res = await run({
        name: "under the body limit",
        as: "alice",
        method: "PATCH",
        url: `${ENTRIES}/$other`,
        body,
        expectedStatus: 400,
        expectedContent: [
          fieldCode("content", "validation_max_text_constraint"),
          '"params":{"max":100000}',
        ],
      });
      expect(res.body.length).toBeLessThan(1000);
    });
  });
});

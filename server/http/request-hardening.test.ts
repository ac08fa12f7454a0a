/**
 * Request hardening, checklist rows B14 (path variants), B22 (prototype and parameter
 * pollution), B28 (the `pb_auth` cookie and cross-origin page writes) and B29 (hostile ids
 * in path parameters), as scenario tables on every selected database engine.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "alice" | "bob" | "ada" | "root";

const NOT_FOUND = '{"data":{},"message":"The requested resource wasn\'t found.","status":404}\n';
const FORBIDDEN =
  '{"data":{},"message":"You are not allowed to perform this request.","status":403}\n';
const SECRET = "Secret diary of Alice";
const ITEM = "Hidden lantern";

/** A multipart body of text parts. */
function multipart(parts: [string, string][]): { body: string; headers: Record<string, string> } {
  const boundary = `----cahier${randomBytes(8).toString("hex")}`;
  let body = "";
  for (const [name, value] of parts) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return {
    body: `${body}--${boundary}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Object.prototype is untouched: no property was added to every object. */
function expectNoPollution(): void {
  const probe: Record<string, unknown> = {};
  for (const key of ["polluted", "role", "visibility", "verified", "x", "isSuperuser"]) {
    expect(probe[key], `Object.prototype.${key}`).toBeUndefined();
  }
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

/** A protected request and what its canonical form answers. */
interface Protected {
  name: string;
  as: Who;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Canonical path, starting `/api/collections/{collection}/…`. */
  url: string;
  body?: Record<string, unknown>;
  status: number;
  /** What must never appear, whatever the variant. */
  secret: string[];
}

/** What a path variant must answer (B14). */
type VariantExpectation =
  /** Routing reaches the same handler: the very answer of the canonical path. */
  | "same"
  /** No API route matches: the API's JSON 404, nothing reached. */
  | 404
  /** Not an API path at all: the web app's HTML 404 (GET) or 405 (other methods). */
  | "page";

/**
 * Variants of a canonical API path, sent as written over a real socket (no client
 * normalizes them away).
 */
function variants(url: string): { variant: string; url: string; expect: VariantExpectation }[] {
  const [path = "", query] = url.split("?");
  const q = query ? `?${query}` : "";
  const segments = path.split("/"); // ["", "api", "collections", "{collection}", ...]
  const collection = segments[3] ?? "";
  const rest = segments.slice(4).join("/");
  const encodeFirst = (text: string) =>
    `%${text.charCodeAt(0).toString(16).padStart(2, "0")}${text.slice(1)}`;
  return [
    { variant: "canonical", url, expect: "same" },
    { variant: "trailing /", url: `${path}/${q}`, expect: "same" },
    {
      variant: "collection in upper case",
      url: `/api/collections/${collection.toUpperCase()}/${rest}${q}`,
      expect: "same",
    },
    {
      variant: "percent-encoded letter",
      url: `/api/collections/${collection}/${encodeFirst(rest)}${q}`,
      expect: "same",
    },
    { variant: ";x=1 parameters", url: `${path};x=1${q}`, expect: 404 },
    { variant: "//", url: `/api//collections/${collection}/${rest}${q}`, expect: 404 },
    { variant: "%2F for /", url: `/api/collections%2F${collection}/${rest}${q}`, expect: 404 },
    { variant: "/./", url: `/api/collections/./${collection}/${rest}${q}`, expect: 404 },
    { variant: "%2e%2e", url: `/api/collections/x/%2e%2e/${collection}/${rest}${q}`, expect: 404 },
    { variant: "/../", url: `/api/collections/x/../${collection}/${rest}${q}`, expect: 404 },
    {
      variant: "API in upper case",
      url: `/API/collections/${collection}/${rest}${q}`,
      expect: "page",
    },
  ];
}

/** One request over a real socket, the path sent exactly as given. */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers["content-type"] ?? "",
          body: text,
        });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe.each(DIALECTS)("request hardening (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const logins: Record<string, { token: string; record: Record<string, unknown> }> = {};
  const runner = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice" });
    const bob = await app.createUser({ username: "bob" });
    const ada = await app.createUser({ username: "ada", role: "admin" });
    const root = await app.createSuperuser();
    Object.assign(logins, { alice, bob });
    tokens.alice = alice.token;
    tokens.bob = bob.token;
    tokens.ada = ada.token;
    tokens.root = root.token;
    ids.alice = String(alice.record.id);
    ids.bob = String(bob.record.id);
    const secret = await app.seedRecord("entries", { author: ids.alice, title: SECRET });
    ids.secret = String(secret.id);
    const item = await app.seedRecord("items", { code: "lantern-1", name: ITEM });
    ids.item = String(item.id);
  });
  afterAll(async () => {
    await app.close();
  });

  describe("B14: path variants get the canonical path's authorization", () => {
    const PROTECTED: Protected[] = [
      {
        name: "another user's private entry",
        as: "bob",
        method: "GET",
        url: "/api/collections/entries/records/$secret",
        status: 404,
        secret: [SECRET],
      },
      {
        name: "listing private entries as a guest",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records?filter=title~'Secret'",
        status: 200,
        secret: [SECRET],
      },
      {
        name: "updating another user's entry",
        as: "bob",
        method: "PATCH",
        url: "/api/collections/entries/records/$secret",
        body: { title: "Taken over" },
        status: 404,
        secret: [SECRET, "Taken over"],
      },
      {
        name: "deleting another user's entry",
        as: "bob",
        method: "DELETE",
        url: "/api/collections/entries/records/$secret",
        status: 404,
        secret: [SECRET],
      },
      {
        name: "listing superusers as a user",
        as: "alice",
        method: "GET",
        url: "/api/collections/_superusers/records",
        status: 403,
        secret: ["@example.com"],
      },
      {
        name: "an item as a plain user",
        as: "bob",
        method: "GET",
        url: "/api/collections/items/records/$item",
        status: 404,
        secret: [ITEM],
      },
      {
        name: "creating an item as a plain user",
        as: "bob",
        method: "POST",
        url: "/api/collections/items/records",
        body: { code: "sneaky-1", name: "Sneaky" },
        status: 400,
        secret: ["sneaky-1"],
      },
      {
        name: "refreshing without a token",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-refresh",
        status: 401,
        secret: ['"token":'],
      },
      {
        name: "making oneself an admin",
        as: "bob",
        method: "PATCH",
        url: "/api/collections/users/records/$bob",
        body: { role: "admin" },
        status: 404,
        secret: ['"role":"admin"'],
      },
    ];

    let port = 0;
    beforeAll(async () => {
      await app.http.listen({ port: 0, host: "127.0.0.1" });
      port = (app.http.server.address() as AddressInfo).port;
    });

    for (const c of PROTECTED) {
      it(`${c.name}: every variant answers as the canonical path or not at all`, async () => {
        const fill = (text: string) =>
          text.replace(/\$(\w+)/g, (_m, key: string) => ids[key] ?? "");
        const headers: Record<string, string> = {};
        const token = c.as === "guest" ? undefined : tokens[c.as];
        if (token) headers.authorization = token;
        const body = c.body ? fill(JSON.stringify(c.body)) : undefined;
        if (body) headers["content-type"] = "application/json";
        let canonical: { status: number; body: string } | undefined;
        for (const v of variants(fill(c.url))) {
          const res = await send(port, c.method, v.url, headers, body);
          canonical ??= res;
          for (const secret of c.secret) {
            expect(res.body, `${v.variant} must not contain ${secret}`).not.toContain(secret);
          }
          if (v.expect === "same") {
            expect(res.status, v.variant).toBe(c.status);
            expect(res.body, v.variant).toBe(canonical.body);
          } else if (v.expect === 404) {
            expect(res.status, v.variant).toBe(404);
            expect(res.type, v.variant).toMatch(/^application\/json/);
          } else {
            expect(res.status, v.variant).toBe(c.method === "GET" ? 404 : 405);
            expect(res.type, v.variant).toMatch(/^text\/html/);
          }
        }
      });
    }

    it("left every protected record as it was", async () => {
      await runner.run({
        name: "the secret entry, as its author",
        as: "alice",
        method: "GET",
        url: "/api/collections/entries/records/$secret",
        expectedStatus: 200,
        expectedContent: [SECRET],
      });
      await runner.run({
        name: "bob is still a plain user",
        as: "bob",
        method: "GET",
        url: "/api/collections/users/records/$bob",
        expectedStatus: 200,
        expectedContent: ['"role":""'],
      });
      await runner.run({
        name: "no sneaky item",
        as: "ada",
        method: "GET",
        url: "/api/collections/items/records?filter=code='sneaky-1'",
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      });
    });
  });

  describe("B22: prototype and parameter pollution", () => {
    const ENTRIES = "/api/collections/entries/records";

    it.each<TableScenario<Who>>([
      {
        name: "JSON __proto__ with rule-relevant fields",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":"proto json","__proto__":{"visibility":"public","polluted":true}}',
        expectedStatus: 200,
        expectedContent: ['"visibility":"private"', '"title":"proto json"'],
        notExpectedContent: ["polluted"],
      },
      {
        name: "JSON constructor.prototype",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":"ctor json","constructor":{"prototype":{"polluted":true}}}',
        expectedStatus: 200,
        expectedContent: ['"visibility":"private"'],
        notExpectedContent: ["polluted"],
      },
      {
        name: "JSON duplicate keys: the last wins, as in Go",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":"first","title":"second"}',
        expectedStatus: 200,
        expectedContent: ['"title":"second"'],
      },
      {
        name: "JSON array where text is expected",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":"t","content":["a","b"]}',
        expectedStatus: 400,
        expectedContent: ['"content":{"code":"validation_invalid_value"'],
      },
      {
        name: "JSON array where the title is expected",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":["a","b"]}',
        expectedStatus: 400,
        expectedContent: ['"data":{"title":{"code":'],
      },
      {
        name: "JSON object where text is expected",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":"t","content":{"toString":"x"}}',
        expectedStatus: 400,
        expectedContent: ['"content":{"code":"validation_invalid_value"'],
      },
      {
        name: "JSON object where a boolean is expected",
        as: "bob",
        method: "PATCH",
        url: "/api/collections/users/records/$bob",
        body: '{"emailVisibility":{"__proto__":true}}',
        expectedStatus: 400,
        expectedContent: ['"emailVisibility":{"code":"validation_invalid_value"'],
      },
      {
        name: "JSON objects inside tags",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '{"author":"$alice","title":"t","tags":[{"__proto__":{"x":1}}]}',
        expectedStatus: 400,
        expectedContent: ['"tags":{"code":"validation_invalid_value"'],
      },
      {
        name: "JSON __proto__ on a self update cannot grant a role",
        as: "bob",
        method: "PATCH",
        url: "/api/collections/users/records/$bob",
        body: '{"name":"Bob","__proto__":{"role":"admin","verified":true}}',
        expectedStatus: 200,
        expectedContent: ['"role":""', '"name":"Bob"'],
      },
      {
        name: "JSON __proto__ on sign-in",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        body: '{"__proto__":{"identity":"alice","password":"password123"}}',
        expectedStatus: 400,
        expectedContent: ['"identity":{"code":"validation_required"'],
      },
      {
        name: "urlencoded __proto__ and constructor[prototype]",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "author=$alice&title=proto%20form&__proto__=x&__proto__%5Bvisibility%5D=public&constructor%5Bprototype%5D%5Bpolluted%5D=1",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        expectedStatus: 200,
        expectedContent: ['"visibility":"private"', '"title":"proto form"'],
        notExpectedContent: ["polluted"],
      },
      {
        name: "urlencoded repeated text key",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "author=$alice&title=t&content=one&content=two",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        expectedStatus: 400,
        expectedContent: ['"content":{"code":"validation_invalid_value"'],
      },
      {
        name: "multipart @jsonPayload __proto__ and a constructor[prototype] part",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        ...multipart([
          ["author", "$alice"],
          ["title", "proto multipart"],
          ["@jsonPayload", '{"__proto__":{"visibility":"public","polluted":true}}'],
          ["constructor[prototype][polluted]", "1"],
        ]),
        expectedStatus: 200,
        expectedContent: ['"visibility":"private"', '"title":"proto multipart"'],
        notExpectedContent: ["polluted"],
      },
      {
        name: "a multipart part named __proto__ is a malformed body",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        ...multipart([
          ["author", "$alice"],
          ["title", "proto part"],
          ["__proto__", "x"],
        ]),
        expectedStatus: 400,
        expectedContent: [
          '"message":"Failed to load the submitted data due to invalid formatting."',
        ],
      },
      {
        name: "a multipart part named constructor is a malformed body",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        ...multipart([
          ["author", "$alice"],
          ["constructor", "x"],
        ]),
        expectedStatus: 400,
        expectedContent: [
          '"message":"Failed to load the submitted data due to invalid formatting."',
        ],
      },
      {
        name: "multipart @jsonPayload __proto__ cannot grant a role",
        as: "bob",
        method: "PATCH",
        url: "/api/collections/users/records/$bob",
        ...multipart([["@jsonPayload", '{"__proto__":{"role":"admin"},"name":"Bobby"}']]),
        expectedStatus: 200,
        expectedContent: ['"role":""', '"name":"Bobby"'],
      },
      {
        name: "query keys __proto__ and constructor[prototype]",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&perPage=1`,
        expectedStatus: 200,
        expectedContent: ['"perPage":1'],
        notExpectedContent: [SECRET, "polluted"],
      },
      {
        name: "repeated query keys: the first counts",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?perPage=1&perPage=500&filter=title='x'&filter=title~'Secret'`,
        expectedStatus: 200,
        expectedContent: ['"perPage":1', '"totalItems":0'],
        notExpectedContent: [SECRET],
      },
    ])("$name", async (row) => {
      await runner.run(row);
      expectNoPollution();
    });

    it("keeps the created records' prototype intact in storage", async () => {
      await runner.run({
        name: "nothing became public",
        as: "guest",
        method: "GET",
        url: `${ENTRIES}?filter=title~'proto'`,
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      });
      expectNoPollution();
    });
  });

  describe("B28: the pb_auth cookie and cross-origin page writes", () => {
    const cookie = () =>
      `pb_auth=${encodeURIComponent(JSON.stringify({ token: logins.alice?.token, record: logins.alice?.record }))}`;

    it.each<TableScenario<Who>>([
      {
        name: "auth-refresh with the cookie only",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-refresh",
        expectedStatus: 401,
      },
      {
        name: "a list with the cookie only shows guest data",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records",
        expectedStatus: 200,
        notExpectedContent: [SECRET],
      },
      {
        name: "a view with the cookie only",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/$secret",
        expectedStatus: 404,
      },
      {
        name: "a create with the cookie only",
        as: "guest",
        method: "POST",
        url: "/api/collections/entries/records",
        body: { author: "$alice", title: "Cookie write" },
        expectedStatus: 400,
        notExpectedContent: ["Cookie write"],
      },
      {
        name: "a delete with the cookie only",
        as: "guest",
        method: "DELETE",
        url: "/api/collections/entries/records/$secret",
        expectedStatus: 404,
      },
    ])("the cookie never authenticates /api: $name", async (row) => {
      await runner.run({ ...row, headers: { cookie: cookie() } });
    });

    it.each([
      ["POST", "/entry/create", { origin: "https://evil.example" }],
      ["POST", "/entry/create.data", { origin: "https://evil.example" }],
      ["POST", "/profileSettings", { origin: "null" }],
      ["PUT", "/entry/update/alice/x", { origin: "http://localhost.evil.example" }],
      ["PATCH", "/", { origin: "https://evil.example" }],
      ["DELETE", "/entry/alice/x", { "sec-fetch-site": "cross-site" }],
      ["POST", "/login", { origin: "not a url" }],
    ] as const)("refuses %s %s from another site (%j)", async (method, url, headers) => {
      const res = await app.http.inject({
        method,
        url,
        headers: {
          ...headers,
          host: "localhost:80",
          cookie: cookie(),
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: "title=Forged",
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe(FORBIDDEN);
    });

    it("lets same-origin and header-less page requests through to the app", async () => {
      for (const headers of [
        { origin: "http://localhost:80" },
        { "sec-fetch-site": "same-origin" },
        {},
      ]) {
        const res = await app.http.inject({
          method: "POST",
          url: "/login",
          headers: { ...headers, host: "localhost:80", "content-type": "text/plain" },
          payload: "x",
        });
        // No page has an action (ADR 014): React Router answers 405, not our 403.
        expect(res.statusCode).toBe(405);
      }
    });

    it("does not change anything through a page route", async () => {
      await runner.run({
        name: "no forged entry",
        as: "alice",
        method: "GET",
        url: "/api/collections/entries/records?filter=title='Forged'",
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      });
    });
  });

  describe("malformed and oversized API bodies never give a 500", () => {
    const ENTRIES = "/api/collections/entries/records";
    const MALFORMED = "Failed to load the submitted data due to invalid formatting.";
    it.each<TableScenario<Who>>([
      {
        name: "multipart without a boundary",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "garbage",
        headers: { "content-type": "multipart/form-data" },
        expectedStatus: 400,
        expectedContent: [MALFORMED],
      },
      {
        name: "multipart cut short",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
        headers: { "content-type": "multipart/form-data; boundary=x" },
        expectedStatus: 400,
        expectedContent: [MALFORMED],
      },
      {
        name: "multipart with a file part cut short",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: '--x\r\nContent-Disposition: form-data; name="attachments"; filename="a.txt"\r\n\r\nhalf a fi',
        headers: { "content-type": "multipart/form-data; boundary=x" },
        expectedStatus: 400,
        expectedContent: [MALFORMED],
      },
      {
        name: "multipart with more than 1000 parts",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        ...multipart(
          Array.from({ length: 1001 }, (_, i): [string, string] => [`f${String(i)}`, "x"]),
        ),
        expectedStatus: 413,
      },
      {
        name: "JSON nested 100,000 deep",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
        expectedStatus: 400,
        expectedContent: [MALFORMED],
      },
      {
        name: "a compressed JSON body",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "{}",
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        expectedStatus: 400,
      },
      {
        name: "an unknown content type",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "hello",
        headers: { "content-type": "text/plain" },
        expectedStatus: 400,
        expectedContent: [MALFORMED],
      },
      {
        name: "urlencoded with broken escapes",
        as: "alice",
        method: "POST",
        url: ENTRIES,
        body: "%E0%A4%A=1&title=%",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        expectedStatus: 400,
      },
    ])("$name", async (row) => {
      const res = await runner.run(row);
      expect(res.body).toMatch(/^\{"data":\{.*\},"message":"[^"]+","status":4\d\d\}\n$/);
    });
  });

  describe("page request bodies", () => {
    it("answers 413 past 1 MiB, with or without Content-Length", async () => {
      const big = "x".repeat(1024 * 1024 + 1);
      const declared = await app.http.inject({
        method: "POST",
        url: "/login",
        headers: { "content-type": "text/plain" },
        payload: big,
      });
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual({
        data: {},
        message: "Request entity too large.",
        status: 413,
      });
      const chunked = await app.http.inject({
        method: "POST",
        url: "/login",
        headers: { "content-type": "text/plain", "transfer-encoding": "chunked" },
        payload: Readable.from(
          (function* () {
            for (let i = 0; i < 17; i++) yield Buffer.alloc(64 * 1024, 120);
          })(),
        ),
      });
      expect(chunked.statusCode).toBe(413);
    });
  });

  describe("B29: hostile ids in path parameters", () => {
    const view = (id: string) => `/api/collections/entries/records/${id}`;
    it.each<TableScenario<Who>>([
      {
        name: "an encoded slash",
        as: "bob",
        method: "GET",
        url: view("a%2Fb"),
        expectedStatus: 404,
      },
      {
        name: "an encoded traversal to another collection",
        as: "bob",
        method: "GET",
        url: view("..%2F..%2Fusers%2Frecords"),
        expectedStatus: 404,
      },
      { name: "an encoded ..", as: "bob", method: "GET", url: view("%2e%2e"), expectedStatus: 404 },
      {
        name: "a traversal to the secret entry",
        as: "bob",
        method: "GET",
        url: view("x%2F..%2F$secret"),
        expectedStatus: 404,
      },
      {
        name: "16 characters",
        as: "bob",
        method: "GET",
        url: view("abcdefghijklmnop"),
        expectedStatus: 404,
      },
      {
        name: "upper case",
        as: "bob",
        method: "GET",
        url: view("ABCDEFGHIJKLMNO"),
        expectedStatus: 404,
      },
      {
        name: "punctuation",
        as: "bob",
        method: "GET",
        url: view("abc-def_ghi.jkl"),
        expectedStatus: 404,
      },
      {
        name: "a quote",
        as: "bob",
        method: "GET",
        url: view("abc'%20OR%201=1"),
        expectedStatus: 404,
      },
      { name: "a NUL", as: "bob", method: "GET", url: view("abc%00def"), expectedStatus: 404 },
      {
        name: "unicode",
        as: "bob",
        method: "GET",
        url: view("%C3%A9t%C3%A9"),
        expectedStatus: 404,
      },
      {
        name: "an update through a traversal",
        as: "bob",
        method: "PATCH",
        url: view("..%2F..%2Fusers%2Frecords%2F$alice"),
        body: { name: "Owned" },
        expectedStatus: 404,
      },
      {
        name: "a delete through a traversal",
        as: "bob",
        method: "DELETE",
        url: view("..%2F$secret"),
        expectedStatus: 404,
      },
      {
        name: "a file path through a traversal",
        as: "guest",
        method: "GET",
        url: "/api/files/entries/..%2F..%2Fusers/x.png",
        expectedStatus: 404,
      },
      {
        name: "a NUL in a file's record id",
        as: "guest",
        method: "GET",
        url: "/api/files/entries/abc%00def/x.png",
        expectedStatus: 404,
      },
      {
        name: "a collection through a traversal",
        as: "bob",
        method: "GET",
        url: "/api/collections/..%2F_superusers/records",
        expectedStatus: 404,
      },
    ])("$name", async (row) => {
      const res = await runner.run({ ...row, notExpectedContent: [SECRET, '"items"', "Owned"] });
      expect(res.body).toMatch(/^\{"data":\{\},"message":"[^"]+","status":404\}\n$/);
      if (row.url.startsWith("/api/collections/entries")) expect(res.body).toBe(NOT_FOUND);
    });

    it("never lets a NUL reach the database as an identity", async () => {
      for (const identity of ["al\u0000ice", "alice@example.com\u0000"]) {
        await runner.run({
          name: `sign in as ${JSON.stringify(identity)}`,
          as: "guest",
          method: "POST",
          url: "/api/collections/users/auth-with-password",
          body: { identity, password: "password123" },
          expectedStatus: 400,
          expectedContent: ['"message":"Failed to authenticate."'],
        });
      }
    });

    it.each([
      ["a slash", "a/b"],
      ["a traversal", "../users"],
      ["16 characters", "abcdefghijklmnop"],
      ["upper case", "ABCDEFGHIJKLMNO"],
    ])("rejects a chosen id with %s on create", async (_name, id) => {
      await runner.run({
        name: `create with id ${id}`,
        as: "alice",
        method: "POST",
        url: "/api/collections/entries/records",
        body: { id, author: "$alice", title: "chosen id" },
        expectedStatus: 400,
        expectedContent: ['"id":{"code":'],
      });
    });
  });
});

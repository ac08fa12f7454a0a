/**
 * What the HTTP application does for every route: security and CORS headers, preflight,
 * unknown routes, the body size limit, Go-style JSON output, and the `fields` picker.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "alice" | "root";

interface Case extends Omit<ApiScenario, "token"> {
  as: Who;
}

const MIB = 1024 * 1024;
const NOT_FOUND = '{"data":{},"message":"The requested resource wasn\'t found.","status":404}\n';
const TOO_LARGE = '{"data":{},"message":"Request entity too large.","status":413}\n';
const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "access-control-allow-origin": "*",
};
const CONTENT =
  'Hello <b>wor</b>ld, <script>alert("x")</script><p>second &amp; last</p> <img src="a.png"> paragraph of text';

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

describe.each(DIALECTS)("router (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};

  /** Replaces `$name` placeholders with fixture values. */
  function fillText(text: string): string {
    return text.replace(/\$(\w+)/g, (match, key: string) => {
      const value = ids[key];
      if (value === undefined) throw new Error(`unknown placeholder ${match}`);
      return value;
    });
  }

  function fill(c: Case): Case {
    return JSON.parse(fillText(JSON.stringify(c))) as Case;
  }

  async function run(c: Case) {
    const filled = fill(c);
    return runScenario(app, {
      ...filled,
      token: filled.as === "guest" ? undefined : tokens[filled.as],
    });
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice" });
    const root = await app.createSuperuser();
    tokens.alice = alice.token;
    tokens.root = root.token;
    ids.alice = String(alice.record.id);
    const entry = await app.seedRecord("entries", {
      author: ids.alice,
      title: "Markup",
      content: CONTENT,
      visibility: "public",
      tags: ["x"],
    });
    ids.entry = String(entry.id);
    const plain = await app.seedRecord("entries", {
      author: ids.alice,
      title: "Plain",
      content: "Short.",
      visibility: "public",
    });
    ids.plain = String(plain.id);
    const gone = await app.seedRecord("entries", { author: ids.alice, title: "Gone" });
    ids.gone = String(gone.id);
  });
  afterAll(async () => {
    await app.close();
  });

  describe("headers on every response", () => {
    it.each<Case>([
      {
        name: "a list",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records",
        expectedStatus: 200,
      },
      {
        name: "a missing record",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/nosuchrecord123",
        expectedStatus: 404,
      },
      {
        name: "a failed create",
        as: "guest",
        method: "POST",
        url: "/api/collections/entries/records",
        body: {},
        expectedStatus: 400,
      },
      {
        name: "a refused list",
        as: "alice",
        method: "GET",
        url: "/api/collections/_superusers/records",
        expectedStatus: 403,
      },
      {
        name: "a refused refresh",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-refresh",
        expectedStatus: 401,
      },
      {
        name: "an unknown route",
        as: "guest",
        method: "GET",
        url: "/api/nope",
        expectedStatus: 404,
      },
      {
        name: "a path outside the API",
        as: "guest",
        method: "GET",
        url: "/nope",
        expectedStatus: 404,
      },
      { name: "a HEAD", as: "guest", method: "HEAD", url: "/api/health", expectedStatus: 200 },
      {
        name: "a preflight",
        as: "guest",
        method: "OPTIONS",
        url: "/api/collections/entries/records",
        headers: { origin: "https://example.org", "access-control-request-method": "POST" },
        expectedStatus: 204,
      },
      {
        name: "an over-limit body",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        body: JSON.stringify({ identity: "x".repeat(32 * MIB), password: "y" }),
        expectedStatus: 413,
      },
    ])("$name", async (c) => {
      await run(c);
      const filled = fill(c);
      const res = await app.http.inject({
        method: filled.method,
        url: filled.url,
        headers: {
          ...(filled.as === "guest" ? {} : { authorization: tokens[filled.as] ?? "" }),
          ...(typeof filled.body === "string" ? { "content-type": "application/json" } : {}),
          ...filled.headers,
        },
        ...(filled.body === undefined ? {} : { payload: filled.body as string }),
      });
      expect(res.statusCode).toBe(c.expectedStatus);
      // Paths outside /api belong to the web app (design §2): no CORS there, and its 404
      // page is HTML.
      if (c.url.startsWith("/api/")) expect(res.headers).toMatchObject(SECURITY_HEADERS);
      else {
        const { "access-control-allow-origin": _cors, ...pageHeaders } = SECURITY_HEADERS;
        expect(res.headers).toMatchObject(pageHeaders);
        expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      }
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      // Deprecated and dropped (probe finding F9); the page CSP protects instead.
      expect(res.headers["x-xss-protection"]).toBeUndefined();
      if (c.expectedStatus >= 400 && c.url.startsWith("/api/")) {
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(res.body.endsWith("}\n")).toBe(true);
      }
    });

    it("answers JSON with a trailing newline", async () => {
      const res = await app.http.inject({ method: "GET", url: "/api/collections/entries/records" });
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body.endsWith("}\n")).toBe(true);
    });

    it("sends no body with a 204", async () => {
      const res = await app.http.inject({
        method: "DELETE",
        url: `/api/collections/entries/records/${String(ids.gone)}`,
        headers: { authorization: tokens.alice ?? "" },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(res.headers).toMatchObject(SECURITY_HEADERS);
    });
  });

  describe("CORS", () => {
    it("answers a preflight with the requested headers echoed", async () => {
      const res = await app.http.inject({
        method: "OPTIONS",
        url: "/api/collections/entries/records",
        headers: {
          origin: "https://app.example.org",
          "access-control-request-method": "PATCH",
          "access-control-request-headers": "authorization,content-type,x-custom",
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.headers["access-control-allow-headers"]).toBe(
        "authorization,content-type,x-custom",
      );
      const methods = String(res.headers["access-control-allow-methods"]).split(/,\s*/);
      expect(methods).toEqual(
        expect.arrayContaining(["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE"]),
      );
    });

    it("answers a preflight for any API path", async () => {
      const res = await app.http.inject({
        method: "OPTIONS",
        url: "/api/collections/users/auth-with-password",
        headers: { origin: "https://app.example.org", "access-control-request-method": "POST" },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.headers["access-control-allow-headers"]).toBeUndefined();
    });

    it("allows any origin on simple requests", async () => {
      const res = await app.http.inject({
        method: "GET",
        url: "/api/health",
        headers: { origin: "https://elsewhere.example" },
      });
      expect(res.headers["access-control-allow-origin"]).toBe("*");
    });
  });

  describe("unknown routes", () => {
    it.each<Case>([
      { name: "GET /api/x", as: "guest", method: "GET", url: "/api/x", expectedStatus: 404 },
      {
        name: "POST /api/x",
        as: "root",
        method: "POST",
        url: "/api/x",
        body: { a: 1 },
        expectedStatus: 404,
      },
      {
        name: "an unknown records sub-route",
        as: "root",
        method: "GET",
        url: "/api/collections/entries/nope",
        expectedStatus: 404,
      },
      {
        name: "a records id sub-path",
        as: "root",
        method: "GET",
        url: "/api/collections/entries/records/$entry/x",
        expectedStatus: 404,
      },
      { name: "the bare API root", as: "guest", method: "GET", url: "/api", expectedStatus: 404 },
      {
        name: "PUT on records",
        as: "root",
        method: "PUT",
        url: "/api/collections/entries/records",
        body: {},
        expectedStatus: 404,
      },
    ])("$name", async (c) => {
      const res = await run(c);
      expect(res.body).toBe(NOT_FOUND);
    });
  });

  describe("body size", () => {
    it.each<Case>([
      {
        name: "JSON over 32 MiB",
        as: "alice",
        method: "POST",
        url: "/api/collections/entries/records",
        body: JSON.stringify({ title: "x", content: "x".repeat(32 * MIB) }),
        expectedStatus: 413,
      },
      {
        name: "urlencoded over 32 MiB",
        as: "alice",
        method: "PATCH",
        url: "/api/collections/entries/records/$entry",
        body: `content=${"x".repeat(32 * MIB)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        expectedStatus: 413,
      },
      {
        name: "one multipart part over 32 MiB",
        as: "alice",
        method: "POST",
        url: "/api/collections/entries/records",
        ...multipart([
          ["title", "x"],
          ["content", "x".repeat(32 * MIB + 10)],
        ]),
        expectedStatus: 413,
      },
      {
        name: "multipart parts adding up to over 32 MiB",
        as: "alice",
        method: "PATCH",
        url: "/api/collections/entries/records/$entry",
        ...multipart([
          ["content", "x".repeat(20 * MIB)],
          ["title", "y".repeat(20 * MIB)],
        ]),
        expectedStatus: 413,
      },
      {
        name: "multipart over 32 MiB on auth",
        as: "guest",
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        ...multipart([
          ["identity", "x".repeat(33 * MIB)],
          ["password", "y"],
        ]),
        expectedStatus: 413,
      },
    ])("$name", async (c) => {
      const res = await run(c);
      expect(res.body).toBe(TOO_LARGE);
    });

    it("accepts a multipart body just under the limit", async () => {
      await run({
        name: "multipart under the limit",
        as: "alice",
        method: "PATCH",
        url: "/api/collections/entries/records/$entry",
        ...multipart([
          ["title", "Markup"],
          ["content", "x".repeat(32 * MIB - 4096)],
        ]),
        expectedStatus: 400,
        expectedContent: ['"content":{"code":"validation_max_text_constraint"'],
      });
    });
  });

  describe("JSON output", () => {
    it("escapes HTML characters and line separators as Go does", async () => {
      const title = 'A <b>bold</b> & "quoted" title\u2028next\u2029end';
      const res = await run({
        name: "create with markup",
        as: "alice",
        method: "POST",
        url: "/api/collections/entries/records",
        body: { author: "$alice", title },
        expectedStatus: 200,
        expectedContent: [
          '"title":"A \\u003cb\\u003ebold\\u003c/b\\u003e \\u0026 \\"quoted\\" title\\u2028next\\u2029end"',
        ],
        notExpectedContent: ["<", ">", "&", "\u2028", "\u2029"],
      });
      expect((res.json() as { title: string }).title).toBe(title);
    });

    it("escapes field errors too", async () => {
      await run({
        name: "a select value with markup",
        as: "alice",
        method: "POST",
        url: "/api/collections/entries/records",
        body: { author: "$alice", title: "x", visibility: "<b>" },
        expectedStatus: 400,
        expectedContent: [
          '"message":"Invalid value \\u003cb\\u003e."',
          '"params":{"value":"\\u003cb\\u003e"}',
        ],
        notExpectedContent: ["<", ">"],
      });
    });
  });

  describe("fields picker", () => {
    it.each<Case & { exact?: string }>([
      {
        name: "list: picks keys of each item, keeps the paging",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records?fields=id,title&sort=title",
        expectedStatus: 200,
        expectedContent: [
          '"items":[{"id":"$entry","title":"Markup"},{"id":"$plain","title":"Plain"}]',
          '"page":1',
          '"perPage":30',
          '"totalItems":2',
          '"totalPages":1',
        ],
        notExpectedContent: ['"content"', '"collectionName"'],
      },
      {
        name: "list: * keeps every key",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records?fields=*&sort=title",
        expectedStatus: 200,
        expectedContent: [
          '"collectionName":"entries"',
          '"tags":["x"]',
          '"visibility":"public"',
          '"totalItems":2',
        ],
      },
      {
        name: "list: an excerpt with an ellipsis",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records?fields=title,content:excerpt(11,true)&sort=title",
        expectedStatus: 200,
        expectedContent: [
          '{"content":"Hello world...","title":"Markup"}',
          '{"content":"Short.","title":"Plain"}',
        ],
      },
      {
        name: "view: an excerpt without an ellipsis drops scripts and decodes entities",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/$entry?fields=content:excerpt(200)",
        expectedStatus: 200,
        exact: '{"content":"Hello world, second \\u0026 last paragraph of text"}\n',
      },
      {
        name: "view: a short excerpt trims the cut",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/$entry?fields=content:excerpt(6,1)",
        expectedStatus: 200,
        exact: '{"content":"Hello..."}\n',
      },
      {
        name: "view: * with a narrowed expand",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/$entry?expand=author&fields=*,expand.author.username",
        expectedStatus: 200,
        expectedContent: [
          '"expand":{"author":{"username":"alice"}}',
          '"title":"Markup"',
          '"tags":["x"]',
        ],
        notExpectedContent: ['"collectionName":"users"'],
      },
      {
        name: "view: a missing key is left out",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/$entry?fields=title,nope,expand.author",
        expectedStatus: 200,
        exact: '{"title":"Markup"}\n',
      },
      {
        name: "errors ignore the picker",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/nosuchrecord123?fields=status",
        expectedStatus: 404,
        exact: NOT_FOUND,
      },
      {
        name: "an empty picker changes nothing",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/records/$entry?fields=",
        expectedStatus: 200,
        expectedContent: ['"title":"Markup"', '"collectionName":"entries"'],
      },
    ])("$name", async ({ exact, ...c }) => {
      const res = await run(c);
      if (exact !== undefined) expect(res.body).toBe(fillText(exact));
    });
  });
});

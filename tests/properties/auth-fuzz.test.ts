/**
 * A fast-check fuzz of every auth endpoint (issue 17 item 6), on every engine. The endpoints
 * are read from the server's own routes (every route under `/api/collections/:collection/`
 * but the records CRUD, which the access matrix covers), so an endpoint added later is fuzzed
 * without anyone listing it; the two auth endpoints outside collections,
 * `/api/oauth2-redirect` (query or form body, as providers send it) and `/api/files/token`,
 * are fuzzed too. Bodies are random JSON of every shape, objects with the keys the
 * auth endpoints read holding random values, and bodies that are not JSON at all; callers are
 * a guest, a user with two factors, a superuser and a forged token.
 *
 * Every answer must be below 500, an error must be PocketBase-shaped (`{status, message,
 * data}` with `status` the HTTP status), and no answer may carry a secret: a password hash, a
 * token key, the fixture's TOTP secret or recovery codes, SQL text or a stack trace.
 */
import fc from "fast-check";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** Fixed seed: every run sends the same requests (`AUTH_FUZZ_SEED` explores others). */
const SEED = Number(process.env.AUTH_FUZZ_SEED ?? 20261125);
const RUNS = 100 * Number(process.env.AUTH_FUZZ_RUNS_SCALE ?? 1);

/** The keys auth endpoints read, so random values reach their validation and flows. */
const AUTH_KEYS = [
  "identity",
  "password",
  "passwordConfirm",
  "oldPassword",
  "email",
  "newEmail",
  "token",
  "otpId",
  "mfaId",
  "code",
  "provider",
  "codeVerifier",
  "redirectURL",
  "redirectUrl",
  "createData",
  "duration",
  "name",
  "response",
  "challengeId",
  "identityField",
] as const;

/** A route of the server: method and path pattern. */
interface Route {
  method: string;
  path: string;
}

/** The routes of Fastify's `printRoutes()` tree, as full paths. */
function parseRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([\s│]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = "", fragment = "", methods = ""] = match;
    const depth = Math.round(indent.length / 4);
    stack.length = depth;
    stack.push(fragment);
    const path = `/${stack.join("").replace(/^\/+/, "")}`;
    for (const method of methods.split(", ")) routes.push({ method, path });
  }
  return routes;
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const awkwardString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("", " ", "null", "' OR 1=1 --", "%00", "../../etc/passwd", "x".repeat(5000)),
);
const authBody = fc.dictionary(
  fc.constantFrom(...AUTH_KEYS),
  fc.oneof(awkwardString, jsonValue, fc.constant(null)),
  { maxKeys: 6 },
);
/** A payload: a JSON body, or raw text declared as JSON, or nothing. */
const payloadArb = fc.oneof(
  authBody.map((body): { json: unknown } => ({ json: body })),
  jsonValue.map((body): { json: unknown } => ({ json: body })),
  awkwardString.map((text) => ({ raw: text })),
  fc.constant({}),
);

/** A query string of auth-ish keys holding awkward values (and the odd repeated key). */
const queryArb = fc
  .array(fc.tuple(fc.constantFrom("state", "code", "error", ...AUTH_KEYS), awkwardString), {
    maxLength: 5,
  })
  .map((pairs) => new URLSearchParams(pairs).toString());
/** A body as providers post it (`response_mode=form_post`), or any payload above. */
const formOrPayloadArb = fc.oneof(
  queryArb.map((form) => ({ form })),
  awkwardString.map((text) => ({ form: text })),
  payloadArb,
);

/** The auth endpoints outside `/api/collections/`: the OAuth2 popup's return, file tokens. */
const OTHER_AUTH_ROUTES: Route[] = [
  { method: "GET", path: "/api/oauth2-redirect" },
  { method: "POST", path: "/api/oauth2-redirect" },
  { method: "POST", path: "/api/files/token" },
];

describe.each(DIALECTS)("auth endpoints under fuzz (%s)", (dialect) => {
  let app: TestApp;
  let routes: Route[] = [];
  const secrets: string[] = [];
  const callers: Record<string, string | null> = { guest: null, forged: "not.a.token" };
  let userId = "";

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.http.ready();
    routes = parseRoutes(app.http.printRoutes({ commonPrefix: false })).filter(
      (route) =>
        route.path.startsWith("/api/collections/:collection/") &&
        !route.path.startsWith("/api/collections/:collection/records") &&
        route.method !== "HEAD",
    );
    // Verified: an unproven address cannot turn on two-step verification (ADR 056).
    const user = await createAccount(app, {
      username: "fuzzed",
      email: "fuzzed@example.com",
      verified: true,
    });
    userId = String(user.record.id);
    callers.user = user.token;
    callers.superuser = (await app.createSuperuser()).token;

    // Two factors for the user: its TOTP secret and recovery codes are secrets too.
    const post = (url: string, payload: object) =>
      app.http.inject({ method: "POST", url, payload, headers: { authorization: user.token } });
    const setup = await post("/api/collections/users/totp/setup", {});
    const { secret } = setup.json<{ secret: string }>();
    const enable = await post("/api/collections/users/totp/enable", {
      code: await generate({ secret }),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    secrets.push(secret, ...enable.json<{ recoveryCodes: string[] }>().recoveryCodes);
    // The stored password hash and token key of the fixture.
    const row = await app.records.findById(requireCollection("users"), userId);
    secrets.push(String(row?.password), String(row?.tokenKey));
  });
  afterAll(async () => {
    await app.close();
  });

  /**
   * An answer below 500, without a secret, SQL text or stack trace; an error PocketBase-shaped
   * (`{status, message, data}` with `status` the HTTP status).
   */
  function expectSafe(res: { statusCode: number; body: string }, call: string) {
    const where = `${call}: ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    for (const secret of secrets) expect(res.body, where).not.toContain(secret);
    expect(res.body, where).not.toMatch(/\$2[aby]\$\d\d\$|"tokenKey"/);
    expect(res.body, where).not.toMatch(/\bSELECT\b|\bsqlite|\.ts:\d+|\n\s+at /i);
    if (res.statusCode >= 400) {
      const error = JSON.parse(res.body) as { status: unknown; message: unknown; data: unknown };
      expect(error.status, where).toBe(res.statusCode);
      expect(typeof error.message, where).toBe("string");
      expect(typeof error.data === "object" && error.data !== null, where).toBe(true);
    }
  }

  it("finds the auth endpoints among the server's routes", () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      "POST /api/collections/:collection/auth-with-password",
      "POST /api/collections/:collection/auth-with-totp",
      "POST /api/collections/:collection/totp/disable",
      "GET /api/collections/:collection/auth-methods",
      "POST /api/collections/:collection/impersonate/:id",
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it("answers every random body below 500, PocketBase-shaped, and without secrets", async () => {
    const routeArb = fc.constantFrom(...routes);
    await fc.assert(
      fc.asyncProperty(
        routeArb,
        fc.constantFrom("users", "_superusers"),
        fc.constantFrom(...Object.keys(callers)),
        fc.constantFrom("self", "random"),
        payloadArb,
        async (route, collection, caller, idKind, payload) => {
          const url = route.path
            .replace(":collection", collection)
            .replace(":id", idKind === "self" ? userId : "nosuchrecord12");
          const token = callers[caller];
          const res = await app.http.inject({
            method: route.method as "GET" | "POST" | "PATCH" | "DELETE",
            url,
            headers: {
              ...(token ? { authorization: token } : {}),
              ...("raw" in payload || "json" in payload
                ? { "content-type": "application/json" }
                : {}),
            },
            ...("raw" in payload ? { payload: payload.raw } : {}),
            ...("json" in payload ? { payload: JSON.stringify(payload.json) } : {}),
          });
          expectSafe(res, `${route.method} ${url} as ${caller}`);
        },
      ),
      { seed: SEED, numRuns: RUNS * routes.length, endOnFailure: true },
    );
  });

  it("answers /api/oauth2-redirect and /api/files/token below 500, without secrets", async () => {
    const served = parseRoutes(app.http.printRoutes({ commonPrefix: false })).map(
      (route) => `${route.method} ${route.path}`,
    );
    for (const route of OTHER_AUTH_ROUTES)
      expect(served).toContain(`${route.method} ${route.path}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OTHER_AUTH_ROUTES),
        fc.constantFrom(...Object.keys(callers)),
        queryArb,
        formOrPayloadArb,
        async (route, caller, query, payload) => {
          const url = query ? `${route.path}?${query}` : route.path;
          const token = callers[caller];
          const body =
            route.method === "GET"
              ? {}
              : "form" in payload
                ? {
                    payload: payload.form,
                    type: "application/x-www-form-urlencoded",
                  }
                : "raw" in payload
                  ? { payload: payload.raw, type: "application/json" }
                  : "json" in payload
                    ? { payload: JSON.stringify(payload.json), type: "application/json" }
                    : {};
          const res = await app.http.inject({
            method: route.method as "GET" | "POST",
            url,
            headers: {
              ...(token ? { authorization: token } : {}),
              ...("type" in body ? { "content-type": body.type } : {}),
            },
            ...("payload" in body ? { payload: body.payload } : {}),
          });
          expectSafe(res, `${route.method} ${url} as ${caller}`);
        },
      ),
      { seed: SEED, numRuns: RUNS * OTHER_AUTH_ROUTES.length, endOnFailure: true },
    );
  });
});

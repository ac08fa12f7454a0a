/**
 * `impersonate/{id}`: only superusers; a non-refreshable token of the record, for the
 * collection's auth token duration or `duration` seconds.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario, tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "alice" | "admin" | "root";

const USERS = "/api/collections/users";
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';

describe.each(DIALECTS)("impersonate (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { run, check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice", email: "alice@example.com" });
    const admin = await app.createUser({ username: "admin", role: "admin" });
    const root = await app.createSuperuser();
    Object.assign(tokens, { alice: alice.token, admin: admin.token, root: root.token });
    ids.alice = String(alice.record.id);
    ids.root = String(root.record.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it.each<TableScenario<Who>>([
    {
      name: "a guest",
      as: "guest",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      expectedStatus: 401,
      expectedContent: [
        '{"data":{},"message":"The request requires valid record authorization token.","status":401}',
      ],
    },
    {
      name: "the user themself",
      as: "alice",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      expectedStatus: 403,
      expectedContent: [
        '{"data":{},"message":"The authorized record is not allowed to perform this action.","status":403}',
      ],
    },
    {
      name: "an admin user",
      as: "admin",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      expectedStatus: 403,
    },
    {
      name: "a missing collection",
      as: "root",
      method: "POST",
      url: "/api/collections/nope/impersonate/$alice",
      expectedStatus: 404,
      expectedContent: ['"message":"Missing or invalid collection context."'],
    },
    {
      name: "a base collection",
      as: "root",
      method: "POST",
      url: "/api/collections/entries/impersonate/$alice",
      expectedStatus: 404,
      expectedContent: ['"message":"Missing or invalid auth collection context."'],
    },
    {
      name: "an unknown record, whatever the body",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/aaaaaaaaaaaaaaa`,
      body: "{broken",
      expectedStatus: 404,
      expectedContent: [
        '{"data":{},"message":"The requested resource wasn\'t found.","status":404}',
      ],
    },
    {
      name: "a path-like id",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/..%2F$alice`,
      expectedStatus: 404,
    },
    {
      name: "a negative duration",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      body: { duration: -1 },
      expectedStatus: 400,
      expectedContent: [
        '{"data":{"duration":{"code":"validation_min_greater_equal_than_required","message":"Must be no less than 0.","params":{"threshold":0}}},"message":"An error occurred while validating the submitted data.","status":400}',
      ],
    },
    {
      name: "a string duration",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      body: { duration: "60" },
      expectedStatus: 400,
      expectedContent: [LOAD_FAILED],
    },
    {
      name: "a fractional duration",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      body: { duration: 1.5 },
      expectedStatus: 400,
      expectedContent: [LOAD_FAILED],
    },
    {
      name: "malformed JSON",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      body: "{",
      expectedStatus: 400,
      expectedContent: [LOAD_FAILED],
    },
  ])("$name", check);

  it("gives a superuser a non-refreshable token of the record for the default duration", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await run({
      name: "impersonate",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice?expand=none`,
      expectedStatus: 200,
      expectedContent: ['"email":"alice@example.com"', '"username":"alice"'],
      notExpectedContent: ["tokenKey", '"password"'],
    });
    const { token, record } = res.json() as { token: string; record: { id: string } };
    expect(record.id).toBe(ids.alice);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      id: ids.alice,
      type: "auth",
      collectionId: "_pb_users_auth_",
      refreshable: false,
    });
    expect(claims.exp).toBeGreaterThanOrEqual(before + 432000);
    expect(claims.exp).toBeLessThanOrEqual(before + 432000 + 5);
    // The token works as Alice, and refreshing echoes it instead of extending it.
    const refreshed = await runScenario(app, {
      name: "refresh",
      method: "POST",
      url: `${USERS}/auth-refresh`,
      token,
      expectedStatus: 200,
    });
    expect((refreshed.json() as { token: string }).token).toBe(token);
    // B13: unknown flags are ignored.
    await run({
      name: "flags",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      body: { refreshable: true, duration: 0 },
      expectedStatus: 200,
      expectedContent: ['"token":"'],
    });
  });

  it("honours a custom duration, also from a form", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await run({
      name: "60 s",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      body: { duration: 60 },
      expectedStatus: 200,
    });
    const exp = decodeJwt((res.json() as { token: string }).token).exp ?? 0;
    expect(exp).toBeGreaterThanOrEqual(before + 60);
    expect(exp).toBeLessThanOrEqual(before + 65);
    const form = await run({
      name: "form",
      as: "root",
      method: "POST",
      url: `${USERS}/impersonate/$alice`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "duration=120",
      expectedStatus: 200,
    });
    const formExp = decodeJwt((form.json() as { token: string }).token).exp ?? 0;
    expect(formExp).toBeGreaterThanOrEqual(before + 120);
    expect(formExp).toBeLessThanOrEqual(before + 125);
  });

  it("impersonates a superuser too", async () => {
    const other = await app.createSuperuser();
    const res = await run({
      name: "root as root",
      as: "root",
      method: "POST",
      url: `/api/collections/_superusers/impersonate/${String(other.record.id)}`,
      expectedStatus: 200,
    });
    const claims = decodeJwt((res.json() as { token: string }).token);
    expect(claims).toMatchObject({ collectionId: "pbc_3142635823", refreshable: false });
  });

  it("records every impersonation where the user sees it, and nowhere the user can erase it (ADR 046)", async () => {
    const victim = await app.createUser({ username: "victim" });
    const victimId = String(victim.record.id);
    const res = await app.http.inject({
      method: "POST",
      url: `${USERS}/impersonate/${victimId}`,
      payload: { duration: 600 },
      remoteAddress: "198.51.100.23",
      headers: { authorization: tokens.root ?? "", "user-agent": "Operator Browser/1.0" },
    });
    expect(res.statusCode).toBe(200);
    const viewAs = res.json<{ token: string }>().token;
    const events = "/api/collections/authEvents/records";
    const listed = await runScenario(app, {
      name: "the user lists their events",
      method: "GET",
      url: events,
      token: victim.token,
      expectedStatus: 200,
      expectedContent: ['"totalItems":1', '"kind":"impersonation"'],
    });
    const [event] = (listed.json() as { items: Record<string, unknown>[] }).items;
    expect(event).toMatchObject({
      user: victimId,
      kind: "impersonation",
      actor: ids.root,
      ip: "198.51.100.23",
      userAgent: "Operator Browser/1.0",
    });
    const expires = Date.parse(String(event?.expires).replace(" ", "T"));
    expect(Math.abs(expires - (Date.now() + 600_000))).toBeLessThan(30_000);
    const id = String(event?.id);
    for (const [name, token] of [
      ["another user", tokens.alice],
      ["an admin", tokens.admin],
    ] as const) {
      await runScenario(app, {
        name: `${name} does not see it`,
        method: "GET",
        url: `${events}?filter=${encodeURIComponent(`user = "${victimId}"`)}`,
        token,
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      });
      await runScenario(app, {
        name: `${name} cannot view it`,
        method: "GET",
        url: `${events}/${id}`,
        token,
        expectedStatus: 404,
      });
    }
    for (const [name, token] of [
      ["the user", victim.token],
      ["the impersonation token", viewAs],
    ] as const) {
      await runScenario(app, {
        name: `${name} cannot delete it`,
        method: "DELETE",
        url: `${events}/${id}`,
        token,
        expectedStatus: 403,
      });
      await runScenario(app, {
        name: `${name} cannot rewrite it`,
        method: "PATCH",
        url: `${events}/${id}`,
        token,
        body: { actor: "nobody" },
        expectedStatus: 403,
      });
      await runScenario(app, {
        name: `${name} cannot forge one`,
        method: "POST",
        url: events,
        token,
        body: { user: victimId, kind: "impersonation" },
        expectedStatus: 403,
      });
    }
    // Deleting the account deletes its events.
    await runScenario(app, {
      name: "the account goes",
      method: "DELETE",
      url: `${USERS}/records/${victimId}`,
      token: victim.token,
      expectedStatus: 204,
    });
    await runScenario(app, {
      name: "with its events",
      method: "GET",
      url: `${events}/${id}`,
      token: tokens.root,
      expectedStatus: 404,
    });
  });
});

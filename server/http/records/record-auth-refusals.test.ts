/**
 * Issue 22: every session turned away, by auth-refresh or by a page's cookie check, is logged
 * with the account and device its token names and one reason, so a person found signed out
 * can be explained from the log. A guest (no token) is not a refusal.
 */
import { decodeJwt } from "jose";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { findCollection } from "#server/core/collections/collection-lookup.ts";
import type { AuthCollection } from "#server/core/models/collection.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";

const USERS = "/api/collections/users";

describe.each(DIALECTS)("refused sessions are logged (%s)", (dialect) => {
  let app: TestApp;
  let users: AuthCollection;
  let info: MockInstance;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    users = findCollection("users") as AuthCollection;
  });
  // Spies are restored before each test (`restoreMocks`): one per test.
  beforeEach(() => {
    info = vi.spyOn(app.http.log, "info");
  });
  afterAll(async () => {
    await app.close();
  });

  /** A new account, signed in with its password: its id, token and device. */
  const account = async () => {
    const created = await app.createUser();
    const id = String(created.record.id);
    return { id, token: created.token, device: String(decodeJwt(created.token).device) };
  };
  const refresh = (token: string) =>
    app.http.inject({
      method: "POST",
      url: `${USERS}/auth-refresh`,
      headers: { authorization: token },
    });
  /** The refusals logged since `mark` (an index in the spy's calls). */
  const refusals = (mark: number) =>
    info.mock.calls
      .slice(mark)
      .filter((call) => call[1] === "session refused")
      .map((call) => call[0]);

  it("names the device signed out", async () => {
    const { id, token, device } = await account();
    await app.records.delete(findCollection("devices")!, operatorRequest(), device);
    const mark = info.mock.calls.length;
    expect((await refresh(token)).statusCode).toBe(401);
    expect(refusals(mark)).toEqual([
      {
        where: "auth-refresh",
        reason: "device signed out",
        collection: users.id,
        account: id,
        device,
      },
    ]);
  });

  it("names a password change (the token key), and an expired token", async () => {
    const { id, token, device } = await account();
    await app.records.update(users, operatorRequest(), id, {
      password: "another-password-1",
      passwordConfirm: "another-password-1",
    });
    let mark = info.mock.calls.length;
    expect((await refresh(token)).statusCode).toBe(401);
    expect(refusals(mark)).toMatchObject([{ reason: "token key changed", account: id, device }]);

    const record = (await app.records.findById(users, id)) as Record<string, unknown>;
    const expired = await app.auth.authToken(users, record, true, -60, { device });
    mark = info.mock.calls.length;
    expect((await refresh(expired)).statusCode).toBe(401);
    expect(refusals(mark)).toMatchObject([{ reason: "token expired", account: id }]);
  });

  it("names a deleted account and a malformed token; a guest is no refusal", async () => {
    const { id, token } = await account();
    await app.records.delete(users, operatorRequest(), id);
    let mark = info.mock.calls.length;
    expect((await refresh(token)).statusCode).toBe(401);
    expect(refusals(mark)).toMatchObject([{ reason: "account not found", account: id }]);

    mark = info.mock.calls.length;
    expect((await refresh("not-a-token")).statusCode).toBe(401);
    expect(refusals(mark)).toMatchObject([{ reason: "malformed token", account: "" }]);

    mark = info.mock.calls.length;
    expect(
      (await app.http.inject({ method: "POST", url: `${USERS}/auth-refresh` })).statusCode,
    ).toBe(401);
    expect(refusals(mark)).toEqual([]);
  });

  it("logs a page whose cookie names a session that ended, and sends it to /login", async () => {
    const { id, token, device } = await account();
    await app.records.delete(findCollection("devices")!, operatorRequest(), device);
    const cookie = `pb_auth=${encodeURIComponent(JSON.stringify({ token, record: { id, collectionName: "users" } }))}`;
    const mark = info.mock.calls.length;
    const page = await app.http.inject({ method: "GET", url: "/writing", headers: { cookie } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toMatch(/^\/login/);
    expect(refusals(mark)).toEqual([
      { where: "page", reason: "device signed out", collection: users.id, account: id, device },
    ]);
  });
});

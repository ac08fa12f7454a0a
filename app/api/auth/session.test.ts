import { describe, expect, it } from "vitest";
import { ClientResponseError } from "pocketbase";
import { isImpersonationToken, refreshEndsSession, toSessionUser } from "./session.ts";

/** An unsigned JWT with `claims` (the browser reads claims without checking signatures). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.signature`;
}

const record = {
  id: "abcdefghijklmno",
  collectionId: "_pb_users_auth_",
  collectionName: "users",
  username: "alice",
  role: "writer",
};

describe("isImpersonationToken", () => {
  it("is true only for tokens that say they cannot be refreshed", () => {
    expect(isImpersonationToken(token({ type: "auth", refreshable: false }))).toBe(true);
    expect(isImpersonationToken(token({ type: "auth", refreshable: true }))).toBe(false);
    expect(isImpersonationToken(token({ type: "auth" }))).toBe(false);
    expect(isImpersonationToken("not a token")).toBe(false);
    expect(isImpersonationToken("")).toBe(false);
  });
});

describe("toSessionUser", () => {
  it("marks a session on an impersonation token", () => {
    expect(toSessionUser(record, token({ refreshable: false }))?.impersonated).toBe(true);
    expect(toSessionUser(record, token({ refreshable: true }))?.impersonated).toBe(false);
    expect(toSessionUser(record)?.impersonated).toBe(false);
    expect(toSessionUser(null, token({ refreshable: false }))).toBeNull();
  });
});

describe("refreshEndsSession", () => {
  const answer = (status: number) =>
    new ClientResponseError({ url: "/api/collections/users/auth-refresh", status });

  it("is true only for the answers that say the session is over", () => {
    expect(refreshEndsSession(answer(401))).toBe(true);
    expect(refreshEndsSession(answer(403))).toBe(true);
    expect(refreshEndsSession(answer(404))).toBe(true);
  });

  it("keeps the session on a busy or failing server, a rate limit or no answer", () => {
    for (const status of [0, 400, 429, 500, 502, 503]) {
      expect(refreshEndsSession(answer(status)), String(status)).toBe(false);
    }
    expect(refreshEndsSession(new TypeError("Failed to fetch"))).toBe(false);
    expect(refreshEndsSession(undefined)).toBe(false);
  });
});

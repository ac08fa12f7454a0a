import { describe, expect, it } from "vitest";
import { isImpersonationToken, toSessionUser } from "./session.ts";

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

import { describe, expect, it } from "vitest";
import { readLinkToken, usableLink } from "./link-token.ts";

/** An unsigned JWT carrying `claims` (only the API checks signatures). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.signature`;
}

const NOW = Date.UTC(2026, 0, 1);
const LATER = NOW / 1000 + 1800;

describe("readLinkToken", () => {
  it("reads the account, the addresses and the expiry of a link", () => {
    const claims = readLinkToken(
      token({
        id: "abc123def456ghi",
        type: "emailChange",
        collectionId: "_pb_users_auth_",
        email: "old@example.com",
        newEmail: "new@example.com",
        exp: LATER,
      }),
      "emailChange",
      NOW,
    );
    expect(claims).toEqual({
      wellFormed: true,
      expired: false,
      id: "abc123def456ghi",
      email: "old@example.com",
      newEmail: "new@example.com",
    });
    expect(usableLink(claims)).toBe(true);
  });

  it("says when a link has expired", () => {
    const claims = readLinkToken(
      token({ id: "u1", type: "passwordReset", email: "a@example.com", exp: NOW / 1000 - 1 }),
      "passwordReset",
      NOW,
    );
    expect(claims.expired).toBe(true);
    expect(claims.wellFormed).toBe(true);
    expect(usableLink(claims)).toBe(false);
  });

  it("refuses a token of another type, without an account, or without an expiry", () => {
    const auth = readLinkToken(token({ id: "u1", type: "auth", exp: LATER }), "passwordReset", NOW);
    expect(auth.wellFormed).toBe(false);
    const anonymous = readLinkToken(
      token({ type: "verification", exp: LATER }),
      "verification",
      NOW,
    );
    expect(anonymous.wellFormed).toBe(false);
    const forever = readLinkToken(token({ id: "u1", type: "verification" }), "verification", NOW);
    expect(forever.expired).toBe(true);
  });

  it("survives junk: not a JWT, bad base64, bad JSON, odd claim types", () => {
    for (const junk of ["", "abc", "a.b.c", "a.%%%.c", `x.${btoa("not json")}.y`]) {
      const claims = readLinkToken(junk, "passwordReset", NOW);
      expect(claims.wellFormed).toBe(false);
      expect(claims.expired).toBe(true);
      expect(usableLink(claims)).toBe(false);
    }
    const odd = readLinkToken(
      token({ id: 42, type: "passwordReset", email: ["x"], exp: "soon" }),
      "passwordReset",
      NOW,
    );
    expect(odd).toEqual({ wellFormed: false, expired: true, id: "", email: "", newEmail: "" });
  });
});

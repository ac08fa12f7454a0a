/**
 * `/profileSettings` rendered by the server: the passkeys section (ADR 052) lists the
 * account's own passkeys (name, when added, whether used), never another account's, never a
 * key; a superuser viewing as the account sees the list and a notice instead of "Add"; an
 * account whose address is not confirmed sees "Add" disabled, with the reason (ADR 056).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("profile settings: passkeys (%s)", (dialect) => {
  let app: TestApp;
  let ana: Login;
  let ben: Login;
  let root: Login;

  const page = (cookie: string) =>
    app.http.inject({ method: "GET", url: "/profileSettings", headers: { cookie } });
  const passkey = (user: Login, name: string, credentialId: string) =>
    app.seedRecord("passkeys", {
      user: String(user.record.id),
      name,
      credentialId,
      publicKey: "pQECAyYgASFYIPublicKeyNeverShown",
      counter: 0,
      transports: ["internal"],
    });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    ana = await createAccount(app, { username: "ana", email: "ana@example.com", verified: true });
    ben = await createAccount(app, { username: "ben", email: "ben@example.com", verified: true });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
  });

  it("says there is none yet", async () => {
    const res = await page(authCookie(ana));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Passkeys");
    expect(res.body).toContain("You have no passkey yet.");
  });

  it("keeps an account whose address is not confirmed from adding one, and says why", async () => {
    const unconfirmed = await app.createUser({ username: "unconfirmed" });
    const html = (await page(authCookie(unconfirmed))).body;
    expect(html).toMatch(
      /<p id="([^"]+)"[^>]*>Confirm your email address to add a passkey\.<\/p><button type="button" disabled="" aria-describedby="\1"[^>]*>Add a passkey<\/button>/,
    );
  });

  it("lists the account's own passkeys only, without their keys", async () => {
    await passkey(ana, "Ana's laptop", "credential-ana");
    await passkey(ben, "Ben's phone", "credential-ben");
    const html = (await page(authCookie(ana))).body;
    expect(html).toContain("Ana&#x27;s laptop");
    expect(html).toContain("never used");
    expect(html).not.toContain("Ben&#x27;s phone");
    expect(html).not.toContain("PublicKeyNeverShown");
    expect(html).not.toContain("credential-ana");
  });

  it("shows a superuser viewing as the account the list and a notice, not Add", async () => {
    const res = await app.http.inject({
      method: "POST",
      url: `/api/collections/users/impersonate/${String(ana.record.id)}`,
      headers: { authorization: root.token },
    });
    const viewAs = res.json<{ token: string; record: Record<string, unknown> }>();
    const html = (await page(authCookie(viewAs))).body;
    expect(html).toContain("Ana&#x27;s laptop");
    expect(html).toContain("Only the account&#x27;s owner can add passkeys.");
    expect(html).not.toContain("Add a passkey");
  });
});

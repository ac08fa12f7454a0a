/**
 * `/profileSettings` rendered by the server: the two-step verification section (ADR 046) says
 * whether it is on and how many recovery codes are left, never shows a secret, shows a
 * superuser viewing as the account a notice instead of its controls, and an account whose
 * address is not confirmed its button disabled, with the reason (ADR 056).
 */
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const TOTP = "/api/collections/users/totp";

describe.each(DIALECTS)("profile settings: two-step verification (%s)", (dialect) => {
  let app: TestApp;
  let tom: Login;
  let root: Login;

  const page = (cookie: string) =>
    app.http.inject({ method: "GET", url: "/profileSettings", headers: { cookie } });
  const post = (url: string, body: object = {}) =>
    app.http.inject({ method: "POST", url, payload: body, headers: { authorization: tom.token } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    tom = await createAccount(app, { username: "tom", email: "tom@example.com", verified: true });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
  });

  it("says it is off, with the button that turns it on", async () => {
    const res = await page(authCookie(tom));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Two-step verification is off.");
    expect(res.body).toContain("Turn on two-step verification");
  });

  it("says since when it is on and how many recovery codes are left, never the secret", async () => {
    const { secret } = (await post(`${TOTP}/setup`)).json<{ secret: string }>();
    const enable = await post(`${TOTP}/enable`, { code: await generate({ secret }) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    const res = await page(authCookie(tom));
    expect(res.body).toContain("Two-step verification is on since");
    expect(res.body).toContain("10 recovery codes left.");
    expect(res.body).toContain("Get new recovery codes");
    expect(res.body).not.toContain(secret);
    for (const code of recoveryCodes) expect(res.body).not.toContain(code);
  });

  it("keeps an account whose address is not confirmed from turning it on, and says why", async () => {
    const unconfirmed = await app.createUser({ username: "unconfirmed" });
    const html = (await page(authCookie(unconfirmed))).body;
    expect(html).toContain("Two-step verification is off.");
    expect(html).toMatch(
      /<p id="([^"]+)"[^>]*>Confirm your email address to turn on two-step verification\.<\/p><button type="button" disabled="" aria-describedby="\1"[^>]*>Turn on two-step verification<\/button>/,
    );
  });

  it("shows a superuser viewing as the account a notice, and no controls", async () => {
    const res = await app.http.inject({
      method: "POST",
      url: `/api/collections/users/impersonate/${String(tom.record.id)}`,
      headers: { authorization: root.token },
    });
    const viewAs = res.json<{ token: string; record: Record<string, unknown> }>();
    const html = (await page(authCookie(viewAs))).body;
    expect(html).toContain("cannot be changed while viewing as someone else");
    expect(html).not.toContain("Turn on two-step verification");
    expect(html).not.toContain("Get new recovery codes");
  });
});

/**
 * Every mail the account flows send names the site as its settings name it (issue 25 item 3):
 * a site renamed through `PATCH /api/settings` sends no mail of any kind, in English or French,
 * that says "Cahier", through a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { tokenFromLink, type CaughtMail } from "#tests/helpers/mail-catcher.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const NAME = "Carnet de bord";

describe.each(DIALECTS)("mails of a renamed site (%s)", (dialect) => {
  let kit: AccountKit;

  beforeAll(async () => {
    kit = await startAccountKit(dialect, {
      APP_URL: "https://journal.example",
      MAIL_FROM: "Cahier <no-reply@journal.example>",
    });
    const root = await kit.app.createSuperuser();
    const res = await kit.app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: { meta: { appName: NAME, senderName: NAME } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await kit.close();
  });

  /** Checks a caught mail: the site's name in its subject, "Cahier" nowhere. */
  function expectRenamed(mail: CaughtMail): void {
    expect(mail.subject).toContain(NAME);
    expect(mail.from).toBe(`${NAME} <no-reply@journal.example>`);
    for (const part of [mail.subject, mail.text, mail.html, mail.from])
      expect(part, mail.subject).not.toMatch(/cahier/i);
  }

  /** Signs `email` in from a browser; its token. */
  const signIn = async (email: string, userAgent: string) => {
    const res = await kit.app.http.inject({
      method: "POST",
      url: `${USERS}/auth-with-password`,
      headers: { "user-agent": userAgent },
      payload: { identity: email, password: "password123" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };

  it.each(["en", "fr"])("sends every kind of mail in the site's name (%s)", async (locale) => {
    const user = await kit.newUser(`reader_${locale}`, { locale });
    const mails: CaughtMail[] = [];

    expect((await kit.post(`${USERS}/request-password-reset`, { email: user.email })).status).toBe(
      204,
    );
    mails.push(await kit.catcher.waitForMail(user.email, (m) => m.text.includes("/passwordReset")));

    expect((await kit.post(`${USERS}/request-otp`, { email: user.email })).status).toBe(200);
    mails.push(await kit.catcher.waitForMail(user.email, (m) => /\b\d{8}\b/.test(m.text)));

    const newEmail = `moved_${locale}@example.com`;
    const change = await kit.post(
      `${USERS}/request-email-change`,
      { newEmail },
      { token: user.token },
    );
    expect(change.status, change.body).toBe(204);
    mails.push(await kit.catcher.waitForMail(newEmail));

    // A second browser: the new-device alert.
    await signIn(user.email, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Firefox/128.0");
    mails.push(await kit.catcher.waitForMail(user.email, (m) => m.text.includes("#devices")));

    // Proving the address removes the devices signed in before: the address-proven mail.
    expect((await kit.post(`${USERS}/request-verification`, { email: user.email })).status).toBe(
      204,
    );
    const verification = await kit.catcher.waitForMail(user.email, (m) =>
      m.text.includes("/login?verify="),
    );
    mails.push(verification);
    const token = tokenFromLink(verification.text, "/login", "verify");
    expect((await kit.post(`${USERS}/confirm-verification`, { token })).status).toBe(204);
    mails.push(await kit.catcher.waitForMail(user.email, (m) => m.html.includes("<ul>")));

    // Someone signs up with the address; someone else asks to move to another owner's address:
    // the owners' notices (ADR 061).
    const signUp = { email: user.email, password: "password456", passwordConfirm: "password456" };
    expect((await kit.post(`${USERS}/records`, signUp)).status).toBe(200);
    mails.push(await kit.catcher.waitForMail(user.email));
    const other = await kit.newUser(`other_${locale}`, { locale });
    const stranger = await kit.newUser(`stranger_${locale}`);
    const moved = await kit.post(
      `${USERS}/request-email-change`,
      { newEmail: other.email },
      { token: stranger.token },
    );
    expect(moved.status, moved.body).toBe(204);
    mails.push(await kit.catcher.waitForMail(other.email));

    expect(mails).toHaveLength(8);
    for (const mail of mails) {
      expectRenamed(mail);
      expect(mail.html).toContain(`<html lang="${locale}">`);
    }
  });
});

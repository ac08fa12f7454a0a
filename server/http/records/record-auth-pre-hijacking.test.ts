/**
 * Account pre-hijacking (issue 23, finding 3; ADR 056): someone registers the owner's address
 * first and adds ways in while the account is unverified. Enrolment now refuses unverified
 * accounts (`record-auth-passkey.test.ts`, `record-auth-totp.test.ts`), so the factors here
 * are written directly, as they could have been before the fix: a passkey (a real key of a
 * software authenticator), an authenticator app, a linked OAuth2 identity. When the owner
 * first proves the address (an emailed code, a reset link, a verification link, a superuser
 * marking it), every one of them and every device signed in before goes, except the device
 * of the request that proved it; the owner is told by mail, in the account's language.
 */
import { randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { sql } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TwoFactorKeys } from "#server/core/auth/totp/two-factor-keys.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { generateFromPattern } from "#server/core/records/record-input.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import { formatDate } from "#server/core/records/values.ts";
import { newTotpSecret } from "#server/tools/security/totp.ts";
import {
  createAccount,
  KIT_APP_URL,
  startAccountKit,
  type AccountKit,
} from "#tests/helpers/account-kit.ts";
import { tokenFromLink } from "#tests/helpers/mail-catcher.ts";
import { SoftwareAuthenticator } from "#tests/helpers/software-authenticator.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const ORIGIN = new URL(KIT_APP_URL).origin;
const INTRUDER_PASSWORD = "intruder-password";
const OWNER_PASSWORD = "owner-chose-this";
const AUTH_FAILED = '{"data":{},"message":"Failed to authenticate.","status":400}';
const INTRUDER_BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const OWNER_BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const OTHER_BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** An account registered with someone else's address, with ways in the owner never added. */
interface PreHijacked {
  id: string;
  email: string;
  /** The intruder's session. */
  token: string;
  authenticator: SoftwareAuthenticator;
}

describe.each(DIALECTS)("factors added before an address is proven (%s)", (dialect) => {
  let kit: AccountKit;
  let root: { token: string };
  let keys: TwoFactorKeys;

  const post = (url: string, body: unknown, token?: string, userAgent = OWNER_BROWSER) =>
    kit.post(url, body, { ...(token ? { token } : {}), headers: { "user-agent": userAgent } });
  const count = async (table: string, column: string, id: string) => {
    const result = await sql<{
      n: number | string;
    }>`SELECT COUNT(*) AS "n" FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(
      kit.app.db.kysely,
    );
    return Number(result.rows[0]?.n ?? 0);
  };
  /** What the account holds: passkeys, authenticators, OAuth2 links, devices. */
  const waysIn = async (id: string) => ({
    passkeys: await count("passkeys", "user", id),
    authenticators: await count("_totps", "recordRef", id),
    recoveryCodes: await count("_recoveryCodes", "recordRef", id),
    links: await count("_externalAuths", "recordRef", id),
    devices: await count("devices", "user", id),
  });
  const refresh = async (token: string) => (await post(`${USERS}/auth-refresh`, {}, token)).status;
  /** A usernameless passkey sign-in with the authenticator's first credential. */
  const passkeySignIn = async (authenticator: SoftwareAuthenticator) => {
    const start = await post(`${USERS}/auth-with-passkey-options`, {});
    expect(start.status, start.body).toBe(200);
    const { challengeId, options } = start.json() as {
      challengeId: string;
      options: { challenge: string };
    };
    return post(
      `${USERS}/auth-with-passkey`,
      { challengeId, response: authenticator.get(options) },
      undefined,
      INTRUDER_BROWSER,
    );
  };

  /**
   * The intruder signs up with `name@example.com` and their own password, signs in, and has
   * the ways in an unverified account could add before the fix, written directly.
   */
  async function preHijacked(name: string, locale = "en"): Promise<PreHijacked> {
    const email = `${name}@example.com`;
    const signUp = await post(
      `${USERS}/records`,
      {
        username: name,
        email,
        password: INTRUDER_PASSWORD,
        passwordConfirm: INTRUDER_PASSWORD,
        locale,
      },
      undefined,
      INTRUDER_BROWSER,
    );
    expect(signUp.status, signUp.body).toBe(200);
    const id = String(signUp.json().id);
    const signIn = await post(
      `${USERS}/auth-with-password`,
      { identity: email, password: INTRUDER_PASSWORD },
      undefined,
      INTRUDER_BROWSER,
    );
    expect(signIn.status, signIn.body).toBe(200);
    const token = String(signIn.json().token);

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = authenticator.create({
      challenge: randomBytes(32).toString("base64url"),
      rp: { id: new URL(ORIGIN).hostname, name: "Cahier" },
      user: { id: Buffer.from(id).toString("base64url"), name: email },
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    });
    await kit.app.records.create(requireCollection("passkeys"), operatorRequest(), {
      user: id,
      name: "Intruder's key",
      credentialId: credential.id,
      publicKey: credential.publicKey.toString("base64url"),
      counter: 0,
      transports: ["internal"],
    });

    const secret = newTotpSecret();
    const now = formatDate(new Date());
    await sql`INSERT INTO "_totps" ("id", "collectionRef", "recordRef", "secret", "enabled", "lastStep", "created", "updated") VALUES (${generateFromPattern("[a-z0-9]{15}")}, ${kit.users.id}, ${id}, ${keys.sealSecret(kit.users.id, id, secret)}, ${now}, 0, ${now}, ${now})`.execute(
      kit.app.db.kysely,
    );
    await sql`INSERT INTO "_recoveryCodes" ("id", "collectionRef", "recordRef", "hash", "created") VALUES (${generateFromPattern("[a-z0-9]{15}")}, ${kit.users.id}, ${id}, ${"not-a-real-hash"}, ${now})`.execute(
      kit.app.db.kysely,
    );
    await kit.app.records.create(requireCollection("_externalAuths"), operatorRequest(), {
      collectionRef: kit.users.id,
      recordRef: id,
      provider: "oidc",
      providerId: `intruder-${name}`,
    });

    // As the finding says: before the owner does anything, all of it works.
    const withPasskey = await passkeySignIn(authenticator);
    expect(withPasskey.status, withPasskey.body).toBe(200);
    const firstStep = await post(
      `${USERS}/auth-with-password`,
      { identity: email, password: INTRUDER_PASSWORD },
      undefined,
      INTRUDER_BROWSER,
    );
    expect(firstStep.status, firstStep.body).toBe(401);
    const secondStep = await post(
      `${USERS}/auth-with-totp`,
      { mfaId: firstStep.json().mfaId, code: await generate({ secret }) },
      undefined,
      INTRUDER_BROWSER,
    );
    expect(secondStep.status, secondStep.body).toBe(200);
    expect(await waysIn(id)).toEqual({
      passkeys: 1,
      authenticators: 1,
      recoveryCodes: 1,
      links: 1,
      devices: 1,
    });
    return { id, email, token, authenticator };
  }

  /** Requests an emailed code for `email` and reads it from the mail. */
  async function mailedCode(email: string): Promise<{ otpId: string; code: string }> {
    const res = await post(`${USERS}/request-otp`, { email });
    expect(res.status, res.body).toBe(200);
    const mail = await kit.catcher.waitForMail(email, "sign-in code");
    const code = /\b(\d{8})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in ${mail.text}`);
    return { otpId: String(res.json().otpId), code };
  }

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
    root = await kit.app.createSuperuser();
    keys = await TwoFactorKeys.load(kit.app.db);
  });
  afterAll(async () => {
    await kit.close();
  });

  it("the owner's emailed code removes the intruder's passkey, authenticator, link and sessions, and tells the owner", async () => {
    const intruder = await preHijacked("prehijack-otp");
    const { otpId, code } = await mailedCode(intruder.email);
    // Before the fix, the intruder's authenticator made this a 401 {mfaId}: the owner was
    // asked for the intruder's codes.
    const owner = await post(`${USERS}/auth-with-otp`, { otpId, password: code });
    expect(owner.status, owner.body).toBe(200);
    const { token, record } = owner.json() as { token: string; record: Record<string, unknown> };
    expect(record).toMatchObject({ id: intruder.id, verified: true });

    // Only the owner's device of this sign-in is left.
    expect(await waysIn(intruder.id)).toEqual({
      passkeys: 0,
      authenticators: 0,
      recoveryCodes: 0,
      links: 0,
      devices: 1,
    });
    const devices = await sql<{
      id: string;
    }>`SELECT "id" FROM "devices" WHERE "user" = ${intruder.id}`.execute(kit.app.db.kysely);
    expect(devices.rows.map((d) => d.id)).toEqual([String(decodeJwt(token).device)]);

    // The intruder's session, passkey and password are dead; the owner's session works.
    expect(await refresh(intruder.token)).toBe(401);
    const withPasskey = await passkeySignIn(intruder.authenticator);
    expect(withPasskey.status).toBe(400);
    expect(withPasskey.body).toContain(AUTH_FAILED);
    expect(await kit.canLogIn("users", intruder.email, INTRUDER_PASSWORD)).toBe(false);
    expect(await refresh(token)).toBe(200);

    // The owner's new private entry stays private.
    const entry = await post(
      "/api/collections/entries/records",
      { author: intruder.id, title: "Only mine", visibility: "private" },
      token,
    );
    expect(entry.status, entry.body).toBe(200);
    const read = await kit.app.http.inject({
      method: "GET",
      url: `/api/collections/entries/records/${String(entry.json().id)}`,
      headers: { authorization: intruder.token },
    });
    expect(read.statusCode).toBe(404);

    // Told by mail, what was removed listed.
    const mail = await kit.catcher.waitForMail(intruder.email, "for Cahier is confirmed");
    expect(mail.subject).toBe("Your email address for Cahier is confirmed");
    expect(mail.text).toContain("1 passkey");
    expect(mail.text).toContain("the authenticator app of two-step verification");
    expect(mail.text).toContain("1 linked account (Google, GitHub…)");
    expect(mail.text).toContain("1 signed-in device");
    expect(mail.text).toContain(`${KIT_APP_URL}/passwordReset`);
    expect(mail.html).toContain(`href="${KIT_APP_URL}/profileSettings"`);
  });

  it("a password reset proven by mail lets the owner in without the intruder's authenticator", async () => {
    const intruder = await preHijacked("prehijack-reset", "fr");
    const request = await post(`${USERS}/request-password-reset`, { email: intruder.email });
    expect(request.status, request.body).toBe(204);
    const link = await kit.catcher.waitForMail(intruder.email, "/passwordReset");
    const confirm = await post(`${USERS}/confirm-password-reset`, {
      token: tokenFromLink(link.text, "/passwordReset", "token"),
      password: OWNER_PASSWORD,
      passwordConfirm: OWNER_PASSWORD,
    });
    expect(confirm.status, confirm.body).toBe(204);

    // Before the fix: 401 {mfaId}, and only the intruder's app had the codes.
    const signIn = await post(`${USERS}/auth-with-password`, {
      identity: intruder.email,
      password: OWNER_PASSWORD,
    });
    expect(signIn.status, signIn.body).toBe(200);
    expect(signIn.json().record).toMatchObject({ id: intruder.id, verified: true });
    expect(await waysIn(intruder.id)).toMatchObject({
      passkeys: 0,
      authenticators: 0,
      recoveryCodes: 0,
      links: 0,
      // The owner's sign-in just now.
      devices: 1,
    });
    expect(await refresh(intruder.token)).toBe(401);

    // In the account's language.
    const mail = await kit.catcher.waitForMail(intruder.email, "est confirmée");
    expect(mail.subject).toBe("Votre adresse e-mail pour Cahier est confirmée");
    expect(mail.text).toContain("1 clé d'accès");
  });

  it("a superuser marking the account verified removes them too", async () => {
    const intruder = await preHijacked("prehijack-root");
    const marked = await kit.app.http.inject({
      method: "PATCH",
      url: `${USERS}/records/${intruder.id}`,
      headers: { authorization: root.token },
      payload: { verified: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await waysIn(intruder.id)).toEqual({
      passkeys: 0,
      authenticators: 0,
      recoveryCodes: 0,
      links: 0,
      devices: 0,
    });
    expect(await refresh(intruder.token)).toBe(401);
    await kit.catcher.waitForMail(intruder.email, "for Cahier is confirmed");
  });

  it("a verification link keeps the session of the browser that confirms it, and only that one", async () => {
    const email = "confirms-here@example.com";
    await post(`${USERS}/records`, {
      username: "confirmshere",
      email,
      password: OWNER_PASSWORD,
      passwordConfirm: OWNER_PASSWORD,
    });
    const signIn = async (userAgent: string) => {
      const res = await post(
        `${USERS}/auth-with-password`,
        { identity: email, password: OWNER_PASSWORD },
        undefined,
        userAgent,
      );
      expect(res.status, res.body).toBe(200);
      return String(res.json().token);
    };
    const here = await signIn(OWNER_BROWSER);
    const elsewhere = await signIn(OTHER_BROWSER);
    const request = await post(`${USERS}/request-verification`, { email });
    expect(request.status, request.body).toBe(204);
    const link = await kit.catcher.waitForMail(email, "/login");
    const confirmed = await post(
      `${USERS}/confirm-verification`,
      { token: tokenFromLink(link.text, "/login", "verify") },
      here,
    );
    expect(confirmed.status, confirmed.body).toBe(204);
    expect(await refresh(here)).toBe(200);
    expect(await refresh(elsewhere)).toBe(401);
    const mail = await kit.catcher.waitForMail(email, "for Cahier is confirmed");
    expect(mail.text).toContain("1 signed-in device");
    expect(mail.text).not.toContain("passkey");
  });

  it("mails nothing when nothing was there to remove", async () => {
    const { record } = await createAccount(kit.app, {
      username: "nothingtoremove",
      email: "nothing-to-remove@example.com",
    });
    // Signed out first: no device left from before the proof.
    const device = await sql<{
      id: string;
    }>`SELECT "id" FROM "devices" WHERE "user" = ${String(record.id)}`.execute(kit.app.db.kysely);
    for (const { id } of device.rows)
      await kit.app.records.delete(requireCollection("devices"), operatorRequest(), id);
    const request = await post(`${USERS}/request-verification`, {
      email: "nothing-to-remove@example.com",
    });
    expect(request.status).toBe(204);
    const link = await kit.catcher.waitForMail("nothing-to-remove@example.com", "/login");
    const confirmed = await post(`${USERS}/confirm-verification`, {
      token: tokenFromLink(link.text, "/login", "verify"),
    });
    expect(confirmed.status, confirmed.body).toBe(204);
    expect((await kit.row(kit.users, String(record.id))).verified).toBeTruthy();
    await kit.mailSettled();
    expect(kit.catcher.unread("nothing-to-remove@example.com")).toEqual([]);
  });
});

/**
 * SDK compatibility of the account flows: verification, password reset, email change, OTP
 * and impersonation through the official `pocketbase` SDK against a real server process whose
 * mail goes to a real SMTP server; the tests read the mails and follow their links. Without
 * `SMTP_URL` the same links land in `DATA_DIR/outbox/`.
 */
import fs from "node:fs";
import path from "node:path";
import PocketBase, { ClientResponseError, getTokenPayload } from "pocketbase";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, tokenFromLink, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { startServer } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { PASSWORD, startSdkFixture, type SdkFixture } from "./sdk-fixture.ts";

const APP_URL = "https://journal.example";

/** The first 8-digit code of a mail. */
function codeOf(text: string): string {
  const code = /\b(\d{8})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return code;
}

describe.each(DIALECTS)("SDK account flows (%s)", (dialect) => {
  let catcher: MailCatcher | undefined;
  let sdk: SdkFixture;

  beforeAll(async () => {
    const started = await startMailCatcher();
    try {
      sdk = await startSdkFixture(dialect, { SMTP_URL: started.url, APP_URL });
    } catch (error) {
      await started.close();
      throw error;
    }
    catcher = started;
  });
  afterAll(async () => {
    // Nothing to stop when the setup failed (it cleaned up after itself).
    if (!catcher) return;
    await sdk.close();
    await catcher.close();
  });

  /** The catcher, once the setup succeeded. */
  const mails = (): MailCatcher => {
    if (!catcher) throw new Error("the mail catcher did not start");
    return catcher;
  };

  it("lists OTP among the users' auth methods", async () => {
    const methods = await sdk.guest.collection("users").listAuthMethods();
    expect(methods.otp).toEqual({ enabled: true, duration: 180 });
    const superMethods = await sdk.guest.collection("_superusers").listAuthMethods();
    expect(superMethods.otp).toEqual({ enabled: false, duration: 0 });
  });

  it("verifies an address through the mailed link", async () => {
    const ada = await sdk.account("ada");
    expect(ada.record.verified).toBe(false);
    expect(await sdk.guest.collection("users").requestVerification("ada@example.com")).toBe(true);
    const mail = await mails().waitForMail("ada@example.com", "Verify");
    expect(mail.text).toContain(`${APP_URL}/login?verify=`);
    const token = tokenFromLink(mail.text, "/login", "verify");
    // Confirmed from Ada's own client: the SDK marks its stored record verified.
    expect(await ada.pb.collection("users").confirmVerification(token)).toBe(true);
    expect(ada.pb.authStore.record?.verified).toBe(true);
    const refreshed = await ada.pb.collection("users").authRefresh();
    expect(refreshed.record.verified).toBe(true);

    const error = await sdk.guest
      .collection("users")
      .confirmVerification("garbage")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientResponseError);
    expect(error).toMatchObject({
      status: 400,
      response: { data: { token: { code: "validation_invalid_token_claims" } } },
    });
  });

  it("resets a password through the mailed link", async () => {
    const bob = await sdk.account("bob");
    expect(await sdk.guest.collection("users").requestPasswordReset("bob@example.com")).toBe(true);
    expect(await sdk.guest.collection("users").requestPasswordReset("nobody@example.com")).toBe(
      true,
    );
    const mail = await mails().waitForMail("bob@example.com", "Reset");
    const token = tokenFromLink(mail.text, "/passwordReset", "token");
    await expect(
      sdk.guest.collection("users").confirmPasswordReset(token, "new-password-1", "mismatch-1"),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { passwordConfirm: { code: "validation_values_mismatch" } } },
    });
    expect(
      await sdk.guest
        .collection("users")
        .confirmPasswordReset(token, "new-password-1", "new-password-1"),
    ).toBe(true);
    // Bob's old session is over; the new password works, the old one does not.
    await expect(bob.pb.collection("users").authRefresh()).rejects.toMatchObject({ status: 401 });
    const client = sdk.client();
    await client.collection("users").authWithPassword("bob", "new-password-1");
    expect(client.authStore.record?.verified).toBe(true);
    await expect(
      sdk.client().collection("users").authWithPassword("bob", PASSWORD),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("changes an address through the link mailed to the new one", async () => {
    const carol = await sdk.account("carol");
    expect(await carol.pb.collection("users").requestEmailChange("carol.new@example.com")).toBe(
      true,
    );
    await expect(
      sdk.guest.collection("users").requestEmailChange("x@example.com"),
    ).rejects.toMatchObject({ status: 401 });
    const mail = await mails().waitForMail("carol.new@example.com");
    const token = tokenFromLink(mail.text, "/profileSettings", "emailChange");
    await expect(
      carol.pb.collection("users").confirmEmailChange(token, "wrong-password"),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { password: { code: "validation_invalid_password" } } },
    });
    // Confirmed by Carol's own client: the SDK clears its auth store (the session ended).
    expect(await carol.pb.collection("users").confirmEmailChange(token, PASSWORD)).toBe(true);
    expect(carol.pb.authStore.isValid).toBe(false);
    const client = sdk.client();
    const auth = await client
      .collection("users")
      .authWithPassword("carol.new@example.com", PASSWORD);
    expect(auth.record).toMatchObject({ email: "carol.new@example.com", verified: true });
  });

  it("signs in with a mailed one-time password, once", async () => {
    await sdk.account("dave");
    const client = sdk.client();
    const { otpId } = await client.collection("users").requestOTP("dave@example.com");
    const unknown = await client.collection("users").requestOTP("ghost@example.com");
    expect(Object.keys(unknown)).toEqual(["otpId"]);
    expect(unknown.otpId).toMatch(/^[a-z0-9]{15}$/);
    const mail = await mails().waitForMail("dave@example.com", "sign-in code");
    const code = codeOf(mail.text);
    const auth = await client.collection("users").authWithOTP(otpId, code);
    expect(auth.record).toMatchObject({ username: "dave", verified: true });
    expect(client.authStore.token).toBe(auth.token);
    expect(client.authStore.isValid).toBe(true);
    await expect(sdk.client().collection("users").authWithOTP(otpId, code)).rejects.toMatchObject({
      status: 400,
      response: { message: "Invalid or expired OTP." },
    });
    await expect(
      sdk.client().collection("_superusers").requestOTP("root@example.com"),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("refuses the 6th OTP attempt with 429", async () => {
    await sdk.account("erin");
    const client = sdk.client();
    const { otpId } = await client.collection("users").requestOTP("erin@example.com");
    const code = codeOf((await mails().waitForMail("erin@example.com")).text);
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let i = 0; i < 5; i++) {
      await expect(client.collection("users").authWithOTP(otpId, wrong)).rejects.toMatchObject({
        status: 400,
      });
    }
    await expect(client.collection("users").authWithOTP(otpId, code)).rejects.toMatchObject({
      status: 429,
      response: { message: "Too many attempts, please try again later with a new OTP." },
    });
  });

  it("lets a superuser impersonate a user with a non-refreshable token", async () => {
    const frank = await sdk.account("frank");
    const impersonated = await sdk.root.pb.collection("users").impersonate(frank.record.id, 120);
    expect(impersonated.authStore.record).toMatchObject({ id: frank.record.id, username: "frank" });
    const payload = getTokenPayload(impersonated.authStore.token);
    expect(payload).toMatchObject({ id: frank.record.id, type: "auth", refreshable: false });
    expect(payload.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 125);
    // The impersonated client sees Frank's private data as Frank.
    const self = await impersonated.collection("users").getOne(frank.record.id);
    expect(self.email).toBe("frank@example.com");
    await expect(
      frank.pb.collection("users").impersonate(frank.record.id, 0),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      sdk.guest.collection("users").impersonate(frank.record.id, 0),
    ).rejects.toMatchObject({ status: 401 });
  });
});

// The outbox does not depend on the engine: the SQLite pass runs it, the PostgreSQL pass not.
describe.skipIf(!DIALECTS.includes("sqlite"))("SDK account flows without SMTP (outbox)", () => {
  it("writes the mail to DATA_DIR/outbox and logs it; its link works", async () => {
    const server = await startServer("sqlite", { APP_URL, LOG_LEVEL: "info" });
    try {
      const pb = new PocketBase(server.url);
      await pb.collection("users").create({
        username: "grace",
        email: "grace@example.com",
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      });
      await pb.collection("users").requestPasswordReset("grace@example.com");
      const outbox = path.join(server.env.DATA_DIR as string, "outbox");
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      while (Date.now() < deadline) {
        files = fs.existsSync(outbox)
          ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"))
          : [];
        if (files.length) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(files).toHaveLength(1);
      const mail = await PostalMime.parse(fs.readFileSync(path.join(outbox, files[0] as string)));
      expect(mail.to?.[0]).toMatchObject({ address: "grace@example.com" });
      expect(mail.from).toMatchObject({ address: "no-reply@journal.example" });
      // The server logs the mail just after renaming its file into place: wait for the line.
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toContain("mail written to the outbox");
      const token = tokenFromLink(mail.text ?? "", "/passwordReset", "token");
      expect(
        await pb
          .collection("users")
          .confirmPasswordReset(token, "new-password-1", "new-password-1"),
      ).toBe(true);
      await pb.collection("users").authWithPassword("grace", "new-password-1");
    } finally {
      await server.cleanup();
    }
  });
});

/**
 * Issue 25 item 5 (ADR 061): what `/signUp` sends, against the real API with its mail caught.
 * A new address and one that has an account get the same outcome (the request resolves, nobody
 * is signed in); the new account is mailed the link that confirms its address and signs it in
 * on the login page, the owner of the taken address a notice; a refused sign-up rejects with
 * its field errors and mails nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { tokenFromLink } from "#tests/helpers/mail-catcher.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { createApiClient, type ApiFetch } from "../../api/client/api-client.ts";
import { authToken } from "../../api/auth/auth-store.ts";
import { fieldCodes } from "../../features/account/account-errors.ts";
import { signUpAndMail, type SignUpValues } from "./sign-up-flow.ts";

const PASSWORD = "a-new-password-1";

/** The form's values for `username` at `email`. */
const values = (username: string, email: string, password = PASSWORD): SignUpValues => ({
  username,
  name: "",
  email,
  password,
  passwordConfirm: password,
});

describe.each(DIALECTS)("signUpAndMail (%s)", (dialect) => {
  let kit: AccountKit;
  let owner: { email: string };
  let root: string;

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
    owner = await kit.newUser("owner", { verified: true });
    root = (await kit.app.createSuperuser()).token;
  });
  afterAll(async () => {
    await kit.close();
  });

  /** A browser's API client whose requests reach the kit's app in process. */
  const client = () => {
    const fetch: ApiFetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const res = await kit.app.http.inject({
        method: (init?.method ?? "GET") as "GET",
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers)),
        ...(typeof init?.body === "string" ? { payload: init.body } : {}),
      });
      const type = res.headers["content-type"];
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: typeof type === "string" ? { "content-type": type } : {},
      });
    };
    return createApiClient({ baseUrl: "http://journal.test", fetch });
  };

  /** The accounts with `email`, as a superuser lists them. */
  const accounts = async (email: string) => {
    const filter = encodeURIComponent(`email = '${email}'`);
    const res = await kit.app.http.inject({
      method: "GET",
      url: `/api/collections/users/records?filter=${filter}`,
      headers: { authorization: root },
    });
    return res.json<{ items: Record<string, unknown>[] }>().items;
  };

  it("a new address: nobody signed in, the link that confirms it mailed, then the password signs in", async () => {
    const api = client();
    await expect(signUpAndMail(api, values("nova", "nova@example.com"), "fr")).resolves.toBe(
      undefined,
    );
    expect(authToken(api)).toBe("");
    const [account] = await accounts("nova@example.com");
    expect(account).toMatchObject({ verified: false, locale: "fr" });

    const mail = await kit.catcher.waitForMail("nova@example.com");
    const token = tokenFromLink(mail.text, "/login", "verify");
    const confirmed = await kit.post("/api/collections/users/confirm-verification", { token });
    expect(confirmed.status).toBe(204);
    expect((await accounts("nova@example.com"))[0]).toMatchObject({ verified: true });
    expect(await kit.canLogIn("users", "nova@example.com", PASSWORD)).toBe(true);
  });

  it("a taken address: the same outcome, nothing created, the owner mailed a notice", async () => {
    const api = client();
    await expect(signUpAndMail(api, values("squatter", owner.email), "en")).resolves.toBe(
      undefined,
    );
    expect(authToken(api)).toBe("");
    expect(await accounts(owner.email)).toHaveLength(1);
    const notice = await kit.catcher.waitForMail(owner.email);
    expect(notice.subject).toMatch(/Someone tried to use your email address/);
    await kit.app.mailer.idle();
    // A verified owner gets no verification link: the notice is the only mail.
    expect(kit.catcher.unread(owner.email)).toEqual([]);
  });

  it("a refused sign-up rejects with its field errors and mails nothing", async () => {
    const failure = await signUpAndMail(
      client(),
      values("shorty", "shorty@example.com", "short"),
      "en",
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(fieldCodes(failure)).toMatchObject({ password: "validation_min_text_constraint" });
    await kit.app.mailer.idle();
    expect(kit.catcher.unread("shorty@example.com")).toEqual([]);
    expect(await accounts("shorty@example.com")).toEqual([]);
  });
});

/**
 * Sign-up and email change tell no one which addresses have accounts (ADR 061; issue 25 item
 * 5, issue 23's low finding): a taken address gets the answer a free one gets, in status and
 * shape, nothing is written, and the address's owner is mailed instead, in their language.
 * Superusers and admins (who see the addresses anyway) keep PocketBase's field error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import { startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const RECORDS = `${USERS}/records`;
const PASSWORD = "a-new-password-1";

type Answer = { status: number; body: Record<string, unknown> };

/** A sign-up body for `email`. */
const signUp = (username: string, email: string, extra: Record<string, unknown> = {}) => ({
  username,
  email,
  password: PASSWORD,
  passwordConfirm: PASSWORD,
  ...extra,
});

/** The answer with the values that differ from one record to the next blanked out. */
function shapeOf(answer: Answer): Answer {
  const body = { ...answer.body };
  for (const key of ["id", "created", "updated", "username"])
    if (key in body) body[key] = typeof body[key];
  return { status: answer.status, body };
}

describe.each(DIALECTS)("sign-up with a taken address (%s)", (dialect) => {
  let kit: AccountKit;
  let owner: { id: string; email: string };

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
    const created = await kit.newUser("owner", { locale: "fr" });
    owner = { id: created.id, email: created.email };
  });
  afterAll(async () => {
    await kit.close();
  });

  const post = async (url: string, body: unknown, token?: string): Promise<Answer> => {
    const res = await kit.post(url, body, token ? { token } : {});
    return { status: res.status, body: res.json() };
  };
  const userCount = async () =>
    (
      await kit.app.records.list(requireCollection("users"), operatorRequest(), {
        perPage: "1",
      })
    ).totalItems;

  it("answers as for a free address, writes nothing, and mails the owner in French", async () => {
    const before = await userCount();
    const free = await post(RECORDS, signUp("newcomer", "newcomer@example.com"));
    const taken = await post(RECORDS, signUp("squatter", "OWNER@example.com"));
    expect(free.status).toBe(200);
    expect(shapeOf(taken)).toEqual(shapeOf(free));
    expect(Object.keys(taken.body)).toEqual(Object.keys(free.body));
    expect(taken.body).toMatchObject({
      username: "squatter",
      verified: false,
      emailVisibility: false,
      collectionName: "users",
    });
    expect(taken.body.id).toMatch(/^[a-z0-9]{15}$/);
    expect(taken.body.id).not.toBe(owner.id);
    expect(JSON.stringify(taken.body)).not.toMatch(/owner|password|tokenKey/i);

    // Nothing written: one account more (the free one), the owner's password unchanged, and
    // the username the stand-in answered with still free.
    expect(await userCount()).toBe(before + 1);
    expect(await kit.canLogIn("users", owner.email, "password123")).toBe(true);
    expect(await kit.canLogIn("users", owner.email, PASSWORD)).toBe(false);
    expect((await post(RECORDS, signUp("squatter", "squatter@example.com"))).status).toBe(200);

    const mail = await kit.catcher.waitForMail(owner.email);
    expect(mail.subject).toBe("Quelqu'un a essayé d'utiliser votre adresse e-mail sur Cahier");
    expect(mail.text).toContain("créer un compte");
    expect(mail.text).toContain(`${kit.app.config.appUrl}/login`);
    expect(mail.text).toContain(`${kit.app.config.appUrl}/passwordReset`);
    expect(mail.raw).not.toMatch(/squatter|a-new-password/);
    // Whoever tried learns nothing from the mail: it goes to the owner alone.
    expect(kit.catcher.unread("OWNER@example.com")).toEqual([]);
  });

  it("shows the address when asked to, as it would for a new account", async () => {
    const visible = { emailVisibility: true };
    const free = await post(RECORDS, signUp("shown1", "shown1@example.com", visible));
    const taken = await post(RECORDS, signUp("shown2", owner.email, visible));
    expect(shapeOf(taken)).toEqual({
      ...shapeOf(free),
      body: { ...shapeOf(free).body, email: owner.email },
    });
    expect(taken.body.email).toBe(owner.email);
  });

  it("mails the owner at most once per resend window, and answers alike meanwhile", async () => {
    await kit.mailSettled();
    const already = kit.catcher.messages.filter((m) => m.to.includes(owner.email)).length;
    const again = await post(RECORDS, signUp("another", owner.email));
    expect(again.status).toBe(200);
    await kit.mailSettled();
    expect(kit.catcher.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(already);
  });

  it("reports the other mistakes exactly as for a free address", async () => {
    const short = { password: "short", passwordConfirm: "short" };
    const free = await post(RECORDS, signUp("shortfree", "shortfree@example.com", short));
    const taken = await post(RECORDS, signUp("shorttaken", owner.email, short));
    expect(free.status).toBe(400);
    expect(taken).toEqual(free);
    expect(Object.keys(taken.body.data as object)).toEqual(["password"]);
    // A username is public (profiles): it is still said to be taken.
    const username = await post(RECORDS, signUp("owner", owner.email));
    expect(username.status).toBe(400);
    expect(username.body.data).toEqual({
      username: { code: "validation_not_unique", message: "Value must be unique." },
    });
  });

  it("answers alike inside a batch", async () => {
    const before = await userCount();
    const create = (email: string, username: string) => ({
      method: "POST",
      url: RECORDS,
      body: signUp(username, email),
    });
    const free = await post("/api/batch", {
      requests: [create("batchfree@example.com", "batchfree")],
    });
    const taken = await post("/api/batch", { requests: [create(owner.email, "batchtaken")] });
    expect(free.status).toBe(200);
    const shapes = (answer: Answer) =>
      (answer.body as unknown as { status: number; body: Record<string, unknown> }[]).map(
        (result) => shapeOf(result),
      );
    expect(shapes(taken)).toEqual(shapes(free));
    expect(await userCount()).toBe(before + 1);
  });

  it("still tells superusers and admins, who see addresses anyway", async () => {
    const root = await kit.app.createSuperuser();
    const admin = await kit.app.createUser({ username: "theadmin", role: "admin" });
    for (const token of [root.token, admin.token]) {
      const answer = await post(RECORDS, signUp("byadmin", owner.email), token);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toEqual({
        email: { code: "validation_not_unique", message: "Value must be unique." },
      });
    }
  });
});

describe.each(DIALECTS)("request-email-change to a taken address (%s)", (dialect) => {
  let kit: AccountKit;

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
  });
  afterAll(async () => {
    await kit.close();
  });

  it("answers 204 as for a free address, mails no link, and tells the owner", async () => {
    const owner = await kit.newUser("taken", { locale: "en" });
    const mover = await kit.newUser("mover");
    const free = await kit.post(
      `${USERS}/request-email-change`,
      { newEmail: "free@example.com" },
      { token: mover.token },
    );
    const taken = await kit.post(
      `${USERS}/request-email-change`,
      { newEmail: "Taken@Example.com" },
      { token: mover.token },
    );
    expect(free.status, free.body).toBe(204);
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: free.status,
      body: free.body,
    });
    expect((await kit.catcher.waitForMail("free@example.com")).text).toContain("emailChange=");

    const notice = await kit.catcher.waitForMail(owner.email);
    expect(notice.subject).toBe("Someone tried to use your email address on Cahier");
    expect(notice.text).toContain("another account");
    expect(notice.raw).not.toContain("emailChange=");
    expect(notice.raw).not.toMatch(/mover/i);
    await kit.mailSettled();
    expect(kit.catcher.unread(owner.email)).toEqual([]);
    // Nothing changed: both keep their addresses.
    expect((await kit.row(kit.users, mover.id)).email).toBe(mover.email);
    expect((await kit.row(kit.users, owner.id)).email).toBe(owner.email);
  });

  it("still refuses the account's own address, which the requester knows", async () => {
    const self = await kit.newUser("self");
    const res = await kit.post(
      `${USERS}/request-email-change`,
      { newEmail: self.email },
      { token: self.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toContain('"newEmail":{"code":"validation_not_in_invalid"');
  });
});

describe.each(DIALECTS)("sign-up with a taken address under rate limits (%s)", (dialect) => {
  let kit: AccountKit;

  beforeAll(async () => {
    kit = await startAccountKit(dialect, {
      RATE_LIMITS: JSON.stringify([{ label: "users:create", duration: 60, maxRequests: 2 }]),
    });
    await kit.newUser("limited");
  });
  afterAll(async () => {
    await kit.close();
  });

  it("counts stood-in sign-ups like any other", async () => {
    const statuses: number[] = [];
    for (const email of ["limited@example.com", "free1@example.com", "limited@example.com"]) {
      const res = await kit.post(RECORDS, signUp(`u${String(statuses.length)}x`, email));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

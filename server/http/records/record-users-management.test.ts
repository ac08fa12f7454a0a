/**
 * How admins manage users (ADR 024, ADR 046, ADR 055): an admin changes the role of users who
 * are not admins and deletes them; another admin (demote, edit, delete), an admin's own role
 * and the verified flag are left to superusers; users cannot verify themselves nor delete
 * anyone but themselves. Every row
 * runs as guest, the user themself, another user, an admin and a superuser where it matters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "carol" | "dave" | "adam" | "ada" | "superuser";

const NOT_FOUND = {
  expectedStatus: 404,
  expectedContent: ['"data":{}', "The requested resource wasn't found."],
};
const SECRETS = ['"password"', '"tokenKey"'];

describe.each(DIALECTS)("users managed by admins (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const accounts = {
      carol: await app.createUser({ username: "carol" }),
      dave: await app.createUser({ username: "dave", role: "writer" }),
      adam: await app.createUser({ username: "adam", role: "admin" }),
      ada: await app.createUser({ username: "ada", role: "admin" }),
      superuser: await app.createSuperuser(),
    };
    for (const [who, account] of Object.entries(accounts)) {
      tokens[who as Who] = account.token;
      ids[who] = String(account.record.id);
    }
    for (const name of ["erin", "frank", "gina", "hugo"]) {
      ids[name] = String((await app.createUser({ username: name })).record.id);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const user = (id: string) => `/api/collections/users/records/$${id}`;
  const emailSearch = `/api/collections/users/records?filter=${encodeURIComponent(
    'username ~ "erin@" || name ~ "erin@" || email ~ "erin@"',
  )}`;
  const table: TableScenario<Who>[] = [
    // The users page searches emails as PocketBase does: a hidden email is searchable by
    // superusers and its owner only (ADR 024), admins included in "others".
    {
      name: "a superuser finds a user by a hidden email",
      as: "superuser",
      method: "GET",
      url: emailSearch,
      expectedStatus: 200,
      expectedContent: ['"totalItems":1', '"username":"erin"', '"email":"erin@example.com"'],
    },
    {
      name: "an admin does not find a hidden email",
      as: "adam",
      method: "GET",
      url: emailSearch,
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    },
    {
      name: "a user does not find a hidden email",
      as: "dave",
      method: "GET",
      url: emailSearch,
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    },
    // Role changes.
    {
      name: "a guest cannot change a role",
      as: "guest",
      method: "PATCH",
      url: user("erin"),
      body: { role: "writer" },
      ...NOT_FOUND,
    },
    {
      name: "a user cannot change their own role",
      as: "carol",
      method: "PATCH",
      url: user("carol"),
      body: { role: "writer" },
      ...NOT_FOUND,
    },
    {
      name: "a user cannot change another user's role",
      as: "dave",
      method: "PATCH",
      url: user("erin"),
      body: { role: "writer" },
      ...NOT_FOUND,
    },
    {
      name: "an admin makes a user a writer",
      as: "adam",
      method: "PATCH",
      url: user("erin"),
      body: { role: "writer" },
      expectedStatus: 200,
      expectedContent: ['"username":"erin"', '"role":"writer"'],
    },
    {
      name: "an admin takes the writer role back",
      as: "adam",
      method: "PATCH",
      url: user("erin"),
      body: { role: "" },
      expectedStatus: 200,
      expectedContent: ['"username":"erin"', '"role":""'],
    },
    {
      name: "an admin cannot demote another admin",
      as: "adam",
      method: "PATCH",
      url: user("ada"),
      body: { role: "" },
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot edit another admin",
      as: "adam",
      method: "PATCH",
      url: user("ada"),
      body: { name: "Renamed" },
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot change another admin's email",
      as: "adam",
      method: "PATCH",
      url: user("ada"),
      body: { email: "taken-over@example.com" },
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot demote themself",
      as: "adam",
      method: "PATCH",
      url: user("adam"),
      body: { role: "writer" },
      ...NOT_FOUND,
    },
    {
      name: "an admin still edits their own profile",
      as: "adam",
      method: "PATCH",
      url: user("adam"),
      body: { name: "Adam A.", role: "admin" },
      expectedStatus: 200,
      expectedContent: ['"name":"Adam A."', '"role":"admin"'],
    },
    {
      name: "the refused changes left the other admin as it was",
      as: "superuser",
      method: "GET",
      url: user("ada"),
      expectedStatus: 200,
      expectedContent: ['"role":"admin"', '"email":"ada@example.com"'],
      notExpectedContent: ["Renamed"],
    },
    {
      name: "an admin promotes a user to admin",
      as: "adam",
      method: "PATCH",
      url: user("frank"),
      body: { role: "admin" },
      expectedStatus: 200,
      expectedContent: ['"username":"frank"', '"role":"admin"'],
    },
    {
      name: "a superuser demotes an admin",
      as: "superuser",
      method: "PATCH",
      url: user("frank"),
      body: { role: "writer" },
      expectedStatus: 200,
      expectedContent: ['"role":"writer"'],
    },
    {
      name: "an admin rejects an unknown role with a field error",
      as: "adam",
      method: "PATCH",
      url: user("erin"),
      body: { role: "owner" },
      expectedStatus: 400,
      expectedContent: ['"role":{"code":"validation_invalid_value"'],
    },
    // Verified flag.
    {
      name: "a user cannot verify themself",
      as: "carol",
      method: "PATCH",
      url: user("carol"),
      body: { verified: true },
      expectedStatus: 400,
      expectedContent: ['"verified":{"code":"validation_values_mismatch"'],
    },
    {
      name: "a user cannot verify another user",
      as: "dave",
      method: "PATCH",
      url: user("gina"),
      body: { verified: true },
      ...NOT_FOUND,
    },
    // ADR 055: only superusers set the flag (an admin could otherwise pre-hijack an account).
    {
      name: "an admin cannot mark a user verified",
      as: "adam",
      method: "PATCH",
      url: user("gina"),
      body: { verified: true },
      ...NOT_FOUND,
    },
    {
      name: "a superuser marks a user verified",
      as: "superuser",
      method: "PATCH",
      url: user("gina"),
      body: { verified: true },
      expectedStatus: 200,
      expectedContent: ['"username":"gina"', '"verified":true'],
    },
    {
      name: "a superuser marks a user unverified",
      as: "superuser",
      method: "PATCH",
      url: user("gina"),
      body: { verified: false },
      expectedStatus: 200,
      expectedContent: ['"verified":false'],
    },
    // Deletion.
    {
      name: "a guest cannot delete a user",
      as: "guest",
      method: "DELETE",
      url: user("erin"),
      ...NOT_FOUND,
    },
    {
      name: "a user cannot delete another user",
      as: "dave",
      method: "DELETE",
      url: user("erin"),
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot delete another admin",
      as: "adam",
      method: "DELETE",
      url: user("ada"),
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot reach a superuser through users",
      as: "adam",
      method: "DELETE",
      url: user("superuser"),
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot delete a superuser",
      as: "adam",
      method: "DELETE",
      url: "/api/collections/_superusers/records/$superuser",
      expectedStatus: 403,
      expectedContent: ["Only superusers can perform this action."],
    },
    {
      name: "an admin deletes a user",
      as: "adam",
      method: "DELETE",
      url: user("erin"),
      expectedStatus: 204,
    },
    {
      name: "the deleted user is gone",
      as: "superuser",
      method: "GET",
      url: user("erin"),
      ...NOT_FOUND,
    },
    {
      name: "an admin deletes a writer",
      as: "adam",
      method: "DELETE",
      url: user("dave"),
      expectedStatus: 204,
    },
    {
      name: "a user deletes themself",
      as: "carol",
      method: "DELETE",
      url: user("carol"),
      expectedStatus: 204,
    },
    {
      name: "a superuser deletes an admin",
      as: "superuser",
      method: "DELETE",
      url: user("ada"),
      expectedStatus: 204,
    },
    {
      name: "an admin may delete their own account",
      as: "adam",
      method: "DELETE",
      url: user("adam"),
      expectedStatus: 204,
    },
  ];
  const rows = table.map((row) => ({
    ...row,
    notExpectedContent: [...SECRETS, ...(row.notExpectedContent ?? [])],
  }));

  it.each(rows)("$name", check);
});

/**
 * ADR 046: admins cannot take over accounts. They change the role and the suspension of users
 * who are not admins (not the verified flag: ADR 055), delete them and may send them a reset link, but
 * never set their password, email or anything else of theirs, and never read their private
 * entries. A suspended account cannot sign in, and its sessions end at once.
 */
describe.each(DIALECTS)("admins cannot take over accounts (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who | "ivy" | "suspendedIvy", string>> = {};
  const { check } = tableRunner<Who | "ivy" | "suspendedIvy">(() => app, ids, tokens, {
    requireToken: true,
  });
  const FORBIDDEN_SIGN_IN =
    "The request doesn't satisfy the collection requirements to authenticate.";

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const accounts = {
      carol: await app.createUser({ username: "carol" }),
      adam: await app.createUser({ username: "adam", role: "admin" }),
      ada: await app.createUser({ username: "ada", role: "admin" }),
      ivy: await app.createUser({ username: "ivy", email: "ivy@example.com" }),
      superuser: await app.createSuperuser(),
    };
    for (const [who, account] of Object.entries(accounts)) {
      tokens[who as Who] = account.token;
      ids[who] = String(account.record.id);
    }
    const secret = await app.seedRecord("entries", {
      author: ids.ivy,
      title: "Ivy private day",
    });
    ids.secret = String(secret.id);
  });
  afterAll(async () => {
    await app.close();
  });

  const ivy = "/api/collections/users/records/$ivy";
  const signIn = (password = "password123"): TableScenario<"guest"> => ({
    name: "ivy signs in",
    as: "guest",
    method: "POST",
    url: "/api/collections/users/auth-with-password",
    body: { identity: "ivy", password },
    expectedStatus: 200,
  });
  const refused = (field: string, value: unknown): TableScenario<Who> => ({
    name: `an admin cannot set a user's ${field}`,
    as: "adam",
    method: "PATCH",
    url: ivy,
    body:
      field === "password"
        ? { password: "taken-over-1", passwordConfirm: "taken-over-1" }
        : { [field]: value },
    ...NOT_FOUND,
  });

  it.each<TableScenario<Who>>([
    refused("password", null),
    refused("email", "taken-over@example.com"),
    refused("verified", true),
    refused("emailVisibility", true),
    refused("username", "ivy2"),
    refused("name", "Renamed"),
    refused("bio", "Written by an admin."),
    refused("locale", "fr"),
    {
      name: "nor with a role change alongside",
      as: "adam",
      method: "PATCH",
      url: ivy,
      body: { role: "writer", email: "taken-over@example.com" },
      ...NOT_FOUND,
    },
    {
      name: "an admin does not read a user's private entry",
      as: "adam",
      method: "GET",
      url: "/api/collections/entries/records/$secret",
      ...NOT_FOUND,
    },
    {
      name: "nor list it",
      as: "adam",
      method: "GET",
      url: "/api/collections/entries/records?filter=author%3D%22$ivy%22",
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    },
    {
      name: "an admin sends a user a password reset link (the public request)",
      as: "adam",
      method: "POST",
      url: "/api/collections/users/request-password-reset",
      body: { email: "ivy@example.com" },
      expectedStatus: 204,
    },
    {
      name: "a user cannot suspend themself",
      as: "carol",
      method: "PATCH",
      url: "/api/collections/users/records/$carol",
      body: { suspended: true },
      ...NOT_FOUND,
    },
    {
      name: "a user may resend their current suspension",
      as: "carol",
      method: "PATCH",
      url: "/api/collections/users/records/$carol",
      body: { suspended: false, name: "Carol" },
      expectedStatus: 200,
      expectedContent: ['"suspended":false', '"name":"Carol"'],
    },
    {
      name: "an admin cannot suspend another admin",
      as: "adam",
      method: "PATCH",
      url: "/api/collections/users/records/$ada",
      body: { suspended: true },
      ...NOT_FOUND,
    },
    {
      name: "nobody signs up suspended",
      as: "guest",
      method: "POST",
      url: "/api/collections/users/records",
      body: {
        username: "selfsuspended",
        email: "selfsuspended@example.com",
        password: "password123",
        passwordConfirm: "password123",
        suspended: true,
      },
      expectedStatus: 400,
      expectedContent: ["Failed to create record."],
    },
  ])("$name", check);

  it("lets an admin suspend a user: no sign-in, no session, until the suspension is lifted", async () => {
    await check({ ...signIn(), as: "guest" });
    tokens.suspendedIvy = tokens.ivy;
    await check({
      name: "an admin suspends ivy",
      as: "adam",
      method: "PATCH",
      url: ivy,
      body: { suspended: true },
      expectedStatus: 200,
      expectedContent: ['"suspended":true'],
    });
    await check({
      name: "ivy's session is over",
      as: "suspendedIvy",
      method: "POST",
      url: "/api/collections/users/auth-refresh",
      expectedStatus: 401,
    });
    await check({
      ...signIn(),
      name: "ivy cannot sign in",
      expectedStatus: 403,
      expectedContent: [FORBIDDEN_SIGN_IN],
    });
    await check({
      name: "a superuser still sets a password",
      as: "superuser",
      method: "PATCH",
      url: ivy,
      body: { password: "new-password-1", passwordConfirm: "new-password-1" },
      expectedStatus: 200,
    });
    await check({
      name: "an admin lifts the suspension",
      as: "adam",
      method: "PATCH",
      url: ivy,
      body: { suspended: false },
      expectedStatus: 200,
      expectedContent: ['"suspended":false'],
    });
    await check({ ...signIn("new-password-1"), name: "ivy signs in again" });
  });
});

/**
 * Account pre-hijacking by an admin (ADR 055): the password an unverified account was
 * registered with is replaced at its first sign-in by emailed code or OAuth2, so whoever
 * registered someone else's address never keeps a way in. An admin who could create the
 * account verified, or mark it verified afterwards, would skip that and keep the password of
 * an account its owner then uses. Only superusers set `verified`; admins still create
 * accounts (as anyone signs up, with a role) and the owner's first sign-in retires the password.
 */
describe.each(DIALECTS)("admins cannot pre-hijack an account (%s)", (dialect) => {
  let kit: AccountKit;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<"adam" | "superuser", string>> = {};
  const { check } = tableRunner<"adam" | "superuser">(() => kit.app, ids, tokens, {
    requireToken: true,
  });
  const KNOWN = "admin-knows-1";
  const CREATE_REFUSED = {
    expectedStatus: 400,
    expectedContent: ['{"data":{},"message":"Failed to create record.","status":400}'],
  };
  const signUp = (name: string, extra: Record<string, unknown> = {}) => ({
    username: name,
    email: `${name}@example.com`,
    password: KNOWN,
    passwordConfirm: KNOWN,
    ...extra,
  });

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
    const adam = await kit.app.createUser({ username: "adam", role: "admin" });
    const superuser = await kit.app.createSuperuser();
    tokens.adam = adam.token;
    tokens.superuser = superuser.token;
  });
  afterAll(async () => {
    await kit.close();
  });

  /** Signs `email` in with a code mailed to it; answers the signed-in record. */
  async function signInByMailedCode(email: string): Promise<Record<string, unknown>> {
    const requested = await kit.post("/api/collections/users/request-otp", { email });
    expect(requested.status, requested.body).toBe(200);
    const mail = await kit.catcher.waitForMail(email, "sign-in code");
    const code = /\b(\d{8})\b/.exec(mail.text)?.[1] ?? "";
    const res = await kit.post("/api/collections/users/auth-with-otp", {
      otpId: requested.json().otpId,
      password: code,
    });
    expect(res.status, res.body).toBe(200);
    return res.json().record as Record<string, unknown>;
  }

  it.each<TableScenario<"adam" | "superuser">>([
    {
      name: "an admin cannot create a verified account",
      as: "adam",
      method: "POST",
      url: "/api/collections/users/records",
      body: signUp("prehijacked", { verified: true }),
      ...CREATE_REFUSED,
    },
    {
      name: "nor with a role alongside",
      as: "adam",
      method: "POST",
      url: "/api/collections/users/records",
      body: signUp("prehijacked", { role: "writer", verified: true }),
      ...CREATE_REFUSED,
    },
    {
      name: "a superuser creates a verified account",
      as: "superuser",
      method: "POST",
      url: "/api/collections/users/records",
      body: signUp("byroot", { verified: true }),
      expectedStatus: 200,
      expectedContent: ['"username":"byroot"', '"verified":true'],
    },
  ])("$name", check);

  it("an account an admin created stays unverified, and its owner's first emailed code retires the admin's password", async () => {
    const created = await kit.post("/api/collections/users/records", signUp("victim"), {
      token: tokens.adam,
    });
    expect(created.status, created.body).toBe(200);
    expect(created.json()).toMatchObject({ username: "victim", verified: false });
    ids.victim = String(created.json().id);
    await check({
      name: "the admin cannot mark it verified",
      as: "adam",
      method: "PATCH",
      url: "/api/collections/users/records/$victim",
      body: { verified: true },
      ...NOT_FOUND,
    });
    await check({
      name: "nor alongside a role",
      as: "adam",
      method: "PATCH",
      url: "/api/collections/users/records/$victim",
      body: { role: "writer", verified: true },
      ...NOT_FOUND,
    });
    expect(await kit.canLogIn("users", "victim@example.com", KNOWN)).toBe(true);
    expect(await signInByMailedCode("victim@example.com")).toMatchObject({ verified: true });
    expect(await kit.canLogIn("users", "victim@example.com", KNOWN)).toBe(false);
  });

  it("an admin cannot verify an account someone else registered with another's address", async () => {
    const registered = await kit.post("/api/collections/users/records", signUp("squatted"));
    expect(registered.status, registered.body).toBe(200);
    ids.squatted = String(registered.json().id);
    await check({
      name: "the admin cannot mark it verified",
      as: "adam",
      method: "PATCH",
      url: "/api/collections/users/records/$squatted",
      body: { verified: true },
      ...NOT_FOUND,
    });
    expect(await signInByMailedCode("squatted@example.com")).toMatchObject({ verified: true });
    expect(await kit.canLogIn("users", "squatted@example.com", KNOWN)).toBe(false);
    await check({
      name: "a superuser still marks an account unverified and verified",
      as: "superuser",
      method: "PATCH",
      url: "/api/collections/users/records/$squatted",
      body: { verified: false },
      expectedStatus: 200,
      expectedContent: ['"verified":false'],
    });
  });
});

/**
 * Devices (ADR 053): every sign-in records its device, found again by user agent and address;
 * the `devices` collection's rules; a deleted device's tokens stop working, other devices'
 * do not; `devices/sign-out-others`; the new-device email in the owner's language; auth-refresh
 * keeps the device and moves `lastSeen` at most once a minute.
 */
import { decodeJwt } from "jose";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { startMailCatcher, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { findCollection } from "#server/core/collections/collection-lookup.ts";
import type { AuthCollection } from "#server/core/models/collection.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";

type Who = "guest" | "alice" | "bob" | "root" | "viewAs";

const USERS = "/api/collections/users";
const DEVICES = "/api/collections/devices/records";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ONLY_SUPERUSERS = '"message":"Only superusers can perform this action."';

describe.each(DIALECTS)("devices (%s)", (dialect) => {
  let app: TestApp;
  let catcher: MailCatcher;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { run, check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  /** Signs `email` in with `userAgent` from `ip`; the answer's token and its device. */
  const signIn = async (email: string, userAgent: string, ip = "203.0.113.7") => {
    const res = await app.http.inject({
      method: "POST",
      url: `${USERS}/auth-with-password`,
      headers: { "user-agent": userAgent },
      remoteAddress: ip,
      payload: { identity: email, password: "password123" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ token: string }>();
    return { token, device: String(decodeJwt(token).device) };
  };
  const refresh = (token: string) =>
    app.http.inject({
      method: "POST",
      url: `${USERS}/auth-refresh`,
      headers: { authorization: token },
    });
  const devicesOf = async (token: string) => {
    const res = await app.http.inject({
      method: "GET",
      url: `${DEVICES}?sort=created`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Record<string, unknown>[] }>().items;
  };
  const lastSeen = async (id: string) => {
    const rows = await sql<{
      lastSeen: string;
    }>`SELECT "lastSeen" FROM "devices" WHERE "id" = ${id}`.execute(app.db.kysely);
    return rows.rows[0]?.lastSeen;
  };

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await createTestApp(dialect, { SMTP_URL: catcher.url });
    const alice = await app.createUser({ username: "alice", email: "alice@example.com" });
    const bob = await app.createUser({ username: "bob", email: "bob@example.com" });
    const root = await app.createSuperuser();
    ids.alice = String(alice.record.id);
    ids.bob = String(bob.record.id);
    ids.root = String(root.record.id);
    Object.assign(tokens, { bob: bob.token, root: root.token });
    const firefox = await signIn("alice@example.com", FIREFOX);
    tokens.alice = firefox.token;
    ids.aliceDevice = firefox.device;
    const viewAs = await app.http.inject({
      method: "POST",
      url: `${USERS}/impersonate/${ids.alice}`,
      headers: { authorization: root.token, "user-agent": CHROME },
    });
    expect(viewAs.statusCode).toBe(200);
    tokens.viewAs = viewAs.json<{ token: string }>().token;
    ids.viewAsDevice = String(decodeJwt(tokens.viewAs).device);
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it("records the device of a sign-in, with a readable name and no fingerprint on the wire", async () => {
    const items = await devicesOf(tokens.alice ?? "");
    const own = items.find((d) => d.id === ids.aliceDevice);
    expect(own).toMatchObject({
      collectionName: "devices",
      user: ids.alice,
      name: "Firefox on Windows",
      userAgent: FIREFOX,
      ip: "203.0.113.7",
      impersonatedBy: "",
    });
    expect(String(own?.lastSeen)).not.toBe("");
    expect(String(own?.created)).not.toBe("");
    expect(own).not.toHaveProperty("fingerprint");
  });

  it("reuses the device of the same browser and address, and tells new ones apart", async () => {
    const again = await signIn("alice@example.com", FIREFOX);
    expect(again.device).toBe(ids.aliceDevice);
    const elsewhere = await signIn("alice@example.com", FIREFOX, "198.51.100.9");
    const phone = await signIn("alice@example.com", SAFARI);
    expect(new Set([ids.aliceDevice, elsewhere.device, phone.device]).size).toBe(3);
    const names = (await devicesOf(tokens.alice ?? "")).map((d) => d.name);
    expect(names).toContain("Mobile Safari on iOS");
  });

  it("lists a superuser's View as session as a device of its own, flagged, and mails nothing for it", async () => {
    const items = await devicesOf(tokens.alice ?? "");
    expect(items.find((d) => d.id === ids.viewAsDevice)).toMatchObject({
      impersonatedBy: ids.root,
      name: "Chrome on Linux",
    });
    await app.mailer.idle();
    const alerts = catcher
      .unread("alice@example.com")
      .filter((m) => m.subject.includes("New sign-in"));
    // The two new devices of the test above, not the View as session.
    expect(alerts.map((m) => m.text).join("\n")).not.toContain("Chrome on Linux");
  });

  it.each<TableScenario<Who>>([
    {
      name: "a guest lists nothing",
      as: "guest",
      method: "GET",
      url: DEVICES,
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    },
    {
      name: "another user lists nothing of alice's",
      as: "bob",
      method: "GET",
      url: `${DEVICES}?filter=(user='$alice')`,
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    },
    {
      name: "another user cannot view alice's device",
      as: "bob",
      method: "GET",
      url: `${DEVICES}/$aliceDevice`,
      expectedStatus: 404,
    },
    {
      name: "another user cannot delete alice's device",
      as: "bob",
      method: "DELETE",
      url: `${DEVICES}/$aliceDevice`,
      expectedStatus: 404,
    },
    {
      name: "the owner views their device, without the fingerprint",
      as: "alice",
      method: "GET",
      url: `${DEVICES}/$aliceDevice`,
      expectedStatus: 200,
      expectedContent: ['"name":"Firefox on Windows"'],
      notExpectedContent: ["fingerprint"],
    },
    {
      name: "the owner cannot create a device",
      as: "alice",
      method: "POST",
      url: DEVICES,
      body: { user: "$alice", name: "Forged" },
      expectedStatus: 403,
      expectedContent: [ONLY_SUPERUSERS],
    },
    {
      name: "the owner cannot update a device",
      as: "alice",
      method: "PATCH",
      url: `${DEVICES}/$aliceDevice`,
      body: { name: "Renamed", lastSeen: "2000-01-01 00:00:00.000Z" },
      expectedStatus: 403,
      expectedContent: [ONLY_SUPERUSERS],
    },
    {
      name: "a filter on the hidden fingerprint is refused",
      as: "alice",
      method: "GET",
      url: `${DEVICES}?filter=(fingerprint!='')`,
      expectedStatus: 400,
    },
  ])("rules: $name", check);

  it("signs a deleted device out (401), and only that device", async () => {
    const other = await signIn("alice@example.com", CHROME, "192.0.2.44");
    expect((await refresh(other.token)).statusCode).toBe(200);
    const removed = await app.http.inject({
      method: "DELETE",
      url: `${DEVICES}/${other.device}`,
      headers: { authorization: tokens.alice ?? "" },
    });
    expect(removed.statusCode).toBe(204);
    const refused = await refresh(other.token);
    expect(refused.statusCode).toBe(401);
    // Elsewhere the token is no one's: a guest's answer.
    const list = await app.http.inject({
      method: "GET",
      url: DEVICES,
      headers: { authorization: other.token },
    });
    expect(list.json()).toMatchObject({ totalItems: 0 });
    expect((await refresh(tokens.alice ?? "")).statusCode).toBe(200);
  });

  it("keeps the device on auth-refresh and moves lastSeen at most once a minute", async () => {
    const { token, device } = await signIn("alice@example.com", FIREFOX);
    await sql`UPDATE "devices" SET "lastSeen" = ${"2020-01-01 00:00:00.000Z"} WHERE "id" = ${device}`.execute(
      app.db.kysely,
    );
    const first = await refresh(token);
    expect(first.statusCode).toBe(200);
    const renewed = first.json<{ token: string }>().token;
    expect(decodeJwt(renewed).device).toBe(device);
    const seen = await lastSeen(device);
    expect(seen).not.toBe("2020-01-01 00:00:00.000Z");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await refresh(renewed)).statusCode).toBe(200);
    expect(await lastSeen(device)).toBe(seen);
  });

  it("gives a token of no device (issued before devices) one when it is renewed, without a mail", async () => {
    const users = findCollection("users") as AuthCollection;
    const row = await app.records.findById(users, ids.bob ?? "");
    const legacy = await app.auth.authToken(users, row ?? {});
    expect(decodeJwt(legacy).device).toBeUndefined();
    const res = await refresh(legacy);
    expect(res.statusCode).toBe(200);
    const device = decodeJwt(res.json<{ token: string }>().token).device;
    expect(typeof device).toBe("string");
    await app.mailer.idle();
    expect(catcher.unread("bob@example.com")).toEqual([]);
  });

  describe("sign-out-others", () => {
    const URL = `${USERS}/devices/sign-out-others`;

    it.each<TableScenario<Who>>([
      {
        name: "a guest",
        as: "guest",
        method: "POST",
        url: URL,
        expectedStatus: 401,
        expectedContent: ['"message":"The request requires valid record authorization token."'],
      },
      {
        name: "a superuser",
        as: "root",
        method: "POST",
        url: URL,
        expectedStatus: 403,
      },
      {
        name: "a View as token",
        as: "viewAs",
        method: "POST",
        url: URL,
        expectedStatus: 403,
        expectedContent: ['"message":"An impersonation token cannot sign devices out."'],
      },
      {
        name: "a base collection",
        as: "alice",
        method: "POST",
        url: "/api/collections/posts/devices/sign-out-others",
        expectedStatus: 404,
      },
      {
        name: "the superusers collection",
        as: "root",
        method: "POST",
        url: "/api/collections/_superusers/devices/sign-out-others",
        expectedStatus: 404,
      },
      {
        name: "an unknown collection",
        as: "alice",
        method: "POST",
        url: "/api/collections/nope/devices/sign-out-others",
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid collection context."'],
      },
    ])("refuses $name", check);

    it("deletes every other device of the caller, and nobody else's", async () => {
      const a = await signIn("alice@example.com", SAFARI, "192.0.2.10");
      const b = await signIn("alice@example.com", CHROME, "192.0.2.11");
      const bobBefore = await devicesOf(tokens.bob ?? "");
      const res = await run({
        name: "sign out others",
        as: "alice",
        method: "POST",
        url: URL,
        body: {},
        expectedStatus: 204,
      });
      expect(res.body).toBe("");
      const left = await devicesOf(tokens.alice ?? "");
      expect(left.map((d) => d.id)).toEqual([ids.aliceDevice]);
      expect((await refresh(a.token)).statusCode).toBe(401);
      expect((await refresh(b.token)).statusCode).toBe(401);
      expect((await refresh(tokens.viewAs ?? "")).statusCode).toBe(401);
      expect((await refresh(tokens.alice ?? "")).statusCode).toBe(200);
      expect(await devicesOf(tokens.bob ?? "")).toEqual(bobBefore);
    });
  });

  describe("the new-device email", () => {
    it("is not sent for an account's first device", async () => {
      await app.createUser({ username: "carol", email: "carol@example.com" });
      await app.mailer.idle();
      expect(catcher.unread("carol@example.com")).toEqual([]);
    });

    it("is not sent for an account's first own device after a View as", async () => {
      const gina = await app.seedRecord("users", {
        username: "gina",
        email: "gina@example.com",
        password: "password123",
        passwordConfirm: "password123",
      });
      const viewAs = await app.http.inject({
        method: "POST",
        url: `${USERS}/impersonate/${String(gina.id)}`,
        headers: { authorization: tokens.root ?? "", "user-agent": CHROME },
      });
      expect(viewAs.statusCode).toBe(200);
      await signIn("gina@example.com", FIREFOX, "198.51.100.30");
      await app.mailer.idle();
      expect(catcher.unread("gina@example.com")).toEqual([]);
    });

    it("tells the owner which device, address and time, with links to act, in English", async () => {
      await app.createUser({ username: "dave", email: "dave@example.com", name: "Dave" });
      await signIn("dave@example.com", FIREFOX, "198.51.100.20");
      const mail = await catcher.waitForMail(
        "dave@example.com",
        "New sign-in to your account on Cahier",
      );
      expect(mail.text).toContain("Hello Dave,");
      expect(mail.text).toContain("Device: Firefox on Windows");
      expect(mail.text).toContain("IP address: 198.51.100.20");
      expect(mail.text).toMatch(/Time: .+ UTC/);
      expect(mail.text).toContain("/profileSettings#devices");
      expect(mail.text).toContain("/profileSettings#password");
      expect(mail.html).toContain('<html lang="en">');
      // The same device again: no second mail.
      await signIn("dave@example.com", FIREFOX, "198.51.100.20");
      await app.mailer.idle();
      expect(catcher.unread("dave@example.com")).toEqual([]);
    });

    it("is written in the owner's language, French", async () => {
      const erin = await app.createUser({ username: "erin", email: "erin@example.com" });
      const users = findCollection("users") as AuthCollection;
      await app.records.update(users, operatorRequest(), String(erin.record.id), { locale: "fr" });
      await signIn("erin@example.com", "<b>Evil</b>/1.0", "198.51.100.21");
      const mail = await catcher.waitForMail(
        "erin@example.com",
        "Nouvelle connexion à votre compte sur Cahier",
      );
      expect(mail.text).toContain("Appareil\u202f: Appareil inconnu");
      expect(mail.text).toContain("Adresse IP\u202f: 198.51.100.21");
      expect(mail.text).toContain("Heure\u202f:");
      expect(mail.html).toContain('<html lang="fr">');
    });
  });

  it("goes with its user: deleting the account deletes its devices", async () => {
    const frank = await app.createUser({ username: "frank", email: "frank@example.com" });
    const id = String(frank.record.id);
    const res = await app.http.inject({
      method: "DELETE",
      url: `${USERS}/records/${id}`,
      headers: { authorization: frank.token },
    });
    expect(res.statusCode).toBe(204);
    const rows = await sql<{
      n: number | string;
    }>`SELECT COUNT(*) AS "n" FROM "devices" WHERE "user" = ${id}`.execute(app.db.kysely);
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });
});

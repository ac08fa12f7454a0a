/**
 * The subscription routes (ADR 065) on every engine, with a real SMTP server: bad input and
 * targets, the 204 that reveals nothing, double opt-in (a GET changes nothing), a signed-in
 * reader's own verified address confirmed at once, the records API's rules (owner and admins
 * only), the CSV export, manage and one-click unsubscribe by signed token, the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { startMailCatcher, tokenFromLink, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("subscription routes (%s)", (dialect) => {
  let app: TestApp;
  let catcher: MailCatcher;
  const ids = { alice: "", bob: "", open: "", closed: "" };
  const tokens = { alice: "", admin: "", bob: "", root: "" };

  async function post(url: string, payload: object, token?: string) {
    return app.http.inject({
      method: "POST",
      url,
      payload,
      headers: token ? { authorization: token } : {},
    });
  }

  async function rowsOf(email: string) {
    return app.db.kysely
      .selectFrom("subscriptions")
      .selectAll()
      .where("email", "=", email)
      .orderBy("target")
      .execute();
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await createTestApp(dialect, {
      SMTP_URL: catcher.url,
      APP_URL: "https://blog.example",
    });
    const alice = await app.createUser({ username: "alice", role: "writer", name: "Alice" });
    const admin = await app.createUser({ username: "admin", role: "admin" });
    const bob = await app.createUser({ username: "bob", email: "bob@example.com" });
    await app.records.update(requireCollection("users"), operatorRequest(), String(bob.record.id), {
      verified: true,
    });
    // Signed in again once verified (changing `verified` renews the account's token key).
    const signIn = await app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-with-password",
      payload: { identity: "bob@example.com", password: "password123" },
    });
    bob.token = signIn.json<{ token: string }>().token;
    const root = await app.createSuperuser();
    Object.assign(tokens, {
      alice: alice.token,
      admin: admin.token,
      bob: bob.token,
      root: root.token,
    });
    ids.alice = String(alice.record.id);
    ids.bob = String(bob.record.id);
    const open = await app.seedRecord("collections", {
      owner: ids.alice,
      name: "garden",
      title: "Garden",
      visibility: "public",
    });
    const closed = await app.seedRecord("collections", {
      owner: ids.alice,
      name: "diary",
      title: "Diary",
      visibility: "private",
    });
    ids.open = String(open.id);
    ids.closed = String(closed.id);
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it("refuses bad input with field errors, never a 500", async () => {
    const cases: [object, string][] = [
      [{ target: "blog" }, "email"],
      [{ email: "not-an-address", target: "blog" }, "email"],
      [{ email: "a@example.com", target: "everything" }, "target"],
      [{ email: "a@example.com" }, "target"],
      [{ email: "a@example.com", target: `author:${ids.bob}` }, "target"],
      [{ email: "a@example.com", target: "author:zzzzzzzzzzzzzzz" }, "target"],
      [{ email: "a@example.com", target: `collection:${ids.closed}` }, "target"],
      [{ email: "a@example.com", target: "collection:zzzzzzzzzzzzzzz" }, "target"],
      [{ email: "a@example.com", target: "blog", locale: "de" }, "locale"],
    ];
    for (const [payload, field] of cases) {
      const res = await post("/api/subscriptions", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json<{ data: object }>().data)).toEqual([field]);
    }
    const wrongType = await post("/api/subscriptions", { email: 42, target: "blog" });
    expect(wrongType.statusCode).toBe(400);
    expect(await rowsOf("a@example.com")).toEqual([]);
  });

  it("answers 204 for any address, mails one confirmation, and only a POST confirms", async () => {
    const first = await post("/api/subscriptions", {
      email: " Reader@Example.com ",
      target: `author:${ids.alice}`,
      locale: "fr",
    });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe("");
    const mail = await catcher.waitForMail("reader@example.com", "Confirmez");
    expect(mail.subject).toContain("Alice");
    const token = tokenFromLink(mail.text, "/subscriptions/confirm", "token");
    expect(mail.text).toContain("https://blog.example/subscriptions/confirm?token=");
    // Again at once: the same 204, no second mail (once per 10 minutes).
    const again = await post("/api/subscriptions", {
      email: "reader@example.com",
      target: `author:${ids.alice}`,
    });
    expect(again.statusCode).toBe(204);
    expect((await rowsOf("reader@example.com"))[0]).toMatchObject({
      status: "pending",
      owner: ids.alice,
      locale: "fr",
    });
    // A GET (a link scanner) changes nothing.
    const scanned = await app.http.inject({
      method: "GET",
      url: `/api/subscriptions/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(scanned.statusCode).toBe(404);
    expect((await rowsOf("reader@example.com"))[0]?.status).toBe("pending");
    for (const bad of ["", "x.y", `${token}x`]) {
      const res = await post("/api/subscriptions/confirm", { token: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ data: { token: { code: string } } }>().data.token.code).toBe(
        "validation_invalid_token",
      );
    }
    expect((await post("/api/subscriptions/confirm", { token })).statusCode).toBe(204);
    expect((await rowsOf("reader@example.com"))[0]?.status).toBe("confirmed");
    expect(catcher.unread("reader@example.com")).toEqual([]);
  });

  it("confirms a signed-in reader's own verified address at once, without mail", async () => {
    const res = await post(
      "/api/subscriptions",
      { email: "bob@example.com", target: "blog" },
      tokens.bob,
    );
    expect(res.statusCode).toBe(204);
    expect((await rowsOf("bob@example.com"))[0]).toMatchObject({
      status: "confirmed",
      user: ids.bob,
      owner: "",
    });
    // Another address from the same session: confirmed by mail like a guest's.
    await post("/api/subscriptions", { email: "other@example.com", target: "blog" }, tokens.bob);
    expect((await rowsOf("other@example.com"))[0]?.status).toBe("pending");
    await catcher.waitForMail("other@example.com", "Confirm your subscription");
    expect(
      catcher.unread("bob@example.com").filter((mail) => mail.subject.includes("subscription")),
    ).toEqual([]);
  });

  it("lets the target's owner and admins read subscribers through the records API, nobody else", async () => {
    await post("/api/subscriptions", {
      email: "garden@example.com",
      target: `collection:${ids.open}`,
    });
    const list = (token?: string) =>
      runScenario(app, {
        name: "list",
        method: "GET",
        url: "/api/collections/subscriptions/records?perPage=100",
        token,
        expectedStatus: 200,
      }).then((res) => (res.json() as { items: { email: string }[] }).items.map((i) => i.email));
    expect((await list(tokens.alice)).sort()).toEqual(["garden@example.com", "reader@example.com"]);
    expect((await list(tokens.admin)).length).toBeGreaterThanOrEqual(4);
    expect(await list(tokens.bob)).toEqual([]);
    expect(await list()).toEqual([]);
    const [row] = await rowsOf("reader@example.com");
    for (const [token, status] of [
      [tokens.bob, 404],
      [undefined, 404],
      [tokens.alice, 200],
      [tokens.admin, 200],
    ] as const) {
      await runScenario(app, {
        name: "view",
        method: "GET",
        url: `/api/collections/subscriptions/records/${String(row?.id)}`,
        token,
        expectedStatus: status,
        notExpectedContent: ["confirmationSent"],
      });
    }
    for (const token of [tokens.alice, tokens.admin, tokens.bob, undefined]) {
      await runScenario(app, {
        name: "create through the records API",
        method: "POST",
        url: "/api/collections/subscriptions/records",
        token,
        body: { email: "x@example.com", target: "blog", status: "confirmed" },
        expectedStatus: 403,
      });
      await runScenario(app, {
        name: "update through the records API",
        method: "PATCH",
        url: `/api/collections/subscriptions/records/${String(row?.id)}`,
        token,
        body: { status: "confirmed" },
        expectedStatus: 403,
      });
    }
  });

  it("exports a target's subscribers as CSV for its owner or an admin only", async () => {
    const get = (target: string, token?: string) =>
      app.http.inject({
        method: "GET",
        url: `/api/subscriptions/export?target=${encodeURIComponent(target)}`,
        headers: token ? { authorization: token } : {},
      });
    const own = await get(`author:${ids.alice}`, tokens.alice);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toContain("text/csv");
    expect(own.body.split("\r\n")[0]).toBe("email,status,frequency,locale,created");
    expect(own.body).toContain('"reader@example.com","confirmed","each","fr"');
    expect((await get("blog", tokens.admin)).body).toContain("bob@example.com");
    expect((await get("blog", tokens.root)).statusCode).toBe(200);
    expect((await get("blog", tokens.alice)).statusCode).toBe(403);
    expect((await get(`author:${ids.alice}`, tokens.bob)).statusCode).toBe(403);
    expect((await get(`author:${ids.alice}`)).statusCode).toBe(403);
    expect((await get("nonsense", tokens.alice)).statusCode).toBe(400);
    // A private collection's owner still exports its subscribers.
    expect((await get(`collection:${ids.closed}`, tokens.alice)).statusCode).toBe(200);
  });

  it("manages every subscription of an address by its signed link, and unsubscribes in one POST", async () => {
    const sender = app.subscriptions.service as unknown as {
      tokens: { issue: (purpose: string, email: string, targets?: string[]) => string };
    };
    const manage = sender.tokens.issue("manage", "reader@example.com");
    const listed = await app.http.inject({
      method: "GET",
      url: `/api/subscriptions/manage?token=${encodeURIComponent(manage)}`,
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json<{ email: string; items: { id: string; targetName: string }[] }>();
    expect(body.email).toBe("reader@example.com");
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.targetName).toBe("les billets de Alice");
    const id = body.items[0]?.id ?? "";
    const change = (payload: object) =>
      post("/api/subscriptions/manage", { token: manage, ...payload });
    expect((await change({ id, frequency: "weekly" })).json()).toMatchObject({
      frequency: "weekly",
    });
    expect((await change({ id, status: "pending" })).statusCode).toBe(400);
    expect((await change({ id, frequency: "daily" })).statusCode).toBe(400);
    const [foreign] = await rowsOf("bob@example.com");
    expect((await change({ id: String(foreign?.id), status: "unsubscribed" })).statusCode).toBe(
      404,
    );
    expect((await post("/api/subscriptions/manage", { token: "nope", id })).statusCode).toBe(400);
    const unsubscribe = sender.tokens.issue("unsubscribe", "reader@example.com", [
      `author:${ids.alice}`,
    ]);
    // A manage token does not unsubscribe, nor an unsubscribe token manage.
    expect(
      (await post(`/api/subscriptions/unsubscribe?token=${encodeURIComponent(manage)}`, {}))
        .statusCode,
    ).toBe(400);
    const oneClick = await app.http.inject({
      method: "POST",
      url: `/api/subscriptions/unsubscribe?token=${encodeURIComponent(unsubscribe)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(204);
    expect((await rowsOf("reader@example.com"))[0]?.status).toBe("unsubscribed");
  });

  it("counts POST /api/subscriptions as subscriptions:create", async () => {
    const before = app.rateLimiter.settings;
    app.rateLimiter.configure({
      ...before,
      enabled: true,
      rules: [{ label: "subscriptions:create", audience: "", duration: 60, maxRequests: 1 }],
    });
    try {
      const payload = { email: "limit@example.com", target: "blog" };
      expect((await post("/api/subscriptions", payload)).statusCode).toBe(204);
      expect((await post("/api/subscriptions", payload)).statusCode).toBe(429);
    } finally {
      app.rateLimiter.configure(before);
    }
  });
});

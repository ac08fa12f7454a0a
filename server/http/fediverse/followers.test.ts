/**
 * The followers API (ADR 071): who may read and change which actor's followers, blocks and
 * settings, and the answers to bad input. (Following itself is in `federation-peer.test.ts`.)
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("followers API (%s)", (dialect) => {
  let app: TestApp;
  let writer = "";
  let writerId = "";
  let reader = "";
  let admin = "";
  let superuser = "";

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://blog.example" });
    const w = await app.createUser({ username: "wanda", role: "writer" });
    writer = w.token;
    writerId = String(w.record.id);
    reader = (await app.createUser({ username: "rita" })).token;
    admin = (await app.createUser({ username: "ada", role: "admin" })).token;
    superuser = (await app.createSuperuser()).token;
    const row = (follower: string, status: string, created: string) =>
      sql`INSERT INTO "_fediverse_followers" ("actor", "follower", "followId", "inbox", "name", "handle", "status", "created")
        VALUES (${writerId}, ${follower}, ${`${follower}#f`}, ${`${follower}/inbox`}, 'Someone', '@someone@social.example', ${status}, ${created})`.execute(
        app.db.kysely,
      );
    await row("https://social.example/users/one", "accepted", "2026-01-01 00:00:00.000Z");
    await row("https://social.example/users/two", "pending", "2026-01-02 00:00:00.000Z");
    await row("https://other.example/users/three", "accepted", "2026-01-03 00:00:00.000Z");
  });

  afterAll(async () => {
    await app.close();
  });

  it("answers 401 to guests and 403 to accounts that do not write (and to superusers)", async () => {
    expect((await call(app, "GET", "/api/fediverse/followers")).status).toBe(401);
    expect((await call(app, "GET", "/api/fediverse/followers", reader)).status).toBe(403);
    expect((await call(app, "GET", "/api/fediverse/followers", superuser)).status).toBe(403);
    expect((await call(app, "GET", "/api/fediverse/settings", reader)).status).toBe(403);
    expect((await call(app, "POST", "/api/fediverse/blocks", reader, {})).status).toBe(403);
  });

  it("lists the writer's own followers, newest first, with the counts", async () => {
    const res = await call(app, "GET", "/api/fediverse/followers", writer);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ page: 1, perPage: 30, totalItems: 2, pending: 1 });
    expect((res.json.items as { id: string }[]).map((i) => i.id)).toEqual([
      "https://other.example/users/three",
      "https://social.example/users/two",
      "https://social.example/users/one",
    ]);
    const pending = await call(app, "GET", "/api/fediverse/followers?status=pending", writer);
    expect((pending.json.items as unknown[]).length).toBe(1);
    const paged = await call(app, "GET", "/api/fediverse/followers?perPage=1&page=2", writer);
    expect((paged.json.items as { id: string }[])[0]?.id).toBe("https://social.example/users/two");
  });

  it("keeps another writer's followers and the blog's from a writer; admins manage the blog's", async () => {
    expect(
      (await call(app, "GET", "/api/fediverse/followers?actor=someoneelse", writer)).status,
    ).toBe(403);
    expect((await call(app, "GET", "/api/fediverse/followers?actor=blog", writer)).status).toBe(
      403,
    );
    const blog = await call(app, "GET", "/api/fediverse/followers?actor=blog", admin);
    expect(blog.status).toBe(200);
    expect(blog.json).toMatchObject({ totalItems: 0, items: [] });
  });

  it("answers 400 to bad input and 404 to unknown followers and blocks", async () => {
    const bad = await call(app, "POST", "/api/fediverse/followers/remove", writer, {
      follower: "nope",
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ data: { follower: { code: "validation_invalid_url" } } });
    const unknown = await call(app, "POST", "/api/fediverse/followers/remove", writer, {
      follower: "https://nowhere.example/users/x",
    });
    expect(unknown.status).toBe(404);
    expect(
      (await call(app, "POST", "/api/fediverse/blocks", writer, { kind: "x", value: "a" })).json,
    ).toMatchObject({
      status: 400,
      data: { kind: { code: "validation_invalid_value" } },
    });
    expect(
      (
        await call(app, "POST", "/api/fediverse/blocks", writer, {
          kind: "domain",
          value: "not a domain",
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(app, "DELETE", "/api/fediverse/blocks?kind=domain&value=never.example", writer))
        .status,
    ).toBe(404);
    expect(
      (await call(app, "PATCH", "/api/fediverse/settings", writer, { approveFollowers: "yes" }))
        .status,
    ).toBe(400);
  });

  it("blocks a domain: its followers go, the block is listed, and can be lifted", async () => {
    const block = await call(app, "POST", "/api/fediverse/blocks", writer, {
      kind: "domain",
      value: "@anyone@Social.Example",
    });
    expect(block.status).toBe(200);
    expect(block.json).toMatchObject({ kind: "domain", value: "social.example" });
    const list = await call(app, "GET", "/api/fediverse/followers", writer);
    expect((list.json.items as { id: string }[]).map((i) => i.id)).toEqual([
      "https://other.example/users/three",
    ]);
    const blocks = await call(app, "GET", "/api/fediverse/blocks", writer);
    expect(blocks.json.items).toEqual([
      expect.objectContaining({ kind: "domain", value: "social.example" }),
    ]);
    expect(
      (await call(app, "DELETE", "/api/fediverse/blocks?kind=domain&value=social.example", writer))
        .status,
    ).toBe(204);
  });

  it("turns approval of followers on and off", async () => {
    expect((await call(app, "GET", "/api/fediverse/settings", writer)).json).toEqual({
      approveFollowers: false,
    });
    const on = await call(app, "PATCH", "/api/fediverse/settings", writer, {
      approveFollowers: true,
    });
    expect(on.json).toEqual({ approveFollowers: true });
    const actor = await app.http.inject({
      url: `/ap/actors/${writerId}`,
      headers: { accept: "application/activity+json" },
    });
    expect(actor.json()).toMatchObject({
      manuallyApprovesFollowers: true,
      preferredUsername: "wanda",
    });
    await call(app, "PATCH", "/api/fediverse/settings", writer, { approveFollowers: false });
  });

  it("answers WebFinger and NodeInfo for writers and the blog, not for readers", async () => {
    const finger = (who: string) =>
      app.http.inject({ url: `/.well-known/webfinger?resource=acct:${who}@blog.example` });
    expect((await finger("wanda")).json()).toMatchObject({ subject: "acct:wanda@blog.example" });
    expect((await finger("blog")).json()).toMatchObject({
      links: expect.arrayContaining([
        expect.objectContaining({ href: "https://blog.example/ap/actors/blog" }),
      ]),
    });
    expect((await finger("rita")).statusCode).toBe(404);
    const blog = await app.http.inject({
      url: "/ap/actors/blog",
      headers: { accept: "application/activity+json" },
    });
    expect(blog.json()).toMatchObject({ type: "Service", preferredUsername: "blog" });
    const nodeinfo = await app.http.inject({ url: "/nodeinfo/2.1" });
    expect(nodeinfo.json()).toMatchObject({
      software: { name: "cahier" },
      usage: { users: { total: 2 } },
    });
  });
});

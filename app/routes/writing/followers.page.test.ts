/**
 * `/writing/followers` (issue 27, ADR 071), rendered by the server with real data in English
 * and French: the writer's handle, the count and list of followers, the held follows, the
 * approval setting and the blocks; form posts (no JavaScript) save the setting, block a
 * domain (its followers go), refuse a bad domain at its field, and lift a block. An account
 * that does not write gets 403.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { getPage, pageCookie, textOf, type Login } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("the followers page (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let rita: Login;

  const post = (body: Record<string, string>, lang = "en") =>
    app.http.inject({
      method: "POST",
      url: "/writing/followers",
      headers: {
        cookie: pageCookie(wanda, lang),
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(body).toString(),
    });

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://blog.example" });
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    rita = await app.createUser({ username: "rita" });
    const row = (follower: string, name: string, status: string) =>
      sql`INSERT INTO "_fediverse_followers" ("actor", "follower", "followId", "inbox", "name", "handle", "url", "status", "created")
        VALUES (${String(wanda.record.id)}, ${follower}, ${`${follower}#f`}, ${`${follower}/inbox`}, ${name},
          ${`@${name.toLowerCase()}@${new URL(follower).host}`}, ${`${follower}/profile`}, ${status}, '2026-01-02 00:00:00.000Z')`.execute(
        app.db.kysely,
      );
    await row("https://social.example/users/one", "Oona", "accepted");
    await row("https://other.example/users/two", "Theo", "accepted");
    await row("https://social.example/users/three", "Tess", "pending");
  });

  afterAll(async () => {
    await app.close();
  });

  it("shows the handle, the followers, the held follows and the setting, in English and French", async () => {
    const res = await getPage(app, "/writing/followers", wanda);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain("@wanda@blog.example");
    expect(text).toContain("2 followers");
    expect(text).toContain("1 follow waiting for approval");
    expect(text).toContain("Approve new followers myself");
    expect(res.body).toContain('href="https://social.example/users/one/profile"');
    expect(res.body).toContain('aria-label="Approve the follow of Tess"');
    const fr = textOf((await getPage(app, "/writing/followers", wanda, "fr")).body);
    expect(fr).toContain("2 abonnés");
    expect(fr).toContain("1 abonnement en attente d’approbation");
    const desk = await getPage(app, "/writing", wanda);
    expect(desk.body).toContain('href="/writing/followers"');
  });

  it("saves the setting, blocks a domain, refuses a bad one and lifts a block", async () => {
    const saved = await post({ intent: "settings", approve: "on" });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe("/writing/followers?done=saved");
    expect((await getPage(app, "/writing/followers", wanda)).body).toMatch(
      /<input type="checkbox"[^>]*name="approve"[^>]*checked=""/,
    );

    const bad = await post({ intent: "block-domain", domain: "not a domain" });
    expect(bad.statusCode).toBe(400);
    expect(textOf(bad.body)).toContain("Enter a domain, like example.social.");

    const blocked = await post({ intent: "block-domain", domain: "other.example" });
    expect(blocked.headers.location).toBe("/writing/followers?done=blocked");
    const after = textOf((await getPage(app, "/writing/followers", wanda)).body);
    expect(after).toContain("1 follower");
    expect(after).not.toContain("Theo");
    expect(after).toContain("other.example (the whole domain)");

    const lifted = await post({ intent: "unblock", kind: "domain", value: "other.example" });
    expect(lifted.headers.location).toBe("/writing/followers?done=unblocked");
    expect(textOf((await getPage(app, "/writing/followers?done=unblocked", wanda)).body)).toContain(
      "The block was lifted.",
    );
  });

  it("answers 403 to an account that does not write", async () => {
    expect((await getPage(app, "/writing/followers", rita)).statusCode).toBe(403);
  });
});

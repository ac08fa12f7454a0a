/**
 * `/writing/subscribers` and its CSV export rendered by the server with real data (ADR 065):
 * a guest goes to `/login`; a writer sees the subscribers of their posts and public
 * collections (counts by status, the list with target, status, frequency and date, filters
 * in the address, an export link per target), never the blog's or another writer's; an admin
 * and a superuser also see the blog's; the export answers the CSV to the target's owner or
 * an admin and a short refusal to anyone else. `/writing` links the page; the post editor
 * offers "Email this post to subscribers" (checked unless the post skips the mail);
 * `/admin/settings` shows the sending pace. English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Login, mainOf as main, getPage } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** The addresses listed, in order. */
function addresses(html: string): string[] {
  return [...main(html).matchAll(/<span class="font-medium[^"]*">([^<]+@[^<]+)<\/span>/g)].map(
    (m) => m[1] ?? "",
  );
}

describe.each(DIALECTS)("/writing/subscribers (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let olga: Login;
  let adam: Login;
  let root: Login;
  let garden = "";

  const page = (url: string, login?: Login, lang = "en") => getPage(app, url, login, lang);

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    olga = await app.createUser({ username: "olga", role: "writer" });
    adam = await app.createUser({ username: "adam", role: "admin" });
    root = await app.createSuperuser();
    garden = String(
      (
        await app.seedRecord("collections", {
          owner: wanda.record.id,
          title: "Garden notes",
          name: "garden",
          visibility: "public",
        })
      ).id,
    );
    const subscribe = (email: string, target: string, owner: unknown, more = {}) =>
      app.seedRecord("subscriptions", { email, target, owner, status: "confirmed", ...more });
    const wandaTarget = `author:${String(wanda.record.id)}`;
    await subscribe("ada@example.com", wandaTarget, wanda.record.id);
    await subscribe("bob@example.com", wandaTarget, wanda.record.id, { status: "pending" });
    await subscribe("cy@example.com", wandaTarget, wanda.record.id, { frequency: "weekly" });
    await subscribe("dee@example.com", `collection:${garden}`, wanda.record.id, {
      status: "unsubscribed",
    });
    await subscribe("olgafan@example.com", `author:${String(olga.record.id)}`, olga.record.id);
    await subscribe("blogfan@example.com", "blog", "");
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends a guest to /login, to come back here", async () => {
    const res = await page("/writing/subscribers?status=pending");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      "/login?redirectTo=%2Fwriting%2Fsubscribers%3Fstatus%3Dpending",
    );
  });

  it("is linked from /writing", async () => {
    expect(main((await page("/writing", wanda)).body)).toMatch(
      /href="\/writing\/subscribers"[^>]*>Subscribers</,
    );
  });

  it("shows a writer their own subscribers only, with counts, details and exports", async () => {
    const res = await page("/writing/subscribers", wanda);
    expect(res.statusCode).toBe(200);
    const html = main(res.body);
    expect(addresses(res.body).sort()).toEqual([
      "ada@example.com",
      "bob@example.com",
      "cy@example.com",
      "dee@example.com",
    ]);
    expect(html).not.toContain("olgafan@example.com");
    expect(html).not.toContain("blogfan@example.com");
    expect(html).toContain("4 subscribers");
    expect(html).toMatch(/<dt[^>]*>Subscribed<\/dt><dd[^>]*>2<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Waiting for confirmation<\/dt><dd[^>]*>1<\/dd>/);
    expect(html).toContain("Posts by Wanda Writer");
    expect(html).toContain("The collection Garden notes");
    expect(html).toContain("Weekly digest");
    expect(html).toContain(
      `href="/writing/subscribers/export?target=author%3A${String(wanda.record.id)}"`,
    );
    expect(html).toContain(`href="/writing/subscribers/export?target=collection%3A${garden}"`);
    expect(html).not.toContain("target=blog");
  });

  it("filters by target, status and address in the URL", async () => {
    const pending = await page("/writing/subscribers?status=pending", wanda);
    expect(addresses(pending.body)).toEqual(["bob@example.com"]);
    const collection = await page(`/writing/subscribers?target=collection:${garden}`, wanda);
    expect(addresses(collection.body)).toEqual(["dee@example.com"]);
    expect(main(collection.body)).toMatch(/<dt[^>]*>Unsubscribed<\/dt><dd[^>]*>1<\/dd>/);
    const search = await page("/writing/subscribers?q=cy", wanda);
    expect(addresses(search.body)).toEqual(["cy@example.com"]);
    const none = await page("/writing/subscribers?q=zzz", wanda);
    expect(main(none.body)).toContain("No subscriber matches these filters.");
    // Another writer's target names nobody the rules let this writer read.
    const foreign = await page(
      `/writing/subscribers?target=author:${String(olga.record.id)}`,
      wanda,
    );
    expect(addresses(foreign.body)).toEqual([]);
  });

  it("shows an admin the blog's subscribers too, and says it in French", async () => {
    const res = await page("/writing/subscribers?target=blog", adam, "fr");
    expect(res.statusCode).toBe(200);
    expect(addresses(res.body)).toEqual(["blogfan@example.com"]);
    expect(main(res.body)).toContain("Le blog");
    expect(main(res.body)).toContain('href="/writing/subscribers/export?target=blog"');
    expect(main(res.body)).toContain("1 abonné");
  });

  it("shows a superuser the blog's subscribers", async () => {
    const res = await page("/writing/subscribers", root);
    expect(res.statusCode).toBe(200);
    expect(addresses(res.body)).toEqual(["blogfan@example.com"]);
  });

  it("tells a writer without subscribers where the form is", async () => {
    const emma = await app.createUser({ username: "emma", role: "writer" });
    expect(main((await page("/writing/subscribers", emma)).body)).toContain(
      "Nobody has subscribed yet.",
    );
  });

  it("exports a target's subscribers as CSV to its owner and to an admin only", async () => {
    const target = `author:${String(wanda.record.id)}`;
    const url = `/writing/subscribers/export?target=${encodeURIComponent(target)}`;
    const own = await page(url, wanda);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(own.headers["content-disposition"]).toContain("attachment");
    expect(own.headers["cache-control"]).toContain("no-store");
    expect(own.body.split("\r\n")[0]).toBe("email,status,frequency,locale,created");
    expect(own.body).toContain("ada@example.com");
    expect(own.body).not.toContain("olgafan@example.com");
    expect((await page(url, adam)).statusCode).toBe(200);

    const other = await page(url, olga);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain("ada@example.com");
    expect(other.body).toContain("You may not export these subscribers.");
    const blog = await page("/writing/subscribers/export?target=blog", wanda);
    expect(blog.statusCode).toBe(403);
    const bad = await page("/writing/subscribers/export?target=everything", wanda);
    expect(bad.statusCode).toBe(400);
    const guest = await page(url);
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toContain("/login");
  });

  it("offers the post editor's 'Email this post to subscribers', off for a post that skips it", async () => {
    const fresh = main((await page("/post/create", wanda)).body);
    expect(fresh).toMatch(
      /<input type="checkbox"[^>]*name="mailSubscribers"[^>]*checked=""[^>]*\/>Email this post to subscribers/,
    );
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Quiet",
      content: "Not mailed.",
      status: "draft",
      skipMail: true,
    });
    const quiet = main((await page("/post/update/wanda/quiet", wanda)).body);
    expect(quiet).toMatch(/<input type="checkbox"[^>]*name="mailSubscribers"/);
    expect(quiet).not.toMatch(/<input type="checkbox"[^>]*name="mailSubscribers"[^>]*checked=""/);
  });

  it("shows a superuser the subscription emails' pace in the settings", async () => {
    const html = main((await page("/admin/settings", root)).body);
    expect(html).toContain("Subscription emails");
    expect(html).toMatch(
      /Emails per minute<\/label><input[^>]*name="ratePerMinute"[^>]*value="600"/,
    );
    expect(html).toMatch(/Recipients per job<\/label><input[^>]*name="batchSize"[^>]*value="100"/);
  });
});

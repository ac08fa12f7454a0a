/**
 * "My writing" (`/writing`) rendered by the server with real data through the SDK: a guest
 * goes to `/login`, a superuser gets a notice; a writer sees their own entries and posts
 * (drafts, scheduled and private ones included, never another person's), the last edited
 * first, 30 per page, with counts by state, state and collection filters, empty states per
 * filter, and quick actions; a plain user without posts is offered no post filter. The header
 * links the page for accounts that write. English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { type Login, mainOf as main, getPage } from "#tests/helpers/pages.ts";

/** The editor links of the rows' titles, in order. */
function rows(html: string): string[] {
  return [...main(html).matchAll(/<h3[^>]*><a[^>]*href="([^"]*)"/g)].map((m) => m[1] ?? "");
}

/** The count shown beside a state link (its label as rendered). */
function countOf(html: string, label: string): number | null {
  const match = new RegExp(`>${label}(?:<!-- -->)? <span[^>]*>(\\d+)</span>`).exec(main(html));
  return match ? Number(match[1]) : null;
}

/** The state link marked as the current one. */
function current(html: string): string | undefined {
  return /<a aria-current="page"[^>]*href="([^"]*)"[^>]*>[^<]+(?:<!-- -->)? <span/.exec(
    main(html),
  )?.[1];
}

/** Waits until the clock has moved on, so a later write has a later `updated`. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(DIALECTS)("/writing (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let olga: Login;
  let paul: Login;
  let emma: Login;
  let root: Login;
  const ids: Record<string, string> = {};

  const page = (url: string, login?: Login, lang = "en") => getPage(app, url, login, lang);

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    olga = await app.createUser({ username: "olga", role: "writer" });
    paul = await app.createUser({ username: "paul" });
    emma = await app.createUser({ username: "emma", role: "writer" });
    root = await app.createSuperuser();

    const travel = await app.seedRecord("collections", {
      owner: wanda.record.id,
      title: "Travel",
      name: "travel",
    });
    const garden = await app.seedRecord("collections", {
      owner: wanda.record.id,
      title: "Garden <b>notes</b>",
      name: "garden",
    });
    await app.seedRecord("collections", { owner: olga.record.id, title: "Olga's", name: "olga" });

    const entry = (login: Login, title: string, visibility: string, more = {}) =>
      app.seedRecord("entries", {
        author: login.record.id,
        title,
        content: `The text of **${title}**.`,
        visibility,
        ...more,
      });
    const post = (login: Login, title: string, status: string, publishedAt = "") =>
      app.seedRecord("posts", {
        author: login.record.id,
        title,
        content: `The text of ${title}.`,
        status,
        publishedAt,
      });

    // Thirty older private entries, then one of each state.
    for (let i = 0; i < 30; i++)
      await entry(wanda, `Bulk ${String(i).padStart(2, "0")}`, "private");
    await tick();
    ids.private = String(
      (await entry(wanda, "Wanda private", "private", { collection: travel.id })).id,
    );
    await entry(wanda, "Wanda unlisted", "unlisted");
    await entry(wanda, "Wanda public", "public", { collection: garden.id });
    ids.draft = String((await post(wanda, "Wanda draft", "draft")).id);
    await post(wanda, "Wanda scheduled", "published", "2999-01-01 09:30:00.000Z");
    await post(wanda, "Wanda live", "published", "2024-03-05 08:00:00.000Z");
    await tick();

    await entry(olga, "Olga private", "private");
    await entry(olga, "Olga public", "public");
    await post(olga, "Olga draft", "draft");
    await post(olga, "Olga live", "published", "2024-01-01 08:00:00.000Z");
    await entry(paul, "Paul private", "private");

    // The private entry is edited last: it comes first.
    await tick();
    const edited = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/entries/records/${ids.private}`,
      headers: { authorization: wanda.token },
      payload: { content: "Edited last." },
    });
    expect(edited.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends a guest to /login, to come back here once signed in", async () => {
    const res = await page("/writing?show=drafts");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fwriting%3Fshow%3Ddrafts");
  });

  it("tells a superuser that they own no writing", async () => {
    const res = await page("/writing", root);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="superuser-notice"');
    expect(rows(res.body)).toEqual([]);
    expect(res.body).not.toContain('href="/writing"');
  });

  it("lists a writer's own entries and posts, drafts included, the last edited first", async () => {
    const res = await page("/writing", wanda);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>My writing · Cahier</title>");
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    const html = main(res.body);
    const first = rows(res.body);
    expect(first).toHaveLength(30);
    expect(first[0]).toBe("/entry/update/wanda/wanda-private");
    expect(first.slice(1, 6).sort()).toEqual(
      [
        "/entry/update/wanda/wanda-public",
        "/entry/update/wanda/wanda-unlisted",
        "/post/update/wanda/wanda-draft",
        "/post/update/wanda/wanda-live",
        "/post/update/wanda/wanda-scheduled",
      ].sort(),
    );
    expect(html).not.toContain("Olga");
    expect(html).not.toContain("Paul");
    // Counts by state, each a link to that state.
    expect(countOf(res.body, "Everything")).toBe(36);
    expect(countOf(res.body, "All entries")).toBe(33);
    expect(countOf(res.body, "Private")).toBe(31);
    expect(countOf(res.body, "Unlisted")).toBe(1);
    expect(countOf(res.body, "Public")).toBe(1);
    expect(countOf(res.body, "All posts")).toBe(3);
    expect(countOf(res.body, "Drafts")).toBe(1);
    expect(countOf(res.body, "Scheduled")).toBe(1);
    expect(countOf(res.body, "Published")).toBe(1);
    expect(current(res.body)).toBe("/writing");
    expect(html).toContain('href="/writing?show=drafts"');
    expect(html).toContain("1–30 of 36");
    // A row: kind, state, excerpt as plain text, collection, and its quick actions.
    expect(html).toContain("Edited last.");
    expect(html).toContain("The text of Wanda public.");
    expect(html).toContain("In Garden &lt;b&gt;notes&lt;/b&gt;");
    expect(html).toContain('href="/writing?collection=travel"');
    expect(html).toContain('aria-label="Edit “Wanda draft”"');
    expect(html).toContain('aria-label="Preview “Wanda draft”"');
    expect(html).toContain('aria-label="Publish “Wanda draft”"');
    expect(html).toContain('aria-label="Delete “Wanda draft”"');
    expect(html).toContain('aria-label="View “Wanda live”"');
    expect(html).not.toContain('aria-label="Publish “Wanda live”"');
    expect(html).not.toContain('aria-label="Publish “Wanda scheduled”"');
    expect(html).toContain('href="/post/wanda/wanda-draft"');
    // New entry and New post.
    expect(html).toContain('href="/entry/create"');
    expect(html).toContain('href="/post/create"');
    // The header links the page.
    expect(res.body).toMatch(/<a[^>]*href="\/writing"[^>]*>My writing<\/a>/);
  });

  it("pages 30 at a time across entries and posts, and says when a page is past the end", async () => {
    const first = rows((await page("/writing", wanda)).body);
    const second = await page("/writing?page=2", wanda);
    expect(second.body).toContain("<title>My writing (Page 2) · Cahier</title>");
    expect(main(second.body)).toContain("31–36 of 36");
    const rest = rows(second.body);
    expect(rest).toHaveLength(6);
    expect(new Set([...first, ...rest]).size).toBe(36);
    expect(rest.every((href) => href.startsWith("/entry/update/wanda/bulk-"))).toBe(true);
    expect(second.body).toMatch(/rel="prev"/);

    const past = await page("/writing?show=drafts&page=4", wanda);
    expect(past.statusCode).toBe(200);
    expect(main(past.body)).toContain("There is nothing on page 4.");
    expect(main(past.body)).toContain('href="/writing?show=drafts"');
  });

  it("filters by post state, showing the scheduled date and the publication date", async () => {
    const drafts = await page("/writing?show=drafts", wanda);
    expect(rows(drafts.body)).toEqual(["/post/update/wanda/wanda-draft"]);
    expect(current(drafts.body)).toBe("/writing?show=drafts");
    expect(main(drafts.body)).toContain("Draft posts");

    const scheduled = await page("/writing?show=scheduled", wanda);
    expect(rows(scheduled.body)).toEqual(["/post/update/wanda/wanda-scheduled"]);
    expect(main(scheduled.body)).toContain("Goes live Jan 1, 2999, 9:30 AM UTC");

    const published = await page("/writing?show=published", wanda);
    expect(rows(published.body)).toEqual(["/post/update/wanda/wanda-live"]);
    expect(main(published.body)).toContain("Published Mar 5, 2024, 8:00 AM UTC");

    const posts = await page("/writing?show=posts&collection=travel", wanda);
    expect(rows(posts.body)).toHaveLength(3);
  });

  it("filters entries by visibility and by collection, counting within the collection", async () => {
    const unlisted = await page("/writing?show=unlisted", wanda);
    expect(rows(unlisted.body)).toEqual(["/entry/update/wanda/wanda-unlisted"]);

    const travel = await page("/writing?collection=travel", wanda);
    expect(rows(travel.body)).toEqual(["/entry/update/wanda/wanda-private"]);
    expect(main(travel.body)).toContain("Everything in “Travel”");
    expect(countOf(travel.body, "Private")).toBe(1);
    expect(countOf(travel.body, "Public")).toBe(0);
    expect(main(travel.body)).toContain('<option value="travel" selected="">Travel</option>');
    expect(main(travel.body)).toContain('href="/writing?show=public&amp;collection=travel"');

    const empty = await page("/writing?show=public&collection=travel", wanda);
    expect(rows(empty.body)).toEqual([]);
    expect(main(empty.body)).toContain("There is no public entry in “Travel”.");
    expect(main(empty.body)).toContain("Show everything");

    // Another person's collection, or none by that name, filters nothing.
    const foreign = await page("/writing?collection=olga", wanda);
    expect(rows(foreign.body)).toHaveLength(30);
    expect(main(foreign.body)).not.toContain("Olga");
  });

  it("never shows another person's drafts or private entries", async () => {
    for (const url of ["/writing", "/writing?show=drafts", "/writing?show=private&page=2"]) {
      const res = await page(url, olga);
      const found = rows(res.body);
      expect(
        found.every((href) => href.includes("/olga/")),
        url,
      ).toBe(true);
      expect(main(res.body)).not.toContain("Wanda");
    }
    const res = await page("/writing", olga);
    expect(rows(res.body).sort()).toEqual(
      [
        "/entry/update/olga/olga-private",
        "/entry/update/olga/olga-public",
        "/post/update/olga/olga-draft",
        "/post/update/olga/olga-live",
      ].sort(),
    );
  });

  it("offers a plain user without posts no post filter, action or wording", async () => {
    const res = await page("/writing?show=drafts", paul);
    expect(rows(res.body)).toEqual(["/entry/update/paul/paul-private"]);
    const html = main(res.body);
    expect(html).not.toContain("Drafts");
    expect(html).not.toContain("All posts");
    expect(html).not.toContain('href="/post/create"');
    expect(res.body).toMatch(/<a[^>]*href="\/writing"[^>]*>My writing<\/a>/);
  });

  it("has an empty state that invites to write", async () => {
    const res = await page("/writing", emma);
    const html = main(res.body);
    expect(rows(res.body)).toEqual([]);
    expect(html).toContain("You have not written anything yet.");
    expect(html).toContain('href="/entry/create"');
    expect(html).toContain('href="/post/create"');
    expect(countOf(res.body, "Everything")).toBe(0);
    const drafts = await page("/writing?show=drafts", emma);
    expect(main(drafts.body)).toContain("You have no draft post.");
  });

  it("speaks French", async () => {
    const res = await page("/writing?show=scheduled", wanda, "fr");
    expect(res.body).toContain("<title>Mes écrits · Cahier</title>");
    const html = main(res.body);
    expect(html).toContain("Articles programmés");
    expect(countOf(res.body, "Brouillons")).toBe(1);
    expect(html).toContain("En ligne le 1 janv. 2999, 09:30 UTC");
    expect(html).toContain('aria-label="Modifier «\u00a0Wanda scheduled\u00a0»"');
    expect(res.body).toMatch(/<a[^>]*href="\/writing"[^>]*>Mes écrits<\/a>/);
    const empty = await page("/writing", emma, "fr");
    expect(main(empty.body)).toContain("Vous n&#x27;avez encore rien écrit.");
  });
});

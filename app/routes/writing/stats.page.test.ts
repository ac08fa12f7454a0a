/**
 * The statistics pages (ADR 070) rendered by the server with real figures: a guest goes to
 * `/login`; a writer's `/writing/stats` draws the chart as an SVG image with its title and
 * description, lists their work with its totals and the top referrer; a work of someone else
 * is a 404; `/admin/stats` is the superusers', with the retention setting. English and French.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPage, mainOf as main, textOf as text } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

describe.each(DIALECTS)("statistics pages (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let otto: Login;
  let root: Login;
  let postId: string;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    otto = await app.createUser({ username: "otto", role: "writer" });
    root = await app.createSuperuser();
    const post = await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Read by many",
      content: "Text.",
      status: "published",
    });
    postId = String(post.id);
    const today = new Date().toISOString().slice(0, 10);
    await sql`INSERT INTO "_statsViews" ("day", "target", "author", "views", "readers") VALUES
      (${today}, ${postId}, ${wanda.record.id}, 12, 7),
      (${today}, '*', '', 12, 7)`.execute(app.db.kysely);
    await sql`INSERT INTO "_statsReferrers" ("day", "target", "author", "host", "views")
      VALUES (${today}, ${postId}, ${wanda.record.id}, 'news.example', 4)`.execute(app.db.kysely);
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends guests to the login page", async () => {
    const res = await getPage(app, "/writing/stats");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login/);
  });

  it.each(["en", "fr"])("shows a writer's chart, table, work and referrer (%s)", async (lang) => {
    const res = await getPage(app, "/writing/stats", wanda, lang);
    expect(res.statusCode).toBe(200);
    const html = main(res.body);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"/);
    expect(html).toContain(
      lang === "en" ? "Views and readers per day" : "Vues et lecteurs par jour",
    );
    expect(text(html)).toContain(lang === "en" ? "12 views, 7 readers" : "12 vues, 7 lecteurs");
    expect(html).toContain('data-testid="stats-table"');
    expect(html).toContain("Read by many");
    expect(html).toContain(`/writing/stats?record=${postId}`);
    expect(html).toContain("news.example");
  });

  it("shows one work to its author, a 404 to anyone else", async () => {
    const own = await getPage(app, `/writing/stats?record=${postId}&days=7`, wanda);
    expect(own.statusCode).toBe(200);
    expect(text(main(own.body))).toContain("Statistics: Read by many");
    const theirs = await getPage(app, `/writing/stats?record=${postId}`, otto);
    expect(theirs.statusCode).toBe(404);
  });

  it("shows the site's figures to superusers only", async () => {
    const res = await getPage(app, "/admin/stats", root);
    expect(res.statusCode).toBe(200);
    expect(text(main(res.body))).toContain("12 views, 7 readers");
    // How long the totals are kept, as the settings say.
    expect(main(res.body)).toMatch(
      /name="retentionDays"[^>]*value="366"|value="366"[^>]*name="retentionDays"/,
    );
    expect((await getPage(app, "/admin/stats", wanda)).statusCode).toBe(403);
  });
});

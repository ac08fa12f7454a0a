/**
 * `/search` rendered by the app's HTTP server (issue 14): the help without a query; results
 * with their total, kind, link and highlighted snippet, under the caller's access (a guest
 * finds public things only, the author their private entry too, another user never it);
 * filters as GET parameters (kind, tag, author, dates, collection); pagination; a query the
 * API refuses (over 500 characters) is a form error in a 200 page, never a crash; title,
 * canonical and robots; both languages; user text stays inert.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

const HOST = "journal.test";

describe.each(DIALECTS)("search page (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;
  let notebookId = "";

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers: { host: HOST, ...headers } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice", name: "Alice Martin", role: "writer" });
    bob = await app.createUser({ username: "bob" });
    const aliceId = String(alice.record.id);
    notebookId = String(
      (
        await app.seedRecord("collections", {
          owner: aliceId,
          title: "Orchard notebook",
          visibility: "public",
        })
      ).id,
    );
    await app.seedRecord("entries", {
      author: aliceId,
      title: "Lantern walk",
      content: "We carried a lantern down to the river.",
      visibility: "public",
      tags: ["night"],
      date: "2026-03-01 00:00:00.000Z",
    });
    await app.seedRecord("entries", {
      author: aliceId,
      title: "Secret lantern",
      content: "Nobody else may read about this lantern.",
      visibility: "private",
      date: "2026-04-01 00:00:00.000Z",
    });
    await app.seedRecord("entries", {
      author: aliceId,
      title: "Orchard lantern",
      content: "A lantern among the apple trees.",
      visibility: "public",
      collection: notebookId,
      date: "2026-05-01 00:00:00.000Z",
    });
    await app.seedRecord("posts", {
      author: aliceId,
      title: "On lanterns <script>alert(1)</script>",
      content: "Lanterns & <b>candles</b>.",
      status: "published",
      publishedAt: "2025-06-01 09:00:00.000Z",
    });
    for (let i = 0; i < 22; i++) {
      await app.seedRecord("entries", {
        author: String(bob.record.id),
        title: `Pebble ${String(i)}`,
        content: "A pebble on the path.",
        visibility: "public",
      });
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it("explains how to search when there is no query", async () => {
    const res = await page("/search");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("How to search");
    expect(res.body).toContain('role="search"');
    expect(res.body).toContain("<title>Search · Cahier</title>");
    expect(res.body).toContain('<link rel="canonical" href="http://journal.test/search"/>');
    expect(res.body).not.toContain('name="robots"');
  });

  it("finds what a guest may read, with links, kinds and highlighted snippets", async () => {
    const res = await page("/search?q=lantern");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("3 results for “lantern”");
    expect(res.body).toContain('href="/entry/alice/lantern-walk"');
    expect(res.body).toContain('href="/entry/alice/orchard-lantern"');
    expect(res.body).toMatch(/href="\/post\/alice\/on-lanterns[^"]*"/);
    expect(res.body).toContain("<mark");
    expect(res.body).not.toContain("Secret lantern");
    expect(res.body).toContain("<title>Search: lantern · Cahier</title>");
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).toContain('href="http://journal.test/search?q=lantern"');
    // User text is text: the post's title and snippet never become markup.
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).not.toContain("<b>candles</b>");
  });

  it("finds the author's private entry for the author only", async () => {
    const own = await page("/search?q=lantern", { cookie: authCookie(alice) });
    expect(own.body).toContain("4 results for “lantern”");
    expect(own.body).toContain("Secret lantern");
    const other = await page("/search?q=lantern", { cookie: authCookie(bob) });
    expect(other.body).toContain("3 results for “lantern”");
    expect(other.body).not.toContain("Secret lantern");
  });

  it("applies the filters of the GET form", async () => {
    const posts = await page("/search?q=lantern&kind=posts&collection=&tag=&author=&from=&to=");
    expect(posts.body).toContain("1 result for “lantern”");
    expect(posts.body).toMatch(/href="\/post\/alice\/on-lanterns/);
    const tagged = await page("/search?q=lantern&tag=night");
    expect(tagged.body).toContain("1 result for “lantern”");
    expect(tagged.body).toContain("Lantern walk");
    const dated = await page("/search?q=lantern&kind=entries&from=2026-04-15&to=2026-05-31");
    expect(dated.body).toContain("1 result for “lantern”");
    expect(dated.body).toContain("Orchard lantern");
    const inNotebook = await page(`/search?q=lantern&collection=${notebookId}`, {
      cookie: authCookie(alice),
    });
    expect(inNotebook.body).toContain("1 result for “lantern”");
    // The owner picks the collection from a list of their own.
    expect(inNotebook.body).toContain(`<option value="${notebookId}" selected="">Orchard notebook`);
    const byBob = await page("/search?q=lantern&author=bob");
    expect(byBob.body).toContain("Nothing found for “lantern”.");
    // An unknown kind or a malformed day is no filter at all.
    const lenient = await page("/search?q=lantern&kind=nope&from=yesterday");
    expect(lenient.body).toContain("3 results for “lantern”");
  });

  it("pages the results", async () => {
    const first = await page("/search?q=pebble");
    expect(first.body).toContain("22 results for “pebble”");
    expect(first.body).toContain('href="/search?q=pebble&amp;page=2"');
    const second = await page("/search?q=pebble&page=2");
    expect(second.body).toContain("Pebble");
    expect(second.body).toContain("Search: pebble (Page 2) · Cahier");
  });

  it("says when nothing is found", async () => {
    const res = await page("/search?q=zeppelin");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Nothing found for “zeppelin”.");
  });

  it("shows a query the API refuses as a form error, not a crash", async () => {
    const res = await page(`/search?q=${"a".repeat(501)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("This search cannot be run: the text is too long");
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('role="alert"');
  });

  it("speaks French", async () => {
    const res = await page("/search?q=lantern", { cookie: "locale=fr" });
    expect(res.body).toContain('<html lang="fr"');
    expect(res.body).toContain("3 résultats pour «\u00a0lantern\u00a0»");
    expect(res.body).toContain("Entrée");
    const help = await page("/search", { cookie: "locale=fr" });
    expect(help.body).toContain("Comment chercher");
    const refused = await page(`/search?q=${"a".repeat(501)}`, { cookie: "locale=fr" });
    expect(refused.body).toContain("Cette recherche ne peut pas être lancée");
  });

  it("has the search box in the header of every page", async () => {
    const res = await page("/blog");
    expect(res.body).toMatch(
      /<form[^>]*action="\/search"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/search"/,
    );
    expect(res.body).toContain('name="q"');
  });
});

/**
 * Printing, rendered by the app's HTTP server: a collection's book
 * (`/collection/{username}/{name}/print`: title page, contents, entries oldest first, what the
 * visitor may read only, no indexing), the "Print or save as PDF" action of entries and
 * posts, the collection page's link to its book, and "Your data" in profile settings; in
 * English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedJournal, writeRecord, type SeededJournal } from "#tests/helpers/data-kit.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const HOST = "journal.test";

describe.each(DIALECTS)("printing and your data (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;
  let seeded: SeededJournal;
  let book = "";

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers: { host: HOST, ...headers } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice", name: "Alice Martin", role: "writer" });
    bob = await app.createUser({ username: "bob" });
    seeded = await seedJournal(app, alice, { post: true });
    const collection = String(seeded.collection.id);
    const author = String(alice.record.id);
    // The private entry with its photo joins the collection; two more, in another order.
    await writeRecord(
      app,
      alice.token,
      "entries",
      { collection },
      [],
      String(seeded.privateEntry.id),
    );
    await writeRecord(app, alice.token, "entries", {
      author,
      collection,
      title: "Harbour at dawn",
      visibility: "public",
      date: "2022-08-09 06:00:00.000Z",
      content: "Gulls. [Map](https://maps.example/harbour)",
    });
    await writeRecord(app, alice.token, "entries", {
      author,
      collection,
      title: "Last night ashore",
      visibility: "public",
      date: "2025-01-01 22:00:00.000Z",
      content: "Stars.",
    });
    book = `/collection/alice/${String(seeded.collection.name)}/print`;
  });
  afterAll(async () => {
    await app.close();
  });

  it("prints a collection as a book for its owner: title page, contents, every entry by date", async () => {
    const res = await page(book, { cookie: authCookie(alice) });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain("<title>Carnet de voyage: the book · Cahier</title>");
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).toContain('data-testid="book-title-page"');
    expect(html).toContain("By Alice Martin");
    expect(html).toContain("August 9, 2022 to January 1, 2025");
    expect(html).toContain("4 entries");
    expect(html).toContain("Notes from <strong>the road</strong>");
    const order = ["Harbour at dawn", "Secret garden", "Day one at sea", "Last night ashore"];
    const contents = html.slice(
      html.indexOf('id="book-contents"'),
      html.indexOf("</nav>", html.indexOf('id="book-contents"')),
    );
    const positions = order.map((title) => contents.indexOf(title));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(contents).toContain(`href="#entry-${String(seeded.privateEntry.name)}"`);
    const articles = [...html.matchAll(/<article [^>]*class="book-entry[^"]*"/g)];
    expect(articles).toHaveLength(4);
    // The private entry's own photo gets a file token.
    expect(html).toMatch(
      new RegExp(`/api/files/entries/${String(seeded.privateEntry.id)}/[^"]+token=`),
    );
    expect(html).toMatch(/<button[^>]*data-print="hide"[^>]*>.*Print or save as PDF<\/button>/s);
  });

  it("shows others only the public entries, in French too", async () => {
    for (const headers of [{}, { cookie: authCookie(bob) }] as Record<string, string>[]) {
      const res = await page(book, headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Harbour at dawn");
      expect(res.body).toContain("Last night ashore");
      expect(res.body).not.toContain("Secret garden");
      expect(res.body).not.toContain("Day one at sea");
      expect(res.body).toContain("2 entries");
    }
    const fr = await page(book, { cookie: "locale=fr" });
    expect(fr.body).toContain("Carnet de voyage\u00a0: le livre");
    expect(fr.body).toContain("Sommaire");
    expect(fr.body).toContain("Par Alice Martin");
    expect(fr.body).toContain("Imprimer ou enregistrer en PDF");
    expect(fr.body).toContain("Retour à la collection");
  });

  it("answers 404 for a collection the visitor may not read, or none", async () => {
    await writeRecord(
      app,
      alice.token,
      "collections",
      { visibility: "private" },
      [],
      String(seeded.collection.id),
    );
    expect((await page(book)).statusCode).toBe(404);
    expect((await page(book, { cookie: authCookie(bob) })).statusCode).toBe(404);
    expect((await page(book, { cookie: authCookie(alice) })).statusCode).toBe(200);
    expect((await page("/collection/alice/nothing-here/print")).statusCode).toBe(404);
    await writeRecord(
      app,
      alice.token,
      "collections",
      { visibility: "public" },
      [],
      String(seeded.collection.id),
    );
  });

  it("offers printing on entries, posts and collections", async () => {
    const entry = await page(`/entry/alice/${String(seeded.publicEntry.name)}`);
    expect(entry.body).toMatch(/<button[^>]*aria-label="Print or save as PDF"/);
    const post = await page(`/post/alice/${String(seeded.post?.slug)}`, { cookie: "locale=fr" });
    expect(post.body).toMatch(/<button[^>]*aria-label="Imprimer ou enregistrer en PDF"/);
    const collection = await page(`/collection/alice/${String(seeded.collection.name)}`);
    expect(collection.body).toContain(`href="${book}"`);
    expect(collection.body).toContain("Print as a book");
  });

  it("shows Your data in profile settings: export and import, in both languages", async () => {
    const en = await page("/profileSettings", { cookie: authCookie(alice) });
    expect(en.statusCode).toBe(200);
    for (const text of [
      "Your data",
      "Download my data",
      "Export file",
      "Dry run: only show what would be imported",
      "Day One JSON export (.zip)",
    ])
      expect(en.body).toContain(text);
    expect(en.body).toMatch(
      /<input[^>]*type="file"[^>]*name="file"|<input[^>]*name="file"[^>]*type="file"/,
    );
    const fr = await page("/profileSettings", { cookie: `${authCookie(alice)}; locale=fr` });
    for (const text of [
      "Vos données",
      "Télécharger mes données",
      "Fichier d&#x27;export",
      "Essai à blanc",
    ])
      expect(fr.body).toContain(text);
  });
});

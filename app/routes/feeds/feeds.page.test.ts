/**
 * The feeds (RSS 2.0, Atom 1.0, JSON Feed 1.1) of the blog, of an author and of a public
 * collection, `/sitemap.xml` and `/robots.txt`, rendered by the app's HTTP server: documents
 * well-formed and of the right type, absolute links, inert content, only published and due
 * posts and public entries whoever asks, 404s for what is not there or not public, caching
 * validators and 304s, and the autodiscovery links in the pages' heads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { child, childrenNamed, parseXml, type XmlElement } from "#tests/helpers/xml.ts";
import { image, multipartBody } from "#tests/helpers/file-fixtures.ts";

const HOST = "journal.test";
const ORIGIN = `http://${HOST}`;

/** The post, entry and collection titles no feed may ever show. */
const NEVER = [
  "Secret draft",
  "Tomorrow news",
  "Hidden note",
  "Link note",
  "Unlisted notebook entry",
  "Private notebook entry",
];

/** A JSON Feed 1.1 document, as far as the tests read it. */
interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  language: string;
  authors?: { name: string; url: string; avatar?: string }[];
  items: {
    id: string;
    url: string;
    title: string;
    content_html: string;
    summary: string;
    image?: string;
    date_published: string;
    date_modified: string;
    authors: { name: string; url: string; avatar?: string }[];
    tags?: string[];
    language?: string;
  }[];
}

/** The `<link rel="alternate">` feed links of a page's head. */
function alternates(html: string): { type: string; href: string; title: string }[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link [^>]*rel="alternate"[^>]*>/g)].map(([tag]) => ({
    type: /type="([^"]*)"/.exec(tag)?.[1] ?? "",
    href: /href="([^"]*)"/.exec(tag)?.[1] ?? "",
    title: (/title="([^"]*)"/.exec(tag)?.[1] ?? "")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&"),
  }));
}

describe.each(DIALECTS)("feeds, sitemap and robots.txt (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;
  let paul: Login;
  let root: Login;
  const ids: Record<string, string> = {};

  const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    app.http.inject({ method, url, headers: { host: HOST, ...headers } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({
      username: "alice",
      name: "Alice <Writer> & Co",
      role: "writer",
    });
    bob = await app.createUser({ username: "bob", name: "Bob", role: "writer" });
    paul = await app.createUser({ username: "paul", name: "Paul" });
    root = await app.createSuperuser();
    const aliceId = String(alice.record.id);

    const avatar = multipartBody([
      { name: "avatar", filename: "alice.png", data: await image("png", 300, 300) },
    ]);
    const patched = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${aliceId}`,
      headers: { ...avatar.headers, authorization: alice.token },
      payload: avatar.body,
    });
    expect(patched.statusCode).toBe(200);
    ids.avatar = patched.json<{ avatar: string }>().avatar;

    const seed = async (key: string, collection: string, data: Record<string, unknown>) => {
      ids[key] = String((await app.seedRecord(collection, data)).id);
    };
    await seed("pTricky", "posts", {
      author: aliceId,
      title: "Tom & Jerry <3 ]]>",
      excerpt: "An *excerpt* with <b>tags</b> & ]]> a control\u0001 character.",
      content: [
        "# Top",
        "",
        "Some **bold** text, [the blog](/blog), [back to the top](#md-top) and",
        "[elsewhere](https://example.com/a?b=1&c=2).",
        "",
        "<script>alert(1)</script> [click](javascript:alert(1)) ]]> and a bell\u0007.",
        "",
        "![a picture](/api/files/pbc_1/abc/picture.png)",
      ].join("\n"),
      status: "published",
      publishedAt: "2025-03-04 10:00:00.000Z",
      tags: ["garden", "cats & dogs"],
      lang: "en",
    });
    const cover = multipartBody([
      { name: "author", value: aliceId },
      { name: "title", value: "Semis d'hiver" },
      { name: "content", value: 'Des "guillemets" et du *texte*.' },
      { name: "status", value: "published" },
      { name: "publishedAt", value: "2025-04-01 08:00:00.000Z" },
      { name: "lang", value: "fr" },
      { name: "cover", filename: "cover.jpg", data: await image("jpeg", 1200, 800) },
    ]);
    const withCover = await app.http.inject({
      method: "POST",
      url: "/api/collections/posts/records",
      headers: { ...cover.headers, authorization: alice.token },
      payload: cover.body,
    });
    expect(withCover.statusCode).toBe(200);
    ids.pCover = withCover.json<{ id: string }>().id;
    await seed("pDraft", "posts", {
      author: aliceId,
      title: "Secret draft",
      content: "Not yet.",
      status: "draft",
      publishedAt: "2025-01-01 00:00:00.000Z",
    });
    await seed("pFuture", "posts", {
      author: aliceId,
      title: "Tomorrow news",
      content: "Soon.",
      status: "published",
      publishedAt: "2999-01-01 00:00:00.000Z",
    });
    await seed("pBob", "posts", {
      author: String(bob.record.id),
      title: "Bob writes",
      content: "Hello.",
      status: "published",
      publishedAt: "2025-02-01 00:00:00.000Z",
    });

    await seed("cGarden", "collections", {
      owner: aliceId,
      title: "Garden log",
      description: "What grows **where**.",
      visibility: "public",
    });
    await seed("cLink", "collections", {
      owner: aliceId,
      title: "Link notebook",
      visibility: "unlisted",
    });
    await seed("cLocked", "collections", {
      owner: aliceId,
      title: "Locked notebook",
      visibility: "private",
    });
    await seed("cEmpty", "collections", {
      owner: String(bob.record.id),
      title: "Empty shelf",
      visibility: "public",
    });
    const entry = (title: string, visibility: string, collection: string) =>
      seed(title, "entries", {
        author: aliceId,
        title,
        content: `About ${title}.`,
        visibility,
        collection,
      });
    await entry("Seedlings up", "public", ids.cGarden ?? "");
    await entry("Hidden note", "private", ids.cGarden ?? "");
    await entry("Link note", "unlisted", ids.cGarden ?? "");
    await entry("Unlisted notebook entry", "public", ids.cLink ?? "");
    await entry("Private notebook entry", "public", ids.cLocked ?? "");
  });
  afterAll(async () => {
    await app.close();
  });

  describe("the blog feed", () => {
    it("is RSS 2.0 with absolute links, inert HTML content and only published, due posts", async () => {
      const res = await get("/blog/rss.xml");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const rss = parseXml(res.body);
      expect(rss.name).toBe("rss");
      expect(rss.attributes.version).toBe("2.0");
      const channel = child(rss, "channel");
      expect(child(channel, "title").text).toBe("Cahier blog");
      expect(child(channel, "link").text).toBe(`${ORIGIN}/blog`);
      expect(child(channel, "language").text).toBe("en");
      expect(
        childrenNamed(channel, "atom:link").find((link) => link.attributes.rel === "self")
          ?.attributes.href,
      ).toBe(`${ORIGIN}/blog/rss.xml`);

      const items = childrenNamed(channel, "item");
      // Titles are escaped: a reader that reads them as HTML shows their text (issue 23).
      expect(items.map((item) => child(item, "title").text)).toEqual([
        "Semis d&#39;hiver",
        "Tom &amp; Jerry &lt;3 ]]&gt;",
        "Bob writes",
      ]);
      for (const never of NEVER) expect(res.body).not.toContain(never);

      const tricky = items[1] as XmlElement;
      expect(child(tricky, "link").text).toBe(`${ORIGIN}/post/alice/tom-jerry-3`);
      expect(child(tricky, "guid").text).toBe(`${ORIGIN}/post/alice/tom-jerry-3`);
      expect(child(tricky, "pubDate").text).toBe("Tue, 04 Mar 2025 10:00:00 GMT");
      expect(child(tricky, "dc:creator").text).toBe("Alice <Writer> & Co");
      expect(childrenNamed(tricky, "author")).toEqual([]);
      expect(childrenNamed(tricky, "category").map((c) => c.text)).toEqual([
        "garden",
        "cats & dogs",
      ]);
      // The summary is plain text, escaped for readers that read it as HTML.
      expect(child(tricky, "description").text).toBe(
        "An excerpt with &lt;b&gt;tags&lt;/b&gt; &amp; ]]&gt; a control character.",
      );
      const html = child(tricky, "content:encoded").text;
      expect(html).toContain("<strong>bold</strong>");
      expect(html).toContain(`<a href="${ORIGIN}/blog">the blog</a>`);
      expect(html).toContain(`href="${ORIGIN}/post/alice/tom-jerry-3#md-top"`);
      expect(html).toContain('href="https://example.com/a?b=1&amp;c=2"');
      expect(html).toContain(`src="${ORIGIN}/api/files/pbc_1/abc/picture.png"`);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      // The `javascript:` link stays text: no link is made of it.
      expect(html).toContain("[click](javascript:alert(1))");
      expect(html).not.toMatch(/<script|href="javascript:/);
      expect(html).not.toContain("\u0007");

      const covered = items[0] as XmlElement;
      expect(child(covered, "enclosure").attributes).toMatchObject({
        url: expect.stringMatching(
          new RegExp(
            `^${ORIGIN}/api/files/pbc_\\d+/${ids.pCover ?? ""}/cover_\\w+\\.jpg\\?thumb=1200x630$`,
          ),
        ),
        type: "image/jpeg",
      });
    });

    it("is Atom 1.0 with HTML titles escaped", async () => {
      const res = await get("/blog/atom.xml");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
      const feed = parseXml(res.body);
      expect(feed.name).toBe("feed");
      expect(feed.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
      expect(child(feed, "title").text).toBe("Cahier blog");
      expect(child(feed, "id").text).toBe(`${ORIGIN}/blog`);
      // The feed changed when its newest item last did.
      expect(child(feed, "updated").text).toBe(
        childrenNamed(feed, "entry")
          .map((entry) => child(entry, "updated").text)
          .sort()
          .at(-1),
      );
      const self = childrenNamed(feed, "link").find((link) => link.attributes.rel === "self");
      expect(self?.attributes.href).toBe(`${ORIGIN}/blog/atom.xml`);

      const entries = childrenNamed(feed, "entry");
      expect(entries).toHaveLength(3);
      const tricky = entries[1] as XmlElement;
      // `type="html"`: a reader decodes this once more, to the plain title.
      expect(child(tricky, "title").attributes.type).toBe("html");
      expect(child(tricky, "title").text).toBe("Tom &amp; Jerry &lt;3 ]]&gt;");
      expect(child(tricky, "id").text).toBe(`${ORIGIN}/post/alice/tom-jerry-3`);
      expect(child(tricky, "published").text).toBe("2025-03-04T10:00:00.000Z");
      expect(child(child(tricky, "author"), "name").text).toBe("Alice <Writer> & Co");
      expect(child(child(tricky, "author"), "uri").text).toBe(`${ORIGIN}/profile/alice`);
      expect(child(tricky, "content").text).toContain("<strong>bold</strong>");
      for (const never of NEVER) expect(res.body).not.toContain(never);
    });

    it("is JSON Feed 1.1", async () => {
      const res = await get("/blog/feed.json");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
      const feed = JSON.parse(res.body) as JsonFeed;
      expect(feed).toMatchObject({
        version: "https://jsonfeed.org/version/1.1",
        title: "Cahier blog",
        home_page_url: `${ORIGIN}/blog`,
        feed_url: `${ORIGIN}/blog/feed.json`,
        language: "en",
      });
      expect(feed.items.map((item) => item.title)).toEqual([
        "Semis d'hiver",
        "Tom & Jerry <3 ]]>",
        "Bob writes",
      ]);
      const [covered, tricky] = feed.items;
      expect(covered).toMatchObject({
        language: "fr",
        date_published: "2025-04-01T08:00:00.000Z",
        image: expect.stringContaining("?thumb=1200x630"),
        // French typography of the post's own language.
        content_html: expect.stringContaining("«\u00a0guillemets\u00a0»"),
      });
      expect(tricky).toMatchObject({
        id: `${ORIGIN}/post/alice/tom-jerry-3`,
        url: `${ORIGIN}/post/alice/tom-jerry-3`,
        summary: "An excerpt with <b>tags</b> & ]]> a control character.",
        tags: ["garden", "cats & dogs"],
        authors: [
          {
            name: "Alice <Writer> & Co",
            url: `${ORIGIN}/profile/alice`,
            avatar: `${ORIGIN}/api/files/_pb_users_auth_/${String(alice.record.id)}/${ids.avatar ?? ""}?thumb=200x200`,
          },
        ],
      });
      expect(tricky?.content_html).not.toMatch(/<script|href="javascript:/);
      for (const never of NEVER) expect(res.body).not.toContain(never);
    });

    it("holds the same posts for a signed-in author, an admin and a superuser", async () => {
      for (const login of [alice, root]) {
        for (const path of ["/blog/rss.xml", "/blog/atom.xml", "/blog/feed.json"]) {
          const res = await get(path, { cookie: authCookie(login) });
          expect(res.statusCode, path).toBe(200);
          for (const never of NEVER) expect(res.body, `${path}: ${never}`).not.toContain(never);
        }
      }
    });

    it("follows the reader's language", async () => {
      const rss = parseXml((await get("/blog/rss.xml", { cookie: "locale=fr" })).body);
      expect(child(child(rss, "channel"), "title").text).toBe("Blog de Cahier");
      expect(child(child(rss, "channel"), "language").text).toBe("fr");
      const json = JSON.parse(
        (await get("/blog/feed.json", { "accept-language": "fr-CA, en;q=0.5" })).body,
      ) as JsonFeed;
      expect(json.title).toBe("Blog de Cahier");
      expect(json.language).toBe("fr");
    });

    it("answers 304 to a reader whose copy is current, by ETag or by date", async () => {
      for (const path of ["/blog/rss.xml", "/blog/atom.xml", "/blog/feed.json"]) {
        const first = await get(path);
        const etag = String(first.headers.etag);
        const lastModified = String(first.headers["last-modified"]);
        expect(etag).toMatch(/^W\/"[\w-]+"$/);
        const newest = (JSON.parse((await get("/blog/feed.json")).body) as JsonFeed).items
          .map((item) => item.date_modified)
          .sort()
          .at(-1);
        expect(lastModified).toBe(new Date(newest ?? 0).toUTCString());
        expect(first.headers["cache-control"]).toBe("public, max-age=300");
        // The feed's own Vary, then what the server's compression and page cache vary by.
        expect(first.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");

        const byTag = await get(path, { "if-none-match": etag });
        expect(byTag.statusCode).toBe(304);
        expect(byTag.body).toBe("");
        expect(byTag.headers.etag).toBe(etag);
        expect((await get(path, { "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
        expect((await get(path, { "if-none-match": '"other"' })).statusCode).toBe(200);
        expect((await get(path, { "if-modified-since": lastModified })).statusCode).toBe(304);
        expect(
          (await get(path, { "if-modified-since": "Mon, 31 Mar 2025 08:00:00 GMT" })).statusCode,
        ).toBe(200);
        // An ETag that does not match wins over a date that would.
        expect(
          (await get(path, { "if-none-match": '"other"', "if-modified-since": lastModified }))
            .statusCode,
        ).toBe(200);
        // Another language is another document.
        expect((await get(path, { "if-none-match": etag, cookie: "locale=fr" })).statusCode).toBe(
          200,
        );
      }
    });

    it("changes its validators when a post is published, and answers HEAD without a body", async () => {
      const before = await get("/blog/atom.xml");
      const post = await app.seedRecord("posts", {
        author: String(bob.record.id),
        title: "Fresh news",
        content: "New.",
        status: "published",
        publishedAt: "2025-05-01 00:00:00.000Z",
      });
      try {
        const after = await get("/blog/atom.xml", {
          "if-none-match": String(before.headers.etag),
        });
        expect(after.statusCode).toBe(200);
        expect(after.body).toContain("Fresh news");
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(Date.parse(String(after.headers["last-modified"]))).toBeGreaterThanOrEqual(
          Date.parse(String(before.headers["last-modified"])),
        );
        const head = await get("/blog/atom.xml", {}, "HEAD");
        expect(head.statusCode).toBe(200);
        expect(head.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
        expect(head.headers.etag).toBe(after.headers.etag);
        expect(head.body).toBe("");
      } finally {
        await app.http.inject({
          method: "DELETE",
          url: `/api/collections/posts/records/${String(post.id)}`,
          headers: { authorization: root.token },
        });
      }
      expect((await get("/blog/atom.xml")).body).not.toContain("Fresh news");
    });
  });

  describe("an author's feed", () => {
    it("holds their published posts only, in every format", async () => {
      const rss = parseXml((await get("/profile/alice/rss.xml")).body);
      const channel = child(rss, "channel");
      expect(child(channel, "title").text).toBe("Posts by Alice &#60;Writer&#62; &#38; Co");
      expect(child(channel, "link").text).toBe(`${ORIGIN}/profile/alice`);
      expect(childrenNamed(channel, "item").map((item) => child(item, "title").text)).toEqual([
        "Semis d&#39;hiver",
        "Tom &amp; Jerry &lt;3 ]]&gt;",
      ]);
      const atom = parseXml((await get("/profile/alice/atom.xml")).body);
      expect(child(child(atom, "author"), "name").text).toBe("Alice <Writer> & Co");
      expect(childrenNamed(atom, "entry")).toHaveLength(2);
      const json = JSON.parse((await get("/profile/alice/feed.json")).body) as JsonFeed;
      expect(json.feed_url).toBe(`${ORIGIN}/profile/alice/feed.json`);
      expect(json.authors?.[0]?.name).toBe("Alice <Writer> & Co");
      expect(json.items.map((item) => item.title)).toEqual(["Semis d'hiver", "Tom & Jerry <3 ]]>"]);
    });

    it("never holds the author's drafts or scheduled posts, even for the author", async () => {
      for (const format of ["rss.xml", "atom.xml", "feed.json"]) {
        const res = await get(`/profile/alice/${format}`, { cookie: authCookie(alice) });
        expect(res.statusCode).toBe(200);
        for (const never of NEVER) expect(res.body).not.toContain(never);
        expect(res.body).not.toContain("Bob writes");
      }
    });

    it("is an empty, valid feed for someone who has published nothing", async () => {
      const rss = parseXml((await get("/profile/paul/rss.xml")).body);
      expect(childrenNamed(child(rss, "channel"), "item")).toEqual([]);
      const atom = parseXml((await get("/profile/paul/atom.xml")).body);
      expect(childrenNamed(atom, "entry")).toEqual([]);
      expect(child(atom, "updated").text).toBe(
        new Date(String(paul.record.created).replace(" ", "T")).toISOString(),
      );
      expect((JSON.parse((await get("/profile/paul/feed.json")).body) as JsonFeed).items).toEqual(
        [],
      );
    });

    it("answers 404 for an unknown user", async () => {
      for (const format of ["rss.xml", "atom.xml", "feed.json"]) {
        const res = await get(`/profile/nobody/${format}`);
        expect(res.statusCode).toBe(404);
        expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(res.body).toBe(`Page not found: /profile/nobody/${format}\n`);
      }
      const fr = await get("/profile/nobody/rss.xml", { cookie: "locale=fr" });
      expect(fr.body).toBe("Page introuvable\u00a0: /profile/nobody/rss.xml\n");
    });
  });

  describe("a collection's feed", () => {
    it("holds the public entries of a public collection", async () => {
      const atom = parseXml((await get("/collection/alice/garden-log/atom.xml")).body);
      expect(child(atom, "title").text).toBe("Garden log, by Alice <Writer> & Co");
      expect(child(atom, "subtitle").text).toBe("What grows where.");
      const entries = childrenNamed(atom, "entry");
      expect(entries.map((entry) => child(entry, "title").text)).toEqual(["Seedlings up"]);
      expect(child(entries[0] as XmlElement, "id").text).toBe(`${ORIGIN}/entry/alice/seedlings-up`);
      expect(child(entries[0] as XmlElement, "content").text).toBe("<p>About Seedlings up.</p>\n");
      const rss = await get("/collection/alice/garden-log/rss.xml", { cookie: authCookie(alice) });
      expect(childrenNamed(child(parseXml(rss.body), "channel"), "item")).toHaveLength(1);
      const json = JSON.parse(
        (await get("/collection/alice/garden-log/feed.json")).body,
      ) as JsonFeed;
      expect(json.items.map((item) => item.url)).toEqual([`${ORIGIN}/entry/alice/seedlings-up`]);
      for (const res of [rss]) for (const never of NEVER) expect(res.body).not.toContain(never);
    });

    it("is an empty, valid feed for a public collection without entries", async () => {
      const atom = parseXml((await get("/collection/bob/empty-shelf/atom.xml")).body);
      expect(childrenNamed(atom, "entry")).toEqual([]);
      expect(child(atom, "subtitle").text).toBe(
        "Public entries of the collection “Empty shelf” by Bob.",
      );
    });

    it("answers 404 for unlisted, private and unknown collections, even to their owner", async () => {
      const paths = [
        "/collection/alice/link-notebook",
        "/collection/alice/locked-notebook",
        "/collection/alice/nothing-here",
        "/collection/nobody/garden-log",
        "/collection/bob/garden-log",
      ];
      for (const path of paths) {
        for (const format of ["rss.xml", "atom.xml", "feed.json"]) {
          for (const headers of [
            {},
            { cookie: authCookie(alice) },
            { cookie: authCookie(root) },
          ] as Record<string, string>[]) {
            const res = await get(`${path}/${format}`, headers);
            expect(res.statusCode, `${path}/${format}`).toBe(404);
            expect(res.body).toBe(`Page not found: ${path}/${format}\n`);
          }
        }
      }
    });
  });

  describe("absolute URLs", () => {
    it("come from APP_URL when it is set, whatever the Host header says", async () => {
      const configured = await createTestApp(dialect, { APP_URL: "https://journal.example.com/" });
      try {
        await configured.seedRecord("users", {
          username: "carol",
          email: "carol@example.com",
          password: "password123",
          passwordConfirm: "password123",
          role: "writer",
        });
        const request = (url: string) =>
          configured.http.inject({ method: "GET", url, headers: { host: "evil.example" } });
        const json = JSON.parse((await request("/profile/carol/feed.json")).body) as JsonFeed;
        expect(json.home_page_url).toBe("https://journal.example.com/profile/carol");
        expect(json.feed_url).toBe("https://journal.example.com/profile/carol/feed.json");
        expect((await request("/robots.txt")).body).toContain(
          "Sitemap: https://journal.example.com/sitemap.xml",
        );
        const sitemap = (await request("/sitemap.xml")).body;
        expect(sitemap).toContain("<loc>https://journal.example.com/</loc>");
        expect(sitemap).not.toContain("evil.example");
      } finally {
        await configured.close();
      }
    });
  });

  describe("the sitemap", () => {
    it("lists the public pages and content with lastmod, and nothing else, whoever asks", async () => {
      for (const headers of [
        {},
        { cookie: authCookie(alice) },
        { cookie: authCookie(root) },
      ] as Record<string, string>[]) {
        const res = await get("/sitemap.xml", headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
        const urlset = parseXml(res.body);
        expect(urlset.name).toBe("urlset");
        expect(urlset.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
        const urls = new Map(
          childrenNamed(urlset, "url").map((url) => [
            child(url, "loc").text,
            url.children.find((c) => c.name === "lastmod")?.text ?? null,
          ]),
        );
        const path = (p: string) => `${ORIGIN}${p}`;
        expect([...urls.keys()].sort()).toEqual(
          [
            "/",
            "/blog",
            "/team",
            "/privacyPolicy",
            "/post/alice/tom-jerry-3",
            "/post/alice/semis-d-hiver",
            "/post/bob/bob-writes",
            "/entry/alice/seedlings-up",
            "/entry/alice/unlisted-notebook-entry",
            "/entry/alice/private-notebook-entry",
            "/collection/alice/garden-log",
            "/collection/bob/empty-shelf",
            "/profile/alice",
            "/profile/bob",
          ]
            .map(path)
            .sort(),
        );
        const newestPost = [
          "/post/alice/tom-jerry-3",
          "/post/alice/semis-d-hiver",
          "/post/bob/bob-writes",
        ]
          .map((p) => urls.get(path(p)) ?? "")
          .sort()
          .at(-1);
        expect(urls.get(path("/"))).toBe(newestPost);
        expect(urls.get(path("/blog"))).toBe(newestPost);
        expect(urls.get(path("/team"))).toBeNull();
        expect(urls.get(path("/post/bob/bob-writes"))).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(urls.get(path("/profile/alice"))).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        for (const never of ["secret-draft", "tomorrow-news", "hidden-note", "link-note"])
          expect(res.body).not.toContain(never);
        expect(res.body).not.toContain("link-notebook");
        expect(res.body).not.toContain("locked-notebook");
        expect(res.body).not.toContain("/profile/paul");
      }
      const res = await get("/sitemap.xml");
      expect(res.headers["cache-control"]).toBe("public, max-age=300");
      expect(
        (await get("/sitemap.xml", { "if-none-match": String(res.headers.etag) })).statusCode,
      ).toBe(304);
    });
  });

  describe("robots.txt", () => {
    it("opens the public pages, closes the API, editors and settings, and names the sitemap", async () => {
      const res = await get("/robots.txt");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=3600");
      const lines = res.body.trim().split("\n");
      expect(lines[0]).toBe("User-agent: *");
      expect(lines).toEqual(
        expect.arrayContaining([
          "Allow: /",
          "Allow: /api/files/",
          "Disallow: /api/",
          "Disallow: /profileSettings",
          "Disallow: /entry/create",
          "Disallow: /entry/update/",
          "Disallow: /post/create",
          "Disallow: /post/update/",
          "Disallow: /collection/create",
          "Disallow: /collection/update/",
          "Disallow: /i",
        ]),
      );
      expect(lines.at(-1)).toBe(`Sitemap: ${ORIGIN}/sitemap.xml`);
      for (const open of [
        "/blog",
        "/profile/alice",
        "/post/",
        "/entry/",
        "/collection/alice",
        "/login",
      ])
        expect(lines).not.toContain(`Disallow: ${open}`);
    });
  });

  describe("autodiscovery", () => {
    const blogLinks = [
      { type: "application/rss+xml", href: "/blog/rss.xml", title: "Cahier blog (RSS)" },
      { type: "application/atom+xml", href: "/blog/atom.xml", title: "Cahier blog (Atom)" },
      { type: "application/feed+json", href: "/blog/feed.json", title: "Cahier blog (JSON Feed)" },
    ];

    it("announces the blog's feeds on the home page and the blog", async () => {
      // The blog also names the feed of each language, titled in it (issue 29).
      const languageFeeds = [
        {
          type: "application/rss+xml",
          href: "/blog/rss.xml?lang=en",
          title: "Cahier blog in English",
        },
        {
          type: "application/rss+xml",
          href: "/blog/rss.xml?lang=fr",
          title: "Blog de Cahier en français",
        },
      ];
      expect(alternates((await get("/")).body)).toEqual(blogLinks);
      expect(alternates((await get("/blog")).body)).toEqual([...blogLinks, ...languageFeeds]);
      const fr = alternates((await get("/blog", { cookie: "locale=fr" })).body);
      expect(fr.map((link) => link.title)).toEqual([
        "Blog de Cahier (RSS)",
        "Blog de Cahier (Atom)",
        "Blog de Cahier (JSON Feed)",
        "Cahier blog in English",
        "Blog de Cahier en français",
      ]);
    });

    it("announces an author's feeds on their profile", async () => {
      expect(alternates((await get("/profile/alice")).body)).toEqual([
        {
          type: "application/rss+xml",
          href: "/profile/alice/rss.xml",
          title: "Posts by Alice <Writer> & Co (RSS)",
        },
        {
          type: "application/atom+xml",
          href: "/profile/alice/atom.xml",
          title: "Posts by Alice <Writer> & Co (Atom)",
        },
        {
          type: "application/feed+json",
          href: "/profile/alice/feed.json",
          title: "Posts by Alice <Writer> & Co (JSON Feed)",
        },
      ]);
      expect(alternates((await get("/profile/nobody")).body)).toEqual([]);
    });

    it("announces a public collection's feeds, and an unlisted one's none", async () => {
      expect(
        alternates((await get("/collection/alice/garden-log")).body).map((l) => l.href),
      ).toEqual([
        "/collection/alice/garden-log/rss.xml",
        "/collection/alice/garden-log/atom.xml",
        "/collection/alice/garden-log/feed.json",
      ]);
      const unlisted = await get("/collection/alice/link-notebook", { cookie: authCookie(alice) });
      expect(unlisted.statusCode).toBe(200);
      expect(alternates(unlisted.body)).toEqual([]);
    });

    it("links only to feeds that answer", async () => {
      for (const page of ["/", "/profile/alice", "/collection/alice/garden-log"]) {
        for (const link of alternates((await get(page)).body)) {
          const res = await get(link.href);
          expect(res.statusCode, link.href).toBe(200);
          expect(res.headers["content-type"]).toBe(`${link.type}; charset=utf-8`);
        }
      }
    });
  });
});

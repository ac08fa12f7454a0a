/**
 * The listings rendered by the server with real data through the SDK: `/blog` (published and
 * due posts, 30 per page, tag filter), `/archive` (public entries and posts plus the viewer's
 * own, merged by date across pages, kind and tag filters), `/collections` and a collection's
 * page; their meta (title, description, canonical) and empty states, in English and French;
 * an unlisted collection kept off its public entries' pages (ADR 062); and B21: user strings
 * are escaped in the HTML and in the serialised loader data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login, mainOf as main } from "#tests/helpers/pages.ts";

/** The `href`s of the links in `html` that start with `prefix`, in document order. */
function links(html: string, prefix: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((match) => (match[1] ?? "").replaceAll("&amp;", "&"))
    .filter((href) => href.startsWith(prefix));
}

/** An API date `days` after 2024-01-01. */
function day(days: number): string {
  return `${new Date(Date.UTC(2024, 0, 1 + days)).toISOString().slice(0, 10)} 09:00:00.000Z`;
}

const SCRIPT_BREAKOUT = "</script><script>xss(1)</script>";

describe.each(DIALECTS)("listing pages (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let paul: Login;
  let olga: Login;
  let root: Login;

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    paul = await app.createUser({ username: "paul", name: "Paul Plain" });
    olga = await app.createUser({ username: "olga", name: SCRIPT_BREAKOUT });
    root = await app.createSuperuser();

    // 33 published posts, one a day from 2024-01-01 (post 0 the oldest), alternating tags.
    for (let i = 0; i < 33; i++) {
      await app.seedRecord("posts", {
        author: wanda.record.id,
        title: `Post ${String(i).padStart(2, "0")}`,
        content: Array.from({ length: i === 32 ? 700 : 10 }, () => "word").join(" "),
        excerpt: i === 32 ? "A **bold** excerpt." : "",
        tags: i % 2 === 0 ? ["garden"] : ["trains"],
        status: "published",
        publishedAt: day(i * 2),
        lang: "en",
      });
    }
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Draft post",
      content: "Not yet.",
      status: "draft",
      tags: ["garden"],
    });
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Scheduled post",
      content: "Later.",
      status: "published",
      publishedAt: "2999-01-01 00:00:00.000Z",
      tags: ["garden"],
    });

    const notebook = await app.seedRecord("collections", {
      owner: paul.record.id,
      title: "Paul notebook",
      description: "Notes in **bold** and a [bad link](javascript:xss(1)).",
      visibility: "public",
    });
    await app.seedRecord("collections", {
      owner: paul.record.id,
      title: "Paul hidden notebook",
      visibility: "private",
    });
    await app.seedRecord("collections", {
      owner: paul.record.id,
      title: "Paul link notebook",
      visibility: "unlisted",
    });
    await app.seedRecord("collections", {
      owner: olga.record.id,
      title: "Olga travels",
      visibility: "public",
    });

    // Entries between the posts' dates (odd days), so the archive interleaves them.
    const entry = (author: Login, title: string, visibility: string, days: number, more = {}) =>
      app.seedRecord("entries", {
        author: author.record.id,
        title,
        content: "Text.",
        visibility,
        date: day(days).replace("09:00:00", "00:00:00"),
        ...more,
      });
    await entry(paul, "Paul public notes", "public", 3, {
      tags: ["garden"],
      collection: notebook.id,
    });
    await entry(paul, "Paul private diary", "private", 5, { collection: notebook.id });
    await entry(paul, "Paul unlisted page", "unlisted", 7, { collection: notebook.id });
    await entry(olga, "Olga secret", "private", 9);
    await entry(olga, SCRIPT_BREAKOUT, "public", 11, { tags: ["<!--", "a\u2028b"] });
  });
  afterAll(async () => {
    await app.close();
  });

  describe("/blog", () => {
    it("lists 30 published posts per page, newest first, with page links", async () => {
      const res = await page("/blog");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Blog · Cahier</title>");
      expect(res.body).toContain('<link rel="canonical" href="http://localhost/blog"/>');
      expect(res.body).toMatch(/<meta name="description" content="Posts published by the writers/);
      const posts = links(main(res.body), "/post/wanda/");
      expect(posts).toHaveLength(30);
      expect(posts[0]).toBe("/post/wanda/post-32");
      expect(posts[29]).toBe("/post/wanda/post-03");
      expect(res.body).not.toContain("Draft post");
      expect(res.body).not.toContain("Scheduled post");
      // Author, date, reading time, plain excerpt, tags.
      expect(res.body).toContain("By Wanda Writer");
      expect(res.body).toContain("March 5, 2024");
      expect(res.body).toContain("3 min read");
      expect(res.body).toContain("A bold excerpt.");
      expect(res.body).toContain('href="/blog?tag=garden"');
      // Pagination: a labelled nav, the current page marked, the next page linked.
      expect(res.body).toContain('<nav aria-label="Pages"');
      expect(res.body).toContain("Page 1 of 2");
      expect(res.body).toMatch(/aria-current="page"[^>]*>1</);
      expect(res.body).toMatch(
        /<a[^>]*href="\/blog\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/blog\?page=2"/,
      );

      const second = await page("/blog?page=2");
      expect(second.body).toContain("<title>Blog (Page 2) · Cahier</title>");
      expect(second.body).toContain('href="http://localhost/blog?page=2"');
      expect(links(main(second.body), "/post/wanda/")).toEqual([
        "/post/wanda/post-02",
        "/post/wanda/post-01",
        "/post/wanda/post-00",
      ]);
      expect(second.body).toMatch(/rel="prev"/);
    });

    it("filters by tag, keeping the tag in page links and the canonical URL", async () => {
      const res = await page("/blog?tag=garden");
      expect(res.body).toContain("Posts tagged “garden”");
      expect(res.body).toContain('href="http://localhost/blog?tag=garden"');
      const posts = links(main(res.body), "/post/wanda/");
      expect(posts).toHaveLength(17);
      expect(posts.every((href) => Number(href.slice(-2)) % 2 === 0)).toBe(true);
      expect(res.body).toContain("Show all posts");
      expect(res.body).not.toContain("Draft post");

      const none = await page("/blog?tag=nothing");
      expect(none.statusCode).toBe(200);
      expect(none.body).toContain("No published post is tagged “nothing”.");
    });

    it("answers a page past the end with a way back, and bad parameters with page 1", async () => {
      const past = await page("/blog?page=9");
      expect(past.statusCode).toBe(200);
      expect(past.body).toContain("There is nothing on page 9.");
      expect(past.body).toContain("Go to the first page");
      const bad = await page("/blog?page=-3&tag=" + "x".repeat(300));
      expect(bad.statusCode).toBe(200);
      expect(links(main(bad.body), "/post/wanda/")).toHaveLength(30);
    });

    it("speaks French", async () => {
      const res = await page("/blog?tag=garden", { cookie: "locale=fr" });
      expect(res.body).toContain("Articles avec l&#x27;étiquette «\u00a0garden\u00a0»");
      expect(res.body).toContain("Par Wanda Writer");
      expect(res.body).toContain("1 min de lecture");
      expect(res.body).not.toContain("Page 1 sur 1");
    });
  });

  // Issue 25 items 2 and 8: from a post, the blog was reachable only through a tag, and
  // neither the blog nor a post offered its feed to see or to discover.
  describe("the way around the blog", () => {
    /** The `<nav>` whose label is `label`, as rendered. */
    const navNamed = (html: string, label: string) => {
      const start = html.indexOf(`<nav aria-label="${label}"`);
      return start === -1 ? "" : html.slice(start, html.indexOf("</nav>", start));
    };

    it("ends a post with its previous and next posts, the blog and its feed", async () => {
      const res = await page("/post/wanda/post-05");
      expect(res.statusCode).toBe(200);
      const nav = navNamed(res.body, "More posts");
      expect(links(nav, "/post/wanda/")).toEqual(["/post/wanda/post-04", "/post/wanda/post-06"]);
      expect(nav).toContain("Previous post");
      expect(nav).toContain("Post 04");
      expect(nav).toContain("Next post");
      expect(nav).toMatch(/href="\/blog"[^>]*>Back to the blog</);
      expect(nav).toMatch(
        /<a href="\/blog\/rss.xml" type="application\/rss\+xml"[^>]*>Subscribe \(RSS\)</,
      );
      // Its tags stay at its end too.
      expect(res.body).toContain('href="/blog?tag=trains"');
    });

    it("offers only published and due posts: no next after the newest, no previous before the oldest", async () => {
      // The scheduled post (2999) and the draft are no neighbours.
      const newest = navNamed((await page("/post/wanda/post-32")).body, "More posts");
      expect(links(newest, "/post/wanda/")).toEqual(["/post/wanda/post-31"]);
      expect(newest).not.toContain("Next post");
      const oldest = navNamed((await page("/post/wanda/post-00")).body, "More posts");
      expect(links(oldest, "/post/wanda/")).toEqual(["/post/wanda/post-01"]);
      expect(oldest).not.toContain("Previous post");
      // The author's draft: no neighbours, still the way back.
      const draft = navNamed(
        (await page("/post/wanda/draft-post", { cookie: authCookie(wanda) })).body,
        "More posts",
      );
      expect(links(draft, "/post/wanda/")).toEqual([]);
      expect(draft).toContain("Back to the blog");
    });

    it("announces the blog's feeds in a post's head, as /blog does", async () => {
      for (const url of ["/blog", "/post/wanda/post-05"]) {
        const head = (await page(url)).body.split("</head>")[0] ?? "";
        expect(head, url).toMatch(
          /<link rel="alternate" type="application\/rss\+xml" href="\/blog\/rss.xml"/,
        );
        expect(head, url).toMatch(
          /<link rel="alternate" type="application\/atom\+xml" href="\/blog\/atom.xml"/,
        );
      }
    });

    it("shows a visible Subscribe (RSS) link on /blog, in English and French", async () => {
      expect(main((await page("/blog")).body)).toMatch(
        /<a href="\/blog\/rss.xml"[^>]*>Subscribe \(RSS\)</,
      );
      const fr = await page("/post/wanda/post-05", { cookie: "locale=fr" });
      const nav = navNamed(fr.body, "Autres articles");
      expect(nav).toContain("Article précédent");
      expect(nav).toContain("Retour au blog");
      expect(main((await page("/blog", { cookie: "locale=fr" })).body)).toContain(
        "S’abonner (RSS)",
      );
    });

    it("links Blog, Archive and Collections in the header for guests and every signed-in role", async () => {
      for (const who of [null, paul, wanda, root]) {
        const res = await page("/post/wanda/post-05", who ? { cookie: authCookie(who) } : {});
        const nav = navNamed(res.body, "Main navigation");
        expect(links(nav, "/"), who?.record.email as string | undefined).toEqual(
          expect.arrayContaining(["/blog", "/archive", "/collections"]),
        );
      }
    });
  });

  describe("/archive", () => {
    /** Every item of the archive across its pages, for a viewer. */
    async function allPages(query: string, cookie = "") {
      const hrefs: string[] = [];
      for (let n = 1; n <= 5; n++) {
        const res = await page(`/archive?${query}${query ? "&" : ""}page=${String(n)}`, { cookie });
        const found = [...links(main(res.body), "/post/"), ...links(main(res.body), "/entry/")];
        if (found.length === 0) break;
        // Document order of posts and entries together.
        hrefs.push(
          ...[...main(res.body).matchAll(/href="(\/(?:post|entry)\/[^"]+)"/g)].map(
            (m) => m[1] ?? "",
          ),
        );
      }
      return hrefs;
    }

    it("shows visitors public entries and published posts, merged by date over pages", async () => {
      const res = await page("/archive");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Archive · Cahier</title>");
      expect(res.body).toContain('href="http://localhost/archive"');
      expect(res.body).toContain("Page 1 of 2");
      expect(res.body).toContain(">2024</h2>");
      expect(res.body).toContain("January 2024");
      expect(res.body).not.toContain("Paul private diary");
      expect(res.body).not.toContain("Paul unlisted page");
      expect(res.body).not.toContain("Olga secret");

      const hrefs = await allPages("");
      // 33 posts + 2 public entries, each once, newest first.
      expect(hrefs).toHaveLength(35);
      expect(new Set(hrefs).size).toBe(35);
      const order = hrefs.map((href) => href.replace(/^\/(post|entry)\/[^/]+\//, ""));
      expect(order[0]).toBe("post-32");
      expect(order.slice(-4)).toEqual(["post-02", "paul-public-notes", "post-01", "post-00"]);
      expect(order.indexOf("script-script-xss-1-script")).toBe(order.indexOf("post-06") + 1);
    });

    it("adds a signed-in person's own private and unlisted entries, marked, and nobody else's", async () => {
      const hrefs = await allPages("", authCookie(paul));
      expect(hrefs).toHaveLength(37);
      expect(hrefs).toContain("/entry/paul/paul-private-diary");
      expect(hrefs).toContain("/entry/paul/paul-unlisted-page");
      expect(hrefs).not.toContain("/entry/olga/olga-secret");
      const last = await page("/archive?page=2", { cookie: authCookie(paul) });
      expect(last.body).toContain(">Private<");
      expect(last.body).toContain(">Unlisted<");

      // A superuser bypasses the API's rules, but the archive still lists public items only.
      const asRoot = await allPages("", authCookie(root));
      expect(asRoot).toHaveLength(35);
    });

    it("filters by kind and tag with plain query parameters", async () => {
      const entries = await page("/archive?kind=entries", { cookie: authCookie(paul) });
      expect(links(main(entries.body), "/post/")).toEqual([]);
      expect(links(main(entries.body), "/entry/")).toHaveLength(4);
      expect(entries.body).toContain("Showing entries");
      expect(entries.body).toContain('href="http://localhost/archive?kind=entries"');
      expect(entries.body).toContain('<option value="entries" selected="">');

      const posts = await page("/archive?kind=posts&page=2");
      expect(links(main(posts.body), "/post/")).toHaveLength(3);
      expect(links(main(posts.body), "/entry/")).toEqual([]);

      const garden = await allPages("tag=garden");
      expect(garden).toHaveLength(18);
      expect(garden).toContain("/entry/paul/paul-public-notes");
      expect(garden.every((href) => !/post-\d[13579]$|post-[13579]$/.test(href))).toBe(true);

      const none = await page("/archive?kind=entries&tag=trains");
      expect(none.body).toContain("Nothing matches these filters.");
      expect(none.body).toContain("Clear filters");

      const bad = await page("/archive?kind=<script>&tag=");
      expect(bad.statusCode).toBe(200);
      expect(bad.body).toContain('<option value="all" selected="">');
    });

    it("speaks French, with month names", async () => {
      const res = await page("/archive?page=2", { cookie: "locale=fr" });
      expect(res.body).toContain("<title>Archives (Page 2) · Cahier</title>");
      expect(res.body).toContain("janvier 2024");
      expect(res.body).toContain("Entrée");
      expect(res.body).toContain("Article");
    });
  });

  describe("/collections and a collection", () => {
    it("opens an unlisted collection by its link for anyone, and never lists it (ADR 033)", async () => {
      for (const cookie of [undefined, authCookie(olga)]) {
        const res = await page("/collection/paul/paul-link-notebook", cookie ? { cookie } : {});
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain("Paul link notebook");
        const list = await page("/collections", cookie ? { cookie } : {});
        expect(list.body).not.toContain("Paul link notebook");
      }
    });

    it("shows visitors the public collections, and a signed-in person their own", async () => {
      const guest = await page("/collections");
      expect(guest.body).toContain("Paul notebook");
      expect(guest.body).toContain("Olga travels");
      expect(guest.body).not.toContain("Paul hidden notebook");
      expect(guest.body).not.toContain('href="/collection/create"');
      // A refused link stays as typed, in the excerpt too.
      expect(guest.body).toContain("Notes in bold and a [bad link](javascript:xss(1)).");
      expect(guest.body).toContain('href="http://localhost/collections"');

      const own = await page("/collections", { cookie: authCookie(paul) });
      expect(own.body).toContain("Paul notebook");
      expect(own.body).toContain("Paul hidden notebook");
      expect(own.body).not.toContain("Olga travels");
      expect(own.body).toContain('href="/collection/create"');
      expect(own.body).toContain(">Private<");

      const empty = await page("/collections", { cookie: authCookie(wanda) });
      expect(empty.body).toContain("You have no collections yet.");
      const fr = await page("/collections", { cookie: `${authCookie(wanda)}; locale=fr` });
      expect(fr.body).toContain("Vous n&#x27;avez pas encore de collection.");
    });

    it("renders the description as safe Markdown and lists the entries the visitor may read", async () => {
      const guest = await page("/collection/paul/paul-notebook");
      expect(guest.statusCode).toBe(200);
      expect(guest.body).toContain("<strong>bold</strong>");
      expect(guest.body).not.toContain('href="javascript:');
      expect(guest.body).toContain("[bad link](javascript:xss(1))");
      expect(guest.body).toContain(
        '<meta name="description" content="Notes in bold and a [bad link](javascript:xss(1))."/>',
      );
      expect(guest.body).toContain('href="http://localhost/collection/paul/paul-notebook"');
      expect(links(main(guest.body), "/entry/")).toEqual(["/entry/paul/paul-public-notes"]);
      expect(guest.body).not.toContain("/collection/update/");

      const owner = await page("/collection/paul/paul-notebook", { cookie: authCookie(paul) });
      expect(links(main(owner.body), "/entry/")).toHaveLength(3);
      expect(owner.body).toContain('href="/collection/update/paul/paul-notebook"');

      const other = await page("/collection/paul/paul-notebook", { cookie: authCookie(olga) });
      expect(links(main(other.body), "/entry/")).toEqual(["/entry/paul/paul-public-notes"]);

      const hidden = await page("/collection/paul/paul-hidden-notebook");
      expect(hidden.statusCode).toBe(404);
      const olgaHidden = await page("/collection/paul/paul-hidden-notebook", {
        cookie: authCookie(olga),
      });
      expect(olgaHidden.statusCode).toBe(404);
      const edit = await page("/collection/update/paul/paul-notebook", {
        cookie: authCookie(olga),
      });
      expect(edit.statusCode).toBe(403);
    });
  });

  describe("an unlisted collection's public entries (ADR 062)", () => {
    it("show the collection only to its owner: its title, description and link stay hidden", async () => {
      const link = (
        await app.http.inject({
          method: "GET",
          url: "/api/collections/collections/records?owner=paul&name=paul-link-notebook&filter=(name%3D'paul-link-notebook')",
        })
      ).json<{ items: { id: string }[] }>().items[0];
      expect(link).toBeDefined();
      await app.seedRecord("entries", {
        author: paul.record.id,
        title: "Paul linked entry",
        content: "Text.",
        visibility: "public",
        collection: link?.id ?? "",
      });
      for (const cookie of [undefined, authCookie(olga)]) {
        const res = await page("/entry/paul/paul-linked-entry", cookie ? { cookie } : {});
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain("Paul linked entry");
        expect(res.body).not.toContain("Paul link notebook");
        expect(res.body).not.toContain("/collection/paul/paul-link-notebook");
      }
      const own = await page("/entry/paul/paul-linked-entry", { cookie: authCookie(paul) });
      expect(main(own.body)).toContain('href="/collection/paul/paul-link-notebook"');
      // A public collection's entry shows it to everyone.
      const open = await page("/entry/paul/paul-public-notes");
      expect(main(open.body)).toContain('href="/collection/paul/paul-notebook"');
    });
  });

  describe("B21: user strings in the HTML and in the serialised loader data", () => {
    it.each([
      "/archive",
      "/entry/olga/script-script-xss-1-script",
      "/profile/olga",
      "/collections",
    ])("%s escapes them", async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SCRIPT_BREAKOUT);
      expect(res.body).not.toContain("<script>xss(1)");
      // Every script element opened is closed once: nothing broke out of one.
      const opened = res.body.match(/<script[\s>]/g)?.length ?? 0;
      const closed = res.body.match(/<\/script>/g)?.length ?? 0;
      expect(opened).toBe(closed);
      // Inside scripts, user text never carries a raw `<` or a raw line separator.
      for (const [, body = ""] of res.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
        expect(body).not.toContain("<!--");
        expect(body).not.toContain("\u2028");
      }
    });
  });
});

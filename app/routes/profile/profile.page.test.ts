/**
 * `/profile/{username}` rendered by the app's HTTP server: who the person is (avatar thumb,
 * name, username, role, member since, Markdown biography), what they share (published posts,
 * public entries and collections; the owner also sees their unlisted ones, marked), the
 * settings link for the owner only, meta (title, description, canonical, Open Graph profile),
 * empty states, the 404 page, both languages, and escaping.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { image, multipartBody } from "#tests/helpers/file-fixtures.ts";

const HOST = "journal.test";

/** The `content` of `<meta property|name="…">` in a page's head. */
function metaContent(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta [^>]*>/g)]
    .map(([t]) => t)
    .find((t) => t.includes(`property="${key}"`) || t.includes(`name="${key}"`));
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/** What others must never see on alice's profile. */
const HIDDEN = [
  "Draft thoughts",
  "Future plans",
  "Unlisted musings",
  "Private diary",
  "Link notebook",
  "Locked notebook",
];

describe.each(DIALECTS)("profile page (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;
  let paul: Login;
  let root: Login;
  let avatarSrc = "";

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers: { host: HOST, ...headers } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice", name: "Alice Martin", role: "writer" });
    bob = await app.createUser({ username: "bob", name: "Bob" });
    paul = await app.createUser({ username: "paul" });
    root = await app.createSuperuser();
    const aliceId = String(alice.record.id);
    const { body, headers } = multipartBody([
      { name: "avatar", filename: "alice.png", data: await image("png", 320, 240) },
      { name: "bio", value: "I grow **tomatoes** and write about [trains](https://example.com)." },
    ]);
    const res = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${aliceId}`,
      headers: { ...headers, authorization: alice.token },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    avatarSrc = `/api/files/_pb_users_auth_/${aliceId}/${res.json<{ avatar: string }>().avatar}?thumb=200x200`;

    const post = (title: string, status: string, publishedAt: string) =>
      app.seedRecord("posts", {
        author: aliceId,
        title,
        content: `${title}.`,
        status,
        publishedAt,
      });
    await post("Tomato season", "published", "2025-06-01 09:00:00.000Z");
    await post("Draft thoughts", "draft", "2025-01-01 00:00:00.000Z");
    await post("Future plans", "published", "2999-01-01 00:00:00.000Z");
    const entry = (title: string, visibility: string) =>
      app.seedRecord("entries", {
        author: aliceId,
        title,
        content: "…",
        visibility,
        date: "2025-05-02 00:00:00.000Z",
      });
    await entry("Garden diary", "public");
    await entry("Unlisted musings", "unlisted");
    await entry("Private diary", "private");
    const collection = (title: string, visibility: string) =>
      app.seedRecord("collections", {
        owner: aliceId,
        title,
        description: `All about *${title}*.`,
        visibility,
      });
    await collection("Open notebook", "public");
    await collection("Link notebook", "unlisted");
    await collection("Locked notebook", "private");
  });
  afterAll(async () => {
    await app.close();
  });

  it("shows a visitor who someone is and what they share", async () => {
    const res = await page("/profile/alice");
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain("<title>Alice Martin · Cahier</title>");
    expect(html).toMatch(/<h1[^>]*>Alice Martin<\/h1>/);
    expect(html).toMatch(/@(<!-- -->)?alice/);
    expect(html).toContain(">Writer<");
    expect(html).toMatch(/Member since (<!-- -->)?[A-Z][a-z]+ \d{1,2}, \d{4}/);
    // The biography, as Markdown; its external link marked as such.
    expect(html).toContain("<strong>tomatoes</strong>");
    expect(html).toContain('href="https://example.com" rel="noopener noreferrer nofollow ugc"');
    // The 200x200 thumbnail of the avatar.
    expect(html).toContain(`src="${avatarSrc.replaceAll("&", "&amp;")}"`);
    // What is shared, and nothing else.
    expect(html).toContain('href="/post/alice/tomato-season"');
    expect(html).toContain('href="/entry/alice/garden-diary"');
    expect(html).toContain('href="/collection/alice/open-notebook"');
    expect(html).toContain("All about Open notebook.");
    for (const hidden of HIDDEN) expect(html).not.toContain(hidden);
    expect(html).not.toContain(">Unlisted<");
    expect(html).not.toContain('href="/profileSettings"');
    // The author's feeds, as links in the page too.
    for (const feed of ["rss.xml", "atom.xml", "feed.json"])
      expect(html).toContain(`href="/profile/alice/${feed}"`);
  });

  it("describes the profile to search engines and link previews", async () => {
    const html = (await page("/profile/alice")).body;
    expect(metaContent(html, "description")).toBe("I grow tomatoes and write about trains.");
    expect(html).toContain('<link rel="canonical" href="http://journal.test/profile/alice"/>');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(metaContent(html, "og:type")).toBe("profile");
    expect(metaContent(html, "og:title")).toBe("Alice Martin");
    expect(metaContent(html, "og:url")).toBe("http://journal.test/profile/alice");
    expect(metaContent(html, "og:image")).toBe(
      `http://journal.test${avatarSrc}`.replaceAll("&", "&amp;"),
    );
    expect(metaContent(html, "profile:username")).toBe("alice");
  });

  it("shows other users and superusers what a visitor sees", async () => {
    for (const login of [bob, root]) {
      const html = (await page("/profile/alice", { cookie: authCookie(login) })).body;
      expect(html).toContain("Tomato season");
      expect(html).toContain("Garden diary");
      for (const hidden of HIDDEN) expect(html).not.toContain(hidden);
      expect(html).not.toContain('href="/profileSettings"');
    }
  });

  it("gives the owner their settings link and their unlisted items, marked", async () => {
    const html = (await page("/profile/alice", { cookie: authCookie(alice) })).body;
    expect(html).toContain('href="/profileSettings"');
    expect(html).toContain("Edit your profile");
    expect(html).toContain("Unlisted items are listed here for you only.");
    expect(html).toContain('href="/entry/alice/unlisted-musings"');
    expect(html).toContain('href="/collection/alice/link-notebook"');
    expect(html.match(/>Unlisted</g)).toHaveLength(2);
    for (const hidden of ["Draft thoughts", "Future plans", "Private diary", "Locked notebook"])
      expect(html).not.toContain(hidden);
  });

  it("says what is missing, and to the owner what to do next", async () => {
    const visitor = (await page("/profile/paul")).body;
    expect(visitor).toContain("<title>paul · Cahier</title>");
    expect(metaContent(visitor, "description")).toBe(
      "paul on Cahier: published posts, public entries and collections.",
    );
    // Paul may not post: no Posts section, no post feeds, no "not published yet" to anyone.
    expect(visitor).not.toContain("has not published a post yet");
    expect(visitor).not.toContain('id="profile-posts"');
    expect(visitor).not.toContain('href="/profile/paul/rss.xml"');
    expect(visitor).toContain("paul has no public entries yet.");
    expect(visitor).toContain("paul has no public collections yet.");
    expect(visitor).toContain('data-avatar="initials"');
    expect(metaContent(visitor, "og:image")).toBeUndefined();
    expect(visitor).not.toContain(">Writer<");

    const owner = (await page("/profile/paul", { cookie: authCookie(paul) })).body;
    expect(owner).not.toContain("You have not published a post yet.");
    expect(owner).not.toContain('id="profile-posts"');
    expect(owner).toContain("Entries you make public or unlisted appear here.");
    expect(owner).toContain('href="/entry/create"');
    expect(owner).toContain('href="/collection/create"');
    // Paul is not a writer: no way to a post editor he may not open.
    expect(owner).not.toContain("Write a post");
  });

  it("promises posts only of someone who may post, or did", async () => {
    const wren = await app.createUser({ username: "wren", role: "writer" });
    const asWriter = (await page("/profile/wren")).body;
    expect(asWriter).toContain("wren has not published a post yet.");
    expect(asWriter).toContain('href="/profile/wren/rss.xml"');
    const own = (await page("/profile/wren", { cookie: authCookie(wren) })).body;
    expect(own).toContain("You have not published a post yet.");
    expect(own).toContain('href="/post/create"');

    // A former writer keeps their published posts on their profile.
    const former = await app.createUser({ username: "former" });
    await app.seedRecord("posts", {
      author: String(former.record.id),
      title: "From my writing days",
      content: "…",
      status: "published",
      publishedAt: "2025-02-01 09:00:00.000Z",
    });
    const formerPage = (await page("/profile/former")).body;
    expect(formerPage).toContain('id="profile-posts"');
    expect(formerPage).toContain("From my writing days");
  });

  it("pages through more than 30 posts and 30 entries, each list on its own", async () => {
    const prolific = await app.createUser({ username: "prolific", role: "writer" });
    const id = String(prolific.record.id);
    for (let n = 1; n <= 32; n++) {
      const day = String(n).padStart(2, "0");
      const month = n > 28 ? "02" : "01";
      const date = `2025-${month}-${n > 28 ? String(n - 28).padStart(2, "0") : day} 09:00:00.000Z`;
      await app.seedRecord("posts", {
        author: id,
        title: `Post number ${String(n)}`,
        content: "…",
        status: "published",
        publishedAt: date,
      });
      await app.seedRecord("entries", {
        author: id,
        title: `Entry number ${String(n)}`,
        content: "…",
        visibility: "public",
        date,
      });
    }
    const first = (await page("/profile/prolific")).body;
    expect(first).toContain(">Post number 32<");
    expect(first).toContain(">Post number 3<");
    expect(first).not.toContain(">Post number 2<");
    expect(first).toContain(">Entry number 3<");
    expect(first).not.toContain(">Entry number 2<");
    // Two page lists, each named for its own list, each keeping the other's page.
    expect(first).toContain('aria-label="Pages of the posts of prolific"');
    expect(first).toContain('aria-label="Pages of the entries of prolific"');
    expect(first).toContain('href="/profile/prolific?page=2"');
    expect(first).toContain('href="/profile/prolific?entryPage=2"');

    const second = await page("/profile/prolific?page=2");
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(">Post number 2<");
    expect(second.body).toContain(">Post number 1<");
    expect(second.body).not.toContain(">Post number 3<");
    // The entries stay on their first page.
    expect(second.body).toContain(">Entry number 32<");
    expect(second.body).toContain("<title>prolific (Page 2) · Cahier</title>");
    expect(metaContent(second.body, "og:url")).toBe(`http://${HOST}/profile/prolific?page=2`);

    const entries = (await page("/profile/prolific?page=2&entryPage=2")).body;
    expect(entries).toContain(">Entry number 1<");
    expect(entries).not.toContain(">Entry number 3<");
    expect(entries).toContain(">Post number 1<");

    const past = await page("/profile/prolific?page=9");
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain("There is nothing on page 9.");
  });

  it("redirects another spelling of a username to the canonical one (ADR 034)", async () => {
    await app.createUser({ username: "Zoe_Ray" });
    for (const [url, location] of [
      ["/profile/ALICE", "/profile/alice"],
      ["/profile/Alice?tab=posts", "/profile/alice?tab=posts"],
      ["/profile/zoe_ray", "/profile/Zoe_Ray"],
      ["/profile/ALICE/rss.xml", "/profile/alice/rss.xml"],
      ["/profile/zOE_rAY/feed.json", "/profile/Zoe_Ray/feed.json"],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    expect((await page("/profile/Zoe_Ray")).statusCode).toBe(200);
    // Neither a prefix nor a LIKE wildcard names anyone.
    for (const url of ["/profile/ALIC", "/profile/ALI%25", "/profile/%25", "/profile/Z_E_RAY"]) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });

  it("answers 404 for an unknown user", async () => {
    const res = await page("/profile/nobody");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("Page not found: /profile/nobody");
    expect(res.body).not.toContain('rel="canonical"');
  });

  it("speaks French", async () => {
    const html = (await page("/profile/alice", { cookie: `${authCookie(alice)}; locale=fr` })).body;
    expect(html).toMatch(/Membre depuis le (<!-- -->)?\d{1,2} \S+ \d{4}/);
    expect(html).toContain(">Rédacteur<");
    expect(html).toContain(">Articles<");
    expect(html).toContain(">Non répertorié<");
    expect(html).toContain("Modifier votre profil");
    const empty = (await page("/profile/paul", { cookie: "locale=fr" })).body;
    expect(empty).toContain("paul n&#x27;a encore aucune entrée publique.");
    expect(empty).not.toContain("aucun article");
  });

  it("escapes what people write about themselves", async () => {
    const mallory = await app.createUser({
      username: "mallory",
      name: '"><script>alert(1)</script>',
    });
    await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${String(mallory.record.id)}`,
      headers: { authorization: mallory.token },
      payload: { bio: '<img src=x onerror="alert(2)"> [x](javascript:alert(3))' },
    });
    const html = (await page("/profile/mallory")).body;
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

/**
 * The entry and post pages rendered by the server with real data, in English and French:
 * who gets the editors (`/entry/create`, `/entry/update/…`, `/post/create`,
 * `/post/update/…`) and what the server-rendered form holds before any JavaScript runs; the
 * entry and post pages for guests, authors and others (404 when not visible, drafts and
 * scheduled posts included); attachments and their file tokens; and the metadata a shared
 * link needs (canonical link, Open Graph and Twitter tags with absolute URLs).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { image, imageInfo, multipartBody } from "#tests/helpers/file-fixtures.ts";

/** The `content` of `<meta property|name="key">`, or `undefined`. */
function metaContent(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta [^>]*>/g)]
    .map((match) => match[0])
    .find((candidate) => candidate.includes(`"${key}"`));
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/** The `href` of `<link rel="canonical">`. */
function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

describe.each(DIALECTS)("entry and post pages (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let paul: Login;
  let root: Login;
  const ids = { notebook: "", public: "", secret: "", post: "" };
  const names: Record<string, string[]> = {};

  const page = (url: string, login?: Login, extra: Record<string, string> = {}) =>
    app.http.inject({
      method: "GET",
      url,
      headers: { ...(login ? { cookie: authCookie(login) } : {}), ...extra },
    });

  async function upload(
    login: Login,
    collection: string,
    parts: Parameters<typeof multipartBody>[0],
  ) {
    const { body, headers } = multipartBody(parts);
    const res = await app.http.inject({
      method: "POST",
      url: `/api/collections/${collection}/records`,
      headers: { ...headers, authorization: login.token },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, unknown> & { id: string }>();
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    paul = await app.createUser({ username: "paul", name: "Paul Plain" });
    root = await app.createSuperuser();
    const wandaId = String(wanda.record.id);
    await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${wandaId}`,
      headers: { authorization: wanda.token },
      payload: { bio: "I write about **gardens**." },
    });
    const notebook = await app.seedRecord("collections", {
      owner: wandaId,
      title: "Garden notebook",
      visibility: "public",
    });
    ids.notebook = String(notebook.id);

    const pub = await upload(wanda, "entries", [
      { name: "author", value: wandaId },
      { name: "title", value: "Sowing day <b>one</b>" },
      { name: "content", value: "Seeds went **in** today.\n\n![tray](/api/files/entries/x/y.png)" },
      { name: "visibility", value: "public" },
      { name: "collection", value: ids.notebook },
      { name: "date", value: "2025-03-04 00:00:00.000Z" },
      { name: "tags", value: "garden" },
      { name: "attachments", filename: "seed list.txt", data: Buffer.from("tomatoes\n") },
    ]);
    ids.public = pub.id;
    names.public = pub.attachments as string[];

    const secret = await upload(wanda, "entries", [
      { name: "author", value: wandaId },
      { name: "title", value: "Secret plan" },
      { name: "content", value: "Only for me." },
      { name: "attachments", filename: "photo.png", data: await image("png", 40, 30) },
    ]);
    ids.secret = secret.id;
    names.secret = secret.attachments as string[];
    // The entry shows its own (protected) image.
    await app.http.inject({
      method: "PATCH",
      url: `/api/collections/entries/records/${ids.secret}`,
      headers: { authorization: wanda.token },
      payload: {
        content: `Only for me.\n\n![photo](/api/files/entries/${ids.secret}/${names.secret[0] ?? ""})`,
      },
    });

    await app.seedRecord("entries", {
      author: wandaId,
      title: "Half open",
      content: "Shared by link.",
      visibility: "unlisted",
    });

    const post = await upload(wanda, "posts", [
      { name: "author", value: wandaId },
      { name: "title", value: "Winter sowing" },
      { name: "excerpt", value: "Milk jugs and patience." },
      { name: "content", value: `${"word ".repeat(700)}end.` },
      { name: "status", value: "published" },
      { name: "publishedAt", value: "2025-03-05 08:30:00.000Z" },
      { name: "lang", value: "en" },
      { name: "tags", value: "garden" },
      { name: "tags", value: "winter" },
      { name: "cover", filename: "cover.jpg", data: await image("jpeg", 1600, 900) },
    ]);
    ids.post = post.id;
    names.cover = [String(post.cover)];

    await app.seedRecord("posts", {
      author: wandaId,
      title: "Brouillon secret",
      content: "Pas encore.",
      status: "draft",
      lang: "fr",
    });
    await app.seedRecord("posts", {
      author: wandaId,
      title: "Later on",
      content: "Soon.",
      status: "published",
      publishedAt: "2999-01-01 00:00:00.000Z",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  describe("the editors", () => {
    it("send visitors to /login, to come back once signed in", async () => {
      for (const url of [
        "/entry/create",
        "/post/create",
        "/entry/update/wanda/sowing-day-b-one-b",
        "/post/update/wanda/winter-sowing",
      ]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
      }
    });

    it("render the new-entry form on the server: a working text area, private by default", async () => {
      const res = await page("/entry/create", paul);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain("<title>New entry · Cahier</title>");
      expect(metaContent(html, "robots")).toBe("noindex");
      // The text area carries the content field and is labelled before any script runs.
      const textarea = /<textarea [^>]*name="content"[^>]*>/.exec(html)?.[0] ?? "";
      expect(textarea).not.toBe("");
      const textareaId = /id="([^"]+)"/.exec(textarea)?.[1] ?? "";
      expect(html).toContain(`<label for="${textareaId}">Content</label>`);
      expect(html).toContain('role="toolbar" aria-label="Formatting"');
      for (const label of ["Bold (Ctrl+B)", "Italic (Ctrl+I)", "Heading", "Link (Ctrl+K)"])
        expect(html).toContain(`aria-label="${label}"`);
      expect(html).toContain('aria-label="Attach a file and insert it"');
      expect(html).toMatch(/<input [^>]*type="radio"[^>]*checked=""[^>]*value="private"/);
      expect(html).toContain("Only you. It never appears anywhere else.");
      // Saving needs the browser's API client: the button waits for hydration.
      expect(html).toMatch(/<button type="submit" disabled=""/);
      // A new entry is dated today (the server's day until the browser knows better).
      expect(html).toContain(`value="${new Date().toISOString().slice(0, 10)}"`);
      // Paul has no collection; Wanda's is not offered to him.
      expect(html).not.toContain("Garden notebook");
    });

    it("offer the author's own collections, in French too", async () => {
      const res = await page("/entry/create", wanda, { cookie: `${authCookie(wanda)}; locale=fr` });
      expect(res.body).toContain("<title>Nouvelle entrée · Cahier</title>");
      expect(res.body).toContain(`<option value="${ids.notebook}">Garden notebook</option>`);
      expect(res.body).toContain("Mise en forme");
      expect(res.body).toContain("Vous seul. Elle n&#x27;apparaît nulle part ailleurs.");
    });

    it("render an entry's edit form with its content and attachments, for its author only", async () => {
      const url = "/entry/update/wanda/sowing-day-b-one-b";
      const res = await page(url, wanda);
      expect(res.statusCode).toBe(200);
      // The title field wraps a long title: a one-line text area.
      expect(res.body).toMatch(
        /<textarea [^>]*name="title"[^>]*>Sowing day &lt;b&gt;one&lt;\/b&gt;<\/textarea>/,
      );
      expect(res.body).toMatch(/<textarea [^>]*name="content"[^>]*>Seeds went \*\*in\*\* today\./);
      expect(res.body).toContain("The address stays the same when you change the title.");
      expect(res.body).toContain(
        `<option value="${ids.notebook}" selected="">Garden notebook</option>`,
      );
      expect(res.body).toContain(">seed_list.txt<");
      expect(res.body).toContain(
        `/api/files/entries/${ids.public}/${names.public?.[0] ?? ""}?download=1"`,
      );

      expect((await page(url, paul)).statusCode).toBe(403);
      expect((await page("/entry/update/wanda/secret-plan", paul)).statusCode).toBe(404);
    });

    it("give a private entry's form a file token for its protected files", async () => {
      const res = await page("/entry/update/wanda/secret-plan", wanda);
      expect(res.statusCode).toBe(200);
      const link = new RegExp(
        `/api/files/entries/${ids.secret}/${names.secret?.[0] ?? ""}\\?download=1&amp;token=([\\w.-]+)"`,
      ).exec(res.body);
      expect(link).not.toBeNull();
      const file = await app.http.inject({
        method: "GET",
        url: `/api/files/entries/${ids.secret}/${names.secret?.[0] ?? ""}?token=${link?.[1] ?? ""}`,
      });
      expect(file.statusCode).toBe(200);
    });

    it("let writers open /post/create and answer 403 to others", async () => {
      const writer = await page("/post/create", wanda);
      expect(writer.statusCode).toBe(200);
      expect(writer.body).toContain("<title>New post · Cahier</title>");
      expect(writer.body).toMatch(/<textarea [^>]*name="excerpt"/);
      expect(writer.body).toMatch(/<input [^>]*type="datetime-local"/);
      expect(writer.body).toContain("A date in the future schedules the post");
      expect(writer.body).toMatch(/<option value="en" lang="en" selected="">English<\/option>/);
      expect(writer.body).toContain('aria-label="Insert an image from an address"');
      // The text is described by the Markdown hint, then by what images it takes.
      const text = /<textarea [^>]*name="content"[^>]*>/.exec(writer.body)?.[0] ?? "";
      const hint = /<p id="([^"]+-images-hint)"/.exec(writer.body)?.[1] ?? "none";
      expect(text).toMatch(new RegExp(`aria-describedby="[^"]*-hint ${hint}"`));
      expect((await page("/post/create", paul)).statusCode).toBe(403);
      expect((await page("/post/update/wanda/winter-sowing", paul)).statusCode).toBe(403);
    });

    it("render a post's edit form with its cover and publication date (UTC until hydration)", async () => {
      const res = await page("/post/update/wanda/winter-sowing", wanda);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('value="2025-03-05T08:30"');
      expect(res.body).toContain(
        `/api/files/posts/${ids.post}/${names.cover?.[0] ?? ""}?thumb=600x315`,
      );
      expect(res.body).toMatch(/<input [^>]*type="radio"[^>]*checked=""[^>]*value="published"/);
      const fr = await page("/post/update/wanda/winter-sowing", wanda, {
        cookie: `${authCookie(wanda)}; locale=fr`,
      });
      expect(fr.body).toContain("Modifier l&#x27;article");
      expect(fr.body).toContain("Image de couverture");
    });

    it("give a superuser, who owns nothing, a notice instead of the writing forms", async () => {
      for (const [url, title] of [
        ["/entry/create", "New entry"],
        ["/post/create", "New post"],
        ["/collection/create", "New collection"],
        ["/entry/update/wanda/sowing-day-b-one-b", "Edit entry"],
        ["/entry/update/wanda/secret-plan", "Edit entry"],
        ["/post/update/wanda/winter-sowing", "Edit post"],
        ["/collection/update/wanda/garden-notebook", "Edit collection"],
      ] as const) {
        const res = await page(url, root);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<title>${title} · Cahier</title>`);
        expect(res.body, url).toContain(
          "Superusers manage the site but don&#x27;t write: sign in with a user account to write.",
        );
        expect(res.body, url).toMatch(/<a [^>]*href="\/admin"[^>]*>Go to the administration<\/a>/);
        // No form whose save could only fail (the header's search form aside), and nothing of
        // the record leaks into it.
        expect(res.body.slice(res.body.indexOf("<main")), url).not.toMatch(/<form[ >]/);
        expect(res.body, url).not.toContain("Seeds went");
      }
      const fr = await page("/entry/create", root, { cookie: `${authCookie(root)}; locale=fr` });
      expect(fr.body).toContain(
        "Les superutilisateurs gèrent le site mais n&#x27;écrivent pas\u00a0: connectez-vous avec un compte utilisateur pour écrire.",
      );
      expect(fr.body).toContain("Aller à l&#x27;administration");
      // What does not exist is still a 404, whoever asks.
      expect((await page("/entry/update/wanda/no-such-entry", root)).statusCode).toBe(404);
      // Users keep their forms.
      expect((await page("/collection/create", paul)).body).toMatch(/<form[ >]/);
    });
  });

  describe("an entry's page", () => {
    it("shows a public entry to anyone, with metadata from absolute URLs", async () => {
      const res = await page("/entry/wanda/sowing-day-b-one-b");
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain("<title>Sowing day &lt;b&gt;one&lt;/b&gt; · Cahier</title>");
      expect(html).not.toContain("<b>one</b>");
      // The Markdown is rendered on the server.
      expect(html).toContain("Seeds went <strong>in</strong> today.");
      expect(html).toContain("March 4, 2025");
      expect(html).toContain("In Garden notebook");
      expect(html).toContain('href="/archive?tag=garden"');
      // Attachments of a public entry are downloadable without a token.
      expect(html).toContain(
        `href="/api/files/entries/${ids.public}/${names.public?.[0] ?? ""}?download=1"`,
      );
      expect(canonical(html)).toBe("http://localhost/entry/wanda/sowing-day-b-one-b");
      expect(metaContent(html, "og:type")).toBe("article");
      expect(metaContent(html, "og:url")).toBe(canonical(html));
      expect(metaContent(html, "description")).toBe("Seeds went in today. tray");
      expect(metaContent(html, "robots")).toBeUndefined();
      // No author controls for a guest.
      expect(html).not.toContain("/entry/update/");
      expect(html).not.toContain('data-testid="visibility-badge"');
    });

    it("gives its author the visibility, Edit and Delete", async () => {
      const res = await page("/entry/wanda/sowing-day-b-one-b", wanda);
      expect(res.body).toContain('data-testid="visibility-badge"');
      expect(res.body).toContain("Visibility: Public");
      expect(res.body).toContain('href="/entry/update/wanda/sowing-day-b-one-b"');
      expect(res.body).toContain(">Delete<");
      const fr = await page("/entry/wanda/sowing-day-b-one-b", wanda, {
        cookie: `${authCookie(wanda)}; locale=fr`,
      });
      expect(fr.body).toContain("Visibilité\u00a0: Publique");
      expect(fr.body).toContain(">Supprimer<");
      expect(fr.body).toContain("4 mars 2025");
    });

    it("answers 404 for a private entry to everyone but its author (superusers excepted)", async () => {
      for (const login of [undefined, paul]) {
        const res = await page("/entry/wanda/secret-plan", login);
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain("Page not found: /entry/wanda/secret-plan");
        expect(res.body).not.toContain("Only for me.");
      }
      const own = await page("/entry/wanda/secret-plan", wanda);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain("Only for me.");
      expect(own.body).toContain("Visibility: Private");
      expect(metaContent(own.body, "robots")).toBe("noindex");
      expect(own.body).toMatch(/\?download=1&amp;token=[\w.-]+"/);
      // Its own image in the text loads with the token too.
      const img = new RegExp(
        `<img src="/api/files/entries/${ids.secret}/${names.secret?.[0] ?? ""}\\?token=([\\w.-]+)"`,
      ).exec(own.body);
      expect(img).not.toBeNull();
      const file = await app.http.inject({
        method: "GET",
        url: `/api/files/entries/${ids.secret}/${names.secret?.[0] ?? ""}?token=${img?.[1] ?? ""}`,
      });
      expect(file.statusCode).toBe(200);
      expect((await page("/entry/wanda/secret-plan", root)).statusCode).toBe(200);
    });

    it("shows an unlisted entry by its link but keeps it out of search engines", async () => {
      const res = await page("/entry/wanda/half-open");
      expect(res.statusCode).toBe(200);
      expect(metaContent(res.body, "robots")).toBe("noindex");
    });
  });

  describe("a post's page", () => {
    it("is complete for a guest without JavaScript: cover, reading time, author card, meta", async () => {
      const res = await page("/post/wanda/winter-sowing");
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const cover = `/api/files/posts/${ids.post}/${names.cover?.[0] ?? ""}?thumb=1200x630`;
      expect(html).toContain(`src="${cover}"`);
      expect(html).toContain("March 5, 2025");
      expect(html).toContain("3 min read");
      expect(html).toContain("Milk jugs and patience.");
      expect(html).toContain("About the author");
      expect(html).toContain("I write about gardens.");
      expect(html).toContain('href="/profile/wanda"');
      expect(html).toContain('href="/blog?tag=winter"');
      expect(canonical(html)).toBe("http://localhost/post/wanda/winter-sowing");
      expect(metaContent(html, "og:image")).toBe(`http://localhost${cover}`);
      expect(metaContent(html, "og:image:width")).toBe("1200");
      expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
      expect(metaContent(html, "twitter:image")).toBe(`http://localhost${cover}`);
      expect(metaContent(html, "description")).toBe("Milk jugs and patience.");
      expect(metaContent(html, "og:locale")).toBe("en_US");
      expect(metaContent(html, "article:published_time")).toBe("2025-03-05T08:30:00.000Z");
      expect(html).not.toContain("/post/update/");
      // The cover thumbnail a preview card points at is a real image.
      const image = await app.http.inject({ method: "GET", url: cover });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/jpeg");
    });

    it("offers its cover in responsive sizes, with its dimensions, painted first", async () => {
      const html = (await page("/post/wanda/winter-sowing")).body;
      const img = /<img\b[^>]*\bsrcSet="([^"]+)"[^>]*>/i.exec(html);
      expect(img).not.toBeNull();
      const tag = img?.[0] ?? "";
      const base = `/api/files/posts/${ids.post}/${names.cover?.[0] ?? ""}`;
      expect(img?.[1]).toBe(`${base}?thumb=600x315 600w, ${base}?thumb=1200x630 1200w`);
      expect(tag).toContain('sizes="(min-width: 768px) 65ch, 100vw"');
      expect(tag).toContain('width="1200"');
      expect(tag).toContain('height="630"');
      // Above the fold: fetched at once, never lazily.
      expect(tag).toContain('fetchPriority="high"');
      expect(tag).not.toContain('loading="lazy"');
      // Each candidate is a real image of the width it announces.
      for (const [thumb, width, height] of [
        ["600x315", 600, 315],
        ["1200x630", 1200, 630],
      ] as const) {
        const res = await app.http.inject({ method: "GET", url: `${base}?thumb=${thumb}` });
        expect(res.statusCode).toBe(200);
        expect(await imageInfo(res.rawPayload)).toMatchObject({ width, height });
      }
    });

    it("takes APP_URL for absolute URLs when the operator set it, never the Host header", async () => {
      const hosted = await createTestApp(dialect, { APP_URL: "https://cahier.example.com/" });
      try {
        const writer = await hosted.createUser({ username: "wanda", role: "writer" });
        await hosted.seedRecord("posts", {
          author: writer.record.id,
          title: "Winter sowing",
          content: "Milk jugs and patience.",
          status: "published",
          publishedAt: "2025-03-05 08:30:00.000Z",
        });
        const get = (url: string) =>
          hosted.http.inject({ method: "GET", url, headers: { host: "evil.example" } });
        const post = await get("/post/wanda/winter-sowing");
        expect(post.statusCode).toBe(200);
        expect(canonical(post.body)).toBe("https://cahier.example.com/post/wanda/winter-sowing");
        expect(post.body).not.toContain("evil.example");
        const blog = await get("/blog?page=1&utm_source=x");
        expect(canonical(blog.body)).toBe("https://cahier.example.com/blog");
      } finally {
        await hosted.close();
      }
    });

    it("keeps drafts and scheduled posts to their author, who sees their state", async () => {
      for (const url of ["/post/wanda/brouillon-secret", "/post/wanda/later-on"]) {
        for (const login of [undefined, paul]) {
          const res = await page(url, login);
          expect(res.statusCode, url).toBe(404);
        }
      }
      const draft = await page("/post/wanda/brouillon-secret", wanda);
      expect(draft.statusCode).toBe(200);
      expect(draft.body).toContain("This post is a draft: only you can read it.");
      expect(metaContent(draft.body, "robots")).toBe("noindex");
      const scheduled = await page("/post/wanda/later-on", wanda, {
        cookie: `${authCookie(wanda)}; locale=fr`,
      });
      expect(scheduled.body).toContain("Cet article est programmé");
      expect(scheduled.body).toContain("1 janvier 2999");
      expect(scheduled.body).toContain(">Modifier<");
    });
  });
});

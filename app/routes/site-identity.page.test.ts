/**
 * The site's identity (ADR 069) on its pages: the description in the home page's and the
 * blog feed's metadata, the footer line, the accent's variables for both themes, the custom
 * sheet linked after Cahier's on a post page (whose reader is a guest served from the page
 * cache, which forgets the page when the sheet changes), the icons of the uploaded image and
 * the manifest in every head, and the social image of a post without a cover. In English and
 * French.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("the site's identity on its pages (%s)", (dialect) => {
  let app: TestApp;
  let superuserToken: string;

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://journal.example" });
    superuserToken = (await app.createSuperuser()).token;
    const writer = await app.createUser({ username: "wren", role: "writer" });
    await app.seedRecord("posts", {
      author: writer.record.id,
      title: "First light",
      slug: "first-light",
      content: "Morning notes.",
      status: "published",
      publishedAt: "2026-01-02 08:00:00.000Z",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });
  const settle = async (meta: Record<string, unknown>) => {
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: superuserToken },
      payload: { meta },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ meta: Record<string, unknown> }>();
  };
  const upload = async (url: string, field: string) => {
    const image = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: "#0f766e" },
    })
      .png()
      .toBuffer();
    const boundary = `----cahier${randomBytes(8).toString("hex")}`;
    const res = await app.http.inject({
      method: "POST",
      url,
      headers: {
        authorization: superuserToken,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ meta: Record<string, string> }>();
  };

  it("has Cahier's icon, the manifest, and no accent or custom sheet until they are set", async () => {
    const res = await page("/post/wren/first-light");
    expect(res.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(res.body).toContain(
      '<link rel="apple-touch-icon" href="/site/apple-touch-icon.png?v=default"/>',
    );
    expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(res.body).not.toContain("site-accent");
    expect(res.body).not.toContain("/site/custom.css");
    expect(res.body).not.toContain('name="theme-color"');
  });

  it("describes the site and signs its footer in each language", async () => {
    await settle({
      description: { en: "Notes from a small garden.", fr: "Notes d’un petit jardin." },
      footer: { en: "Written in Lyon", fr: "Écrit à Lyon" },
    });
    const home = await page("/");
    expect(home.body).toContain('<meta name="description" content="Notes from a small garden."/>');
    expect(home.body).toContain(
      '<meta property="og:description" content="Notes from a small garden."/>',
    );
    expect(home.body).toContain('<meta property="og:url" content="https://journal.example/"/>');
    expect(home.body).toMatch(/data-testid="site-footer">Written in Lyon</);
    const fr = await page("/", { cookie: "locale=fr" });
    expect(fr.body).toContain('<meta name="description" content="Notes d’un petit jardin."/>');
    expect(fr.body).toMatch(/data-testid="site-footer">Écrit à Lyon</);
    const feed = await page("/blog/feed.json", { cookie: "locale=fr" });
    expect((JSON.parse(feed.body) as { description: string }).description).toBe(
      "Notes d’un petit jardin.",
    );
    // Only one language written: the other shows it too.
    await settle({ footer: { fr: "" } });
    expect((await page("/blog", { cookie: "locale=fr" })).body).toMatch(
      /data-testid="site-footer">Written in Lyon</,
    );
    await settle({ description: { en: "", fr: "" }, footer: { en: "", fr: "" } });
  });

  it("puts the accent in place of Cahier's amber, with a lighter shade in the dark theme", async () => {
    await settle({ accentColor: "#0f766e" });
    for (const cookie of ["locale=en", "locale=fr; theme=dark"]) {
      const res = await page("/blog", { cookie });
      const style = /<style id="site-accent">(.*?)<\/style>/.exec(res.body)?.[1] ?? "";
      expect(style).toContain(":root{--color-amber-700:#0f766e;--color-amber-800:#0f766e;");
      const dark = /\[data-theme=dark\]\{--color-amber-700:(#[0-9a-f]{6})/.exec(style)?.[1];
      expect(dark).toBeDefined();
      expect(dark).not.toBe("#0f766e");
      expect(res.body).toContain(
        '<meta name="theme-color" content="#0f766e" media="(prefers-color-scheme: light)"/>',
      );
      // After Cahier's own styles.
      expect(res.body.indexOf('id="site-accent"')).toBeGreaterThan(
        res.body.indexOf('id="app-styles"'),
      );
    }
    await settle({ accentColor: "" });
  });

  it("links the custom sheet after Cahier's on a post page, and a cached page follows a change", async () => {
    const url = "/post/wren/first-light";
    await page(url);
    expect((await page(url)).body).not.toContain("/site/custom.css");
    await settle({ customCss: ".prose p { letter-spacing: 0.01em; }" });
    for (const cookie of ["locale=en", "locale=fr", "theme=dark"]) {
      const res = await page(url, { cookie });
      const href = /<link rel="stylesheet" href="(\/site\/custom\.css\?v=[\w-]+)"\/>/.exec(
        res.body,
      )?.[1];
      expect(href, cookie).toBeDefined();
      expect(res.body.indexOf(href ?? "")).toBeGreaterThan(res.body.indexOf('id="app-styles"'));
      const sheet = await page(href ?? "");
      expect(sheet.body).toBe(".prose p { letter-spacing: 0.01em; }");
      expect(sheet.headers["cache-control"]).toContain("immutable");
    }
    await settle({ customCss: "" });
    expect((await page(url)).body).not.toContain("/site/custom.css");
  });

  it("uses the uploaded icon as favicon, touch icon and logo, and the social image without a cover", async () => {
    const { meta } = await upload("/api/settings/icon", "icon");
    const version = meta.icon ?? "";
    expect(version).not.toBe("");
    const { meta: after } = await upload("/api/settings/social-image", "socialImage");
    for (const cookie of ["locale=en", "locale=fr"]) {
      const res = await page("/post/wren/first-light", { cookie });
      expect(res.body).toContain(
        `<link rel="icon" href="/site/icon-32.png?v=${version}" type="image/png" sizes="32x32"/>`,
      );
      expect(res.body).toContain(
        `<link rel="apple-touch-icon" href="/site/apple-touch-icon.png?v=${version}"/>`,
      );
      expect(res.body).not.toContain("/favicon.svg");
      expect(res.body).toContain(`src="/site/icon-192.png?v=${version}"`);
      expect(res.body).toContain(
        `<meta property="og:image" content="https://journal.example/site/social.jpg?v=${after.socialImage ?? ""}"/>`,
      );
    }
    const manifest = await page("/manifest.webmanifest");
    expect(manifest.body).toContain(`/site/icon-512.png?v=${version}`);
    for (const url of ["/api/settings/icon", "/api/settings/social-image"]) {
      await app.http.inject({ method: "DELETE", url, headers: { authorization: superuserToken } });
    }
    const back = await page("/post/wren/first-light");
    expect(back.body).toContain("/favicon.svg");
    expect(back.body).not.toContain("og:image");
  });
});

import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Account = { record: Record<string, unknown>; token: string };
type Settings = { meta: Record<string, unknown> };
type Failure = { status: number; data: Record<string, { code: string; message: string }> };

/** A multipart body with one file part. */
function upload(field: string, data: Buffer, filename = "logo.png") {
  const boundary = `----cahier${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const png = (width: number, height: number, colour = "#1d4ed8") =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe.each(DIALECTS)("site identity settings (%s)", (dialect) => {
  let app: TestApp;
  let user: Account;
  let admin: Account;
  let root: Account;

  const patch = (meta: Record<string, unknown>) =>
    app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: { meta },
    });
  const post = async (url: string, field: string, data: Buffer, token = root.token) => {
    const body = upload(field, data);
    return app.http.inject({
      method: "POST",
      url,
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://journal.example" });
    user = await app.createUser({ username: "plain" });
    admin = await app.createUser({ username: "chief", role: "admin" });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
  });

  it("lets only superusers upload and remove the icon and social image", async () => {
    const image = await png(256, 256);
    for (const url of ["/api/settings/icon", "/api/settings/social-image"]) {
      await runScenario(app, {
        name: `guest DELETE ${url}`,
        method: "DELETE",
        url,
        expectedStatus: 401,
      });
      for (const account of [user, admin]) {
        await runScenario(app, {
          name: `user DELETE ${url}`,
          method: "DELETE",
          url,
          token: account.token,
          expectedStatus: 403,
        });
        const res = await post(
          url,
          url.endsWith("icon") ? "icon" : "socialImage",
          image,
          account.token,
        );
        expect(res.statusCode).toBe(403);
      }
    }
    const guest = upload("icon", image);
    const res = await app.http.inject({ method: "POST", url: "/api/settings/icon", ...guest });
    expect(res.statusCode).toBe(401);
  });

  it("keeps a description and a footer line per language, trimmed and bounded", async () => {
    let res = await patch({
      description: { en: "  A quiet journal.  " },
      footer: { fr: "Écrit à Lyon" },
    });
    expect(res.statusCode).toBe(200);
    let meta = res.json<Settings>().meta;
    expect(meta.description).toEqual({ en: "A quiet journal.", fr: "" });
    expect(meta.footer).toEqual({ en: "", fr: "Écrit à Lyon" });
    res = await patch({ description: { fr: "Un journal calme." } });
    meta = res.json<Settings>().meta;
    expect(meta.description).toEqual({ en: "A quiet journal.", fr: "Un journal calme." });

    res = await patch({ description: { en: "x".repeat(301) }, footer: { de: "Hallo" } });
    expect(res.statusCode).toBe(400);
    const failure = res.json<Failure>();
    expect(failure.data["meta.description.en"]?.code).toBe("validation_invalid_value");
    expect(failure.data["meta.footer"]?.code).toBe("validation_unknown_field");
    res = await patch({ description: "plain" });
    expect(res.statusCode).toBe(400);
  });

  it("refuses an accent colour below WCAG AA, naming the field, the reason and the ratio", async () => {
    let res = await patch({ accentColor: "#facc15" });
    expect(res.statusCode).toBe(400);
    const failure = res.json<Failure>();
    const error = failure.data["meta.accentColor"];
    expect(error?.code).toBe("validation_accent_contrast");
    expect(error?.message).toMatch(
      /1\.\d+:1 as text on the light page and 1\.\d+:1 under white button text/,
    );
    expect(error?.message).toContain("4.5:1");

    // Passes on white (4.54:1) but not on the light page.
    res = await patch({ accentColor: "#767676" });
    expect(res.json<Failure>().data["meta.accentColor"]?.message).toContain("light page");
    expect(res.json<Failure>().data["meta.accentColor"]?.message).not.toContain("white button");

    for (const bad of ["blue", "#12345", "#12345g", 12]) {
      res = await patch({ accentColor: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<Failure>().data["meta.accentColor"]?.code).toBe("validation_invalid_value");
    }

    res = await patch({ accentColor: "#1D4ED8" });
    expect(res.statusCode).toBe(200);
    expect(res.json<Settings>().meta.accentColor).toBe("#1d4ed8");
    res = await patch({ accentColor: "" });
    expect(res.json<Settings>().meta.accentColor).toBe("");
  });

  it("checks the custom style sheet and serves it cached and compressed", async () => {
    const cases: [string, string][] = [
      ["body { color: red", "validation_css_syntax"],
      ['@import url("https://cdn.example/x.css");', "validation_css_import"],
      ["body { background: url(http://example.com/a.png) }", "validation_css_url"],
      [`/*${"x".repeat(51 * 1024)}*/`, "validation_css_too_large"],
    ];
    for (const [css, code] of cases) {
      const res = await patch({ customCss: css });
      expect(res.statusCode, code).toBe(400);
      const error = res.json<Failure>().data["meta.customCss"];
      expect(error?.code).toBe(code);
      expect(error?.message.length).toBeGreaterThan(10);
    }

    const css = `.prose h2 { color: #0f766e; }\n${".x { margin: 0 }\n".repeat(100)}`;
    const res = await patch({ customCss: css });
    expect(res.statusCode).toBe(200);
    expect(res.json<Settings>().meta.customCss).toBe(css);

    const plain = await app.http.inject({ method: "GET", url: "/site/custom.css" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("public, no-cache");
    const version = String(plain.headers.etag).replaceAll('"', "");
    const kept = await app.http.inject({
      method: "GET",
      url: `/site/custom.css?v=${version}`,
      headers: { "accept-encoding": "br" },
    });
    expect(kept.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(kept.headers["content-encoding"]).toBe("br");
    const again = await app.http.inject({
      method: "GET",
      url: "/site/custom.css",
      headers: { "if-none-match": `"${version}"` },
    });
    expect(again.statusCode).toBe(304);
    await patch({ customCss: "" });
  });

  it("refuses the images' versions in PATCH: they are uploaded", async () => {
    const res = await patch({ icon: "abc", socialImage: "def" });
    expect(res.statusCode).toBe(400);
    const failure = res.json<Failure>();
    expect(failure.data["meta.icon"]?.code).toBe("validation_upload_only");
    expect(failure.data["meta.socialImage"]?.code).toBe("validation_upload_only");
  });

  it("serves Cahier's icons until one is uploaded, then the upload's at every size", async () => {
    const before = await app.http.inject({ method: "GET", url: "/site/icon-192.png" });
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toBe("image/png");
    expect((await sharp(before.rawPayload).metadata()).width).toBe(192);

    const res = await post("/api/settings/icon", "icon", await png(600, 400, "#0f766e"));
    expect(res.statusCode).toBe(200);
    const version = String(res.json<Settings>().meta.icon);
    expect(version).toMatch(/^[\w-]{12}$/);
    const sizes = {
      "icon-32": 32,
      "apple-touch-icon": 180,
      "icon-192": 192,
      "icon-512": 512,
      "icon-maskable-512": 512,
    };
    for (const [name, size] of Object.entries(sizes)) {
      const icon = await app.http.inject({ method: "GET", url: `/site/${name}.png?v=${version}` });
      expect(icon.statusCode, name).toBe(200);
      expect(icon.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(icon.rawPayload).metadata();
      expect([meta.width, meta.height], name).toEqual([size, size]);
    }
    // The upload's colour, centred: the middle pixel of the favicon is its teal.
    const favicon = await app.http.inject({ method: "GET", url: "/site/icon-32.png" });
    const { data } = await sharp(favicon.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const middle = (16 * 32 + 16) * 4;
    expect([data[middle], data[middle + 1], data[middle + 2]]).toEqual([15, 118, 110]);
    expect((await app.http.inject({ method: "GET", url: "/site/nothing.png" })).statusCode).toBe(
      404,
    );

    const removed = await app.http.inject({
      method: "DELETE",
      url: "/api/settings/icon",
      headers: { authorization: root.token },
    });
    expect(removed.json<Settings>().meta.icon).toBe("");
    const back = await app.http.inject({ method: "GET", url: "/site/icon-32.png?v=default" });
    expect(back.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await app.storage.exists(`_site/icon/${version}/icon-32.png`)).toBe(false);
  });

  it("refuses uploads that are missing, no image, too small or too large", async () => {
    let res = await post("/api/settings/icon", "other", await png(256, 256));
    expect(res.statusCode).toBe(400);
    expect(res.json<Failure>().data.icon?.code).toBe("validation_required");
    res = await post("/api/settings/icon", "icon", Buffer.from("not an image at all"));
    expect(res.json<Failure>().data.icon?.code).toBe("validation_invalid_image");
    res = await post("/api/settings/icon", "icon", await png(64, 64));
    expect(res.statusCode).toBe(400);
    expect(res.json<Failure>().data.icon?.message).toContain("64×64");
    res = await post("/api/settings/icon", "icon", randomBytes(6 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    res = await app.http.inject({
      method: "POST",
      url: "/api/settings/icon",
      headers: { authorization: root.token },
      payload: { icon: "x" },
    });
    expect(res.statusCode).toBe(400);
  });

  it("keeps a social image at 1200×630", async () => {
    const res = await post("/api/settings/social-image", "socialImage", await png(2400, 1600));
    expect(res.statusCode).toBe(200);
    const version = String(res.json<Settings>().meta.socialImage);
    const image = await app.http.inject({ method: "GET", url: `/site/social.jpg?v=${version}` });
    expect(image.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    await app.http.inject({
      method: "DELETE",
      url: "/api/settings/social-image",
      headers: { authorization: root.token },
    });
    expect((await app.http.inject({ method: "GET", url: "/site/social.jpg" })).statusCode).toBe(
      404,
    );
  });

  it("builds the web app manifest from the settings, in the reader's language", async () => {
    await patch({
      appName: "Carnet de voyage",
      description: { en: "Travel notes.", fr: "Notes de voyage." },
      accentColor: "#0f766e",
    });
    const icon = await post("/api/settings/icon", "icon", await png(512, 512));
    const version = String(icon.json<Settings>().meta.icon);
    const res = await app.http.inject({
      method: "GET",
      url: "/manifest.webmanifest",
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    const manifest = res.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      name: "Carnet de voyage",
      short_name: "Carnet de v…",
      description: "Notes de voyage.",
      lang: "fr",
      start_url: "/writing",
      scope: "/",
      display: "standalone",
      theme_color: "#0f766e",
      background_color: "#fafaf9",
    });
    expect(manifest.icons).toEqual([
      {
        src: `/site/icon-192.png?v=${version}`,
        sizes: "192x192",
        type: "image/png",
        purpose: "any",
      },
      {
        src: `/site/icon-512.png?v=${version}`,
        sizes: "512x512",
        type: "image/png",
        purpose: "any",
      },
      {
        src: `/site/icon-maskable-512.png?v=${version}`,
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ]);
    const en = await app.http.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(en.json<{ description: string }>().description).toBe("Travel notes.");
    await patch({ appName: "Cahier", description: { en: "", fr: "" }, accentColor: "" });
  });
});

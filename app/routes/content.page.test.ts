/**
 * The site's own pages rendered by the server with real data: `/` for visitors and for
 * signed-in users, `/team`, `/privacyPolicy`, in English and French, and the avatars they
 * show (thumbnail URL, generated initials with an accessible colour, loading behaviour).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { image, imageInfo, multipartBody } from "#tests/helpers/file-fixtures.ts";

/** Generated-initials avatars of a page: their letters and background colour. */
function initialsAvatars(html: string): { letters: string; color: string }[] {
  const found: { letters: string; color: string }[] = [];
  for (const match of html.matchAll(/<span([^>]*data-avatar="initials"[^>]*)>([^<]*)<\/span>/g)) {
    const color = /background-color:(#[0-9a-f]{6})/.exec(match[1] ?? "")?.[1];
    found.push({ letters: match[2] ?? "", color: color ?? "" });
  }
  return found;
}

/** WCAG 2 contrast ratio between white and a `#rrggbb` colour. */
function contrastWithWhite(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

/** The `<img>` tags of a page whose source is `src`. */
function imagesWithSource(html: string, src: string): string[] {
  const escaped = src.replaceAll("&", "&amp;");
  return [...html.matchAll(/<img [^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`src="${escaped}"`));
}

describe.each(DIALECTS)("home, team and privacy pages (%s)", (dialect) => {
  let app: TestApp;
  let writer: Login;
  let admin: Login;
  let plain: Login;
  let root: Login;
  let avatarSrc: string;

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    admin = await app.createUser({ username: "ada", name: "Ada Admin", role: "admin" });
    plain = await app.createUser({ username: "paul", name: "Paul Plain" });
    root = await app.createSuperuser();

    const { body, headers } = multipartBody([
      { name: "avatar", filename: "wanda.png", data: await image("png", 320, 240) },
      { name: "bio", value: "I write about **gardens** and [trains](https://example.com)." },
    ]);
    const upload = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${String(writer.record.id)}`,
      headers: { ...headers, authorization: writer.token },
      payload: body,
    });
    expect(upload.statusCode).toBe(200);
    const { avatar } = upload.json<{ avatar: string }>();
    avatarSrc = `/api/files/_pb_users_auth_/${String(writer.record.id)}/${avatar}?thumb=200x200`;

    await app.seedRecord("posts", {
      author: writer.record.id,
      title: "Winter sowing",
      excerpt: "Milk jugs, **a knife** and [patience](https://example.com).",
      content: "Long text.",
      status: "published",
      publishedAt: "2025-03-04 10:00:00.000Z",
      lang: "en",
    });
    await app.seedRecord("posts", {
      author: admin.record.id,
      title: "Brouillon secret",
      content: "Pas encore.",
      status: "draft",
    });
    await app.seedRecord("posts", {
      author: admin.record.id,
      title: "Scheduled for later",
      content: "Soon.",
      status: "published",
      publishedAt: "2999-01-01 00:00:00.000Z",
    });
    await app.seedRecord("entries", {
      author: writer.record.id,
      title: "My secret plan",
      content: "Only me.",
      visibility: "private",
      date: "2025-05-06 00:00:00.000Z",
    });
    await app.seedRecord("entries", {
      author: plain.record.id,
      title: "Paul public notes",
      content: "For everyone.",
      visibility: "public",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("gives visitors a first impression: what Cahier is, the ways in, the latest posts", async () => {
    const res = await page("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Home · Cahier</title>");
    expect(res.body).toMatch(/<meta name="description" content="Cahier is a private journal/);
    expect(res.body).toContain("Write for yourself. Publish for everyone.");
    for (const href of ["/signUp", "/login", "/blog"]) expect(res.body).toContain(`href="${href}"`);
    expect(res.body).toContain("Create your journal");
    expect(res.body).toContain("Read the blog");
    // The latest published post, with its author, its date through Intl and a plain excerpt.
    expect(res.body).toContain('href="/post/wanda/winter-sowing"');
    expect(res.body).toContain("By Wanda Writer");
    expect(res.body).toContain("March 4, 2025");
    expect(res.body).toContain("Milk jugs, a knife and patience.");
    expect(res.body).not.toContain("**a knife**");
    expect(res.body).not.toContain("Brouillon secret");
    expect(res.body).not.toContain("Scheduled for later");
    expect(res.body).not.toContain("Your recent entries");
    expect(res.body.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it("gives visitors the same page in French", async () => {
    const res = await page("/", { cookie: "locale=fr" });
    expect(res.body).toContain("<title>Accueil · Cahier</title>");
    expect(res.body).toContain("Écrivez pour vous. Publiez pour tous.");
    expect(res.body).toContain("Créer mon journal");
    expect(res.body).toContain("Se connecter");
    expect(res.body).toContain("Par Wanda Writer");
    expect(res.body).toContain("4 mars 2025");
    expect(res.body).toContain("Derniers articles");
  });

  it("greets a signed-in user with New entry, their own entries (private too) and the posts", async () => {
    const res = await page("/", { cookie: authCookie(writer) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Welcome back, Wanda Writer");
    // The header's link and the page's own, prominent one.
    expect(res.body.match(/href="\/entry\/create"/g)).toHaveLength(2);
    expect(res.body).toContain('href="/post/create"');
    expect(res.body).toContain("Your recent entries");
    expect(res.body).toContain("My secret plan");
    expect(res.body).toContain("May 6, 2025");
    expect(res.body).toContain(">Private<");
    expect(res.body).not.toContain("Paul public notes");
    expect(res.body).toContain("Winter sowing");
    expect(res.body).not.toContain("Create your journal");

    const fr = await page("/", { cookie: `${authCookie(writer)}; locale=fr` });
    expect(fr.body).toContain("Bon retour, Wanda Writer");
    expect(fr.body).toContain("Nouvelle entrée");
    expect(fr.body).toContain(">Privée<");
    expect(fr.body).toContain("6 mai 2025");

    const other = await page("/", { cookie: authCookie(plain) });
    expect(other.body).toContain("Paul public notes");
    expect(other.body).not.toContain("My secret plan");
    expect(other.body).not.toContain('href="/post/create"');
  });

  it("greets a superuser without a journal of their own", async () => {
    const res = await page("/", { cookie: authCookie(root) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("You are signed in as a superuser");
    expect(res.body).toContain('href="/i"');
    expect(res.body).not.toContain("Your recent entries");
    // Neither a name nor a username: no avatar at all (the one image is the post author's).
    expect(initialsAvatars(res.body)).toEqual([]);
    expect(res.body.match(/<img /g)).toHaveLength(1);
    expect(imagesWithSource(res.body, avatarSrc)).toHaveLength(1);
  });

  it("lists writers and admins on /team, admins first, with avatars, roles and bios", async () => {
    const res = await page("/team");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Team · Cahier</title>");
    expect(res.body).toContain('href="/profile/wanda"');
    expect(res.body).toContain('href="/profile/ada"');
    expect(res.body).not.toContain('href="/profile/paul"');
    expect(res.body.indexOf("Ada Admin")).toBeLessThan(res.body.indexOf("Wanda Writer"));
    expect(res.body).toContain(">Admin<");
    expect(res.body).toContain(">Writer<");
    expect(res.body).toMatch(/@(<!-- -->)?wanda</);
    expect(res.body).toContain("I write about gardens and trains.");

    // Wanda's avatar: the 200x200 thumbnail, lazy, decorative next to her name.
    const [img, ...others] = imagesWithSource(res.body, avatarSrc);
    expect(others).toHaveLength(0);
    expect(img).toContain('alt=""');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('width="96"');
    // Ada has no avatar file: her initials.
    expect(initialsAvatars(res.body)).toEqual([{ letters: "AA", color: expect.any(String) }]);

    const fr = await page("/team", { cookie: "locale=fr" });
    expect(fr.body).toContain("<title>Équipe · Cahier</title>");
    expect(fr.body).toContain(">Administrateur<");
    expect(fr.body).toContain(">Rédacteur<");
  });

  it("links each team card's avatar and underlined name to the profile, one tab stop a card", async () => {
    const res = await page("/team");
    const main = res.body.slice(res.body.indexOf("<main"), res.body.indexOf("</main>"));
    // Issue 25 item 9: the name was underlined on hover only, and the avatar linked nowhere.
    const links = [...main.matchAll(/<a [^>]*href="\/profile\/wanda"[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    const [avatar, name] = links;
    expect(avatar).toContain('aria-hidden="true"');
    expect(avatar).toContain('tabindex="-1"');
    expect(main.slice(main.indexOf(avatar ?? ""))).toMatch(/^<a [^>]*>\s*<img [^>]*alt=""/);
    expect(name).not.toContain("tabindex");
    expect(name).toMatch(/class="[^"]*(?<!:)\bunderline\b/);
  });

  it("serves the avatar thumbnail at 200x200 and shows it eagerly in the header", async () => {
    const thumb = await app.http.inject({ method: "GET", url: avatarSrc });
    expect(thumb.statusCode).toBe(200);
    expect(await imageInfo(thumb.rawPayload)).toMatchObject({ width: 200, height: 200 });

    const res = await page("/blog", { cookie: authCookie(writer) });
    const [header] = imagesWithSource(res.body, avatarSrc);
    expect(header).toContain('loading="eager"');
    expect(header).toContain('alt=""');
  });

  it("gives generated avatars a stable colour with AA contrast for the letters", async () => {
    const usernames = Array.from(
      { length: 24 },
      (_, i) => `member${String(i)}_${["x", "y", "z"][i % 3] ?? ""}`,
    );
    for (const [i, username] of usernames.entries()) {
      await app.seedRecord("users", {
        username,
        email: `${username}@example.com`,
        password: "password123",
        passwordConfirm: "password123",
        role: "writer",
        name: i % 2 === 0 ? `Given${String(i)} Family` : "",
      });
    }
    const first = initialsAvatars((await page("/team")).body);
    const second = initialsAvatars((await page("/team", { cookie: "locale=fr" })).body);
    expect(first).toHaveLength(usernames.length + 1);
    expect(second).toEqual(first);
    for (const { color } of first) {
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
    }
    // Names give two initials, usernames alone their first letters.
    expect(first.map((avatar) => avatar.letters)).toEqual(expect.arrayContaining(["GF", "MX"]));
    expect(new Set(first.map((avatar) => avatar.color)).size).toBeGreaterThan(10);

    // The same user gets the same colour in the header as on the team page.
    const adaOnTeam = first.find((avatar) => avatar.letters === "AA");
    const adaHeader = initialsAvatars((await page("/blog", { cookie: authCookie(admin) })).body);
    expect(adaHeader[0]).toEqual(adaOnTeam);
  });

  it("renders the privacy policy in full, in English and in French", async () => {
    const sections = [
      "operator",
      "data",
      "purposes",
      "visibility",
      "browser",
      "sharing",
      "retention",
      "rights",
      "security",
      "changes",
    ];
    const en = await page("/privacyPolicy");
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain("<title>Privacy policy · Cahier</title>");
    expect(en.body).toMatch(/<meta name="description" content="What Cahier stores/);
    expect(en.body).toContain("Last updated: November 25, 2026");
    expect(en.body.match(/<h1[ >]/g)).toHaveLength(1);
    for (const id of sections) {
      expect(en.body).toContain(`<h2 id="${id}">`);
      expect(en.body).toContain(`href="#${id}"`);
    }
    for (const text of [
      "operator",
      "IP address",
      "user agent",
      "pb_auth",
      "locale",
      "pocketbase_auth",
      "user-locale",
      "cahier:draft:v1:",
      "superusers",
      "Delete your account",
      "Export",
    ]) {
      expect(en.body).toContain(text);
    }

    const fr = await page("/privacyPolicy", { cookie: "locale=fr" });
    expect(fr.body).toContain("<title>Politique de confidentialité · Cahier</title>");
    expect(fr.body).toContain("Dernière mise à jour\u00a0: 25 novembre 2026");
    for (const id of sections) expect(fr.body).toContain(`<h2 id="${id}">`);
    for (const text of [
      "exploitant",
      "adresse IP",
      "agent utilisateur",
      "pb_auth",
      "pocketbase_auth",
      "user-locale",
      "superutilisateurs",
      "Supprimer votre compte",
      "Exporter",
    ]) {
      expect(fr.body).toContain(text);
    }
    expect(fr.body).not.toContain("Who is responsible for your data");
  });
});

describe.each(DIALECTS)("empty states of the home and team pages (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  it("shows an empty team page until someone has a role", async () => {
    await app.createUser({ username: "nobody" });
    const res = await page("/team");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Nobody here yet.");
    const fr = await page("/team", { cookie: "locale=fr" });
    expect(fr.body).toContain("Personne pour l&#x27;instant.");
  });

  it("says what to do next when there is nothing yet", async () => {
    const visitor = await page("/");
    expect(visitor.body).toContain("Nothing has been published yet. Come back soon");
    expect(visitor.body).not.toContain("All posts");

    const writer = await app.createUser({ username: "wendy", role: "writer" });
    const asWriter = await page("/", { cookie: authCookie(writer) });
    // A newcomer (nothing written yet, as right after signing up) is not welcomed back.
    expect(asWriter.body).toContain("Welcome, wendy");
    expect(asWriter.body).not.toContain("Welcome back");
    expect(asWriter.body).toContain("Your journal is ready.");
    expect(asWriter.body).toContain("You have not written any entries yet.");
    expect(asWriter.body).toContain("Write your first entry");
    expect(asWriter.body).toContain("yours could be the first post");
    expect(asWriter.body).toContain("Write the first post");

    const plain = await app.createUser({ username: "pia" });
    const asPlain = await page("/", { cookie: `${authCookie(plain)}; locale=fr` });
    expect(asPlain.body).toContain("Vous n&#x27;avez encore écrit aucune entrée.");
    expect(asPlain.body).toContain("Rien n&#x27;a encore été publié.");
    expect(asPlain.body).not.toContain("Écrire le premier article");
  });
});

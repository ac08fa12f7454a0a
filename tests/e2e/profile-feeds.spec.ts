/**
 * Issue 4 items 6 and 7 in the browser: the profile page (who someone is, what they share,
 * the owner's extras, 404) in English and French, accessible and usable at 360 px; the
 * feeds it and the home, blog and collection pages announce in their heads, read and parsed
 * by Chromium's own XML parser; the sitemap and robots.txt.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { CATALOGS, LABELS, type Lang, oneLanguage, open, useLanguage } from "./support/app.ts";
import { AVATAR_OWNER, baseUrl, CONTENT, PASSWORD, USERS } from "./support/environment.ts";

const WRITER = USERS.writer;

/** What Chromium's XML parser makes of a document of the site: its root, or its error. */
async function parseXmlInBrowser(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const text = await response.text();
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.querySelector("parsererror");
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      error: error?.textContent ?? null,
      root: doc.documentElement.nodeName,
      titles: [...doc.querySelectorAll("item > title, entry > title")].map((t) => t.textContent),
      locs: [...doc.querySelectorAll("url > loc")].map((l) => l.textContent),
    };
  }, path);
}

/** The feed links a page announces in its head. */
async function alternates(page: Page) {
  return page.locator('head link[rel="alternate"]').evaluateAll((links) =>
    links.map((link) => ({
      type: link.getAttribute("type"),
      href: link.getAttribute("href"),
      title: link.getAttribute("title"),
    })),
  );
}

/**
 * A browser context signed in as a new user of this spec (its own account, so the fixture
 * accounts' content stays as the other specs expect it), with an unlisted entry, a private
 * entry, and an unlisted and a public collection.
 */
async function ownerContext(
  browser: Browser,
  lang: Lang,
): Promise<{ context: BrowserContext; username: string; name: string }> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  const username = `owen_${lang}_${Date.now().toString(36)}`;
  const name = `Owen ${lang.toUpperCase()}`;
  await pb.collection("users").create({
    username,
    name,
    email: `${username}@e2e.example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });
  await pb.collection("users").authWithPassword(username, PASSWORD);
  const id = pb.authStore.record?.id ?? "";
  await pb
    .collection("entries")
    .create({ author: id, title: "Quiet corner", visibility: "unlisted" });
  await pb
    .collection("entries")
    .create({ author: id, title: "Locked drawer", visibility: "private" });
  await pb.collection("entries").create({ author: id, title: "Open window", visibility: "public" });
  await pb
    .collection("collections")
    .create({ owner: id, title: "Side room", visibility: "unlisted" });
  const cookie = pb.authStore.exportToCookie({ httpOnly: false, secure: false }, "pb_auth");
  const value = (cookie.split(";")[0] ?? "").replace(/^pb_auth=/, "");
  const context = await browser.newContext({
    storageState: {
      cookies: [
        {
          name: "pb_auth",
          value,
          domain: "127.0.0.1",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [
        {
          origin: baseUrl(),
          localStorage: [
            {
              name: "pocketbase_auth",
              value: JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record }),
            },
          ],
        },
      ],
    },
  });
  await useLanguage(context, lang);
  return { context, username, name };
}

for (const lang of oneLanguage("fr")) {
  const profile = CATALOGS[lang].profile;
  const feeds = CATALOGS[lang].feeds;
  const roles = CATALOGS[lang].common.roles;
  const app = CATALOGS[lang].common.app.name;

  test.describe(`profile and feeds (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, lang);
    });

    test("a visitor sees who the writer is and what they share", async ({ page }) => {
      test.setTimeout(60_000);
      const response = await open(page, `/profile/${WRITER.username}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${WRITER.name} · ${app}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(WRITER.name);
      await expect(main).toContainText(`@${WRITER.username}`);
      await expect(main).toContainText(roles.writer);
      await expect(main).toContainText(profile.memberSince.replace(" {{date}}", ""));

      // The avatar: the 200x200 thumbnail, loaded.
      expect(AVATAR_OWNER).toBe("writer");
      const avatar = main.locator("header img");
      await expect(avatar).toHaveAttribute("src", /\?thumb=200x200$/);
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(200);

      const posts = main.getByRole("region", { name: profile.posts.title });
      await expect(posts.getByRole("link", { name: CONTENT.post.title })).toHaveAttribute(
        "href",
        `/post/${WRITER.username}/${CONTENT.post.slug}`,
      );
      const entries = main.getByRole("region", { name: profile.entries.title });
      await expect(entries.getByRole("link", { name: CONTENT.entry.title })).toHaveAttribute(
        "href",
        `/entry/${WRITER.username}/${CONTENT.entry.name}`,
      );
      const collections = main.getByRole("region", { name: profile.collections.title });
      await expect(
        collections.getByRole("link", { name: CONTENT.collection.title }),
      ).toHaveAttribute("href", `/collection/${WRITER.username}/${CONTENT.collection.name}`);
      await expect(main.getByRole("link", { name: profile.editProfile })).toHaveCount(0);

      // The author's feeds, as links on the page and in the head.
      const feedNav = main.getByRole("navigation", {
        name: profile.feeds.label.replace("{{name}}", WRITER.name),
      });
      await expect(feedNav.getByRole("link", { name: profile.feeds.rss })).toHaveAttribute(
        "href",
        `/profile/${WRITER.username}/rss.xml`,
      );
      const authorTitle = feeds.author.title.replace("{{name}}", WRITER.name);
      expect(await alternates(page)).toEqual([
        {
          type: "application/rss+xml",
          href: `/profile/${WRITER.username}/rss.xml`,
          title: `${authorTitle} (RSS)`,
        },
        {
          type: "application/atom+xml",
          href: `/profile/${WRITER.username}/atom.xml`,
          title: `${authorTitle} (Atom)`,
        },
        {
          type: "application/feed+json",
          href: `/profile/${WRITER.username}/feed.json`,
          title: `${authorTitle} (JSON Feed)`,
        },
      ]);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseUrl()}/profile/${WRITER.username}`,
      );
      await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute(
        "content",
        "profile",
      );

      const scan = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
      expect(
        scan.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => v.id),
      ).toEqual([]);
    });

    test("the owner gets their settings link and their unlisted items, marked", async ({
      browser,
      page,
    }) => {
      // Two people's pages and a navigation: more than one page's time on a busy machine.
      test.setTimeout(60_000);
      const { context, username, name } = await ownerContext(browser, lang);
      const owner = await context.newPage();
      await open(owner, `/profile/${username}`);
      const main = owner.getByRole("main");
      await expect(main).toContainText(profile.ownerNote);
      const entries = main.getByRole("region", { name: profile.entries.title });
      await expect(entries.getByRole("listitem")).toHaveCount(2);
      await expect(entries.getByRole("listitem").filter({ hasText: "Quiet corner" })).toContainText(
        profile.unlisted,
      );
      await expect(
        entries.getByRole("listitem").filter({ hasText: "Open window" }),
      ).not.toContainText(profile.unlisted);
      await expect(main).not.toContainText("Locked drawer");
      const collections = main.getByRole("region", { name: profile.collections.title });
      await expect(collections).toContainText("Side room");
      await expect(collections).toContainText(profile.unlisted);

      // Someone else sees the public entry only.
      await open(page, `/profile/${username}`);
      const seen = page.getByRole("main");
      await expect(seen).toContainText("Open window");
      await expect(seen).not.toContainText("Quiet corner");
      await expect(seen).not.toContainText("Side room");
      await expect(seen).toContainText(profile.collections.empty.replace("{{name}}", name));

      // The settings link, reached with the keyboard.
      const edit = main.getByRole("link", { name: profile.editProfile });
      await edit.focus();
      await expect(edit).toBeFocused();
      await owner.keyboard.press("Enter");
      await expect(owner).toHaveURL("/profileSettings");
      await context.close();
    });

    test("fits a 360 px screen", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await open(page, `/profile/${WRITER.username}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    });

    test("an unknown user gets the 404 page", async ({ page }) => {
      const response = await page.goto("/profile/nobody_e2e");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("main")).toContainText(
        LABELS[lang].notFound("/profile/nobody_e2e"),
      );
    });

    test("home, blog and collection pages announce their feeds, and the feeds parse", async ({
      page,
    }) => {
      const blogTitle = feeds.blog.title.replace("{{app}}", app);
      const wholeBlog = [
        { type: "application/rss+xml", href: "/blog/rss.xml", title: `${blogTitle} (RSS)` },
        { type: "application/atom+xml", href: "/blog/atom.xml", title: `${blogTitle} (Atom)` },
        {
          type: "application/feed+json",
          href: "/blog/feed.json",
          title: `${blogTitle} (JSON Feed)`,
        },
      ];
      await open(page, "/");
      expect(await alternates(page)).toEqual(wholeBlog);
      // The blog also offers one feed per language, each titled in its own (issue 29 item 4).
      await open(page, "/blog");
      expect(await alternates(page)).toEqual([
        ...wholeBlog,
        {
          type: "application/rss+xml",
          href: "/blog/rss.xml?lang=en",
          title: `${app} blog in English`,
        },
        {
          type: "application/rss+xml",
          href: "/blog/rss.xml?lang=fr",
          title: `Blog de ${app} en français`,
        },
      ]);
      await open(page, `/collection/${WRITER.username}/${CONTENT.collection.name}`);
      const collectionFeeds = await alternates(page);
      expect(collectionFeeds.map((link) => link.href)).toEqual(
        ["rss.xml", "atom.xml", "feed.json"].map(
          (file) => `/collection/${WRITER.username}/${CONTENT.collection.name}/${file}`,
        ),
      );

      const expected: [string, string, string][] = [
        ["/blog/rss.xml", "rss", CONTENT.post.title],
        ["/blog/atom.xml", "feed", CONTENT.post.title],
        [`/profile/${WRITER.username}/rss.xml`, "rss", CONTENT.post.title],
        [`/profile/${WRITER.username}/atom.xml`, "feed", CONTENT.post.title],
        [
          `/collection/${WRITER.username}/${CONTENT.collection.name}/rss.xml`,
          "rss",
          CONTENT.entry.title,
        ],
        [
          `/collection/${WRITER.username}/${CONTENT.collection.name}/atom.xml`,
          "feed",
          CONTENT.entry.title,
        ],
      ];
      for (const [path, root, title] of expected) {
        const parsed = await parseXmlInBrowser(page, path);
        expect(parsed.error, path).toBeNull();
        expect(parsed.status, path).toBe(200);
        expect(parsed.root, path).toBe(root);
        expect(parsed.titles, path).toContain(title);
      }
      for (const link of collectionFeeds.filter((l) => l.type === "application/feed+json")) {
        const json = (await page.evaluate(
          async (url) => (await fetch(url)).json(),
          link.href ?? "",
        )) as { version: string; items: { title: string }[] };
        expect(json.version).toBe("https://jsonfeed.org/version/1.1");
        expect(json.items.map((item) => item.title)).toContain(CONTENT.entry.title);
      }
    });
  });
}

test("the sitemap parses and lists the public pages; robots.txt points to it", async ({ page }) => {
  // A person with nothing public (other specs may give the fixture accounts public content).
  const quiet = `quiet_${Date.now().toString(36)}`;
  await new PocketBase(baseUrl()).collection("users").create({
    username: quiet,
    email: `${quiet}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });
  await open(page, "/");
  const sitemap = await parseXmlInBrowser(page, "/sitemap.xml");
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe("urlset");
  expect(sitemap.locs).toEqual(
    expect.arrayContaining([
      `${baseUrl()}/`,
      `${baseUrl()}/blog`,
      `${baseUrl()}/team`,
      `${baseUrl()}/privacyPolicy`,
      `${baseUrl()}/post/${WRITER.username}/${CONTENT.post.slug}`,
      `${baseUrl()}/entry/${WRITER.username}/${CONTENT.entry.name}`,
      `${baseUrl()}/collection/${WRITER.username}/${CONTENT.collection.name}`,
      `${baseUrl()}/profile/${WRITER.username}`,
    ]),
  );
  expect(sitemap.locs).not.toContain(`${baseUrl()}/profile/${quiet}`);
  const robots = await page.request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await robots.text();
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
});

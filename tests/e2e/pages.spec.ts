/**
 * Issue 3 item 6: the static pages, in English and French. The home page's first impression
 * for visitors (what Cahier is, the ways in, the latest posts) and its desk for signed-in
 * users; the team page (writers and admins from the API, admins first); the privacy policy
 * (a real policy, naming what the browser keeps).
 */
import { expect, test } from "@playwright/test";
import { CATALOGS, oneLanguage, open, signedIn, useLanguage } from "./support/app.ts";
import { POST_LIVE_FILTER } from "../../shared/records/post-state.ts";
import { AVATAR_OWNER, USERS } from "./support/environment.ts";
import { apiClient } from "./support/test-accounts.ts";

/** The newest published post as the API lists it for a guest: its title and page path. */
async function newestPost(): Promise<{ title: string; href: string }> {
  const list = await apiClient()
    .collection("posts")
    .getList<{ title: string; slug: string; expand?: { author?: { username: string } } }>(1, 1, {
      filter: POST_LIVE_FILTER,
      sort: "-publishedAt,-created",
      expand: "author",
    });
  const post = list.items[0];
  if (!post) throw new Error("the fixtures publish at least one post");
  return { title: post.title, href: `/post/${post.expand?.author?.username ?? ""}/${post.slug}` };
}

for (const lang of oneLanguage("fr")) {
  const content = CATALOGS[lang].content;
  const roles = CATALOGS[lang].common.roles;

  test.describe(`static pages (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, lang);
    });

    test("home, for a visitor: what Cahier is, the ways in, the latest posts", async ({ page }) => {
      await open(page, "/");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.title);
      await expect(main.getByRole("link", { name: content.home.hero.signUp })).toHaveAttribute(
        "href",
        "/signUp",
      );
      await expect(
        main.getByRole("link", { name: content.home.hero.logIn, exact: true }),
      ).toHaveAttribute("href", "/login");
      // The newest published post is listed. Other specs publish posts while this one runs,
      // so the newest is read from the API just before and just after the page is served.
      const before = await newestPost();
      await page.reload();
      const after = await newestPost();
      const hrefs = await main
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect([before.href, after.href].some((href) => hrefs.includes(href))).toBe(true);
    });

    test("home, signed in: a greeting and the way to write", async ({ browser }) => {
      const context = await browser.newContext(signedIn("user"));
      await useLanguage(context, lang);
      const page = await context.newPage();
      // "Welcome" until the account's first entry, "Welcome back" after it; other specs may
      // write entries as this account first.
      const greetings = [content.home.greetingNew, content.home.greeting].map((text) =>
        text.replace("{{name}}", USERS.user.name),
      );
      const response = await page.goto("/");
      const html = (await response?.text()) ?? "";
      expect(greetings.some((greeting) => html.includes(greeting))).toBe(true);
      const main = page.getByRole("main");
      const heading = (await main.getByRole("heading", { level: 1 }).textContent()) ?? "";
      expect(greetings).toContain(heading.trim());
      await expect(main.getByRole("link", { name: content.home.newEntry })).toHaveAttribute(
        "href",
        "/entry/create",
      );
      await context.close();
    });

    test("team: the writers and admins, admins first, each linking to their profile", async ({
      page,
    }) => {
      await open(page, "/team");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(content.team.title);
      // Other specs make writers and admins of their own: check order and content, not count.
      const members = main.getByRole("listitem");
      const admin = members.filter({ hasText: USERS.admin.name });
      const writer = members.filter({ hasText: USERS.writer.name });
      await expect(admin).toHaveCount(1);
      await expect(writer).toHaveCount(1);
      await expect(admin).toContainText(roles.admin);
      await expect(writer).toContainText(roles.writer);
      const texts = await members.allTextContents();
      const lastAdmin = texts.findLastIndex((text) => text.includes(roles.admin));
      const firstWriter = texts.findIndex((text) => text.includes(roles.writer));
      expect(lastAdmin).toBeLessThan(firstWriter);
      await expect(main).not.toContainText(USERS.user.name);
      await expect(main.getByRole("link", { name: USERS.writer.name })).toHaveAttribute(
        "href",
        `/profile/${USERS.writer.username}`,
      );
      await expect(writer.locator("img")).toHaveAttribute(
        "src",
        new RegExp(`^/api/files/_pb_users_auth_/\\w+/[^?]+\\?thumb=200x200$`),
      );
      expect(AVATAR_OWNER).toBe("writer");
      await expect(admin).toContainText(USERS.admin.initials);
    });

    test("privacy policy: a real policy, naming what the browser keeps", async ({ page }) => {
      await open(page, "/privacyPolicy");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(content.privacy.title);
      expect(await main.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(8);
      for (const stored of [
        "pb_auth",
        "locale",
        "pocketbase_auth",
        "user-locale",
        "cahier:draft:v1:…",
      ]) {
        await expect(main.getByText(stored, { exact: true })).toBeVisible();
      }
    });
  });
}

/**
 * Issue 3 item 2 and spec §2 "Shared shell" / §6: the header of each kind of visitor, in
 * English and French. Logged out: logo, menu toggle, language switcher, Login and Sign up.
 * Signed in: the account (name or username, avatar) linking to `/profile/{username}` and a
 * logout icon; Blog, Archive and Collections for every visitor, guests too (issue 25 item 2),
 * New entry, New post for writers, Instances and Admin (`/admin`, the admin area) for admins
 * and superusers. Item 5: the avatar is the 200x200 thumbnail, else initials, else nothing.
 */
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  accountLink,
  CATALOGS,
  expectSignedOutHeader,
  header,
  LABELS,
  LANGS,
  open,
  signedIn,
  switcher,
  useLanguage,
  type Lang,
  homeLinkName,
} from "./support/app.ts";
import { AVATAR_OWNER, SUPERUSER, USERS, type AccountName } from "./support/environment.ts";

type NavLabel =
  "blog" | "newEntry" | "archive" | "collections" | "newPost" | "writing" | "instances" | "admin";

/** The reading pages every visitor finds in the header (issue 25 item 2). */
const READER_NAV: NavLabel[] = ["blog", "archive", "collections"];

const NAV_PATHS: Record<NavLabel, string> = {
  blog: "/blog",
  newEntry: "/entry/create",
  archive: "/archive",
  collections: "/collections",
  newPost: "/post/create",
  writing: "/writing",
  instances: "/i",
  admin: "/admin",
};

/**
 * The navigation links each signed-in account sees, in order: the reading pages, then what
 * the account does. Superusers own no entries: no New entry for them (issue 13).
 */
const NAV_BY_ACCOUNT: Record<AccountName, NavLabel[]> = {
  user: [...READER_NAV, "newEntry", "writing"],
  writer: [...READER_NAV, "newEntry", "newPost", "writing"],
  admin: [...READER_NAV, "newEntry", "newPost", "writing", "instances", "admin"],
  superuser: [...READER_NAV, "instances", "admin"],
};

/** The visible name of a navigation link. */
function navLabel(lang: Lang, key: NavLabel): string {
  return key === "blog" ? CATALOGS[lang].common.nav.blog : LABELS[lang][key];
}

/** Asserts the header's navigation: exactly `expected`, in order, with their addresses. */
async function expectNav(page: Page, lang: Lang, expected: NavLabel[]): Promise<void> {
  const nav = header(page).getByRole("navigation", { name: CATALOGS[lang].common.header.mainNav });
  await expect(nav.getByRole("link")).toHaveText(expected.map((key) => navLabel(lang, key)));
  for (const key of expected) {
    await expect(nav.getByRole("link", { name: navLabel(lang, key), exact: true })).toHaveAttribute(
      "href",
      NAV_PATHS[key],
    );
  }
}

for (const lang of LANGS) {
  test.describe(`header (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, lang);
    });

    test("logged out: logo, menu toggle, switcher, Blog, Archive, Collections, Login and Sign up", async ({
      page,
    }) => {
      await open(page, "/blog");
      const banner = header(page);
      await expect(banner.getByRole("link", { name: homeLinkName(lang) })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(switcher(page, lang)).toBeVisible();
      await expect(switcher(page, lang)).toHaveText(LABELS[lang].switcher);
      // The menu toggle exists (visible on small screens only, see responsive.spec.ts).
      await expect(
        banner.getByRole("button", {
          name: CATALOGS[lang].common.header.openMenu,
          includeHidden: true,
        }),
      ).toHaveCount(1);
      await expectSignedOutHeader(page, lang);
      await expectNav(page, lang, READER_NAV);
    });

    for (const account of ["user", "writer", "admin", "superuser"] as const) {
      test(`signed in as ${account}`, async ({ browser }) => {
        const context = await browser.newContext(signedIn(account));
        await useLanguage(context, lang);
        const page = await context.newPage();
        await open(page, "/blog");
        await expectSignedInHeader(page, lang, account);
        await context.close();
      });
    }
  });
}

async function expectSignedInHeader(page: Page, lang: Lang, account: AccountName): Promise<void> {
  const labels = LABELS[lang];
  const banner = header(page);
  await expectNav(page, lang, NAV_BY_ACCOUNT[account]);
  await expect(banner.getByRole("button", { name: labels.logout })).toBeVisible();
  await expect(banner.getByRole("link", { name: labels.login, exact: true })).toHaveCount(0);
  await expect(banner.getByRole("link", { name: labels.signUp, exact: true })).toHaveCount(0);
  await expect(switcher(page, lang)).toBeVisible();

  const accountEl = accountLink(page);
  if (account === "superuser") {
    // No username: no profile link; no name nor username: no avatar, the email is shown.
    await expect(accountEl).toHaveText(SUPERUSER.email);
    await expect(accountEl).not.toHaveAttribute("href", /.*/);
    await expect(accountEl.locator("img, [aria-hidden='true']")).toHaveCount(0);
    return;
  }
  const user = USERS[account];
  await expect(accountEl).toHaveAttribute("href", `/profile/${user.username}`);
  await expect(accountEl).toContainText(user.name);
  if (account === AVATAR_OWNER) {
    const image = accountEl.locator("img");
    await expect(image).toHaveAttribute(
      "src",
      /^\/api\/files\/_pb_users_auth_\/[a-z0-9]+\/[^/?]+\.png\?thumb=200x200$/,
    );
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = (await image.getAttribute("src")) ?? "";
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
    const size = await sharp(await response.body()).metadata();
    expect([size.width, size.height]).toEqual([200, 200]);
  } else {
    await expect(accountEl.locator("img")).toHaveCount(0);
    await expect(accountEl).toContainText(user.initials);
  }
}

test("the profile link leads to the account's profile", async ({ browser }) => {
  const context = await browser.newContext(signedIn("user"));
  const page = await context.newPage();
  await open(page, "/");
  await accountLink(page).click();
  await expect(page).toHaveURL(`/profile/${USERS.user.username}`);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toContainText(
    USERS.user.name,
  );
  await context.close();
});

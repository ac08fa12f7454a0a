/**
 * Issue 13 point 5: what a new user tripped over, each in English and French. The account's
 * language applies at login on a fresh browser; Collections is in the navigation and "New
 * collection…" sits beside the entry form's collection picker; "Welcome", not "Welcome
 * back", at the sign-in that ends a sign-up (issue 25 item 5: after "check your mailbox" and
 * the mailed link); the sign-up form says what is required; guests of `/i` and
 * `/admin` go to `/login` and come back; Escape closes the mobile menu; the token is
 * refreshed at start and near expiry, not per navigation; profiles paginate past 30 posts and
 * promise no posts to who cannot post; a long title wraps on the edit page; the live pill of a
 * draft or scheduled post names its state; blog cards keep their height beside a cover;
 * rendered inline code has no backticks and block quotes no added quotation marks; admin
 * tables break no word on a phone. (Superusers not offered New entry: `header.spec.ts`.)
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import sharp from "sharp";
import { fixtureAccount, storageStateOf, type StorageState } from "./support/accounts.ts";
import {
  CATALOGS,
  clientNavigate,
  fill,
  header,
  LABELS,
  type Lang,
  oneLanguage,
  open,
  signedIn,
  useLanguage,
  waitForHydration,
} from "./support/app.ts";
import { baseUrl, PASSWORD, USERS } from "./support/environment.ts";
import { linkIn, waitForMail } from "./support/mail.ts";

test.describe.configure({ timeout: 60_000 });

/** A name no other test (or run of this one) uses. */
function unique(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`;
}

/** A fresh account of the `users` collection, signed in through the API. */
interface Account {
  pb: PocketBase;
  id: string;
  username: string;
  name: string;
  email: string;
  storageState: StorageState;
}

/** Signs up an account through the API (with `locale` as its saved language) and signs it in. */
async function newAccount(prefix: string, locale: Lang = "en"): Promise<Account> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  const username = unique(prefix);
  const name = `${prefix.replace(/_$/, "")} Person`;
  const email = `${username}@e2e.example.com`;
  await pb.collection("users").create({
    username,
    name,
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    locale,
  });
  await pb.collection("users").authWithPassword(email, PASSWORD);
  return {
    pb,
    id: pb.authStore.record?.id ?? "",
    username,
    name,
    email,
    storageState: storageStateOf(pb),
  };
}

/** A fresh writer: an account the fixture admin gives the writer role. */
async function newWriter(prefix: string): Promise<Account> {
  const account = await newAccount(prefix);
  const admin = await fixtureAccount("admin");
  await admin.pb.collection("users").update(account.id, { role: "writer" });
  await account.pb.collection("users").authRefresh();
  return { ...account, storageState: storageStateOf(account.pb) };
}

/** A page of a context signed in as `account`, in `lang`. */
async function pageAs(
  browser: Browser,
  account: Account,
  lang: Lang,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext({ storageState: account.storageState, viewport });
  await useLanguage(context, lang);
  return { context, page: await context.newPage() };
}

/** Fills and sends the login form. */
async function logIn(page: Page, lang: Lang, identity: string) {
  const form = CATALOGS[lang].auth.login;
  const main = page.getByRole("main");
  await main.getByLabel(form.identity, { exact: true }).fill(identity);
  await main.getByLabel(form.password, { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: form.submit }).click();
}

/** A date of 2001 (`n` days after New Year), so test posts sort after everyone else's. */
function oldDate(n: number): string {
  return new Date(Date.UTC(2001, 0, 1 + n, 9)).toISOString().replace("T", " ");
}

const other = (lang: Lang): Lang => (lang === "en" ? "fr" : "en");

for (const lang of oneLanguage("fr")) {
  const C = CATALOGS[lang];
  const labels = LABELS[lang];

  test.describe(`walkthrough fixes (${lang})`, () => {
    test("the account's language applies at login on a fresh browser", async ({ browser }) => {
      const account = await newAccount("polyglot_", lang);
      // A fresh browser whose own language is the other one: no cookie, no saved choice.
      const context = await browser.newContext({
        locale: other(lang) === "fr" ? "fr-FR" : "en-US",
      });
      const page = await context.newPage();
      await open(page, "/login");
      await expect(page.locator("html")).toHaveAttribute("lang", other(lang));
      await logIn(page, other(lang), account.email);
      await expect(page).toHaveURL("/");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(
        header(page).getByRole("link", { name: labels.newEntry, exact: true }),
      ).toBeVisible();
      // The header's search box has a status line of its own: the notification is the one
      // that says it.
      const loggedIn = fill(C.shell.notifications.loggedIn, { name: account.name });
      await expect(page.getByRole("status").filter({ hasText: loggedIn })).toContainText(loggedIn);
      // Kept for the next visits: the server renders the account's language.
      const html = (await (await page.reload())?.text()) ?? "";
      expect(html).toContain(`<html lang="${lang}"`);
      await context.close();
    });

    test('Collections is in the navigation; "New collection…" files the entry in a new one', async ({
      browser,
    }) => {
      const account = await newAccount("filer_");
      const { context, page } = await pageAs(browser, account, lang);
      await open(page, "/archive");
      await header(page).getByRole("link", { name: labels.collections, exact: true }).click();
      await expect(page).toHaveURL("/collections");

      await open(page, "/entry/create");
      const main = page.getByRole("main");
      const title = unique("Filed entry ");
      await main.getByRole("textbox", { name: C.editor.fields.title, exact: true }).fill(title);
      await main.getByRole("button", { name: C.editor.collectionField.new }).click();
      const dialog = page.getByRole("dialog", { name: C.editor.collectionField.title });
      await expect(dialog).toBeVisible();
      const name = unique("Night notes ");
      // The focus starts in the title, and Enter creates the collection.
      await expect(dialog.getByLabel(C.editor.collectionField.name, { exact: true })).toBeFocused();
      await page.keyboard.type(name);
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      const picker = main.getByLabel(C.editor.fields.collection, { exact: true });
      await expect(picker).toBeFocused();
      await expect(picker.locator("option:checked")).toHaveText(name);
      // What was typed is still there; the entry is created in the new collection.
      await expect(
        main.getByRole("textbox", { name: C.editor.fields.title, exact: true }),
      ).toHaveValue(title);
      await main.getByRole("button", { name: C.editor.form.create, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(
        main.getByRole("link", { name: fill(C.editor.entry.inCollection, { collection: name }) }),
      ).toBeVisible();

      // Escape closes the dialog and changes nothing.
      await open(page, "/entry/create");
      await main.getByRole("button", { name: C.editor.collectionField.new }).click();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(main.getByRole("button", { name: C.editor.collectionField.new })).toBeFocused();
      await context.close();
    });

    test('"Welcome", not "Welcome back", once the mailed link ends a sign-up; the form says what is required', async ({
      page,
      context,
    }) => {
      await useLanguage(context, lang);
      const form = C.auth.signUp;
      await open(page, "/signUp");
      const main = page.getByRole("main");
      await expect(main).toContainText(form.intro);
      const username = main.getByLabel(form.username, { exact: true });
      const name = main.getByLabel(form.name, { exact: true });
      await expect(username).toHaveAttribute("required", "");
      await expect(name).not.toHaveAttribute("required", "");
      expect(form.name).toMatch(lang === "en" ? /optional/ : /facultatif/);
      const handle = unique("newbie_");
      await username.fill(handle);
      // The hint says what the username is for: the profile's address, as typed.
      await expect(username).toHaveAccessibleDescription(
        fill(form.usernameHint, { example: handle }),
      );
      await name.fill("Nova Newcomer");
      const email = `${handle}@e2e.example.com`;
      await main.getByLabel(form.email, { exact: true }).fill(email);
      await main.getByLabel(form.password, { exact: true }).fill(PASSWORD);
      await main.getByLabel(form.passwordConfirm, { exact: true }).fill(PASSWORD);
      await main.getByRole("button", { name: form.submit }).click();
      // "Check your mailbox", as for an address that has an account: nobody is signed in yet.
      await expect(main.getByRole("heading", { name: form.sent.title })).toBeFocused();
      await expect(main).toContainText(fill(form.sent.message, { email }));
      await expect(page).toHaveURL("/signUp");

      // The mailed link confirms the address; the login page, filled with it, signs in.
      await page.goto(linkIn(await waitForMail(email), "/login", "verify"));
      await expect(
        main.getByRole("status").filter({ hasText: C.account.verification.confirmedLogIn }),
      ).toBeVisible();
      await expect(main.getByLabel(C.auth.login.identity, { exact: true })).toHaveValue(email);
      await main.getByLabel(C.auth.login.password, { exact: true }).fill(PASSWORD);
      await main.getByRole("button", { name: C.auth.login.submit }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        fill(C.content.home.greetingNew, { name: "Nova Newcomer" }),
      );
      const notifications = page.getByRole("region", { name: C.shell.notifications.label });
      await expect(notifications).toContainText(
        fill(C.shell.notifications.signedUp, { name: "Nova Newcomer" }),
      );
      // The welcome stands alone: "you can log in" was said on the login page only.
      await expect(notifications).not.toContainText(C.account.verification.confirmedLogIn);
      // The server knows the session too: its page has the account in the header.
      const html = (await (await page.reload())?.text()) ?? "";
      expect(html).toContain(`href="/profile/${handle}"`);
      expect(html).toContain("Nova Newcomer");
    });

    test("guests of /i and /admin go to /login, and back there once signed in", async ({
      page,
      context,
    }) => {
      await useLanguage(context, lang);
      const path = lang === "en" ? "/i" : "/admin/users";
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await waitForHydration(page);
      await logIn(page, lang, USERS.admin.email);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        lang === "en" ? C.records.items.title : C.admin.users.title,
      );
    });

    test("Escape closes the mobile menu and gives the focus back to its toggle", async ({
      browser,
    }) => {
      const context = await browser.newContext({
        ...signedIn("user"),
        viewport: { width: 360, height: 740 },
      });
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, "/blog");
      const banner = header(page);
      await banner.getByRole("button", { name: C.common.header.openMenu }).click();
      const archive = banner.getByRole("link", { name: labels.archive, exact: true });
      await expect(archive).toBeVisible();
      await archive.focus();
      await page.keyboard.press("Escape");
      await expect(archive).toBeHidden();
      const toggle = banner.getByRole("button", { name: C.common.header.openMenu });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
      await context.close();
    });

    test("the token is refreshed at start and near expiry, never per navigation", async ({
      browser,
    }) => {
      const account = await newAccount("refresher_");
      const { context, page } = await pageAs(browser, account, lang);
      // Each refresh with the page's (fake) clock when it was asked for.
      const refreshes: number[] = [];
      await page.route(/\/auth-refresh$/, async (route) => {
        refreshes.push(await page.evaluate(() => Date.now()));
        await route.continue();
      });
      await page.clock.install();
      await open(page, "/");
      await expect.poll(() => refreshes.length).toBe(1);
      for (const path of [
        "/archive",
        "/collections",
        "/blog",
        `/profile/${account.username}`,
        "/",
      ]) {
        await clientNavigate(page, path);
        await expect(page).toHaveURL(path);
      }
      await page.reload();
      await waitForHydration(page);
      // One per app start (two page loads), none for the five navigations.
      await expect.poll(() => refreshes.length).toBe(2);

      // Nearly five days later (a user's token lives five days), the open tab renews it by
      // itself, an hour before it expires, not before.
      const hour = 60 * 60_000;
      const lastRenewal = refreshes.at(-1) ?? 0;
      await page.clock.fastForward(118 * hour);
      await page.clock.fastForward(hour + 2 * 60_000);
      await expect.poll(() => refreshes.length).toBe(3);
      expect(refreshes[2] ?? 0).toBeGreaterThan(lastRenewal + 118 * hour);
      await context.close();
    });

    test("a profile pages past 30 posts; no posts are promised to who cannot post", async ({
      browser,
    }) => {
      const writer = await newWriter("prolific_");
      for (let n = 0; n < 31; n++) {
        await writer.pb.collection("posts").create({
          author: writer.id,
          title: `Old post ${String(n + 1)}`,
          content: "…",
          status: "published",
          publishedAt: oldDate(n),
        });
      }
      const { context, page } = await pageAs(browser, writer, lang);
      await open(page, `/profile/${writer.username}`);
      const pages = page.getByRole("navigation", {
        name: fill(C.profile.posts.pages, { name: writer.name }),
      });
      await expect(page.getByRole("link", { name: "Old post 31", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Old post 1", exact: true })).toHaveCount(0);
      await pages
        .getByRole("link", { name: fill(C.listings.pagination.page, { page: 2 }) })
        .click();
      await expect(page).toHaveURL(`/profile/${writer.username}?page=2`);
      await expect(page.getByRole("link", { name: "Old post 1", exact: true })).toBeVisible();

      // Someone who may not post sees no Posts section on their own profile.
      const reader = await newAccount("reader_");
      const own = await pageAs(browser, reader, lang);
      await open(own.page, `/profile/${reader.username}`);
      await expect(own.page.getByRole("heading", { name: C.profile.entries.title })).toBeVisible();
      await expect(
        own.page.getByRole("heading", { name: C.profile.posts.title, exact: true }),
      ).toHaveCount(0);
      await expect(own.page.getByText(C.profile.posts.emptyOwn)).toHaveCount(0);
      await own.context.close();
      await context.close();
    });

    test("a long title wraps on the edit page", async ({ browser }) => {
      const account = await newAccount("titler_");
      const title =
        "A remarkably long title about the gardens of Lyon, the night trains to Vienna and every notebook I kept";
      const entry = await account.pb.collection("entries").create({
        author: account.id,
        title,
        content: "…",
        visibility: "private",
      });
      for (const width of [360, 1280]) {
        const { context, page } = await pageAs(browser, account, lang, { width, height: 900 });
        await open(page, `/entry/update/${account.username}/${String(entry.name)}`);
        const field = page.getByRole("textbox", { name: C.editor.fields.title, exact: true });
        await expect(field).toHaveValue(title);
        const box = await field.evaluate((element) => ({
          hidden: element.scrollHeight - element.clientHeight,
          lines: element.clientHeight / parseFloat(getComputedStyle(element).lineHeight),
        }));
        // Every line of the title shows, on more than one line.
        expect(box.hidden, String(width)).toBeLessThanOrEqual(1);
        expect(box.lines, String(width)).toBeGreaterThan(1.5);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, String(width)).toBeLessThanOrEqual(0);
        await context.close();
      }
    });

    test("the live pill of a draft says Draft, of a scheduled post Scheduled", async ({
      browser,
    }) => {
      const writer = await newWriter("stater_");
      const draft = await writer.pb.collection("posts").create({
        author: writer.id,
        title: unique("Draft thoughts "),
        content: "…",
        status: "draft",
      });
      const scheduled = await writer.pb.collection("posts").create({
        author: writer.id,
        title: unique("Future plans "),
        content: "…",
        status: "published",
        publishedAt: "2999-01-01 09:00:00.000Z",
      });
      const { context, page } = await pageAs(browser, writer, lang);
      for (const [post, state] of [
        [draft, "draft"],
        [scheduled, "scheduled"],
      ] as const) {
        for (const path of [
          `/post/${writer.username}/${String(post.slug)}`,
          `/post/update/${writer.username}/${String(post.slug)}`,
        ]) {
          await open(page, path);
          const pill = page.getByTestId("live-status");
          // Subscribed: the dot says live updates are on, the word says what the post is.
          await expect(pill).toHaveAttribute("data-status", "live");
          await expect(pill).toHaveAttribute("data-state", state);
          await expect(pill.getByText(C.live.state[state], { exact: true })).toBeVisible();
          await expect(pill.getByText(C.live.status.live, { exact: true })).toHaveCount(0);
        }
      }
      await context.close();
    });

    test("blog cards of a row are equally tall beside a card with a cover", async ({ browser }) => {
      const writer = await newWriter("carder_");
      const tag = unique("cards");
      const cover = await sharp({
        create: { width: 1200, height: 630, channels: 3, background: "#3f6212" },
      })
        .png()
        .toBuffer();
      const withCover = new FormData();
      for (const [key, value] of Object.entries({
        author: writer.id,
        title: "With a cover",
        content: "…",
        status: "published",
        publishedAt: oldDate(2),
        tags: tag,
      }))
        withCover.append(key, value);
      withCover.append(
        "cover",
        new Blob([new Uint8Array(cover)], { type: "image/png" }),
        "cover.png",
      );
      await writer.pb.collection("posts").create(withCover);
      await writer.pb.collection("posts").create({
        author: writer.id,
        title: "Without one",
        content: "…",
        status: "published",
        publishedAt: oldDate(1),
        tags: [tag],
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, `/blog?tag=${tag}`);
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(2);
      await expect(cards.first().locator("img")).toBeVisible();
      const [covered, plain] = await Promise.all([
        cards.nth(0).boundingBox(),
        cards.nth(1).boundingBox(),
      ]);
      // Side by side and equally tall: a row leaves no hole (issue 25 item 16 replaced the
      // earlier rule that a card without a cover kept the height of its own text).
      expect(Math.round(plain?.y ?? -1)).toBe(Math.round(covered?.y ?? -2));
      expect(Math.abs((plain?.height ?? 0) - (covered?.height ?? -100))).toBeLessThanOrEqual(1);
      await context.close();
    });

    test("inline code shows no backticks, block quotes no added quotation marks", async ({
      browser,
    }) => {
      const account = await newAccount("quoter_");
      const entry = await account.pb.collection("entries").create({
        author: account.id,
        title: "Quotes and code",
        content: "Run `npm test` first.\n\n> A line worth keeping.",
        visibility: "private",
      });
      const { context, page } = await pageAs(browser, account, lang);
      await open(page, `/entry/${account.username}/${String(entry.name)}`);
      const prose = page.locator(".prose");
      await expect(prose.locator("code")).toHaveText("npm test");
      const pseudo = await prose.evaluate((element) => {
        const code = element.querySelector("code");
        const quote = element.querySelector("blockquote p");
        const content = (node: Element | null, which: "::before" | "::after") =>
          node ? getComputedStyle(node, which).content : "missing";
        return [
          content(code, "::before"),
          content(code, "::after"),
          content(quote, "::before"),
          content(quote, "::after"),
        ];
      });
      expect(pseudo).toEqual(["none", "none", "none", "none"]);
      await expect(prose.locator("blockquote")).toHaveText("A line worth keeping.");
      await context.close();
    });

    test("admin tables break no word on a phone", async ({ browser }) => {
      /** The words of a page's tables that the layout split over two lines. */
      const brokenWords = (page: Page) =>
        page.evaluate(() => {
          const broken: string[] = [];
          for (const cell of document.querySelectorAll("main table th, main table td")) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? "";
              for (const match of text.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const lines = new Set(
                  [...range.getClientRects()].map((rect) => Math.round(rect.top)),
                );
                if (lines.size > 1) broken.push(match[0]);
              }
            }
          }
          return broken;
        });
      const phone = { width: 360, height: 740 };
      for (const account of ["admin", "superuser"] as const) {
        const context = await browser.newContext({ ...signedIn(account), viewport: phone });
        await useLanguage(context, lang);
        const page = await context.newPage();
        const paths = account === "admin" ? ["/admin/users", "/i"] : ["/admin/settings"];
        for (const path of paths) {
          await open(page, path);
          await expect(page.locator("main table").first()).toBeVisible();
          expect(await brokenWords(page), path).toEqual([]);
          // A table wider than the phone scrolls in its frame; the page itself does not.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, path).toBeLessThanOrEqual(0);
        }
        await context.close();
      }
    });
  });
}

/**
 * Issue 5 items 4 and 7, issue 4 items 6 and 9: the account flows in English and French,
 * with the mail read from the suite's real SMTP server (`support/mail-server.ts`) and its
 * links followed. Password reset (`/passwordReset?token=…`, a used link refused), email
 * verification (the banner's throttled resend, `/login?verify=…`, the banner gone), email
 * change (`/profileSettings?emailChange=…`, logged in or not), "email me a code" (OTP), and
 * the profile settings: server-rendered values, field errors, avatar upload with preview and
 * the 200x200 thumbnail in the header, removal, the language switch, password change, and
 * account deletion with what it removes.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import enMail from "../../shared/i18n/catalogs/en/mail.ts";
import frMail from "../../shared/i18n/catalogs/fr/mail.ts";
import {
  accountLink,
  CATALOGS,
  expectSignedOutHeader,
  header,
  LABELS,
  LANGS,
  open,
  signedIn,
  useLanguage,
  waitForHydration,
  type Lang,
  fill,
} from "./support/app.ts";
import {
  apiClient,
  canLogIn,
  createAccount,
  rootClient,
  signedInState,
  signInAs,
  uniqueName,
  type TestAccount,
} from "./support/test-accounts.ts";
import { baseUrl, SUPERUSER, USERS } from "./support/environment.ts";
import { codeIn, linkIn, mailTo, waitForMail } from "./support/mail.ts";

const MAIL = { en: enMail, fr: frMail } as const;

/** The subject of a mail as the server sends it, from the site's default name. */
const subject = (template: string) => template.replace("{{appName}}", "Cahier");

/**
 * Time for one flow: several pages, API calls and a mail round trip, on machines whose two
 * cores are shared with other runs.
 */
const FLOW_TIMEOUT = 120_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The notifications region (bottom centre). */
function notifications(page: Page, lang: Lang) {
  return page.getByRole("region", { name: CATALOGS[lang].shell.notifications.label });
}

/** A page signed in as `account`, in `lang`. */
async function signedInPage(browser: Browser, account: TestAccount, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ storageState: await signedInState(account) });
  await useLanguage(context, lang);
  return context.newPage();
}

/** A page of a visitor, in `lang`. */
async function guestPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext();
  await useLanguage(context, lang);
  return context.newPage();
}

/** Asserts an input is marked invalid and described by `message`. */
async function expectFieldError(page: Page, label: string, message: string): Promise<void> {
  const input = page.getByRole("main").getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** Serious and critical axe violations on the page, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`);
}

/** A PNG of `width`×`height` pixels. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
}

for (const lang of LANGS) {
  const C = CATALOGS[lang].account;
  const auth = CATALOGS[lang].auth;
  const other: Lang = lang === "en" ? "fr" : "en";

  test.describe(`account flows (${lang})`, () => {
    test("password reset: the emailed link sets a new password and logs in; a used link is refused", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true });
      const page = await guestPage(browser, lang);
      const main = page.getByRole("main");
      await open(page, "/passwordReset");
      await main.getByLabel(auth.passwordReset.email, { exact: true }).fill(account.email);
      await main.getByRole("button", { name: auth.passwordReset.submit }).click();
      await expect(
        main.getByText(fill(auth.passwordReset.sent, { email: account.email })),
      ).toBeVisible();

      const mail = await waitForMail(account.email);
      expect(mail.subject).toBe(subject(MAIL[lang].passwordReset.subject));
      const link = linkIn(mail, "/passwordReset", "token");
      expect(link.startsWith(`${baseUrl()}/passwordReset?token=`)).toBe(true);

      await open(page, link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(C.reset.title);
      await expect(main.getByText(fill(C.reset.introFor, { email: account.email }))).toBeVisible();
      const newPassword = `${account.password}-new`;
      await main.getByLabel(C.reset.password, { exact: true }).fill(newPassword);
      await main.getByLabel(C.reset.passwordConfirm, { exact: true }).fill(`${newPassword}-typo`);
      await main.getByRole("button", { name: C.reset.submit }).click();
      await expect(main.getByRole("alert")).toHaveText(C.reset.failed);
      await expectFieldError(
        page,
        C.reset.passwordConfirm,
        C.validation.validation_values_mismatch,
      );

      await main.getByLabel(C.reset.passwordConfirm, { exact: true }).fill(newPassword);
      await main.getByRole("button", { name: C.reset.submit }).click();
      await expect(page).toHaveURL("/");
      await expect(notifications(page, lang)).toContainText(C.reset.signedIn);
      await expect(accountLink(page)).toContainText(account.name);
      expect(await canLogIn(account.email, newPassword)).toBe(true);
      expect(await canLogIn(account.email, account.password)).toBe(false);

      // The link worked once: the password change rotated the token key, which only the API
      // can tell, when the form is sent.
      await open(page, link);
      await main.getByLabel(C.reset.password, { exact: true }).fill(`${newPassword}-again`);
      await main.getByLabel(C.reset.passwordConfirm, { exact: true }).fill(`${newPassword}-again`);
      await main.getByRole("button", { name: C.reset.submit }).click();
      await expect(main.getByRole("alert")).toHaveText(C.reset.invalidLink);
      await expect(main.getByRole("link", { name: C.reset.requestNew })).toHaveAttribute(
        "href",
        "/passwordReset",
      );
      await page.context().close();
    });

    test("password reset: an expired or forged link says so and offers a new one", async ({
      browser,
    }) => {
      const page = await guestPage(browser, lang);
      const main = page.getByRole("main");
      await open(page, "/passwordReset?token=not-a-token");
      await expect(main.getByRole("alert")).toHaveText(C.reset.invalidLink);
      await main.getByRole("link", { name: C.reset.requestNew }).click();
      await expect(page).toHaveURL("/passwordReset");
      await expect(main.getByLabel(auth.passwordReset.email, { exact: true })).toBeVisible();
      await page.context().close();
    });

    test("verification: the banner resends the link (throttled), the link confirms, the banner goes", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: false });
      const page = await signedInPage(browser, account, lang);
      const response = await open(page, "/");
      const banner = page.getByRole("region", { name: C.banner.label });
      await expect(banner).toContainText(fill(C.banner.message, { email: account.email }));
      expect(await response?.text()).toContain(C.banner.resend);

      const resend = banner.getByRole("button", { name: C.banner.resend });
      await resend.click();
      await expect(notifications(page, lang)).toContainText(
        fill(C.banner.sent, { email: account.email }),
      );
      await expect(resend).toBeDisabled();
      const waitText = new RegExp(
        escapeRegExp(C.banner.wait).replace("\\{\\{seconds\\}\\}", "\\d+"),
      );
      await expect(banner).toContainText(waitText);
      // The pause survives a reload: no second mail by clicking again.
      await page.reload();
      await waitForHydration(page);
      await expect(banner.getByRole("button", { name: C.banner.resend })).toBeDisabled();

      const mail = await waitForMail(account.email);
      expect(mail.subject).toBe(subject(MAIL[lang].verification.subject));
      expect(mailTo(account.email)).toHaveLength(1);
      const link = linkIn(mail, "/login", "verify");
      expect(link.startsWith(`${baseUrl()}/login?verify=`)).toBe(true);

      await page.goto(link);
      await expect(page).toHaveURL("/");
      await expect(notifications(page, lang)).toContainText(C.verification.confirmed);
      await expect(banner).toHaveCount(0);
      await expect(accountLink(page)).toContainText(account.name);
      await page.reload();
      await waitForHydration(page);
      await expect(accountLink(page)).toContainText(account.name);
      await expect(banner).toHaveCount(0);
      const root = await rootClient();
      expect((await root.collection("users").getOne(account.id)).verified).toBe(true);
      await page.context().close();
    });

    test("verification: a logged-out visitor's link confirms above the login form; a bad one fails", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: false });
      await apiClient().collection("users").requestVerification(account.email);
      const link = linkIn(await waitForMail(account.email), "/login", "verify");

      const page = await guestPage(browser, lang);
      const main = page.getByRole("main");
      await open(page, link);
      await expect(
        main.getByRole("status").filter({ hasText: C.verification.confirmedLogIn }),
      ).toBeVisible();
      // Said once, above the form: no notification stays to sit beside the welcome.
      await expect(notifications(page, lang)).not.toContainText(C.verification.confirmedLogIn);
      await expect(main.getByLabel(auth.login.identity, { exact: true })).toBeVisible();
      const root = await rootClient();
      expect((await root.collection("users").getOne(account.id)).verified).toBe(true);

      await open(page, "/login?verify=forged.token.value");
      await expect(main.getByRole("alert")).toHaveText(
        `${C.verification.failed} ${C.verification.failedHint}`,
      );
      await expectSignedOutHeader(page, lang);
      await page.context().close();
    });

    test(`email change: the link to the new address confirms with the password (${lang === "en" ? "logged in" : "logged out"})`, async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true });
      const newEmail = `${uniqueName("new_")}@e2e.example.com`;
      const page = await signedInPage(browser, account, lang);
      const main = page.getByRole("main");
      await open(page, "/profileSettings");
      // Exact: the confirmation step's region ("Confirm your new email address") holds the
      // words too, and stays on screen until the page after the confirmation renders.
      const emailRegion = { name: C.settings.email.heading, exact: true };
      const section = main.getByRole("region", emailRegion);
      await expect(section).toContainText(fill(C.settings.email.current, { email: account.email }));

      await section.getByLabel(C.settings.email.newEmail, { exact: true }).fill(account.email);
      await section.getByRole("button", { name: C.settings.email.submit }).click();
      await expectFieldError(
        page,
        C.settings.email.newEmail,
        C.validation.validation_not_in_invalid,
      );

      await section.getByLabel(C.settings.email.newEmail, { exact: true }).fill(newEmail);
      await section.getByRole("button", { name: C.settings.email.submit }).click();
      await expect(section.getByRole("status")).toHaveText(
        fill(C.settings.email.sent, { email: newEmail }),
      );
      const mail = await waitForMail(newEmail);
      expect(mail.subject).toBe(subject(MAIL[lang].emailChange.subject));
      const link = linkIn(mail, "/profileSettings", "emailChange");
      expect(link.startsWith(`${baseUrl()}/profileSettings?emailChange=`)).toBe(true);

      // English follows the link where the account is logged in, French in a fresh browser.
      const target = lang === "en" ? page : await guestPage(browser, lang);
      const targetMain = target.getByRole("main");
      await open(target, link);
      const confirm = targetMain.getByRole("region", { name: C.settings.emailConfirm.heading });
      await expect(confirm).toContainText(fill(C.settings.emailConfirm.intro, { email: newEmail }));
      await confirm
        .getByLabel(C.settings.emailConfirm.password, { exact: true })
        .fill(`${account.password}-wrong`);
      await confirm.getByRole("button", { name: C.settings.emailConfirm.submit }).click();
      await expectFieldError(
        target,
        C.settings.emailConfirm.password,
        C.validation.validation_invalid_password,
      );
      await confirm
        .getByLabel(C.settings.emailConfirm.password, { exact: true })
        .fill(account.password);
      await confirm.getByRole("button", { name: C.settings.emailConfirm.submit }).click();

      await expect(target).toHaveURL("/profileSettings");
      await expect(notifications(target, lang)).toContainText(
        fill(C.settings.emailConfirm.done, { email: newEmail }),
      );
      await expect(accountLink(target)).toContainText(account.name);
      await expect(targetMain.getByRole("region", emailRegion)).toContainText(
        fill(C.settings.email.current, { email: newEmail }),
      );
      expect(await canLogIn(newEmail, account.password)).toBe(true);
      expect(await canLogIn(account.email, account.password)).toBe(false);
      if (target !== page) await target.context().close();
      await page.context().close();
    });

    test("email me a code: the emailed code logs in (and confirms the address)", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: false });
      const page = await guestPage(browser, lang);
      const main = page.getByRole("main");
      await open(page, "/login");
      await main.getByRole("button", { name: C.otp.start }).click();
      const email = main.getByLabel(C.otp.email, { exact: true });
      await expect(email).toBeFocused();
      await email.fill(account.email);
      await main.getByRole("button", { name: C.otp.send }).click();

      const code = main.getByLabel(C.otp.code, { exact: true });
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await expect(code).toHaveAttribute("inputmode", "numeric");
      await expect(main.getByText(fill(C.otp.sent, { email: account.email }))).toBeVisible();
      if (lang === "en") expect(await seriousViolations(page)).toEqual([]);

      const mail = await waitForMail(account.email);
      expect(mail.subject).toBe(subject(MAIL[lang].otp.subject));
      const secret = codeIn(mail);
      await code.fill(secret === "00000000" ? "11111111" : "00000000");
      await main.getByRole("button", { name: C.otp.submit }).click();
      await expect(main.getByRole("alert")).toHaveText(C.otp.invalid);

      // Pasted with a space in the middle, as some mail clients show it.
      await code.fill(`${secret.slice(0, 4)} ${secret.slice(4)}`);
      await main.getByRole("button", { name: C.otp.submit }).click();
      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(account.name);
      await expect(page.getByRole("region", { name: C.banner.label })).toHaveCount(0);
      await page.context().close();
    });

    test("settings: server-rendered values, field errors, avatar with preview and the 200x200 thumb in the header, removal, language", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true });
      const page = await signedInPage(browser, account, lang);
      const main = page.getByRole("main");
      const P = C.settings.profile;
      const response = await open(page, "/profileSettings");
      const html = (await response?.text()) ?? "";
      expect(html).toContain(`value="${account.username}"`);
      expect(html).toContain(`value="${account.name}"`);
      await expect(main.getByLabel(P.name, { exact: true })).toHaveValue(account.name);
      await expect(main.getByLabel(P.username, { exact: true })).toHaveValue(account.username);
      await expect(main.getByLabel(P.locale, { exact: true })).toHaveValue(lang);
      await expect(accountLink(page).locator("[data-avatar=initials]")).toBeVisible();

      // A taken username is refused, in the interface language.
      await main.getByLabel(P.username, { exact: true }).fill(USERS.writer.username);
      await main.getByRole("button", { name: P.submit }).click();
      await expect(main.getByRole("alert").first()).toHaveText(P.failed);
      await expectFieldError(page, P.username, C.validation.validation_not_unique);
      await main.getByLabel(P.username, { exact: true }).fill(account.username);

      // A file that is not an image never leaves the browser.
      const avatarInput = main.getByLabel(C.settings.avatar.label, { exact: true });
      await avatarInput.setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("not an image"),
      });
      await expect(main.getByText(C.settings.avatar.wrongType)).toBeVisible();

      await avatarInput.setInputFiles({
        name: "portrait.png",
        mimeType: "image/png",
        buffer: await png(640, 480),
      });
      await expect(main.getByRole("img", { name: C.settings.avatar.preview })).toBeVisible();
      await main.getByLabel(P.bio, { exact: true }).fill("I write *every* morning.");
      await main.getByRole("button", { name: P.submit }).click();
      await expect(notifications(page, lang)).toContainText(P.saved);

      const thumb = accountLink(page).locator("img");
      await expect(thumb).toHaveAttribute(
        "src",
        /\/api\/files\/_pb_users_auth_\/\w+\/portrait_\w+\.png\?thumb=200x200$/,
      );
      const src = (await thumb.getAttribute("src")) ?? "";
      const image = await page.request.get(src);
      expect(image.status()).toBe(200);
      const meta = await sharp(await image.body()).metadata();
      expect([meta.width, meta.height]).toEqual([200, 200]);
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(200);
      await page.reload();
      await waitForHydration(page);
      await expect(accountLink(page).locator("img")).toHaveAttribute("src", src);
      await expect(main.getByLabel(P.bio, { exact: true })).toHaveValue("I write *every* morning.");

      // Removing it brings the initials back.
      await main.getByRole("button", { name: C.settings.avatar.remove }).click();
      await expect(main.getByText(C.settings.avatar.removed)).toBeVisible();
      await main.getByRole("button", { name: P.submit }).click();
      await expect(notifications(page, lang)).toContainText(P.saved);
      await expect(accountLink(page).locator("[data-avatar=initials]")).toBeVisible();
      await expect(accountLink(page).locator("img")).toHaveCount(0);

      // Saving the other language switches the interface to it.
      await main.getByLabel(P.locale, { exact: true }).selectOption(other);
      await main.getByRole("button", { name: P.submit }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(
        header(page).getByRole("button", { name: new RegExp(`^${LABELS[other].switcher}\\b`) }),
      ).toBeVisible();
      await expect(notifications(page, other)).toContainText(
        CATALOGS[other].account.settings.profile.saved,
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        CATALOGS[other].records.settings.title,
      );
      const root = await rootClient();
      const saved = await root.collection("users").getOne(account.id);
      expect(saved.locale).toBe(other);
      expect(saved.avatar).toBe("");
      expect(saved.bio).toBe("I write *every* morning.");
      await page.context().close();
    });

    test("settings: a password change needs the current password and keeps the session", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true });
      const page = await signedInPage(browser, account, lang);
      const main = page.getByRole("main");
      const W = C.settings.password;
      await open(page, "/profileSettings");
      const section = main.getByRole("region", { name: W.heading });
      const newPassword = `${account.password}-changed`;
      await section.getByLabel(W.oldPassword, { exact: true }).fill(`${account.password}-wrong`);
      await section.getByLabel(W.password, { exact: true }).fill(newPassword);
      await section.getByLabel(W.passwordConfirm, { exact: true }).fill(newPassword);
      await section.getByRole("button", { name: W.submit }).click();
      await expectFieldError(page, W.oldPassword, C.validation.validation_invalid_old_password);
      expect(await canLogIn(account.email, account.password)).toBe(true);

      await section.getByLabel(W.oldPassword, { exact: true }).fill(account.password);
      await section.getByLabel(W.password, { exact: true }).fill(newPassword);
      await section.getByLabel(W.passwordConfirm, { exact: true }).fill(newPassword);
      await section.getByRole("button", { name: W.submit }).click();
      await expect(notifications(page, lang)).toContainText(W.changed);
      await expect(section.getByLabel(W.oldPassword, { exact: true })).toHaveValue("");
      await expect(page).toHaveURL("/profileSettings");
      await expect(accountLink(page)).toContainText(account.name);
      // The page logged in again: the server renders the account on a reload.
      const html = (await (await page.reload())?.text()) ?? "";
      expect(html).toContain(account.name);
      await waitForHydration(page);
      await expect(accountLink(page)).toContainText(account.name);
      expect(await canLogIn(account.email, account.password)).toBe(false);

      // Log out, then in with the new password.
      await header(page).getByRole("button", { name: LABELS[lang].logout }).click();
      await expect(page).toHaveURL("/");
      await open(page, "/login");
      await main.getByLabel(auth.login.identity, { exact: true }).fill(account.username);
      await main.getByLabel(auth.login.password, { exact: true }).fill(newPassword);
      await main.getByRole("button", { name: auth.login.submit, exact: true }).click();
      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(account.name);
      await page.context().close();
    });

    test("settings: deleting the account says what it removes, asks for the username, then signs out", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true, role: "writer" });
      const owner = await signInAs(account.email, account.password);
      const notebook = await owner.collection("collections").create({
        owner: account.id,
        name: "doomed",
        title: "Doomed notebook",
        visibility: "public",
      });
      const entry = await owner.collection("entries").create({
        author: account.id,
        name: "doomed-entry",
        title: "Doomed entry",
        content: "Gone soon.",
        collection: notebook.id,
        visibility: "public",
      });
      await owner.collection("posts").create({
        author: account.id,
        slug: "doomed-post",
        title: "Doomed post",
        content: "Gone soon.",
        status: "published",
        publishedAt: "2025-01-01 00:00:00.000Z",
      });
      await owner.collection("posts").create({
        author: account.id,
        slug: "doomed-draft",
        title: "Doomed draft",
        content: "Never published.",
        status: "draft",
      });

      const page = await signedInPage(browser, account, lang);
      const main = page.getByRole("main");
      const D = C.settings.delete;
      await open(page, "/profileSettings");
      await main.getByRole("button", { name: D.open }).click();
      const dialog = page.getByRole("dialog", { name: D.dialogTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(D.removes);
      await expect(dialog).toContainText(fill(D.entries, { total: 1 }));
      await expect(dialog).toContainText(fill(D.posts, { total: 2 }));
      await expect(dialog).toContainText(fill(D.collections, { total: 1 }));
      await expect(dialog).toContainText(D.files);
      const confirmLabel = fill(D.confirmLabel, { username: account.username });
      await expect(dialog.getByLabel(confirmLabel, { exact: true })).toBeFocused();
      if (lang === "en") expect(await seriousViolations(page)).toEqual([]);

      // Escape keeps the account.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await main.getByRole("button", { name: D.open }).click();
      await dialog.getByLabel(confirmLabel, { exact: true }).fill("someone-else");
      await dialog.getByRole("button", { name: D.confirm }).click();
      await expect(dialog.getByText(D.confirmMismatch)).toBeVisible();
      await dialog.getByLabel(confirmLabel, { exact: true }).fill(account.username);
      await dialog.getByRole("button", { name: D.confirm }).click();

      await expect(page).toHaveURL("/");
      await expect(notifications(page, lang)).toContainText(D.deleted);
      await expectSignedOutHeader(page, lang);
      expect(await page.evaluate(() => localStorage.getItem("pocketbase_auth"))).toBeNull();
      const root = await rootClient();
      const gone = async (collection: string, id: string) =>
        root
          .collection(collection)
          .getOne(id)
          .then(
            () => false,
            () => true,
          );
      expect(await gone("users", account.id)).toBe(true);
      expect(await gone("entries", entry.id)).toBe(true);
      expect(await gone("collections", notebook.id)).toBe(true);
      const posts = await root
        .collection("posts")
        .getList(1, 1, { filter: root.filter("author = {:id}", { id: account.id }) });
      expect(posts.totalItems).toBe(0);
      expect(await canLogIn(account.email, account.password)).toBe(false);
      await page.context().close();
    });
  });
}

test("the verification banner is for unverified accounts only; superusers have no profile to edit", async ({
  browser,
}) => {
  const C = CATALOGS.en.account;
  const verified = await createAccount({ lang: "en", verified: true });
  const page = await signedInPage(browser, verified, "en");
  await open(page, "/");
  await expect(accountLink(page)).toContainText(verified.name);
  await expect(page.getByRole("region", { name: C.banner.label })).toHaveCount(0);
  await page.context().close();

  const root = await browser.newContext(signedIn("superuser"));
  const rootPage = await root.newPage();
  await open(rootPage, "/");
  await expect(accountLink(rootPage)).toBeVisible();
  await expect(rootPage.getByRole("region", { name: C.banner.label })).toHaveCount(0);
  // Superusers have no profile to edit.
  await open(rootPage, "/profileSettings");
  await expect(rootPage.getByRole("main")).toContainText(
    C.settings.superuser.replace("{{email}}", SUPERUSER.email),
  );
  await expect(rootPage.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await root.close();
});

test("at 360 px: the code step, the unverified banner, the settings and the delete dialog fit the screen", async ({
  browser,
}) => {
  test.setTimeout(FLOW_TIMEOUT);
  const C = CATALOGS.fr.account;
  // Measured once the layout settles (a pixel too wide for a frame while the page hydrated
  // failed CI run 4); an overflow that stays still fails.
  const overflow = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  const account = await createAccount({ lang: "fr", verified: false });
  const context = await browser.newContext({
    storageState: await signedInState(account),
    viewport: { width: 360, height: 740 },
  });
  await useLanguage(context, "fr");
  const page = await context.newPage();
  await open(page, "/profileSettings");
  await expect(page.getByRole("region", { name: C.banner.label })).toBeVisible();
  await expect.poll(() => overflow(page)).toBe(0);
  await page.getByRole("main").getByRole("button", { name: C.settings.delete.open }).click();
  const dialog = page.getByRole("dialog", { name: C.settings.delete.dialogTitle });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await expect.poll(() => overflow(page)).toBe(0);
  await context.close();

  const guest = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await useLanguage(guest, "fr");
  const login = await guest.newPage();
  await open(login, "/login");
  const main = login.getByRole("main");
  await main.getByRole("button", { name: C.otp.start }).click();
  await main.getByLabel(C.otp.email, { exact: true }).fill(account.email);
  await main.getByRole("button", { name: C.otp.send }).click();
  await expect(main.getByLabel(C.otp.code, { exact: true })).toBeVisible();
  // The notification naming the (long) address wraps inside the screen too.
  const toast = notifications(login, "fr").getByRole("button", { name: /@e2e\.example\.com/ });
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  expect(toastBox && toastBox.x >= 0 && toastBox.x + toastBox.width <= 360).toBe(true);
  const icons = await toast
    .locator("svg")
    .evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().right));
  expect(Math.max(...icons)).toBeLessThanOrEqual(360);
  await expect.poll(() => overflow(login)).toBe(0);
  await guest.close();
});

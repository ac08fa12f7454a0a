/**
 * Issue 17 point 2 in the browser, English and French, with Chromium's virtual authenticator
 * (CDP `WebAuthn`: a platform authenticator with resident keys and user verification): add a
 * passkey in the profile settings and rename it, log out, log in with the passkey alone (no
 * username), then, with two-step verification on, log in with the password and the passkey
 * as the second step; a refused passkey says so; remove the passkey after a confirmation,
 * signing the other devices out with it (adding one offers the same). "Log in with a passkey"
 * is in the server's page, so nothing on `/login` moves when the page hydrates (issue 25
 * item 7).
 *
 * Browsers take no IP address as a relying party, so this spec opens the server at
 * `localhost` (the relying party of a loopback `APP_URL`, ADR 052).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { generate } from "otplib";
import { port } from "./support/environment.ts";
import {
  accountLink,
  CATALOGS,
  fill,
  header,
  LABELS,
  oneLanguage,
  open,
  waitForHydration,
} from "./support/app.ts";
import { createAccount, signInAs, type TestAccount } from "./support/test-accounts.ts";

/** Several pages, ceremonies and API calls on a machine shared with other runs. */
const FLOW_TIMEOUT = 120_000;

const LOCAL = `http://localhost:${String(port())}`;
test.use({ baseURL: LOCAL });

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`);
}

/** A page with a platform authenticator that verifies its user; returns its id too. */
async function withAuthenticator(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const setVerified = (isUserVerified: boolean) =>
    cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified });
  return { page, setVerified };
}

/** Turns two-step verification on for an account, through the API. */
async function enableTotp(account: TestAccount): Promise<void> {
  const pb = await signInAs(account.email, account.password);
  const { secret } = await pb.send<{ secret: string }>("/api/collections/users/totp/setup", {
    method: "POST",
  });
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  await pb.send("/api/collections/users/totp/enable", { method: "POST", body: { code } });
}

for (const lang of oneLanguage("en")) {
  const P = CATALOGS[lang].passkeys;
  const A = CATALOGS[lang].auth;
  const S = CATALOGS[lang].security;
  const O = CATALOGS[lang].devices.otherDevices;

  async function logOut(page: Page) {
    await header(page).getByRole("button", { name: LABELS[lang].logout }).click();
    await expect(page).toHaveURL("/");
  }

  /** The password step of `/login`. */
  async function password(page: Page, account: TestAccount) {
    await open(page, "/login");
    const main = page.getByRole("main");
    await main.getByLabel(A.login.identity, { exact: true }).fill(account.email);
    await main.getByLabel(A.login.password, { exact: true }).fill(account.password);
    await main.getByRole("button", { name: A.login.submit, exact: true }).click();
  }

  test.describe(`passkeys (${lang})`, () => {
    test("add one, log in with it alone, then as the second step, remove it", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true });
      // Another session of the account (the API's client is another device than Chromium).
      const elsewhere = await signInAs(account.email, account.password);
      const context = await browser.newContext({ baseURL: LOCAL });
      await context.addCookies([{ name: "locale", value: lang, url: LOCAL, sameSite: "Lax" }]);
      const { page, setVerified } = await withAuthenticator(context);

      await password(page, account);
      await expect(page).toHaveURL("/");
      await open(page, "/profileSettings");
      const section = page.getByRole("region", { name: P.settings.heading });
      await expect(section.getByTestId("passkeys-none")).toHaveText(P.settings.none);

      // Add a passkey: its name, then the (virtual) authenticator.
      await section.getByRole("button", { name: P.settings.add }).click();
      const name = section.getByLabel(P.settings.nameLabel, { exact: true });
      await expect(name).toBeFocused();
      await expect(section.getByRole("checkbox", { name: O.signOut })).not.toBeChecked();
      await name.fill("Laptop");
      await section.getByRole("button", { name: P.settings.create }).click();
      const list = section.getByRole("list", { name: P.settings.listLabel });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("listitem")).toContainText("Laptop");
      await expect(list.getByRole("listitem")).toContainText(P.settings.neverUsed);
      if (lang === "en") expect(await seriousViolations(page)).toEqual([]);

      // Rename it.
      await section
        .getByRole("button", { name: fill(P.settings.renameNamed, { name: "Laptop" }) })
        .click();
      const rename = section.getByLabel(fill(P.settings.renameLabel, { name: "Laptop" }), {
        exact: true,
      });
      await expect(rename).toBeFocused();
      await rename.fill("Work laptop");
      await section.getByRole("button", { name: P.settings.save }).click();
      await expect(list.getByRole("listitem")).toContainText("Work laptop");
      if (lang === "en") {
        // At 360 px the list and its buttons fit the screen.
        await page.setViewportSize({ width: 360, height: 740 });
        await expect(list.getByRole("listitem")).toBeVisible();
        // Once the page has laid itself out at the new width (a frame after the resize).
        await expect
          .poll(() =>
            page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          )
          .toBeLessThanOrEqual(0);
        await page.setViewportSize({ width: 1280, height: 720 });
      }
      await logOut(page);

      // The passkey alone: no username, no password.
      await open(page, "/login");
      const passkeyButton = page.getByRole("button", { name: P.login.button });
      await expect(passkeyButton).toBeVisible();
      if (lang === "en") expect(await seriousViolations(page)).toEqual([]);
      await passkeyButton.click();
      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(account.name);
      await logOut(page);

      // A passkey the authenticator cannot verify its user for is refused, and says so.
      await setVerified(false);
      await open(page, "/login");
      await page.getByRole("button", { name: P.login.button }).click();
      await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
      await setVerified(true);

      // With two-step verification on: the password, then the passkey.
      await enableTotp(account);
      await password(page, account);
      const challenge = page.getByRole("region", { name: S.challenge.title });
      await expect(challenge).toBeVisible();
      await challenge.getByRole("button", { name: P.challenge.use }).click();
      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(account.name);

      // Used twice now; remove it after the confirmation.
      await open(page, "/profileSettings");
      await expect(list.getByRole("listitem")).not.toContainText(P.settings.neverUsed);
      await section
        .getByRole("button", { name: fill(P.settings.removeNamed, { name: "Work laptop" }) })
        .click();
      const dialog = page.getByRole("dialog", { name: P.settings.removeTitle });
      await expect(dialog).toBeVisible();
      // The option in the dialog does not take the focus from Cancel.
      await expect(dialog.getByRole("button", { name: P.settings.cancel })).toBeFocused();
      const signOut = dialog.getByRole("checkbox", { name: O.signOut });
      await expect(signOut).not.toBeChecked();
      await signOut.check();
      await dialog.getByRole("button", { name: P.settings.removeConfirm }).click();
      await expect(section.getByTestId("passkeys-none")).toHaveText(P.settings.none);
      await expect(page.getByText(CATALOGS[lang].devices.list.signedOutOthers)).toBeVisible();
      await expect(elsewhere.collection("users").authRefresh()).rejects.toMatchObject({
        status: 401,
      });
      await context.close();
    });

    test("the passkey button is in the server's page: nothing moves when the page hydrates", async ({
      browser,
    }) => {
      const context = await browser.newContext({ baseURL: LOCAL });
      const page = await context.newPage();
      const main = page.getByRole("main");
      // The password form and the passkey button (the providers of "Continue with…" below
      // them are listed once the page runs).
      const parts = [
        main.locator("form").first(),
        main.getByRole("button", { name: P.login.button }),
      ];
      const layout = () => Promise.all(parts.map((part) => part.boundingBox()));
      // A guest's login page hydrates on intent: until then it is the server's page.
      await page.goto("/login");
      const hydrated = () =>
        page.evaluate(() => {
          const button = document.querySelector("header button");
          return button !== null && Object.keys(button).some((key) => key.startsWith("__react"));
        });
      const before = await layout();
      expect(await hydrated()).toBe(false);
      expect(before.every((box) => box !== null)).toBe(true);

      await waitForHydration(page);
      // The browser said it can use passkeys: the button is the one the server drew.
      await expect(main.locator('[data-state="ready"]')).toBeVisible();
      expect(await layout()).toEqual(before);
      await context.close();
    });
  });
}

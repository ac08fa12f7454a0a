/**
 * Issue 17 point 1 in the browser, English and French: turn two-step verification on from
 * the profile settings (QR code and the key to type; the codes here come from otplib with
 * that key), keep the 10 recovery codes (downloaded as a text file), log out, log in with
 * the password and a code of the app, then with the password and a recovery code, and turn
 * it off again with the password and a code. Turning it on with "Sign out of all other
 * devices" ticked ends another session of the account; turning it off offers the same.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import {
  accountLink,
  CATALOGS,
  fill,
  header,
  LABELS,
  oneLanguage,
  open,
  useLanguage,
} from "./support/app.ts";
import {
  apiClient,
  createAccount,
  signedInState,
  type TestAccount,
} from "./support/test-accounts.ts";

/** Several pages and a dozen API calls on a machine shared with other runs. */
const FLOW_TIMEOUT = 120_000;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`);
}

/** The authenticator's code `steps` time steps from now. */
function codeOf(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

for (const lang of oneLanguage("en")) {
  const C = CATALOGS[lang].security;
  const A = CATALOGS[lang].auth;
  const O = CATALOGS[lang].devices.otherDevices;

  /** Logs out with the header's button. */
  async function logOut(page: Page) {
    await header(page).getByRole("button", { name: LABELS[lang].logout }).click();
    await expect(page).toHaveURL("/");
  }

  /** The password step of `/login`; the page then asks for the second step. */
  async function firstStep(page: Page, account: TestAccount) {
    await open(page, "/login");
    const main = page.getByRole("main");
    await main.getByLabel(A.login.identity, { exact: true }).fill(account.email);
    await main.getByLabel(A.login.password, { exact: true }).fill(account.password);
    await main.getByRole("button", { name: A.login.submit }).click();
    const challenge = main.getByRole("region", { name: C.challenge.title });
    await expect(challenge).toBeVisible();
    return challenge;
  }

  test.describe(`two-step verification (${lang})`, () => {
    test("turn it on, log in with a code, then with a recovery code, turn it off", async ({
      browser,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const account = await createAccount({ lang, verified: true });
      const context = await browser.newContext({
        storageState: await signedInState(account),
        acceptDownloads: true,
      });
      // Another session of the account, on another device.
      const elsewhere = apiClient();
      await elsewhere.collection("users").authWithPassword(account.email, account.password, {
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Firefox/120.0" },
      });
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, "/profileSettings");
      const section = page.getByRole("region", { name: C.settings.heading });
      await expect(section.getByTestId("two-factor-status")).toHaveText(C.settings.off);

      // Enrolment: the QR code and the key it encodes.
      await section.getByRole("button", { name: C.settings.start }).click();
      await expect(section.getByRole("img", { name: fill(C.settings.qrLabel) })).toBeVisible();
      const secret = (await section.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      if (lang === "en") expect(await seriousViolations(page)).toEqual([]);
      const confirm = section.getByLabel(fill(C.settings.confirm), { exact: true });
      await confirm.fill("000000");
      await section.getByRole("button", { name: C.settings.enable, exact: true }).click();
      await expect(confirm).toHaveAttribute("aria-invalid", "true");
      await expect(confirm).toHaveAccessibleDescription(
        new RegExp(C.validation.validation_invalid_code),
      );
      // The offer to sign the other devices out, off unless ticked.
      const signOut = section.getByRole("checkbox", { name: O.signOut });
      await expect(signOut).not.toBeChecked();
      await expect(signOut).toHaveAccessibleDescription(O.factorHint);
      await signOut.check();
      await confirm.fill(await codeOf(secret));
      await section.getByRole("button", { name: C.settings.enable, exact: true }).click();
      await expect(page.getByText(CATALOGS[lang].devices.list.signedOutOthers)).toBeVisible();
      await expect(elsewhere.collection("users").authRefresh()).rejects.toMatchObject({
        status: 401,
      });

      // The recovery codes, once, and as a file.
      const list = section.getByRole("list", { name: C.recovery.listLabel });
      await expect(list.getByRole("listitem")).toHaveCount(10);
      const codes = (await list.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
      for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      const downloading = page.waitForEvent("download");
      await section.getByRole("button", { name: C.recovery.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(C.recovery.fileName);
      const file = fs.readFileSync(await download.path(), "utf8");
      for (const code of codes) expect(file).toContain(code);
      expect(file).toContain(account.email);
      await section.getByRole("button", { name: C.recovery.done }).click();
      await expect(list).toHaveCount(0);
      await expect(section.getByTestId("two-factor-status")).toContainText(
        fill(C.settings.recoveryLeft_other, { count: 10 }),
      );
      await logOut(page);

      // The password, then the app's code (the next step's: enrolment spent this one).
      let challenge = await firstStep(page, account);
      const code = challenge.getByLabel(C.challenge.code, { exact: true });
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      if (lang === "en") expect(await seriousViolations(page)).toEqual([]);
      await code.fill("000000");
      await challenge.getByRole("button", { name: C.challenge.submit }).click();
      await expect(challenge.getByRole("alert")).toHaveText(C.challenge.invalid);
      await code.fill(await codeOf(secret, 1));
      await challenge.getByRole("button", { name: C.challenge.submit }).click();
      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(account.name);
      await logOut(page);

      // The password, then a recovery code.
      challenge = await firstStep(page, account);
      await challenge.getByRole("button", { name: C.challenge.useRecovery }).click();
      const recovery = challenge.getByLabel(C.challenge.recoveryCode, { exact: true });
      await expect(recovery).toBeFocused();
      await recovery.fill(codes[0] ?? "");
      await challenge.getByRole("button", { name: C.challenge.submit }).click();
      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(account.name);

      // Turning it off takes the password and a code; then one factor is enough again.
      await open(page, "/profileSettings");
      await expect(section.getByTestId("two-factor-status")).toContainText(
        fill(C.settings.recoveryLeft_other, { count: 9 }),
      );
      await section.getByRole("button", { name: C.manage.disableOpen }).click();
      await expect(section.getByRole("checkbox", { name: O.signOut })).not.toBeChecked();
      await section.getByLabel(C.manage.password, { exact: true }).fill(account.password);
      await section.getByLabel(C.manage.code, { exact: true }).fill(codes[1] ?? "");
      await section.getByRole("button", { name: C.manage.disable }).click();
      await expect(section.getByTestId("two-factor-status")).toHaveText(C.settings.off);
      await logOut(page);
      await open(page, "/login");
      const main = page.getByRole("main");
      await main.getByLabel(A.login.identity, { exact: true }).fill(account.email);
      await main.getByLabel(A.login.password, { exact: true }).fill(account.password);
      await main.getByRole("button", { name: A.login.submit }).click();
      await expect(page).toHaveURL("/");
      await context.close();
    });
  });
}

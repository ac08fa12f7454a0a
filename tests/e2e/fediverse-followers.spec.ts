/**
 * Issue 27, a writer's followers on the fediverse (ADR 071), in Chromium, English and French:
 * from "My writing" to `/writing/followers`, the handle with its copy button, nobody following
 * yet, "approve new followers myself" saved, a domain blocked and unblocked; axe clean, light
 * and dark, and at a phone's width.
 */
import { expect, test } from "@playwright/test";
import { CATALOGS, LANGS, fill, open, useLanguage } from "./support/app.ts";
import { createAccount, signedInState } from "./support/test-accounts.ts";
import { seriousViolations } from "./support/axe.ts";

for (const lang of LANGS) {
  const { fediverse } = CATALOGS[lang];
  const words = fediverse.followers;

  test(`a writer manages their fediverse followers (${lang})`, async ({ browser }) => {
    const account = await createAccount({ lang, verified: true, role: "writer" });
    const context = await browser.newContext({ storageState: await signedInState(account) });
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, "/writing");
    await page.getByRole("link", { name: words.link, exact: true }).click();
    await expect(page).toHaveURL("/writing/followers");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(words.title);
    await expect(main.getByText(`@${account.username}@`, { exact: false })).toBeVisible();
    await expect(main.getByRole("button", { name: fediverse.handle.copy })).toBeVisible();
    await expect(main.getByText(words.none)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole("checkbox", { name: words.approveSetting }).check();
    await main.getByRole("button", { name: words.save, exact: true }).click();
    await expect(main.getByText(words.done.saved)).toBeVisible();
    await expect(main.getByRole("checkbox", { name: words.approveSetting })).toBeChecked();

    await main.getByRole("textbox", { name: words.domain }).fill("spam.example");
    await main.getByRole("button", { name: words.blockDomain }).click();
    await expect(main.getByText(words.done.blocked)).toBeVisible();
    await expect(
      main.getByText(fill(words.blockedDomain, { value: "spam.example" })),
    ).toBeVisible();

    // On a phone, in the dark theme: nothing wider than the screen, still axe clean.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await main
      .getByRole("button", { name: fill(words.unblockLabel, { value: "spam.example" }) })
      .click();
    await expect(main.getByText(words.done.unblocked)).toBeVisible();
    await expect(main.getByText(words.noBlocks)).toBeVisible();
    await context.close();
  });
}

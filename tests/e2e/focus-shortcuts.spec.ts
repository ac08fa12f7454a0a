/**
 * Issue 25 ("what they looked for"): `?` lists the keyboard shortcuts in a modal dialog that
 * Escape closes, and the editors' focus mode leaves only the title, the text and the save bar
 * (the button, Ctrl+Shift+F and Escape). One language: the French words are checked by the
 * catalog check and the French walk of `walk.spec.ts`.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { CATALOGS, open, signedIn, useLanguage } from "./support/app.ts";

const words = CATALOGS.en;

test("? lists the shortcuts; focus mode leaves only the words (en)", async ({ browser }) => {
  const context = await browser.newContext(signedIn("user"));
  await useLanguage(context, "en");
  const page = await context.newPage();

  await open(page, "/writing");
  await page.locator("body").press("?");
  const dialog = page.getByRole("dialog", { name: words.shell.shortcuts.heading });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(words.shell.shortcuts.focus);
  await expect(dialog.locator("kbd").filter({ hasText: "Ctrl" }).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog").setLegacyMode(true).analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
  ).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await open(page, "/entry/create");
  const toggle = page.getByRole("button", { name: words.editor.focus.toggle });
  const banner = page.getByRole("banner").first();
  const tags = page.getByRole("textbox", { name: words.editor.fields.tags, exact: true });
  await expect(banner).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(banner).toBeHidden();
  await expect(tags).toBeHidden();
  await expect(
    page.getByRole("textbox", { name: words.editor.fields.title, exact: true }),
  ).toBeVisible();
  // Escape leaves it; the shortcut brings it back, and again leaves it.
  await page.keyboard.press("Escape");
  await expect(banner).toBeVisible();
  await page.keyboard.press("Control+Shift+F");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Control+Shift+F");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(tags).toBeVisible();
  await context.close();
});

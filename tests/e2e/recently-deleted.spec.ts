/**
 * Issue 25, "Deleting safely", in Chromium (English): an entry deleted from its page goes to
 * "Recently deleted", linked from "My writing"; restoring it there says so with a link to it,
 * and the entry is back where it was, with its history. Deleted again, "Delete forever" asks
 * in a dialog naming it, then it is gone for good. Its own writer (saved session).
 */
import { expect, test } from "@playwright/test";
import { CATALOGS, fill, oneLanguage, open, useLanguage } from "./support/app.ts";
import { createAccount, signedInState, signInAs } from "./support/test-accounts.ts";

for (const lang of oneLanguage("en")) {
  const entryText = CATALOGS[lang].editor.entry;
  const history = CATALOGS[lang].editor.history;
  const deleted = CATALOGS[lang].writing.deleted;

  test(`a deleted entry is restored from Recently deleted with its history (${lang})`, async ({
    browser,
  }) => {
    const account = await createAccount({ lang, verified: true, role: "writer" });
    const api = await signInAs(account.email, account.password);
    const title = `Kite log ${Math.random().toString(36).slice(2, 8)}`;
    const entry = await api.collection("entries").create({
      author: account.id,
      title,
      content: "The red kite circled twice.",
    });
    await api
      .collection("entries")
      .update(entry.id, { content: "The red kite circled twice over the barn." });
    const context = await browser.newContext({ storageState: await signedInState(account) });
    await useLanguage(context, lang);
    const page = await context.newPage();
    const url = `/entry/${account.username}/${String(entry.name)}`;

    // Deleted from its page, after the dialog says where it goes.
    await open(page, url);
    await page.getByRole("button", { name: entryText.delete }).click();
    const dialog = page.getByRole("dialog", { name: entryText.deleteTitle });
    await expect(dialog).toContainText(fill(entryText.deleteBody, { title }));
    await dialog.getByRole("button", { name: entryText.deleteConfirm }).click();
    await expect(page).toHaveURL("/archive");

    // Found under Recently deleted, linked from My writing.
    await open(page, "/writing");
    await page.getByRole("link", { name: deleted.link, exact: true }).click();
    await expect(page).toHaveURL("/writing/deleted");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(deleted.title);
    const row = main.getByTestId("deleted-row").filter({ hasText: title });
    await expect(row).toHaveCount(1);

    // Restored: the page says so, with a link to where it is.
    await row.getByRole("button", { name: fill(deleted.restoreLabel, { title }) }).click();
    const outcome = page.getByTestId("deleted-outcome");
    await expect(outcome).toContainText(`${deleted.restoredEntry} ${title}`);
    await expect(outcome).toBeFocused();
    await expect(main.getByTestId("deleted-row").filter({ hasText: title })).toHaveCount(0);
    await outcome.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("article")).toContainText("circled twice over the barn");

    // Its history came back with it: the creation and the save, nothing added.
    await open(page, `/entry/update/${account.username}/${String(entry.name)}`);
    await page.getByRole("button", { name: history.open, exact: true }).click();
    const versions = page
      .getByRole("dialog", { name: history.title })
      .getByRole("listbox", { name: history.versions })
      .getByRole("option");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText(history.kinds.save);
    await expect(versions.nth(1)).toContainText(history.kinds.create);

    // Deleted again, then for good: the dialog names it before anything is lost.
    await api.collection("entries").delete(entry.id);
    await open(page, "/writing/deleted");
    await main
      .getByTestId("deleted-row")
      .filter({ hasText: title })
      .getByRole("button", { name: fill(deleted.deleteForeverLabel, { title }) })
      .click();
    const forever = page.getByRole("dialog", { name: fill(deleted.confirmTitle, { title }) });
    await expect(forever).toContainText(deleted.confirmEntryBody);
    await forever.getByRole("button", { name: deleted.confirm }).click();
    await expect(page.getByTestId("deleted-outcome")).toContainText(deleted.purged);
    await expect(main.getByTestId("deleted-row").filter({ hasText: title })).toHaveCount(0);
    await context.close();
  });
}

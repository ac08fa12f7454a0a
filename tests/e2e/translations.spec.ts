/**
 * Linked translations in the browser (issue 29 item 4), in English and French: a writer's
 * English post and its French translation link to each other in the reader's other language,
 * carry `hreflang` alternates, and the blog lists the work once, in the reader's language; the
 * editor shows the chosen translation. The language differs per reader, so both run.
 */
import { expect, test } from "@playwright/test";
import { storageStateOf } from "./support/accounts.ts";
import { CATALOGS, open, useLanguage } from "./support/app.ts";
import { createAccount, signInAs } from "./support/test-accounts.ts";

test("a linked pair: each page leads to the other, the blog lists it once per language", async ({
  browser,
}) => {
  // A writer of this spec's own: the fixture writer's posts stay as other specs expect them.
  const account = await createAccount({ lang: "fr", verified: true, role: "writer" });
  const pb = await signInAs(account.email, account.password);
  const writer = { id: account.id, username: account.username, storageState: storageStateOf(pb) };
  const stamp = Date.now().toString(36);
  const posts = pb.collection("posts");
  const common = { author: writer.id, content: "Text.", status: "published" };
  const en = await posts.create({ ...common, title: `Garden ${stamp}`, lang: "en" });
  const fr = await posts.create({
    ...common,
    title: `Jardin ${stamp}`,
    lang: "fr",
    translations: en.id,
  });

  // An English reader of the French post is offered the English one, in English.
  const guest = await browser.newContext();
  await useLanguage(guest, "en");
  const page = await guest.newPage();
  await open(page, `/post/${writer.username}/${String(fr.slug)}`);
  const toEnglish = page.getByRole("link", { name: "Read in English" });
  await expect(toEnglish).toHaveAttribute("hreflang", "en");
  await expect(page.locator('head link[hreflang="x-default"]')).toHaveAttribute(
    "href",
    new RegExp(`/post/${writer.username}/${String(en.slug)}$`),
  );
  await toEnglish.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Garden ${stamp}`);
  await expect(page.getByRole("link", { name: "Lire en français" })).toHaveAttribute("lang", "fr");
  await open(page, "/blog");
  await expect(page.getByRole("main")).toContainText(`Garden ${stamp}`);
  await expect(page.getByRole("main")).not.toContainText(`Jardin ${stamp}`);

  // A French reader gets the French one in the list.
  await useLanguage(guest, "fr");
  await open(page, "/blog");
  await expect(page.getByRole("main")).toContainText(`Jardin ${stamp}`);
  await expect(page.getByRole("main")).not.toContainText(`Garden ${stamp}`);
  await guest.close();

  // The writer's editor shows the link, in French.
  const own = await browser.newContext({ storageState: writer.storageState });
  await useLanguage(own, "fr");
  const editor = await own.newPage();
  await open(editor, `/post/update/${writer.username}/${String(fr.slug)}`);
  const choice = editor.getByLabel(CATALOGS.fr.editor.fields.translation, { exact: true });
  await expect(choice).toHaveValue(en.id);
  await expect(choice.locator("option:checked")).toHaveText(`Garden ${stamp}`);
  await own.close();
});

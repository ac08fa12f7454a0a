/**
 * Issue 13, points 3 (the editor's side) and 4, in English and French: the History of an
 * entry lists its versions (kind, time, words added and removed), compares one with the text
 * in the editor word by word, and restores it (asking first over unsaved changes); the
 * restore joins the history; each version shows when it was written. A post has its history
 * too, loaded page by page. The live word count follows the text. An image attached in the
 * editor shows in the preview before the save, the text holds its name (never an internal
 * address), and the saved entry links the stored file. The revision cap has its field in
 * /admin/settings.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import sharp from "sharp";
import { CATALOGS, LANGS, open, signedIn, useLanguage, type Lang } from "./support/app.ts";
import { baseUrl, PASSWORD, SUPERUSER, USERS, type AccountName } from "./support/environment.ts";

test.describe.configure({ timeout: 90_000 });

/** A 1×1 PNG. */
const DOT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

interface Revision {
  kind: string;
  version: number;
  content: string;
  updated: string;
}

/** A title no other test (or run of this one) uses. */
function uniqueTitle(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** A catalog message with `{{name}}` and `{{name, number}}` filled in (small numbers). */
function fill(message: string, values: Record<string, number | string>): string {
  return message.replace(/\{\{(\w+)(?:, number)?\}\}/g, (_, key: string) =>
    String(values[key] ?? ""),
  );
}

/** A counted message of `group` (`words`, `characters`…) for `count` in `lang`. */
function counted(lang: Lang, group: Record<string, string>, key: string, count: number): string {
  const form = new Intl.PluralRules(lang).select(count);
  return fill(group[`${key}_${form}`] ?? group[`${key}_other`] ?? "", { count });
}

/** An SDK client signed in as a fixture account (or the superuser). */
async function api(account: AccountName): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  if (account === "superuser")
    await pb.collection("_superusers").authWithPassword(SUPERUSER.email, PASSWORD);
  else await pb.collection("users").authWithPassword(USERS[account].email, PASSWORD);
  return pb;
}

/** A record's history as its author reads it, newest first. */
async function historyOf(pb: PocketBase, id: string): Promise<Revision[]> {
  const list = await pb.collection("revisions").getList<Revision>(1, 50, {
    filter: pb.filter("record = {:id}", { id }),
    sort: "-version",
  });
  return list.items;
}

/** A page signed in as `account`, in `lang` (on a phone's width when `narrow`). */
async function signedInPage(browser: Browser, account: AccountName, lang: Lang, narrow = false) {
  const context = await browser.newContext({
    ...signedIn(account),
    ...(narrow ? { viewport: { width: 360, height: 740 } } : {}),
  });
  await useLanguage(context, lang);
  return { context, page: await context.newPage() };
}

/** The Markdown editor's text box once CodeMirror has replaced the text area. */
async function codeEditor(page: Page, lang: Lang) {
  await expect(page.getByTestId("markdown-editor")).toBeVisible();
  return page
    .getByTestId("markdown-editor")
    .getByRole("textbox", { name: CATALOGS[lang].editor.markdown.label });
}

/**
 * The mean lightness (0–255) of the save bar's status as the page paints it: a screenshot
 * of the window cropped to it, so what the backdrop's colour does counts (hit-testing, as
 * `elementFromPoint`, finds the dialog over the bar even when the backdrop is clear).
 */
async function saveBarLightness(page: Page): Promise<number> {
  const box = await page.getByTestId("save-status").boundingBox();
  if (!box) throw new Error("no save status");
  const region = {
    left: Math.round(box.x),
    top: Math.round(box.y),
    width: Math.max(1, Math.round(box.width)),
    height: Math.max(1, Math.round(box.height)),
  };
  const { data } = await sharp(await page.screenshot())
    .extract(region)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data.reduce((sum, value) => sum + value, 0) / data.length;
}

for (const lang of LANGS) {
  const text = CATALOGS[lang].editor;
  const h = text.history;

  test(`the history compares versions with the editor's text and restores one (${lang})`, async ({
    browser,
  }) => {
    const pb = await api("user");
    const title = uniqueTitle(`Kite log ${lang}`);
    const entry = await pb.collection("entries").create({
      author: pb.authStore.record?.id,
      title,
      content: "The red kite circled twice.",
    });
    await pb
      .collection("entries")
      .update(entry.id, { content: "The red kite circled twice over the barn." });
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, `/entry/update/${USERS.user.username}/${String(entry.name)}`);
    const editor = await codeEditor(page, lang);
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Then it rained.");
    // The autosave keeps the new words as a version of its own (ADR 047).
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");

    // How bright the save bar is with no dialog open, to tell that the dialog's backdrop dims it.
    const bright = await saveBarLightness(page);
    await page.getByRole("button", { name: h.open, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: h.title });
    await expect(dialog).toBeVisible();
    const versions = dialog.getByRole("listbox", { name: h.versions });
    const options = versions.getByRole("option");
    await expect(options).toHaveCount(3);
    await expect(dialog.getByTestId("history-count")).toHaveText(fill(h.count_other, { count: 3 }));
    // Newest first: the autosave added three words, as the save did to the creation's five.
    await expect(options.nth(0)).toContainText(h.kinds.autosave);
    await expect(options.nth(0)).toContainText(h.latest);
    await expect(options.nth(0)).toContainText(fill(h.changes, { added: 3, removed: 0 }));
    await expect(options.nth(1)).toContainText(h.kinds.save);
    await expect(options.nth(1)).toContainText(fill(h.changes, { added: 3, removed: 0 }));
    await expect(options.nth(2)).toContainText(h.kinds.create);
    await expect(options.nth(2)).toContainText(fill(h.changes, { added: 5, removed: 0 }));
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    // Each version says when it was last written, in the page's language.
    const times = await page.evaluate(
      ([locale, stamps]) =>
        stamps.map((stamp) =>
          new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(stamp)),
        ),
      [lang, (await historyOf(pb, entry.id)).map((r) => r.updated.replace(" ", "T"))] as const,
    );
    expect(times).toHaveLength(3);
    for (const [index, time] of times.entries())
      await expect(options.nth(index)).toContainText(time);

    // The autosaved version is the editor's text; the saved one lacks the newest words.
    const compare = dialog.getByTestId("history-compare");
    await expect(compare).toContainText(h.same);
    await options.nth(0).focus();
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(compare.locator("ins")).toHaveText(`${h.addedStart}Then it rained.${h.changeEnd}`);
    await expect(compare.locator("del")).toHaveCount(0);
    // The keyboard moves the selection: the first version lacks "over the barn" too.
    await page.keyboard.press("End");
    await expect(options.nth(2)).toBeFocused();
    await expect(options.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(compare.getByRole("heading", { level: 3 })).toContainText(h.kinds.create);
    await expect(compare.locator("ins").first()).toContainText("over the barn");
    await expect(compare).toContainText(h.sameTitle);
    // The backdrop dims the editor's save bar too: it does not stay bright above it.
    expect(await saveBarLightness(page)).toBeLessThan(bright * 0.8);
    expect(await new AxeBuilder({ page }).include("dialog").analyze()).toMatchObject({
      violations: [],
    });

    // The editor holds words typed since it opened: the restore asks first.
    await compare.getByRole("button", { name: h.restore }).click();
    const confirm = page.getByRole("dialog", { name: h.confirmTitle });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: h.confirmRestore }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(fill(h.restored, { version: 1 }))).toBeVisible();
    await expect(editor).toHaveText("The red kite circled twice.");
    // The form edits the restored record: no "changed elsewhere" warning about itself.
    await expect(page.getByTestId("edit-conflict")).toBeEmpty();
    await expect(page.getByRole("button", { name: h.open, exact: true })).toBeFocused();

    // The restore is a version of its own, on the server and in the list.
    const history = await historyOf(pb, entry.id);
    expect(history.map((revision) => revision.kind)).toEqual([
      "restore",
      "autosave",
      "save",
      "create",
    ]);
    expect(history[0]?.content).toBe("The red kite circled twice.");
    await page.getByRole("button", { name: h.open, exact: true }).click();
    await expect(options).toHaveCount(4);
    await expect(options.nth(0)).toContainText(h.kinds.restore);
    await expect(options.nth(0)).toContainText(fill(h.changes, { added: 0, removed: 6 }));
    await expect(compare).toContainText(h.same);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Saving after the restore raises no "newer version" question.
    await page.getByRole("button", { name: text.form.save }).click();
    await expect(page).toHaveURL(`/entry/${USERS.user.username}/${String(entry.name)}`);
    await context.close();
  });

  test(`the word count follows the text, and a picked image shows before the save (${lang})`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, "/entry/create");
    const main = page.getByRole("main");
    // Only a saved record has a history.
    await expect(main.getByRole("button", { name: text.history.open, exact: true })).toHaveCount(0);
    const title = uniqueTitle(`Dot ${lang}`);
    await main.getByRole("textbox", { name: text.fields.title, exact: true }).fill(title);
    const count = page.getByTestId("word-count");
    await expect(count).toHaveText(
      `${counted(lang, text.stats, "words", 0)} · ${counted(lang, text.stats, "characters", 0)}`,
    );
    const editor = await codeEditor(page, lang);
    await editor.click();
    await page.keyboard.type("Hello **brave** new [world](https://example.com).");
    const line = [
      counted(lang, text.stats, "words", 4),
      counted(lang, text.stats, "characters", 22),
      counted(lang, text.stats, "readingTime", 1),
    ].join(" · ");
    await expect(count).toHaveText(line);
    // Screen readers hear it once the typing pauses.
    await expect(page.getByTestId("word-count-announcement")).toHaveText(line);

    const chooser = page.waitForEvent("filechooser");
    await main.getByRole("button", { name: text.markdown.attach }).click();
    await (await chooser).setFiles({ name: "dot.png", mimeType: "image/png", buffer: DOT_PNG });
    await expect(editor).toContainText("![dot.png](dot.png)");
    await expect(editor).not.toContainText("_pending");
    const image = page.getByTestId("markdown-preview").getByRole("img", { name: "dot.png" });
    await expect(image).toHaveAttribute("src", /^blob:/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(1);

    await main.getByRole("button", { name: text.form.create }).click();
    await expect(page).toHaveURL(new RegExp(`/entry/${USERS.user.username}/`));
    const stored = page.getByRole("article").getByRole("img", { name: "dot.png" });
    await expect(stored).toHaveAttribute(
      "src",
      /^\/api\/files\/entries\/\w{15}\/dot_\w{10}\.png\?token=[\w.-]+$/,
    );
    await expect
      .poll(() => stored.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(1);
    await context.close();
  });
}

for (const lang of LANGS) {
  test(`a post's long history loads page by page (at 360 px); a restore with nothing unsaved asks nothing (${lang})`, async ({
    browser,
  }) => {
    const h = CATALOGS[lang].editor.history;
    const pb = await api("writer");
    const title = uniqueTitle(`Carnet de vol ${lang}`);
    const post = await pb.collection("posts").create({
      author: pb.authStore.record?.id,
      title,
      excerpt: "Premier résumé",
      content: "Le milan est revenu.",
      tags: ["oiseaux"],
    });
    await pb.collection("posts").update(post.id, {
      excerpt: "Second résumé",
      content: "Le milan royal est revenu ce matin.",
      tags: ["oiseaux", "printemps"],
    });
    // 22 versions in all: more than a page of 20.
    for (let n = 3; n <= 22; n++)
      await pb.collection("posts").update(post.id, { title: `${title} (${String(n)})` });
    const { context, page } = await signedInPage(browser, "writer", lang, true);
    await open(page, `/post/update/${USERS.writer.username}/${String(post.slug)}`);
    const editor = await codeEditor(page, lang);
    await page.getByRole("button", { name: h.open, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: h.title });
    const options = dialog.getByRole("listbox", { name: h.versions }).getByRole("option");
    await expect(options).toHaveCount(20);
    await expect(dialog.getByTestId("history-count")).toHaveText(
      fill(h.count_other, { count: 22 }),
    );
    // The oldest shown knows what it changed (the page fetched the one before it).
    await expect(options.nth(19)).toContainText(fill(h.changes, { added: 0, removed: 0 }));
    await dialog.getByRole("button", { name: h.loadMore }).click();
    await expect(options).toHaveCount(22);
    await expect(dialog.getByRole("button", { name: h.loadMore })).toHaveCount(0);
    await options.nth(19).focus();
    await page.keyboard.press("End");
    await expect(options.nth(21)).toContainText(h.kinds.create);

    const compare = dialog.getByTestId("history-compare");
    await expect(compare).toContainText(h.restoreHintPost);
    await expect(compare.getByRole("heading", { level: 3 })).toContainText(h.kinds.create);
    await expect(compare.locator("ins")).toHaveText([
      `${h.addedStart}(22)${h.changeEnd}`,
      `${h.addedStart}royal${h.changeEnd}`,
      `${h.addedStart}ce matin${h.changeEnd}`,
    ]);
    // The list and the comparison stack on a phone; nothing is wider than the screen.
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await compare.getByRole("button", { name: h.restore }).click();
    await expect(dialog).toBeHidden();
    await expect(editor).toHaveText("Le milan est revenu.");
    await expect(
      page.getByRole("textbox", { name: CATALOGS[lang].editor.fields.excerpt, exact: true }),
    ).toHaveValue("Premier résumé");
    const saved = await pb.collection("posts").getOne(post.id);
    expect(saved).toMatchObject({ title, content: "Le milan est revenu.", tags: ["oiseaux"] });
    const history = await historyOf(pb, post.id);
    expect(history.map((revision) => revision.kind).slice(0, 2)).toEqual(["restore", "save"]);
    expect(history).toHaveLength(23);
    await context.close();
  });
}

test("the revision cap has its field in the settings, in English and French", async ({
  browser,
}) => {
  const root = await api("superuser");
  for (const lang of LANGS) {
    const s = CATALOGS[lang].adminSystem.settings;
    const { context, page } = await signedInPage(browser, "superuser", lang);
    await open(page, "/admin/settings");
    const field = page.getByLabel(s.revisions.maxPerRecord, { exact: true });
    await expect(field).toHaveValue("");
    await expect(field).toHaveAccessibleDescription(s.revisions.maxPerRecordHint);
    await field.fill("-1");
    await page.getByRole("button", { name: s.save }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill("25");
    await page.getByRole("button", { name: s.save }).click();
    await expect(page.getByText(s.saved)).toBeVisible();
    await page.reload();
    await expect(field).toHaveValue("25");
    expect(await root.settings.getAll()).toMatchObject({ revisions: { maxPerRecord: 25 } });

    // Empty keeps every version again (0).
    await field.fill("");
    await page.getByRole("button", { name: s.save }).click();
    await expect(page.getByText(s.saved)).toBeVisible();
    expect(await root.settings.getAll()).toMatchObject({ revisions: { maxPerRecord: 0 } });
    await context.close();
  }
});

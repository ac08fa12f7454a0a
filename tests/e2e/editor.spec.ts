/**
 * Issue 4 item 2 in the browser: the Markdown editor and the entry pages, in English and
 * French. Writing an entry with an attachment (toolbar, live preview, upload, download), then
 * finding it again after a reload and in the archive; a draft the server cannot take yet (no
 * title and no text) kept in the browser and offered back after a reload; Ctrl+S; editing
 * keeps the URL;
 * deleting asks first; leaving with changes the autosave cannot keep asks first; the form
 * before JavaScript; 360 px and the keyboard. The server autosave is `autosave.spec.ts`.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { CATALOGS, type Lang, oneLanguage, open, signedIn, useLanguage } from "./support/app.ts";
import { baseUrl, PASSWORD, USERS, type UserRoleName } from "./support/environment.ts";

/** A 1×1 PNG: the smallest image a paste can carry. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

// Each test is a multi-page flow (several contexts, the editor chunk, uploads): more than the
// suite's 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** A title no other test (or run of this one) uses. */
function uniqueTitle(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** The slug the server makes of an ASCII title. */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** An SDK client signed in as a fixture account. */
async function api(account: UserRoleName): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection("users").authWithPassword(USERS[account].email, PASSWORD);
  return pb;
}

/** A page signed in as `account`, in `lang`. */
async function signedInPage(browser: Browser, account: UserRoleName, lang: Lang = "en") {
  const context = await browser.newContext(signedIn(account));
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

for (const lang of oneLanguage("en")) {
  const text = CATALOGS[lang].editor;

  test(`a user writes an entry with an attachment and finds it again (${lang})`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, "/entry/create");
    const main = page.getByRole("main");
    const title = uniqueTitle(`Field day ${lang}`);
    await main.getByRole("textbox", { name: text.fields.title, exact: true }).fill(title);

    const editor = await codeEditor(page, lang);
    await editor.click();
    await page.keyboard.type("The swallows came back ");
    // The toolbar's bold button wraps the next words.
    await main.getByRole("button", { name: text.markdown.bold }).click();
    await page.keyboard.type("today");
    await page.keyboard.press("End");
    await page.keyboard.type(".");
    const preview = page.getByTestId("markdown-preview");
    await expect(preview.locator("strong")).toHaveText("today");

    // Attach a file from the toolbar: it is listed and its link lands in the text.
    const chooser = page.waitForEvent("filechooser");
    await main.getByRole("button", { name: text.markdown.attach }).click();
    await (
      await chooser
    ).setFiles({
      name: "bird-count.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("swallows: 12\n"),
    });
    const attachments = main.getByRole("region", { name: text.attachments.label });
    await expect(attachments.getByText("bird-count.txt", { exact: true })).toBeVisible();
    await expect(attachments.getByText(text.attachments.pending, { exact: true })).toBeVisible();
    // Until the save, the link is the file's name (never an internal address).
    await expect(editor).toContainText("[bird-count.txt](bird-count.txt)");

    // An image pasted into the text is attached and shown there, as a picked one is.
    await editor.evaluate(
      (content, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], "nest.png", { type: "image/png" }));
        content.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      [...PIXEL_PNG],
    );
    await expect(attachments.getByText("nest.png", { exact: true })).toBeVisible();
    await expect(editor).toContainText("![nest.png](nest.png)");
    await expect(preview.getByRole("img", { name: "nest.png" })).toHaveAttribute("src", /^blob:/);

    await main.getByRole("textbox", { name: text.fields.tags, exact: true }).fill("birds, spring");
    await main.getByRole("textbox", { name: text.fields.tags, exact: true }).press("Enter");
    await expect(
      main.getByRole("button", { name: text.fields.removeTag.replace("{{tag}}", "birds") }),
    ).toBeVisible();

    await main.getByRole("button", { name: text.form.create }).click();
    const url = `/entry/${USERS.user.username}/${slugOf(title)}`;
    await expect(page).toHaveURL(url);
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(article.locator("strong")).toHaveText("today");
    // The link in the text now points at the stored file (with a token: the entry is private).
    await expect(article.getByRole("img", { name: "nest.png" })).toHaveAttribute(
      "src",
      /^\/api\/files\/entries\/\w{15}\/nest_\w{10}\.png\?token=[\w.-]+$/,
    );
    const inText = article.locator(".prose a", { hasText: "bird-count.txt" });
    await expect(inText).toHaveAttribute(
      "href",
      /^\/api\/files\/entries\/\w{15}\/bird_count_\w{10}\.txt\?token=[\w.-]+$/,
    );
    // Private by default; its attachment downloads with a file token.
    await expect(page.getByTestId("visibility-badge")).toContainText(
      CATALOGS[lang].common.visibility.private,
    );
    const download = article.getByRole("link", { name: "bird_count.txt" });
    const href = (await download.getAttribute("href")) ?? "";
    expect(href).toMatch(/\?download=1&token=/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe("swallows: 12\n");

    // A reload shows the same entry, rendered by the server.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(article.getByRole("link", { name: "bird_count.txt" })).toBeVisible();

    // The archive lists it for its author.
    await open(page, "/archive");
    await expect(page.getByRole("main").getByRole("link", { name: title })).toHaveAttribute(
      "href",
      url,
    );
    // Nobody else can open it.
    const stranger = await browser.newContext();
    const response = await (await stranger.newPage()).goto(url);
    expect(response?.status()).toBe(404);
    await stranger.close();
    await context.close();
  });

  test(`a draft without a title or text stays in the browser, and can be restored or discarded (${lang})`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, "/entry/create");
    const main = page.getByRole("main");
    const date = main.getByLabel(text.fields.date, { exact: true });
    // With neither a title nor text the entry is not created (text alone would be, under its
    // first words: autosave.spec.ts): the chosen date waits in this browser.
    await expect(await codeEditor(page, lang)).toBeVisible();
    await date.fill("2020-02-29");
    await expect(page.getByTestId("save-status")).toContainText(
      CATALOGS[lang].autosave.status.needsTitle.split("{{")[0] ?? "",
    );

    // A reload (or a crash) without saving: the draft is offered back.
    await page.reload();
    const offer = page.getByTestId("draft-offer");
    await expect(offer).toBeVisible();
    await expect(page).toHaveURL("/entry/create");
    await expect(offer).toContainText(
      CATALOGS[lang].autosave.started.foundUntitled.split("{{")[0] ?? "",
    );
    await offer.getByRole("button", { name: CATALOGS[lang].autosave.started.continue }).click();
    await expect(date).toHaveValue("2020-02-29");

    // Discarding it removes it from the browser.
    await page.reload();
    await page
      .getByTestId("draft-offer")
      .getByRole("button", { name: CATALOGS[lang].autosave.started.discard })
      .click();
    await expect(page.getByTestId("draft-offer")).toHaveCount(0);
    await expect(date).not.toHaveValue("2020-02-29");
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith("cahier:draft:")),
    );
    expect(kept).toEqual([]);
    await page.reload();
    await expect(main.getByRole("textbox", { name: text.fields.title, exact: true })).toBeVisible();
    await expect(page.getByTestId("draft-offer")).toHaveCount(0);
    await context.close();
  });
}

test("Ctrl+S saves an entry, and editing keeps its URL", async ({ browser }) => {
  const pb = await api("user");
  const title = uniqueTitle("Keep my address");
  const entry = await pb.collection("entries").create({
    author: pb.authStore.record?.id,
    title,
    content: "First version.",
    visibility: "public",
  });
  const url = `/entry/${USERS.user.username}/${String(entry.name)}`;
  const { context, page } = await signedInPage(browser, "user");
  await open(page, url);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(`/entry/update/${USERS.user.username}/${String(entry.name)}`);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Title", exact: true }).fill(`${title} (renamed)`);
  const editor = await codeEditor(page, "en");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Second version.");
  await page.keyboard.press("Control+s");
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (renamed)`);
  await expect(page.getByRole("article")).toContainText("First version. Second version.");
  // The draft went with the save: the edit page offers nothing.
  await open(page, `/entry/update/${USERS.user.username}/${String(entry.name)}`);
  await expect(main.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
    `${title} (renamed)`,
  );
  await expect(page.getByTestId("draft-offer")).toHaveCount(0);
  await context.close();
});

test("deleting an entry asks first, then goes back to the archive", async ({ browser }) => {
  const pb = await api("user");
  const title = uniqueTitle("Delete me");
  const entry = await pb.collection("entries").create({
    author: pb.authStore.record?.id,
    title,
    visibility: "private",
  });
  const url = `/entry/${USERS.user.username}/${String(entry.name)}`;
  const { context, page } = await signedInPage(browser, "user", "fr");
  const text = CATALOGS.fr.editor.entry;
  await open(page, url);
  await page.getByRole("button", { name: text.delete }).click();
  const dialog = page.getByRole("dialog", { name: text.deleteTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  // The safe choice has the focus; Escape closes the dialog and nothing is deleted.
  await expect(dialog.getByRole("button", { name: CATALOGS.fr.editor.form.cancel })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(url);

  await page.getByRole("button", { name: text.delete }).click();
  await dialog.getByRole("button", { name: text.deleteConfirm }).click();
  await expect(page).toHaveURL("/archive");
  await expect(page.getByText(text.deleted)).toBeVisible();
  expect((await page.goto(url))?.status()).toBe(404);
  await context.close();
});

test("leaving with changes the autosave cannot keep asks first", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "user");
  await open(page, "/entry/create");
  // Public: the autosave keeps a new entry private, only the explicit save shares it.
  await (await codeEditor(page, "en")).click();
  await page.keyboard.type("Half written, for everyone.");
  await page
    .getByRole("main")
    .getByRole("radio", { name: CATALOGS.en.common.visibility.public })
    .check();
  const archive = page.getByRole("banner").getByRole("link", { name: "Archive", exact: true });
  await archive.click();
  const dialog = page.getByRole("dialog", { name: CATALOGS.en.editor.draft.unsavedTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: CATALOGS.en.editor.draft.stay }).click();
  await expect(page).toHaveURL("/entry/create");
  await archive.click();
  await dialog.getByRole("button", { name: CATALOGS.en.editor.draft.leave }).click();
  await expect(page).toHaveURL("/archive");
  await context.close();
});

test("the toolbar works from the keyboard and the shortcuts format the text", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, "user");
  await open(page, "/entry/create");
  const editor = await codeEditor(page, "en");
  await editor.click();
  await page.keyboard.type("quiet");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("ControlOrMeta+b");
  await expect(editor).toHaveText("**quiet**");
  await page.keyboard.press("ControlOrMeta+i");
  await expect(editor).toHaveText("**_quiet_**");

  // One tab stop for the toolbar; the arrow keys move inside it.
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const bold = toolbar.getByRole("button", { name: "Bold (Ctrl+B)" });
  await bold.focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Italic (Ctrl+I)" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button").last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(bold).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  // The heading button acted on the text's line and gave the focus back to the text.
  await expect(editor).toHaveText("## **_quiet_**");
  await context.close();
});

test("before JavaScript the form is there, with a plain text area", async ({ browser }) => {
  const context = await browser.newContext({ ...signedIn("user"), javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto("/entry/create");
  expect(response?.status()).toBe(200);
  const content = page.getByRole("textbox", { name: "Content" });
  await expect(content).toBeVisible();
  expect(await content.evaluate((element) => element.tagName)).toBe("TEXTAREA");
  await content.fill("Typed before the scripts.");
  await expect(content).toHaveValue("Typed before the scripts.");
  await expect(page.getByRole("button", { name: "Create" })).toBeDisabled();
  await context.close();
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the editor fits, and Write and Preview are tabs", async ({ browser }) => {
    const context = await browser.newContext({
      ...signedIn("user"),
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await open(page, "/entry/create");
    const editor = await codeEditor(page, "en");
    await editor.click();
    await page.keyboard.type("# Small screens");
    const tabs = page.getByRole("tablist", { name: "Editor view" });
    const write = tabs.getByRole("tab", { name: "Write" });
    const preview = tabs.getByRole("tab", { name: "Preview" });
    await expect(write).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("markdown-preview")).toBeHidden();
    await preview.click();
    await expect(page.getByTestId("markdown-preview").getByRole("heading")).toHaveText(
      "Small screens",
    );
    await expect(editor).toBeHidden();
    await page.keyboard.press("ArrowLeft");
    await expect(write).toBeFocused();
    await expect(editor).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

test("a writer shares a public entry that a logged-out reader finds in the archive", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, "writer");
  await open(page, "/entry/create");
  const main = page.getByRole("main");
  const title = uniqueTitle("Open notebook page");
  await main.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await (await codeEditor(page, "en")).click();
  await page.keyboard.type("For everyone to read.");
  await main.getByRole("radio", { name: CATALOGS.en.common.visibility.public }).check();
  await main.getByRole("combobox", { name: "Collection" }).selectOption({ label: "Field notes" });
  await main.getByRole("button", { name: "Create" }).click();
  const url = `/entry/${USERS.writer.username}/${slugOf(title)}`;
  await expect(page).toHaveURL(url);
  await context.close();

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await open(readerPage, "/archive");
  await readerPage.getByRole("main").getByRole("link", { name: title }).click();
  await expect(readerPage).toHaveURL(url);
  await expect(readerPage.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(readerPage.getByRole("article")).toContainText("For everyone to read.");
  await expect(readerPage.getByRole("link", { name: "In Field notes" })).toHaveAttribute(
    "href",
    `/collection/${USERS.writer.username}/field-notes`,
  );
  await expect(readerPage.getByTestId("visibility-badge")).toHaveCount(0);
  await reader.close();
});

test("the API's validation errors land on their fields, in French too", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "user", "fr");
  const text = CATALOGS.fr;
  await open(page, "/entry/create");
  const main = page.getByRole("main");
  await (await codeEditor(page, "fr")).click();
  await page.keyboard.type("Sans titre.");
  await main.getByRole("button", { name: text.editor.form.create }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(text.editor.form.failed);
  const required = text.errors.validation.validation_required;
  const title = main.getByRole("textbox", { name: text.editor.fields.title, exact: true });
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(new RegExp(required));
  await summary.getByRole("link", { name: `${text.editor.fields.title}: ${required}` }).click();
  await expect(title).toBeFocused();
  // Still in the editor (the autosave may have kept the text under its first words meanwhile).
  await expect(page).toHaveURL(/\/entry\/(create|update\/)/);
  await context.close();
});

test("CodeMirror is downloaded on editor pages only", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "user");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await open(page, "/archive");
  await open(page, `/entry/${USERS.writer.username}/first-light`);
  expect(scripts.filter((url) => url.includes("codemirror"))).toEqual([]);
  await open(page, "/entry/create");
  await expect(page.getByTestId("markdown-editor")).toBeVisible();
  expect(scripts.filter((url) => url.includes("codemirror"))).toHaveLength(1);
  await context.close();
});

test("the editors pass axe with CodeMirror loaded, an error shown and a dialog open", async ({
  browser,
}) => {
  const serious = async (page: Page) =>
    (await new AxeBuilder({ page }).setLegacyMode(true).analyze()).violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
  for (const lang of oneLanguage("en")) {
    const { context, page } = await signedInPage(browser, "writer", lang);
    for (const path of [
      "/entry/create",
      `/entry/update/${USERS.writer.username}/first-light`,
      "/post/create",
      `/post/update/${USERS.writer.username}/hello-cahier`,
    ]) {
      await open(page, path);
      await expect(page.getByTestId("markdown-editor")).toBeVisible();
      expect.soft(await serious(page), `${path} (${lang})`).toEqual([]);
    }
    // A refused save (no title) and the leave dialog (public waits for the explicit save).
    await open(page, "/entry/create");
    await (await codeEditor(page, lang)).click();
    await page.keyboard.type("x");
    await page
      .getByRole("main")
      .getByRole("button", { name: CATALOGS[lang].editor.form.create })
      .click();
    await expect(page.getByTestId("error-summary")).toBeVisible();
    expect.soft(await serious(page), `error summary (${lang})`).toEqual([]);
    await page
      .getByRole("main")
      .getByRole("radio", { name: CATALOGS[lang].common.visibility.public })
      .check();
    await page
      .getByRole("banner")
      .getByRole("link", { name: CATALOGS[lang].common.nav.archive, exact: true })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect.soft(await serious(page), `leave dialog (${lang})`).toEqual([]);
    await context.close();
  }
});

/**
 * Issue 13, points 2 and 4 (part) in the browser, in English and French: the server autosave
 * of the editors. A new entry reaches the server without pressing anything (created private,
 * the address becomes its edit page without a reload) and survives closing the page, found
 * in "My writing" from a second browser context; without a title it is saved under its first
 * words until the writer's title replaces them (ADR 047); a new post is autosaved as a draft;
 * Create and Ctrl+S at once, or during an autosave, make one entry; the autosaved changes of a
 * published post or of a public or unlisted entry stay with their author as pending edits,
 * offered back on another device until Save publishes them or the writer discards them;
 * offline, edits wait in the browser and reach the server when the connection returns; the
 * status line says so; hiding the tab saves at once, and leaving inside the app takes the last
 * words along. Issue 25 item 11: a tab closed mid-entry (or mid-post), its words already in an
 * autosaved record, is offered on the next New page ("Continue" edits that record, "Start
 * afresh" leaves it in My writing), in English and French.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import {
  CATALOGS,
  fill,
  type Lang,
  oneLanguage,
  open,
  signedIn,
  useLanguage,
} from "./support/app.ts";
import { baseUrl, PASSWORD, USERS, type UserRoleName } from "./support/environment.ts";
import { createAccount, signedInState, signInAs } from "./support/test-accounts.ts";

// Multi-context flows with pauses for the autosave: more than the suite's 30 s when busy.
test.describe.configure({ timeout: 90_000 });

/** A title no other test (or run of this one) uses. */
function uniqueTitle(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** The address the server makes of an ASCII title. */
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

/** The signed-in account's entries with this exact title. */
async function entriesTitled(pb: PocketBase, title: string) {
  return pb.collection("entries").getFullList({ filter: pb.filter("title = {:title}", { title }) });
}

/** A page signed in as `account`, in `lang`. */
async function signedInPage(browser: Browser, account: UserRoleName, lang: Lang) {
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

/** The part of a message before its first placeholder. */
const lead = (message: string) => message.split("{{")[0] ?? message;

/** Waits until the status line says the server has everything. */
async function expectSaved(page: Page, lang: Lang) {
  const status = page.getByTestId("save-status");
  await expect(status).toHaveAttribute("data-state", "saved");
  await expect(status).toContainText(lead(CATALOGS[lang].autosave.status.saved));
}

for (const lang of oneLanguage("en")) {
  const text = CATALOGS[lang];

  test(`a new entry reaches the server unasked and survives closing the page (${lang})`, async ({
    browser,
  }) => {
    // A new account: its "My writing" holds this entry alone.
    const account = await createAccount({ lang, verified: true });
    const pb = await signInAs(account.email, account.password);
    const newContext = async () => {
      const created = await browser.newContext({ storageState: await signedInState(account) });
      await useLanguage(created, lang);
      return { context: created, page: await created.newPage() };
    };
    const { context, page } = await newContext();
    await open(page, "/entry/create");
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });
    const main = page.getByRole("main");
    const title = uniqueTitle(`Never lost ${lang}`);
    await main.getByRole("textbox", { name: text.editor.fields.title, exact: true }).fill(title);
    // A public entry: the autosave still creates it private.
    await main.getByRole("radio", { name: text.common.visibility.public }).check();
    const editor = await codeEditor(page, lang);
    await editor.click();
    await page.keyboard.type("Typed, never saved by hand.");

    // Created within seconds, private; the address is its edit page, the page not reloaded.
    // (The create may come before the last words on a busy machine: their update follows.)
    await expect
      .poll(async () => (await entriesTitled(pb, title)).map((e) => String(e.content)))
      .toEqual(["Typed, never saved by hand."]);
    await expectSaved(page, lang);
    await expect(page.getByTestId("save-status")).toContainText(lead(text.autosave.status.held));
    const [created, ...others] = await entriesTitled(pb, title);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      visibility: "private",
      content: "Typed, never saved by hand.",
    });
    const name = String(created?.name);
    await expect(page).toHaveURL(`/entry/update/${account.username}/${name}`);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    // The caret stayed: typing goes on where it was.
    await expect(editor).toBeFocused();
    await page.keyboard.type(" More.");
    await expect(editor).toHaveText("Typed, never saved by hand. More.");
    // Back to private: nothing is left that only an explicit save would keep.
    await main.getByRole("radio", { name: text.common.visibility.private }).check();
    await expect
      .poll(async () => (await entriesTitled(pb, title)).map((e) => String(e.content)))
      .toEqual(["Typed, never saved by hand. More."]);
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText(" Last words.");
    // Closed at once, long before the next autosave: the page's last request outlives it.
    await page.close({ runBeforeUnload: true });
    await context.close();

    // A second browser context finds it, last words included, and nobody else can read it.
    const second = await newContext();
    await expect
      .poll(async () => (await entriesTitled(pb, title)).map((e) => String(e.content)), {
        timeout: 15_000,
      })
      .toEqual(["Typed, never saved by hand. More. Last words."]);
    await open(second.page, "/writing");
    const row = second.page.getByTestId("writing-row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("writing-state")).toHaveText(text.common.visibility.private);
    await open(second.page, `/entry/${account.username}/${name}`);
    await expect(second.page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(second.page.getByRole("article")).toContainText("More. Last words.");
    const stranger = await browser.newContext();
    const response = await (await stranger.newPage()).goto(`/entry/${account.username}/${name}`);
    expect(response?.status()).toBe(404);
    await stranger.close();
    await second.context.close();
  });

  test(`Create and Ctrl+S at once make exactly one entry (${lang})`, async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, "/entry/create");
    const main = page.getByRole("main");
    const title = uniqueTitle(`Ctrl S ${lang}`);
    await main.getByRole("textbox", { name: text.editor.fields.title, exact: true }).fill(title);
    await (await codeEditor(page, lang)).click();
    await page.keyboard.type("Twice asked, once made.");
    // The click and the shortcut in the same moment.
    await page.evaluate((label) => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === label);
      button?.click();
      document.dispatchEvent(
        new KeyboardEvent("keydown", { key: "s", ctrlKey: true, bubbles: true, cancelable: true }),
      );
    }, text.editor.form.create);
    await expect(page).toHaveURL(new RegExp(`/entry/${USERS.user.username}/ctrl-s-`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const entries = await entriesTitled(await api("user"), title);
    expect(entries.map((e) => String(e.name))).toEqual([page.url().split("/").pop()]);
    await context.close();
  });

  test(`a new post is autosaved as a draft, even when Published is chosen (${lang})`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, "writer", lang);
    await open(page, "/post/create");
    const main = page.getByRole("main");
    const title = uniqueTitle(`Not yet ${lang}`);
    await main.getByRole("textbox", { name: text.editor.fields.title, exact: true }).fill(title);
    await main.getByRole("radio", { name: text.editor.fields.published }).check();
    await (await codeEditor(page, lang)).click();
    await page.keyboard.type("Readers wait for the button.");
    const pb = await api("writer");
    const postsTitled = () =>
      pb.collection("posts").getFullList({ filter: pb.filter("title = {:title}", { title }) });
    await expect
      .poll(async () => (await postsTitled()).map((p) => String(p.content)))
      .toEqual(["Readers wait for the button."]);
    await expectSaved(page, lang);
    await expect(page.getByTestId("save-status")).toContainText(lead(text.autosave.status.held));
    const posts = await postsTitled();
    expect(posts.map((p) => [p.status, p.content])).toEqual([
      ["draft", "Readers wait for the button."],
    ]);
    await expect(page).toHaveURL(`/post/update/${USERS.writer.username}/${String(posts[0]?.slug)}`);
    const reader = await browser.newContext();
    const response = await (
      await reader.newPage()
    ).goto(`/post/${USERS.writer.username}/${String(posts[0]?.slug)}`);
    expect(response?.status()).toBe(404);
    await reader.close();
    await context.close();
  });

  test(`a published post's autosaved changes wait for Save or Discard, on any device (${lang})`, async ({
    browser,
  }) => {
    // Two editing devices, a third restoring, and a reader: more than most of this file.
    test.setTimeout(150_000);
    const pb = await api("writer");
    const title = uniqueTitle(`Live post ${lang}`);
    const post = await pb.collection("posts").create({
      author: pb.authStore.record?.id,
      title,
      content: "Published text.",
      status: "published",
      lang,
    });
    const slug = String(post.slug);
    const edit = `/post/update/${USERS.writer.username}/${slug}`;
    const pending = () =>
      pb
        .collection("pendingEdits")
        .getFullList({ filter: pb.filter("record = {:id}", { id: post.id }) });
    /** Types `words` at the end of the post on a device of its own, closed afterwards. */
    const typeOnADevice = async (words: string) => {
      const device = await signedInPage(browser, "writer", lang);
      await open(device.page, edit);
      await (await codeEditor(device.page, lang)).click();
      await device.page.keyboard.press("ControlOrMeta+End");
      await device.page.keyboard.type(words);
      await expectSaved(device.page, lang);
      await expect(device.page.getByTestId("save-status")).toContainText(
        lead(text.autosave.status.held),
      );
      await device.context.close();
    };
    /** Another device opens the editor: the changes are offered back. */
    const offeredOnAnotherDevice = async () => {
      const device = await signedInPage(browser, "writer", lang);
      await open(device.page, edit);
      const offer = device.page.getByTestId("draft-offer");
      await expect(offer).toContainText(lead(text.autosave.offer.found));
      await expect(offer).toContainText(text.autosave.offer.hint);
      return { ...device, offer };
    };
    await typeOnADevice(" Second thoughts.");

    // Readers still see the published text.
    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    await open(readerPage, `/post/${USERS.writer.username}/${slug}`);
    await expect(readerPage.getByRole("article")).toContainText("Published text.");
    await expect(readerPage.getByRole("article")).not.toContainText("Second thoughts.");
    expect((await pb.collection("posts").getOne(post.id)).content).toBe("Published text.");

    // Discarded on another device: gone from the server, offered nowhere any more.
    const second = await offeredOnAnotherDevice();
    await second.offer.getByRole("button", { name: text.autosave.offer.discard }).click();
    await expect(second.offer).toHaveCount(0);
    await expect(await codeEditor(second.page, lang)).toHaveText("Published text.");
    await expect.poll(async () => (await pending()).length).toBe(0);
    await second.page.reload();
    const reloaded = await codeEditor(second.page, lang);
    await expect(reloaded).toHaveText("Published text.");
    await expect(second.page.getByTestId("draft-offer")).toHaveCount(0);

    // New changes, restored on a third device and published by Save.
    await reloaded.click();
    await second.page.keyboard.press("ControlOrMeta+End");
    await second.page.keyboard.type(" Third thoughts.");
    await expect
      .poll(async () => (await pending()).map((row) => String(row.content)))
      .toEqual(["Published text. Third thoughts."]);
    await second.context.close();
    const third = await offeredOnAnotherDevice();
    await third.offer.getByRole("button", { name: text.autosave.offer.restore }).click();
    await expect(await codeEditor(third.page, lang)).toHaveText("Published text. Third thoughts.");
    await third.page.getByRole("main").getByRole("button", { name: text.editor.form.save }).click();
    await expect(third.page).toHaveURL(`/post/${USERS.writer.username}/${slug}`);
    await readerPage.reload();
    await expect(readerPage.getByRole("article")).toContainText("Published text. Third thoughts.");
    expect(await pending()).toEqual([]);
    await reader.close();
    await third.context.close();
  });

  // Public and unlisted: readers see both, by the list or the link.
  for (const visibility of ["public", "unlisted"] as const) {
    test(`a shared entry's autosaved changes stay with its author until Save (${visibility}, ${lang})`, async ({
      browser,
    }) => {
      const pb = await api("user");
      const entry = await pb.collection("entries").create({
        author: pb.authStore.record?.id,
        title: uniqueTitle(`Shared ${lang}`),
        content: "Shared text.",
        visibility,
      });
      const name = String(entry.name);
      const edit = `/entry/update/${USERS.user.username}/${name}`;
      const first = await signedInPage(browser, "user", lang);
      await open(first.page, edit);
      await (await codeEditor(first.page, lang)).click();
      await first.page.keyboard.press("ControlOrMeta+End");
      await first.page.keyboard.type(" Not for readers yet.");
      await expectSaved(first.page, lang);
      await expect(first.page.getByTestId("save-status")).toContainText(
        lead(text.autosave.status.held),
      );
      await first.context.close();

      // On the server, as the author's pending edits; the entry itself is unchanged.
      const [row, ...others] = await pb
        .collection("pendingEdits")
        .getFullList({ filter: pb.filter("record = {:id}", { id: entry.id }) });
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        recordCollection: "entries",
        content: "Shared text. Not for readers yet.",
      });
      expect(await pb.collection("entries").getOne(entry.id)).toMatchObject({
        content: "Shared text.",
        visibility,
      });
      const reader = await browser.newContext();
      const readerPage = await reader.newPage();
      await open(readerPage, `/entry/${USERS.user.username}/${name}`);
      await expect(readerPage.getByRole("article")).toContainText("Shared text.");
      await expect(readerPage.getByRole("article")).not.toContainText("Not for readers yet.");

      // Offered back on another device; Save shows them to readers.
      const second = await signedInPage(browser, "user", lang);
      await open(second.page, edit);
      const offer = second.page.getByTestId("draft-offer");
      await expect(offer).toContainText(lead(text.autosave.offer.found));
      await offer.getByRole("button", { name: text.autosave.offer.restore }).click();
      await expect(await codeEditor(second.page, lang)).toHaveText(
        "Shared text. Not for readers yet.",
      );
      await second.page
        .getByRole("main")
        .getByRole("button", { name: text.editor.form.save })
        .click();
      await expect(second.page).toHaveURL(`/entry/${USERS.user.username}/${name}`);
      await readerPage.reload();
      await expect(readerPage.getByRole("article")).toContainText("Not for readers yet.");
      expect(
        await pb
          .collection("pendingEdits")
          .getFullList({ filter: pb.filter("record = {:id}", { id: entry.id }) }),
      ).toEqual([]);
      await reader.close();
      await second.context.close();
    });
  }

  test(`offline, edits wait in the browser and reach the server when it returns (${lang})`, async ({
    browser,
  }) => {
    const pb = await api("user");
    const title = uniqueTitle(`Offline ${lang}`);
    const entry = await pb.collection("entries").create({
      author: pb.authStore.record?.id,
      title,
      content: "Online start.",
    });
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, `/entry/update/${USERS.user.username}/${String(entry.name)}`);
    await (await codeEditor(page, lang)).click();
    await page.keyboard.press("ControlOrMeta+End");
    await context.setOffline(true);
    await page.keyboard.type(" Written on a train.");
    const status = page.getByTestId("save-status");
    await expect(status).toHaveAttribute("data-state", "offline");
    await expect(status).toContainText(text.autosave.status.offline);
    // Announced, since the writer may need to act.
    await expect(
      page.getByRole("status").filter({ hasText: text.autosave.status.offline }),
    ).toHaveCount(1);
    const queued = () =>
      page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([key]) => key.startsWith("cahier:draft:"))
          .map(([, value]) => value)
          .join(""),
      );
    await expect.poll(queued).toContain("Written on a train.");
    expect((await pb.collection("entries").getOne(entry.id)).content).toBe("Online start.");

    await context.setOffline(false);
    await expectSaved(page, lang);
    expect((await pb.collection("entries").getOne(entry.id)).content).toBe(
      "Online start. Written on a train.",
    );
    // Autosaves of a private entry update it in place, as autosave revisions.
    const history = await pb.collection("revisions").getFullList({
      filter: pb.filter("record = {:id}", { id: entry.id }),
      sort: "version",
    });
    expect(history.map((r) => String(r.kind))).toEqual(["create", "autosave"]);
    // Its own autosaves never count as a change made elsewhere: Ctrl+S saves without asking.
    await expect(page.getByTestId("edit-conflict")).toBeEmpty();
    await page.keyboard.press("Control+s");
    await expect(page).toHaveURL(`/entry/${USERS.user.username}/${String(entry.name)}`);
    await expect(page.getByRole("article")).toContainText("Written on a train.");
    await context.close();
  });
  test(`Ctrl+S during the autosave that creates the entry makes one entry (${lang})`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, "/entry/create");
    // A slow connection keeps the autosave's create in flight.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 1_500,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const title = uniqueTitle(`Slow line ${lang}`);
    await page
      .getByRole("main")
      .getByRole("textbox", { name: text.editor.fields.title, exact: true })
      .fill(title);
    await (await codeEditor(page, lang)).click();
    await page.keyboard.type("Saved while saving.");
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saving");
    await page.keyboard.press("Control+s");
    await expect(page).toHaveURL(new RegExp(`/entry/${USERS.user.username}/slow-line-${lang}-`), {
      timeout: 20_000,
    });
    const entries = await entriesTitled(await api("user"), title);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.content).toBe("Saved while saving.");
    await context.close();
  });

  test(`leaving inside the app takes the last words along, without asking (${lang})`, async ({
    browser,
  }) => {
    const pb = await api("user");
    const title = uniqueTitle(`Leave in app ${lang}`);
    const entry = await pb.collection("entries").create({
      author: pb.authStore.record?.id,
      title,
      content: "Before.",
    });
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, `/entry/update/${USERS.user.username}/${String(entry.name)}`);
    await (await codeEditor(page, lang)).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" After.");
    await page
      .getByRole("banner")
      .getByRole("link", { name: text.common.nav.archive, exact: true })
      .click();
    await expect(page).toHaveURL("/archive");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect
      .poll(async () => (await pb.collection("entries").getOne(entry.id)).content)
      .toBe("Before. After.");
    await context.close();
  });

  test(`hiding the tab saves at once, before the autosave's timer (${lang})`, async ({
    browser,
  }) => {
    const pb = await api("user");
    const entry = await pb.collection("entries").create({
      author: pb.authStore.record?.id,
      title: uniqueTitle(`Hidden ${lang}`),
      content: "Before.",
    });
    const { context, page } = await signedInPage(browser, "user", lang);
    await page.clock.install();
    await open(page, `/entry/update/${USERS.user.username}/${String(entry.name)}`);
    await (await codeEditor(page, lang)).click();
    await page.keyboard.press("ControlOrMeta+End");
    // The page's time stops before the first key: the autosave's timer can never fire.
    // (A few seconds ahead: the call must not arrive after that time on a busy machine.)
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
    await page.keyboard.type(" Then the tab was hidden.");
    await expect(page.getByTestId("markdown-preview")).toContainText("Then the tab was hidden.");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect
      .poll(async () => (await pb.collection("entries").getOne(entry.id)).content)
      .toBe("Before. Then the tab was hidden.");
    await context.close();
  });

  test(`a new entry without a title reaches the server under its first words (${lang})`, async ({
    browser,
  }) => {
    const pb = await api("user");
    const { context, page } = await signedInPage(browser, "user", lang);
    await open(page, "/entry/create");
    const main = page.getByRole("main");
    const titleField = main.getByRole("textbox", { name: text.editor.fields.title, exact: true });
    const firstLine = uniqueTitle(`Rain on the roof ${lang}`);
    const editor = await codeEditor(page, lang);
    await editor.click();
    await page.keyboard.type(firstLine);
    await page.keyboard.press("Enter");
    await page.keyboard.type("All night long.");

    // Created private under its first line, its address made from it; the title field stays
    // the writer's, empty.
    await expect
      .poll(async () => (await entriesTitled(pb, firstLine)).map((e) => String(e.content)), {
        timeout: 15_000,
      })
      .toEqual([`${firstLine}\nAll night long.`]);
    const [created] = await entriesTitled(pb, firstLine);
    expect(created).toMatchObject({ visibility: "private", name: slugOf(firstLine) });
    await expect(page).toHaveURL(`/entry/update/${USERS.user.username}/${slugOf(firstLine)}`);
    await expect(titleField).toHaveValue("");
    await expect(titleField).toHaveAccessibleDescription(
      fill(text.autosave.standIn, { title: firstLine }),
    );

    // The writer's title replaces the stand-in, and the address is made from it.
    const title = uniqueTitle(`Storm diary ${lang}`);
    await titleField.fill(title);
    await expect
      .poll(async () => (await pb.collection("entries").getOne(String(created?.id))).title, {
        timeout: 15_000,
      })
      .toBe(title);
    const entry = await pb.collection("entries").getOne(String(created?.id));
    expect(entry.name).toBe(slugOf(title));
    await expect(page).toHaveURL(`/entry/update/${USERS.user.username}/${slugOf(title)}`);
    await expect(titleField).toHaveAccessibleDescription(text.editor.fields.urlHint);
    expect(await entriesTitled(pb, firstLine)).toEqual([]);
    await main.getByRole("button", { name: text.editor.form.create }).click();
    await expect(page).toHaveURL(`/entry/${USERS.user.username}/${slugOf(title)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await context.close();
  });
}

test("a tab closed mid-entry: New entry offers to continue it, once more until saved, then Start afresh (en)", async ({
  browser,
}) => {
  const lang = "en";
  const text = CATALOGS[lang];
  const pb = await api("user");
  const { context, page } = await signedInPage(browser, "user", lang);
  await open(page, "/entry/create");
  const title = uniqueTitle("Morning pages");
  const titleField = (on: Page) =>
    on.getByRole("main").getByRole("textbox", { name: text.editor.fields.title, exact: true });
  await titleField(page).fill(title);
  await (await codeEditor(page, lang)).click();
  await page.keyboard.type("First words.");
  // The autosave made a private entry of it: the form's draft moved to that record.
  await expect(page).toHaveURL(/\/entry\/update\//);
  await expectSaved(page, lang);
  await page.close({ runBeforeUnload: true });

  // New entry in the same browser offers it, and Continue edits that entry (none is added).
  const again = await context.newPage();
  await open(again, "/entry/create");
  const offer = again.getByTestId("draft-offer");
  await expect(offer).toContainText(lead(text.autosave.started.found.replace("{{title}}", title)));
  await expect(offer).toContainText(text.autosave.started.kept);
  await offer.getByRole("button", { name: text.autosave.started.continue }).click();
  await expect(offer).toHaveCount(0);
  await expect(titleField(again)).toHaveValue(title);
  const editor = await codeEditor(again, lang);
  await expect(editor).toHaveText("First words.");
  await expect(editor).toBeFocused();
  const [entry] = await entriesTitled(pb, title);
  await expect(again).toHaveURL(`/entry/update/${USERS.user.username}/${String(entry?.name)}`);
  await again.keyboard.press("ControlOrMeta+End");
  await again.keyboard.type(" More.");
  await expect
    .poll(async () => (await entriesTitled(pb, title)).map((e) => String(e.content)))
    .toEqual(["First words. More."]);
  await again.close({ runBeforeUnload: true });

  // Still never saved: offered again. Start afresh empties the form and asks no more.
  const third = await context.newPage();
  await open(third, "/entry/create");
  await third
    .getByTestId("draft-offer")
    .getByRole("button", { name: text.autosave.started.discard })
    .click();
  await expect(third.getByTestId("draft-offer")).toHaveCount(0);
  await expect(titleField(third)).toHaveValue("");
  await expect(titleField(third)).toBeFocused();
  await third.reload();
  await expect(titleField(third)).toBeVisible();
  await expect(await codeEditor(third, lang)).toBeVisible();
  await expect(third.getByTestId("draft-offer")).toHaveCount(0);
  // The entry itself stays in My writing.
  expect((await entriesTitled(pb, title)).map((e) => e.visibility)).toEqual(["private"]);
  await context.close();
});

test("a tab closed mid-post without a title: New post offers to continue the untitled draft (fr)", async ({
  browser,
}) => {
  const lang = "fr";
  const text = CATALOGS[lang];
  const pb = await api("writer");
  const { context, page } = await signedInPage(browser, "writer", lang);
  await open(page, "/post/create");
  const firstLine = uniqueTitle("Carnet du matin");
  await (await codeEditor(page, lang)).click();
  await page.keyboard.type(firstLine);
  await expect(page).toHaveURL(/\/post\/update\//);
  await expectSaved(page, lang);
  await page.close({ runBeforeUnload: true });

  const again = await context.newPage();
  await open(again, "/post/create");
  const offer = again.getByTestId("draft-offer");
  await expect(offer).toContainText(lead(text.autosave.started.foundUntitled));
  await offer.getByRole("button", { name: text.autosave.started.continue }).click();
  await expect(await codeEditor(again, lang)).toHaveText(firstLine);
  // Still under its stand-in title, which the writer's title replaces.
  const titleField = again
    .getByRole("main")
    .getByRole("textbox", { name: text.editor.fields.title, exact: true });
  await expect(titleField).toHaveValue("");
  await expect(titleField).toHaveAccessibleDescription(
    fill(text.autosave.standIn, { title: firstLine }),
  );
  const posts = await pb
    .collection("posts")
    .getFullList({ filter: pb.filter("title = {:title}", { title: firstLine }) });
  expect(posts.map((p) => p.status)).toEqual(["draft"]);
  await expect(again).toHaveURL(`/post/update/${USERS.writer.username}/${String(posts[0]?.slug)}`);
  const title = uniqueTitle("Carnet titre");
  await titleField.fill(title);
  await again.getByRole("main").getByRole("button", { name: text.editor.form.create }).click();
  await expect(again).toHaveURL(`/post/${USERS.writer.username}/${slugOf(title)}`);

  // Saved: the next New post offers nothing.
  await open(again, "/post/create");
  await expect(await codeEditor(again, lang)).toBeVisible();
  await expect(again.getByTestId("draft-offer")).toHaveCount(0);
  await context.close();
});

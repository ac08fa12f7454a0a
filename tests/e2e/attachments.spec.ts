/**
 * Protected attachments on a page left open: a private entry's files need a file token that
 * lives 180 s. The entry page and the editor keep their token valid (refreshed before it
 * expires), and a click on a file link (an attachment, a link in the text) whose token has
 * run out fetches a new one first: the file downloads either way.
 * The browser's clock is driven with `page.clock`, so no test waits minutes.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { open, signedIn } from "./support/app.ts";
import { baseUrl, PASSWORD, USERS } from "./support/environment.ts";

test.describe.configure({ timeout: 90_000 });

/** The file token lifetime the server gives (PocketBase's default), in milliseconds. */
const TOKEN_LIFETIME_MS = 180_000;

/** A private entry of the fixture user with one text attachment; its page path. */
async function privateEntryWithFile(): Promise<string> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection("users").authWithPassword(USERS.user.email, PASSWORD);
  const form = new FormData();
  form.append("author", pb.authStore.record?.id ?? "");
  form.append("title", `Field notes ${Math.random().toString(36).slice(2, 8)}`);
  form.append("content", "Counted at dawn.");
  form.append("visibility", "private");
  form.append("attachments", new Blob(["swallows: 12\n"], { type: "text/plain" }), "notes.txt");
  const entry = await pb.collection("entries").create(form);
  // The text links to the file too (the page adds the token to links to its own files).
  const [stored] = entry.attachments as string[];
  await pb.collection("entries").update(entry.id, {
    content: `Counted at dawn: [the notes](/api/files/entries/${entry.id}/${stored ?? ""}).`,
  });
  return `/entry/${USERS.user.username}/${String(entry.name)}`;
}

/** The `token` query parameter of a link. */
async function tokenOf(link: Locator): Promise<string> {
  const href = (await link.getAttribute("href")) ?? "";
  return new URL(href, baseUrl()).searchParams.get("token") ?? "";
}

/**
 * The next file token the page asks the API for. (Two tokens issued within the same second
 * are the same string, so the request, not a different value, shows the page renewed it.)
 */
async function nextFileToken(page: Page): Promise<string> {
  const response = await page.waitForResponse(
    (answer) => answer.url().endsWith("/api/files/token") && answer.request().method() === "POST",
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** A page signed in as the entry's author, with the browser's clock under the test's control. */
async function openAsAuthor(browser: Browser, path: string) {
  const context = await browser.newContext(signedIn("user"));
  const page = await context.newPage();
  await page.clock.install();
  await open(page, path);
  return { context, page };
}

/** The entry page and its attachment's link. */
async function openEntry(browser: Browser, path: string) {
  const { context, page } = await openAsAuthor(browser, path);
  const link = page.getByRole("article").getByRole("link", { name: "notes.txt" });
  await expect(link).toBeVisible();
  return { context, page, link };
}

test("an attachment still downloads when the page stayed open past its file token", async ({
  browser,
}) => {
  const { context, page, link } = await openEntry(browser, await privateEntryWithFile());
  expect(await tokenOf(link)).not.toBe("");
  let requests = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/files/token")) requests += 1;
  });

  // The page stays open (and visible) longer than the token lives: it gets a new one.
  const renewed = nextFileToken(page);
  await page.clock.fastForward(TOKEN_LIFETIME_MS + 60_000);
  const token = await renewed;
  await expect.poll(() => tokenOf(link), { timeout: 30_000 }).toBe(token);
  // The browser's clock is now ahead of the server's, so the new token's `exp` looks past:
  // it still lasts a token's lifetime, not a request after request.
  await page.clock.fastForward(60_000);
  await expect(link).toHaveAttribute("href", new RegExp(`token=${token}$`));
  expect(requests).toBe(1);

  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(await download.failure()).toBeNull();
  expect(await readFile(await download.path(), "utf8")).toBe("swallows: 12\n");
  await context.close();
});

test("a click on an attachment whose token ran out fetches a new token first", async ({
  browser,
}) => {
  const { context, page, link } = await openEntry(browser, await privateEntryWithFile());
  // Time passes without the refresh timer firing (as in a throttled background tab).
  await page.clock.setSystemTime(Date.now() + TOKEN_LIFETIME_MS + 60_000);

  const renewed = nextFileToken(page);
  const downloading = page.waitForEvent("download");
  await link.click();
  const token = await renewed;
  const download = await downloading;
  expect(new URL(download.url()).searchParams.get("token")).toBe(token);
  expect(await download.failure()).toBeNull();
  expect(await readFile(await download.path(), "utf8")).toBe("swallows: 12\n");
  await context.close();
});

test("a link to the file in the text renews an expired token before it is followed", async ({
  browser,
}) => {
  const { context, page } = await openEntry(browser, await privateEntryWithFile());
  const inText = page.getByRole("article").getByRole("link", { name: "the notes" });
  expect(await tokenOf(inText)).not.toBe("");
  await page.clock.setSystemTime(Date.now() + TOKEN_LIFETIME_MS + 60_000);

  const renewed = nextFileToken(page);
  // A text file is served as an attachment: the browser saves it.
  const downloading = page.waitForEvent("download");
  await inText.click();
  const token = await renewed;
  const download = await downloading;
  expect(new URL(download.url()).searchParams.get("token")).toBe(token);
  expect(await readFile(await download.path(), "utf8")).toBe("swallows: 12\n");
  await context.close();
});

test("the editor's download links keep working past the first file token", async ({ browser }) => {
  const path = (await privateEntryWithFile()).replace("/entry/", "/entry/update/");
  const { context, page } = await openAsAuthor(browser, path);
  const link = page.getByRole("main").getByRole("link", { name: "Download notes.txt" });
  await expect(link).toBeVisible();
  expect(await tokenOf(link)).not.toBe("");

  const renewed = nextFileToken(page);
  await page.clock.fastForward(TOKEN_LIFETIME_MS + 60_000);
  const token = await renewed;
  await expect.poll(() => tokenOf(link), { timeout: 30_000 }).toBe(token);

  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(new URL(download.url()).searchParams.get("token")).toBe(token);
  expect(await readFile(await download.path(), "utf8")).toBe("swallows: 12\n");
  await context.close();
});

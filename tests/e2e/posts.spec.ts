/**
 * Issue 4 item 3 in the browser: writers and admins publish posts (cover, excerpt, Markdown,
 * an image dropped into the text, tags, language) that a logged-out reader reads, with JavaScript and without it, with the
 * metadata of a shared link; a scheduled post stays hidden until it is due and then goes live
 * by itself; drafts stay with their author; a plain user cannot reach `/post/create`.
 */
import { expect, test, type Browser } from "@playwright/test";
import PocketBase from "pocketbase";
import sharp from "sharp";
import { CATALOGS, LABELS, open, signedIn, useLanguage, type Lang } from "./support/app.ts";
import { baseUrl, PASSWORD, USERS, type UserRoleName } from "./support/environment.ts";

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

async function api(account: UserRoleName): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection("users").authWithPassword(USERS[account].email, PASSWORD);
  return pb;
}

async function signedInPage(browser: Browser, account: UserRoleName, lang: Lang = "en") {
  const context = await browser.newContext(signedIn(account));
  await useLanguage(context, lang);
  return { context, page: await context.newPage() };
}

/** The status a logged-out visitor gets for `path` (no cookies, no cache). */
async function guestStatus(browser: Browser, path: string): Promise<number> {
  const context = await browser.newContext();
  const response = await context.request.get(path, { headers: { "Cache-Control": "no-cache" } });
  await context.close();
  return response.status();
}

/** `datetime-local` text of a date in UTC (the suite's browsers run in UTC). */
function localInput(date: Date): string {
  return date.toISOString().slice(0, 16);
}

const PUBLISHERS: { account: UserRoleName; lang: Lang }[] = [
  { account: "writer", lang: "en" },
  { account: "admin", lang: "fr" },
];

for (const { account, lang } of PUBLISHERS) {
  const text = CATALOGS[lang].editor;

  test(`${account} publishes a post that a logged-out reader reads, with and without JavaScript (${lang})`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, account, lang);
    await open(page, "/post/create");
    const main = page.getByRole("main");
    const title = uniqueTitle(`Spring notes ${lang}`);
    await main.getByRole("textbox", { name: text.fields.title, exact: true }).fill(title);
    await main
      .getByRole("textbox", { name: text.fields.excerpt, exact: true })
      .fill("What the garden did in March.");
    await expect(page.getByTestId("markdown-editor")).toBeVisible();
    await page
      .getByTestId("markdown-editor")
      .getByRole("textbox", { name: text.markdown.label })
      .click();
    await page.keyboard.type("## Seedlings\nThe *tomatoes* are up.");
    await expect(page.getByTestId("markdown-preview").getByRole("heading")).toHaveText("Seedlings");

    // A cover image, previewed before the save.
    const cover = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: "#3f6212" },
    })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent("filechooser");
    await main.getByRole("button", { name: text.cover.choose }).click();
    await (await chooser).setFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
    await expect(main.getByRole("img", { name: text.cover.preview })).toBeVisible();

    // An image dropped into the text: in the preview at once, uploaded with the save.
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#1e3a8a" },
    })
      .jpeg()
      .toBuffer();
    const dropped = await page.evaluateHandle(
      (bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], "harbour.jpg", { type: "image/jpeg" }));
        return data;
      },
      [...photo],
    );
    await page
      .getByTestId("markdown-editor")
      .locator(".cm-content")
      .dispatchEvent("drop", { dataTransfer: dropped });
    await expect(
      page.getByTestId("markdown-preview").getByRole("img", { name: "harbour.jpg" }),
    ).toHaveAttribute("src", /^blob:/);

    await main.getByRole("radio", { name: text.fields.published }).check();
    await expect(page.getByTestId("publish-state")).toHaveText(text.fields.publishesNow);
    const tags = main.getByRole("textbox", { name: text.fields.tags, exact: true });
    await tags.fill("garden");
    await tags.press("Enter");
    await main.getByRole("button", { name: text.form.create }).click();

    const url = `/post/${USERS[account].username}/${slugOf(title)}`;
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("article").locator("img").first()).toHaveAttribute(
      "src",
      /\/api\/files\/posts\/\w{15}\/cover_\w{10}\.png\?thumb=1200x630$/,
    );
    // The dropped image, stored: each screen gets a width of it, never the original.
    const inText = page.getByRole("article").getByRole("img", { name: "harbour.jpg" });
    await expect(inText).toHaveAttribute(
      "srcset",
      /^\/api\/files\/posts\/\w{15}\/harbour_\w{10}\.jpg\?thumb=480x0 480w, .+\?thumb=1600x0 1600w$/,
    );
    await expect
      .poll(() => inText.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await inText.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\?thumb=(480|960|1600)x0$/,
    );
    await context.close();

    // A logged-out reader, with JavaScript: the post, its author card, the blog lists it.
    const reader = await browser.newContext();
    await useLanguage(reader, lang);
    const readerPage = await reader.newPage();
    await open(readerPage, url);
    const article = readerPage.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(article.getByRole("heading", { level: 2, name: "Seedlings" })).toBeVisible();
    await expect(article.locator("em")).toHaveText("tomatoes");
    await expect(article).toContainText(text.post.readingTime_one.replace("{{count}}", "1"));
    await expect(article.getByRole("complementary")).toContainText(USERS[account].name);
    await expect(article.getByRole("link", { name: "garden" })).toHaveAttribute(
      "href",
      "/blog?tag=garden",
    );
    await expect(article.getByRole("button", { name: text.post.delete })).toHaveCount(0);
    // Share: the address is copied (a notification says so); the email link needs no script.
    const words = CATALOGS[lang].listings;
    await reader.grantPermissions(["clipboard-read", "clipboard-write"]);
    const share = readerPage.getByRole("region", { name: words.share.heading });
    await share.getByRole("button", { name: words.share.copy }).click();
    await expect(readerPage.getByText(words.share.copied)).toBeVisible();
    expect(await readerPage.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl()}${url}`,
    );
    await expect(share.getByRole("link", { name: words.share.email })).toHaveAttribute(
      "href",
      `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${baseUrl()}${url}`)}`,
    );
    await open(readerPage, "/blog");
    await expect(readerPage.getByRole("main").getByRole("link", { name: title })).toHaveAttribute(
      "href",
      url,
    );
    // The blog's tags, from the blog.
    await readerPage.getByRole("link", { name: words.blog.allTags }).click();
    await expect(readerPage).toHaveURL("/tags");
    await expect(
      readerPage.getByTestId("tag-index").getByRole("link", { name: /^garden\b/ }),
    ).toHaveAttribute("href", "/blog?tag=garden");
    await reader.close();

    // Without JavaScript: everything is in the server's HTML, with the shared link's meta.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await useLanguage(noScript, lang);
    const plain = await noScript.newPage();
    const response = await plain.goto(url);
    expect(response?.status()).toBe(200);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(plain.getByRole("article")).toContainText("The tomatoes are up.");
    await expect(plain.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseUrl()}${url}`,
    );
    await expect(plain.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(plain.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^${baseUrl()}/api/files/posts/`),
    );
    await expect(plain.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(plain.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "What the garden did in March.",
    );
    await noScript.close();
  });
}

test("a scheduled post stays hidden until it is due, then goes live by itself", async ({
  browser,
}) => {
  const text = CATALOGS.en.editor;
  const { context, page } = await signedInPage(browser, "writer");
  await open(page, "/post/create");
  const main = page.getByRole("main");
  const title = uniqueTitle("Tomorrow's news");
  await main.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByTestId("markdown-editor").getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Not yet.");
  await main.getByRole("radio", { name: "Published" }).check();
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await main.getByLabel(text.fields.publishedAt, { exact: true }).fill(localInput(tomorrow));
  await expect(page.getByTestId("publish-state")).toContainText("Scheduled");
  await main.getByRole("button", { name: "Create" }).click();

  const url = `/post/${USERS.writer.username}/${slugOf(title)}`;
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("note")).toContainText("This post is scheduled");
  expect(await guestStatus(browser, url)).toBe(404);
  const admin = await signedInPage(browser, "admin");
  expect((await admin.page.goto(url))?.status()).toBe(404);
  await admin.context.close();
  const blog = await browser.newContext();
  const blogPage = await blog.newPage();
  await open(blogPage, "/blog");
  await expect(blogPage.getByRole("link", { name: title })).toHaveCount(0);
  await blog.close();

  // Moved to a few seconds from now: still hidden, then public with no one doing anything.
  const pb = await api("writer");
  const post = await pb
    .collection("posts")
    .getFirstListItem(pb.filter("slug = {:slug}", { slug: slugOf(title) }));
  const due = new Date(Date.now() + 4000);
  await pb
    .collection("posts")
    .update(post.id, { publishedAt: due.toISOString().replace("T", " ") });
  expect(await guestStatus(browser, url)).toBe(404);
  await expect
    .poll(() => guestStatus(browser, url), { timeout: 20_000, intervals: [1000] })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  await context.close();
});

test("a draft stays with its author", async ({ browser }) => {
  const pb = await api("writer");
  const title = uniqueTitle("Half baked");
  const post = await pb.collection("posts").create({
    author: pb.authStore.record?.id,
    title,
    content: "Draft text.",
    status: "draft",
  });
  const url = `/post/${USERS.writer.username}/${String(post.slug)}`;
  expect(await guestStatus(browser, url)).toBe(404);
  const other = await signedInPage(browser, "admin");
  expect((await other.page.goto(url))?.status()).toBe(404);
  await other.context.close();
  const own = await signedInPage(browser, "writer", "fr");
  await open(own.page, url);
  await expect(own.page.getByRole("note")).toHaveText(CATALOGS.fr.editor.post.draftNotice);
  await expect(own.page.getByRole("link", { name: CATALOGS.fr.editor.post.edit })).toHaveAttribute(
    "href",
    `/post/update/${USERS.writer.username}/${String(post.slug)}`,
  );
  await own.context.close();
});

test("a plain user can't reach /post/create", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "user");
  await open(page, "/");
  await expect(page.getByRole("banner").getByRole("link", { name: LABELS.en.newPost })).toHaveCount(
    0,
  );
  const response = await page.goto("/post/create");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-status")).toHaveText("403");
  await expect(page.getByRole("textbox", { name: "Content" })).toHaveCount(0);
  await context.close();
});

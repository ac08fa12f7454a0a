/**
 * Issue 16 (ADR 050) in the browser: a guest's reading page paints from its first response
 * (inline stylesheet, no module preloads), hydrates afterwards, and an internal link pointed
 * at, or focused, prefetches the next page's data, so following it needs no new request for
 * it. In English and in French.
 */
import { expect, test, type Request } from "@playwright/test";
import { fixtureAccount } from "./support/accounts.ts";
import { oneLanguage, useLanguage, waitForHydration } from "./support/app.ts";

for (const lang of oneLanguage("en")) {
  test(`a reading page paints alone, then internal links prefetch on intent (${lang})`, async ({
    browser,
  }) => {
    const writer = await fixtureAccount("writer");
    const post = await writer.pb.collection("posts").create<{ slug: string; title: string }>({
      author: writer.id,
      title: `Prefetched ${lang} ${String(Date.now())}`,
      content: "Words worth prefetching.",
      status: "published",
    });
    const postPath = `/post/${writer.username}/${post.slug}`;
    const context = await browser.newContext();
    await useLanguage(context, lang);
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));

    const response = await page.goto("/blog");
    const html = (await response?.text()) ?? "";
    // Everything that paints is in the document: the stylesheet inline, no module preload.
    expect(html).toContain('<style id="app-styles">');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('rel="modulepreload"');
    await waitForHydration(page);

    // The app learns the post page's route from the links on the page (React Router's lazy
    // route discovery, one /__manifest request). A link pointed at before that never
    // prefetches, so point once the route is known, as a reader's hand would, not at once.
    await page.waitForFunction(
      () =>
        "routes/posts/post" in
        (window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest
          .routes,
    );
    // Pointing at the post's link prefetches its data (and code).
    const link = page.locator(`main a[href="${postPath}"]`).first();
    await link.hover();
    await expect(page.locator(`link[rel="prefetch"][href^="${postPath}.data"]`)).toHaveCount(1);
    await expect
      .poll(() => requests.filter((r) => new URL(r.url()).pathname === `${postPath}.data`).length)
      .toBeGreaterThan(0);

    // Focusing a link prefetches too: the team page's link in the footer, from the keyboard.
    await page.locator('footer a[href="/team"]').focus();
    await expect(page.locator('link[rel="prefetch"][href^="/team.data"]')).toHaveCount(1);

    // Following the link navigates in the app, to the post.
    await link.click();
    await expect(page).toHaveURL(postPath);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await context.close();
  });
}

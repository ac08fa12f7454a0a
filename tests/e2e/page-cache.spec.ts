/**
 * Issue 16 (ADR 045) in the browser: a guest's page kept by the anonymous page cache arrives
 * compressed, hydrates under its CSP for every guest who gets it (the kept page keeps its
 * render's nonce), revalidates on reload with its `ETag`, shows an edit at once, and is never
 * what a signed-in reader gets. In English and in French.
 */
import { expect, test } from "@playwright/test";
import { fixtureAccount } from "./support/accounts.ts";
import { cspViolations, watchCsp } from "./support/csp.ts";
import {
  accountLink,
  oneLanguage,
  signedIn,
  useLanguage,
  waitForHydration,
} from "./support/app.ts";

function nonceOf(headers: Record<string, string>): string {
  return /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
}

for (const lang of oneLanguage("en")) {
  test(`a guest's kept page hydrates, revalidates and shows an edit at once (${lang})`, async ({
    browser,
  }) => {
    const writer = await fixtureAccount("writer");
    const post = await writer.pb.collection("posts").create<{ id: string; slug: string }>({
      author: writer.id,
      title: `Kept page ${lang} ${String(Date.now())}`,
      content: "First words of the kept page.",
      status: "published",
    });
    const url = `/post/${writer.username}/${post.slug}`;

    const guestContext = async () => {
      const context = await browser.newContext();
      await useLanguage(context, lang);
      await watchCsp(context);
      return context;
    };

    // The first guest: rendered, kept, sent compressed with its validator.
    const first = await guestContext();
    const page = await first.newPage();
    const response = await page.goto(url);
    const headers = (await response?.allHeaders()) ?? {};
    expect(headers["content-encoding"]).toBe("br");
    expect(headers.etag).toMatch(/^W\/"/);
    expect(headers.vary).toBe("Accept, Accept-Encoding, Accept-Language, Cookie");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("article")).toContainText("First words of the kept page.");
    expect(await cspViolations(page)).toEqual([]);

    // Another guest gets the very same render (its nonce tells), and it hydrates for them too.
    // Every write a guest can see purges the whole cache, and the other specs publish while
    // this one runs: a render purged in between is fetched again, a few times at most.
    const second = await guestContext();
    const other = await second.newPage();
    let keptNonce = "";
    let firstHeaders = headers;
    for (let attempt = 0; attempt < 5 && keptNonce !== nonceOf(firstHeaders); attempt++) {
      if (attempt > 0) firstHeaders = (await (await page.reload())?.allHeaders()) ?? {};
      keptNonce = nonceOf((await (await other.goto(url))?.allHeaders()) ?? {});
    }
    expect(keptNonce).toBe(nonceOf(firstHeaders));
    await waitForHydration(other);
    expect(await cspViolations(other)).toEqual([]);

    // A reload revalidates with the ETag (a 304 from the server) and still hydrates.
    const reloaded = await page.reload();
    expect((await reloaded?.request().allHeaders())?.["if-none-match"]).toBe(firstHeaders.etag);
    await waitForHydration(page);
    await expect(page.getByRole("article")).toContainText("First words of the kept page.");
    expect(await cspViolations(page)).toEqual([]);

    // An edit reaches the next guest view at once.
    await writer.pb.collection("posts").update(post.id, { content: "Second words, edited." });
    await page.reload();
    await expect(page.getByRole("article")).toContainText("Second words, edited.");

    // A signed-in reader gets their own page, never the guests'.
    const author = await browser.newContext(signedIn("writer"));
    await useLanguage(author, lang);
    const own = await author.newPage();
    const ownResponse = await own.goto(url);
    expect((await ownResponse?.allHeaders())?.["cache-control"]).toBe("private, no-store");
    await waitForHydration(own);
    await expect(accountLink(own)).toBeVisible();
    await expect(own.locator("html")).toHaveAttribute("lang", lang);

    await Promise.all([first.close(), second.close(), author.close()]);
  });
}

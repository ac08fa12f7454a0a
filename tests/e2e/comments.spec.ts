/**
 * Issue 26, comments in the browser: a reader comments under a live post and is told their
 * comment waits for the author's approval (it shows to them, marked); the post's author
 * approves it from `/writing/comments` (no serious or critical axe violation there, in light
 * and dark), then answers it from the post's own reply form, and the reader, who asked to be
 * told of replies, gets a mail at the suite's real SMTP server, and sees both arrive live on
 * the page they kept open; a guest then reads both on the post with JavaScript off. One language: the flow does not differ by language (the page
 * tests cover French).
 */
import { expect, test } from "@playwright/test";
import { CATALOGS, fill, oneLanguage, useLanguage } from "./support/app.ts";
import { waitForMail } from "./support/mail.ts";
import { createAccount, signedInState, signInAs, uniqueName } from "./support/test-accounts.ts";
import { seriousViolations } from "./support/axe.ts";

for (const lang of oneLanguage("en")) {
  test(`a held comment, approved by the author, read by a guest without JavaScript (${lang})`, async ({
    browser,
  }) => {
    // Four people's pages, a moderation page scanned twice by axe, a reply and its mail.
    test.setTimeout(90_000);
    const C = CATALOGS[lang].comments;
    const run = uniqueName("cmt_");
    const title = `Comments welcome ${run}`;
    const words = `A thought about ${run}`;

    const writer = await createAccount({ lang, role: "writer", verified: true });
    const writerClient = await signInAs(writer.email, writer.password);
    const post = await writerClient.collection("posts").create<{ slug: string }>({
      author: writer.id,
      title,
      content: "Say what you think.",
      status: "published",
    });
    const postPath = `/post/${writer.username}/${post.slug}`;

    // A reader's first comment is held: the page says so and shows it to them, marked.
    const reader = await createAccount({ lang, verified: true });
    const readerContext = await browser.newContext({ storageState: await signedInState(reader) });
    await useLanguage(readerContext, lang);
    const readerPage = await readerContext.newPage();
    await readerPage.goto(postPath);
    const comments = readerPage.getByRole("region", { name: fill(C.section.title_zero) });
    await comments.getByLabel(C.form.comment).fill(words);
    await comments.getByLabel(C.form.notify).check();
    await comments.getByRole("button", { name: C.form.send }).click();
    await expect(readerPage).toHaveURL(/\?comment=held#comments$/);
    await expect(readerPage.getByRole("status").filter({ hasText: C.outcome.held })).toBeVisible();
    const mine = readerPage.getByTestId("comment").filter({ hasText: words });
    await expect(mine.getByText(C.item.pending)).toBeVisible();
    // The reader keeps the page open: what follows reaches it live.

    // The author approves it from the moderation page, by its labelled checkbox.
    const writerContext = await browser.newContext({ storageState: await signedInState(writer) });
    await useLanguage(writerContext, lang);
    const writerPage = await writerContext.newPage();
    await writerPage.goto("/writing/comments");
    await expect(writerPage.getByRole("heading", { level: 1 })).toHaveText(C.moderation.title);
    for (const colorScheme of ["light", "dark"] as const) {
      await writerPage.emulateMedia({ colorScheme });
      expect.soft(await seriousViolations(writerPage), colorScheme).toEqual([]);
    }
    await writerPage
      .getByRole("checkbox", { name: fill(C.moderation.select, { name: reader.name }) })
      .first()
      .check();
    await writerPage.getByRole("button", { name: C.moderation.approve, exact: true }).click();
    await expect(
      writerPage.getByRole("status").filter({ hasText: fill(C.moderation.done_one, { count: 1 }) }),
    ).toBeVisible();

    // The author answers it under the post; the reader, who asked, is mailed the reply.
    const answer = `Thank you for ${run}`;
    await writerPage.goto(postPath);
    const comment = writerPage.getByTestId("comment").filter({ hasText: words });
    await comment.getByText(C.item.reply, { exact: true }).click();
    await comment.getByLabel(C.form.reply).fill(answer);
    await comment.getByRole("button", { name: C.form.sendReply }).click();
    await expect(
      writerPage.getByTestId("comment").filter({ hasText: answer }).last(),
    ).toBeVisible();
    const mail = await waitForMail(reader.email);
    expect(mail.subject).toContain(title);
    expect(mail.text).toContain(answer);
    await writerContext.close();

    // Live, on the page the reader kept open: their comment approved, the answer under it,
    // the heading's count, and a polite announcement.
    await expect(
      readerPage.getByTestId("comment").filter({ hasText: answer }).last(),
    ).toBeVisible();
    await expect(mine.getByText(C.item.pending)).toHaveCount(0);
    await expect(
      readerPage.getByRole("heading", { name: fill(C.section.title_other, { count: 2 }) }),
    ).toBeVisible();
    await expect(readerPage.getByTestId("comments-announcer")).not.toBeEmpty();
    await readerContext.close();

    // A guest reads it on the post with JavaScript off.
    const guestContext = await browser.newContext({ javaScriptEnabled: false });
    await useLanguage(guestContext, lang);
    const guestPage = await guestContext.newPage();
    await guestPage.goto(postPath);
    const shown = guestPage.getByRole("region", {
      name: fill(C.section.title_other, { count: 2 }),
    });
    await expect(shown.getByText(words)).toBeVisible();
    await expect(shown.getByText(answer)).toBeVisible();
    await expect(shown.getByText(reader.name)).toBeVisible();
    await expect(shown.getByText(C.item.pending)).toHaveCount(0);
    await guestContext.close();
  });
}

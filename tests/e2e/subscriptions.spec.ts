/**
 * Issue 26, email subscriptions in the browser, end to end through the suite's real SMTP
 * server: a guest subscribes from the blog's form, confirms with the button of the page the
 * confirmation mail links; a post published then reaches them once, its mail carrying RFC
 * 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`; the `POST` to that address
 * unsubscribes them, and the next post is not mailed to them (a control subscriber's copy of
 * it shows the sending is done). The blog's form, the confirmation, manage and unsubscribe
 * pages and the admin's subscribers page have no serious or critical axe violation in light
 * and dark, and the manage page fits a 360 px screen. A superuser sets the sending pace on
 * `/admin/settings` (a refused value said under its field; saved again as the suite runs).
 *
 * The blog's subscribers are mailed every post of the instance, other specs' included: the
 * mails are told apart by this run's post titles.
 */
import { expect, test, type Page } from "@playwright/test";
import { CATALOGS, oneLanguage, open, signedIn, useLanguage } from "./support/app.ts";
import { linkIn, mailTo, waitForMail } from "./support/mail.ts";
import { createAccount, signInAs, uniqueName } from "./support/test-accounts.ts";
import { seriousViolations } from "./support/axe.ts";

/** The page scanned in light, then in dark. */
async function scanBothSchemes(page: Page, what: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect.soft(await seriousViolations(page), `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The first mail to `to` whose subject or text names `title` (waits for it). */
async function mailAbout(to: string, title: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = mailTo(to).find((mail) => `${mail.subject}\n${mail.text}`.includes(title));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail about "${title}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const lang of oneLanguage("en")) {
  test(`subscribe, confirm, get a post once, unsubscribe in one click (${lang})`, async ({
    browser,
  }) => {
    test.slow();
    const S = CATALOGS[lang].subscriptions;
    const run = uniqueName("subs_");
    const reader = `${run}@e2e.example.com`;
    const first = `Subscribed news ${run}`;
    const second = `After leaving ${run}`;

    // A guest subscribes from the blog, without an account.
    const context = await browser.newContext();
    await useLanguage(context, lang);
    const page = await context.newPage();
    await page.goto("/blog");
    const form = page.getByRole("region", { name: S.form.heading.blog });
    await scanBothSchemes(page, "/blog");
    await form.getByLabel(S.form.email).fill(reader);
    await form.getByRole("button", { name: S.form.submit }).click();
    await expect(page).toHaveURL(/\/blog\?subscribe=check#subscribe$/);
    await expect(form.getByRole("status")).toHaveText(S.form.outcome.check);

    // The confirmation mail's page confirms with its button only.
    const confirmation = await waitForMail(reader);
    await page.goto(linkIn(confirmation, "/subscriptions/confirm", "token"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(S.confirm.title);
    await scanBothSchemes(page, "/subscriptions/confirm");
    await page.getByRole("button", { name: S.confirm.submit }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(S.confirm.done);

    // A control subscriber, subscribed with one click as a verified account.
    const control = await createAccount({ lang, verified: true });
    const controlClient = await signInAs(control.email, control.password);
    await controlClient.send("/api/subscriptions", {
      method: "POST",
      body: { email: control.email, target: "blog", locale: lang },
    });

    // A post goes live: the reader gets it once, with one-click unsubscribe headers.
    const writer = await createAccount({ lang, role: "writer", verified: true });
    const writerClient = await signInAs(writer.email, writer.password);
    const publish = (title: string) =>
      writerClient.collection("posts").create({
        author: writer.id,
        title,
        content: `The text of ${title}.`,
        status: "published",
      });
    await publish(first);
    const mail = await mailAbout(reader, first);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = /^<(https?:\/\/[^>]+)>$/.exec(
      mail.headers["list-unsubscribe"] ?? "",
    )?.[1];
    expect(unsubscribeUrl).toContain("/api/subscriptions/unsubscribe?token=");

    // The mail's manage link: the subscription, on a phone too.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(linkIn(mail, "/subscriptions/manage", "token"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(S.manage.title);
    await expect(page.getByText(S.status.confirmed)).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await scanBothSchemes(page, "/subscriptions/manage");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The mail's unsubscribe link opens a page whose GET changes nothing.
    await page.goto(linkIn(mail, "/subscriptions/unsubscribe", "token"));
    await expect(page.getByRole("button", { name: S.unsubscribe.submit })).toBeVisible();
    await scanBothSchemes(page, "/subscriptions/unsubscribe");

    // One click in the mail program: a POST to the List-Unsubscribe address.
    const oneClick = await page.request.post(unsubscribeUrl ?? "", {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(204);

    // The admin sees the reader unsubscribed among the blog's subscribers.
    const admin = await browser.newContext(signedIn("admin"));
    await useLanguage(admin, lang);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/writing/subscribers?target=blog&q=${encodeURIComponent(run)}`);
    await expect(adminPage.getByRole("listitem").filter({ hasText: reader })).toContainText(
      S.status.unsubscribed,
    );
    await scanBothSchemes(adminPage, "/writing/subscribers");
    await admin.close();

    // The next post reaches the control subscriber and not the reader.
    await publish(second);
    await mailAbout(control.email, second);
    const about = (title: string) =>
      mailTo(reader).filter((m) => `${m.subject}\n${m.text}`.includes(title));
    expect(about(first)).toHaveLength(1);
    expect(about(second)).toEqual([]);
    await context.close();
  });
}

for (const lang of oneLanguage("en")) {
  test(`a superuser sets the subscription emails' pace (${lang})`, async ({ browser }) => {
    const S = CATALOGS[lang].subscriptions.settings;
    const context = await browser.newContext(signedIn("superuser"));
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, "/admin/settings");
    const section = page.getByRole("region", { name: S.heading });
    const batch = section.getByLabel(S.batchSize);
    // Refused by the API: said under the field, nothing saved.
    await batch.fill("0");
    await section.getByRole("button", { name: S.save }).click();
    await expect(batch).toHaveAttribute("aria-invalid", "true");
    // The values the suite runs with, saved again: the form says so.
    await batch.fill("100");
    await section.getByLabel(S.ratePerMinute).fill("600");
    await section.getByRole("button", { name: S.save }).click();
    await expect(section.getByRole("status")).toHaveText(S.saved);
    await expect(batch).not.toHaveAttribute("aria-invalid", "true");
    await context.close();
  });
}

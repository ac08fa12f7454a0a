/**
 * Email subscriptions in the pages, rendered by the server with the real API (ADR 065): the
 * subscribe form of the blog, an author's profile and a public collection, sent without
 * JavaScript (post, redirect, "check your mailbox"; a refusal keeps the address; a signed-in
 * reader subscribes with one click), the confirmation mail's page (a GET confirms nothing, its
 * button does), the unsubscribe page (a GET unsubscribes nobody), the manage page (frequency,
 * unsubscribe, subscribe again), and every bad link (missing, forged, expired, of another
 * purpose, someone else's subscription): a clear message with a 4xx, never a 500. English and
 * French; the link pages are never kept by the page cache.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { startMailCatcher, tokenFromLink, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { authCookie, type Login, mainOf as main } from "#tests/helpers/pages.ts";
import { subscriptionToken } from "#tests/helpers/subscription-links.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** The subscribe form's section of a page (`""` when there is none). */
function subscribeSection(html: string): string {
  const start = html.indexOf('<section id="subscribe"');
  return start === -1 ? "" : html.slice(start, html.indexOf("</section>", start));
}

const DAY = 86_400_000;

describe.each(DIALECTS)("email subscriptions in the pages (%s)", (dialect) => {
  let catcher: MailCatcher;
  let app: TestApp;
  let root: Login;
  let wanda: Login;
  let publicCollection = "";
  let privateCollection = "";

  const page = (url: string, cookie = "locale=en") =>
    app.http.inject({ method: "GET", url, headers: { cookie } });
  const send = (url: string, form: Record<string, string>, cookie = "locale=en") =>
    app.http.inject({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(form).toString(),
    });
  /** The subscriptions of an address, as a superuser reads them. */
  const subscriptionsOf = async (email: string) => {
    const res = await app.http.inject({
      method: "GET",
      url: `/api/collections/subscriptions/records?filter=${encodeURIComponent(`email="${email}"`)}&sort=target`,
      headers: { authorization: root.token },
    });
    return res.json<{
      items: { id: string; target: string; status: string; frequency: string }[];
    }>().items;
  };

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await createTestApp(dialect, { SMTP_URL: catcher.url });
    root = await app.createSuperuser();
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    // A reader without posts: their profile offers nothing to follow.
    await app.createUser({ username: "paul" });
    publicCollection = String(
      (
        await app.seedRecord("collections", {
          owner: wanda.record.id,
          title: "Garden notes",
          name: "garden",
          visibility: "public",
        })
      ).id,
    );
    privateCollection = String(
      (
        await app.seedRecord("collections", {
          owner: wanda.record.id,
          title: "Diary",
          name: "diary",
          visibility: "private",
        })
      ).id,
    );
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  describe("the subscribe form", () => {
    it("sits on the blog, an author's profile and a public collection, labelled", async () => {
      const blog = subscribeSection((await page("/blog")).body);
      expect(blog).toContain("Get new posts by email");
      expect(blog).toMatch(/<form [^>]*action="\/blog#subscribe" method="post">/);
      expect(blog).toContain('name="target" value="blog"');
      expect(blog).toMatch(/<label for="([^"]+)"[^>]*>Email address<\/label><input id="\1"/);
      expect(blog).toMatch(/type="email"[^>]*required=""[^>]*name="email"/);
      expect(blog).toContain(">Subscribe</button>");

      const profile = subscribeSection((await page("/profile/wanda")).body);
      expect(profile).toContain("Get Wanda Writer’s new posts by email");
      expect(profile).toContain(`name="target" value="author:${String(wanda.record.id)}"`);

      const collection = subscribeSection((await page("/collection/wanda/garden")).body);
      expect(collection).toContain("Get new entries of Garden notes by email");
      expect(collection).toContain(`name="target" value="collection:${publicCollection}"`);
    });

    it("is absent where there is nothing to follow: a private collection, a reader's profile", async () => {
      const diary = await page("/collection/wanda/diary", authCookie(wanda));
      expect(diary.statusCode).toBe(200);
      expect(subscribeSection(diary.body)).toBe("");
      expect(subscribeSection((await page("/profile/paul")).body)).toBe("");
    });

    it("subscribes a guest without JavaScript: redirect, message, confirmation mail, pending", async () => {
      const sent = await send("/blog", {
        intent: "subscribe",
        target: "blog",
        email: "Guest@Example.com",
      });
      expect(sent.statusCode).toBe(302);
      expect(sent.headers.location).toBe("/blog?subscribe=check#subscribe");
      const after = subscribeSection((await page("/blog?subscribe=check")).body);
      expect(after).toMatch(
        /role="status"[^>]*>Check your mailbox to confirm: we sent you a link\./,
      );

      const mail = await catcher.waitForMail("guest@example.com");
      expect(tokenFromLink(mail.text, "/subscriptions/confirm", "token")).not.toBe("");
      expect(await subscriptionsOf("guest@example.com")).toMatchObject([
        { target: "blog", status: "pending" },
      ]);
    });

    it("keeps other query values and says it in French on a profile and a collection", async () => {
      const sent = await send(
        "/collection/wanda/garden?page=1",
        { intent: "subscribe", target: `collection:${publicCollection}`, email: "fr@example.com" },
        "locale=fr",
      );
      expect(sent.headers.location).toBe(
        "/collection/wanda/garden?page=1&subscribe=check#subscribe",
      );
      const after = subscribeSection(
        (await page("/collection/wanda/garden?page=1&subscribe=check", "locale=fr")).body,
      );
      expect(after).toContain("Consultez votre boîte mail pour confirmer\u00a0: nous vous avons");

      const author = await send("/profile/wanda", {
        intent: "subscribe",
        target: `author:${String(wanda.record.id)}`,
        email: "fan@example.com",
      });
      expect(author.headers.location).toBe("/profile/wanda?subscribe=check#subscribe");
      expect(await subscriptionsOf("fan@example.com")).toMatchObject([
        { target: `author:${String(wanda.record.id)}`, status: "pending" },
      ]);
    });

    it("refuses a malformed or empty address with a 400 and the form filled again", async () => {
      const res = await send("/blog", { intent: "subscribe", target: "blog", email: "not-mail" });
      expect(res.statusCode).toBe(400);
      const form = subscribeSection(res.body);
      expect(form).toMatch(/role="alert"[^>]*>Please check the email address\./);
      expect(form).toContain('value="not-mail"');
      expect(form).toContain('aria-invalid="true"');
      expect(await subscriptionsOf("not-mail")).toEqual([]);

      const empty = await send("/blog", { intent: "subscribe", target: "blog", email: " " });
      expect(empty.statusCode).toBe(400);
      expect(subscribeSection(empty.body)).toContain("Cannot be blank");
    });

    it("refuses a target that cannot be followed (a private collection, nonsense) with a 400", async () => {
      const hidden = await send("/collection/wanda/garden", {
        intent: "subscribe",
        target: `collection:${privateCollection}`,
        email: "nosy@example.com",
      });
      expect(hidden.statusCode).toBe(400);
      expect(subscribeSection(hidden.body)).toContain(
        "This page cannot be subscribed to any more.",
      );
      const nonsense = await send("/blog", { target: "everything", email: "nosy@example.com" });
      expect(nonsense.statusCode).toBe(400);
      expect(await subscriptionsOf("nosy@example.com")).toEqual([]);
    });

    it("lets a signed-in reader subscribe their verified address with one click", async () => {
      const vera = await createAccount(app, {
        username: "vera",
        email: "vera@example.com",
        verified: true,
      });
      const form = subscribeSection((await page("/blog", authCookie(vera))).body);
      expect(form).toContain("New posts will be sent to vera@example.com.");
      expect(form).not.toContain('type="email"');
      expect(form).toContain('type="hidden" name="email" value="vera@example.com"');

      const sent = await send(
        "/blog",
        { intent: "subscribe", target: "blog", email: "vera@example.com" },
        authCookie(vera),
      );
      expect(sent.headers.location).toBe("/blog?subscribe=done#subscribe");
      expect(
        subscribeSection((await page("/blog?subscribe=done", authCookie(vera))).body),
      ).toContain("You are subscribed.");
      expect(await subscriptionsOf("vera@example.com")).toMatchObject([
        { target: "blog", status: "confirmed" },
      ]);
    });

    it("points the end of a post at the blog's form", async () => {
      await app.seedRecord("posts", {
        author: wanda.record.id,
        title: "Hello",
        content: "Hello.",
        status: "published",
        publishedAt: "2024-01-01 08:00:00.000Z",
      });
      const post = main((await page("/post/wanda/hello")).body);
      expect(post).toMatch(/href="\/blog#subscribe"[^>]*>Subscribe by email</);
    });
  });

  describe("the confirmation page", () => {
    it("confirms nothing on GET; its button confirms and redirects", async () => {
      await send("/blog", { intent: "subscribe", target: "blog", email: "ada@example.com" });
      const mail = await catcher.waitForMail("ada@example.com");
      const token = tokenFromLink(mail.text, "/subscriptions/confirm", "token");
      const url = `/subscriptions/confirm?token=${encodeURIComponent(token)}`;

      const shown = await page(url);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers["cache-control"]).toContain("no-store");
      expect(main(shown.body)).toMatch(
        /<form method="post"><input type="hidden" name="token" value="[^"]+"\/><button type="submit"[^>]*>Confirm my subscription</,
      );
      expect(await subscriptionsOf("ada@example.com")).toMatchObject([{ status: "pending" }]);

      const confirmed = await send(url, { token });
      expect(confirmed.statusCode).toBe(302);
      expect(confirmed.headers.location).toBe("/subscriptions/confirm?confirmed=1");
      expect(main((await page("/subscriptions/confirm?confirmed=1")).body)).toContain(
        "Your subscription is confirmed.",
      );
      expect(await subscriptionsOf("ada@example.com")).toMatchObject([{ status: "confirmed" }]);
    });

    it("says a missing, forged, expired or foreign link is of no use, with a 400", async () => {
      const missing = await page("/subscriptions/confirm");
      expect(missing.statusCode).toBe(400);
      expect(main(missing.body)).toContain("This link is incomplete.");
      expect(main(missing.body)).not.toContain("<button");

      const expired = await subscriptionToken(app, "confirm", "old@example.com", ["blog"], 8 * DAY);
      const manage = await subscriptionToken(app, "manage", "old@example.com");
      for (const token of ["forged.token", `${expired}x`, expired, manage]) {
        const res = await send(`/subscriptions/confirm?token=${encodeURIComponent(token)}`, {
          token,
        });
        expect(res.statusCode).toBe(400);
        expect(main(res.body)).toContain("This link is invalid or has expired.");
      }
      const none = await send("/subscriptions/confirm", {});
      expect(none.statusCode).toBe(400);
    });

    it("speaks French", async () => {
      const token = await subscriptionToken(app, "confirm", "fr@example.com", ["blog"]);
      const res = await page(`/subscriptions/confirm?token=${token}`, "locale=fr");
      expect(main(res.body)).toContain("Confirmer mon abonnement");
      const bad = await send("/subscriptions/confirm?token=x", { token: "x" }, "locale=fr");
      expect(main(bad.body)).toContain("Ce lien n’est pas valide ou a expiré.");
    });
  });

  describe("the unsubscribe page", () => {
    it("unsubscribes nobody on GET; its button unsubscribes and redirects", async () => {
      const email = "leaving@example.com";
      await app.seedRecord("subscriptions", { email, target: "blog", status: "confirmed" });
      const token = await subscriptionToken(app, "unsubscribe", email, ["blog"]);
      const url = `/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;

      const shown = await page(url);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers["cache-control"]).toContain("no-store");
      expect(main(shown.body)).toMatch(/<button type="submit"[^>]*>Unsubscribe</);
      expect(await subscriptionsOf(email)).toMatchObject([{ status: "confirmed" }]);

      const done = await send(url, { token });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/subscriptions/unsubscribe?unsubscribed=1");
      expect(main((await page("/subscriptions/unsubscribe?unsubscribed=1")).body)).toContain(
        "You are unsubscribed.",
      );
      expect(await subscriptionsOf(email)).toMatchObject([{ status: "unsubscribed" }]);
    });

    it("refuses a forged or confirmation link with a 400 and a message", async () => {
      const confirm = await subscriptionToken(app, "confirm", "x@example.com", ["blog"]);
      for (const token of ["nope", confirm]) {
        const res = await send("/subscriptions/unsubscribe", { token });
        expect(res.statusCode).toBe(400);
        expect(main(res.body)).toContain("This link is invalid or has expired.");
      }
      const missing = await page("/subscriptions/unsubscribe");
      expect(missing.statusCode).toBe(400);
      expect(main(missing.body)).toContain("This link is incomplete.");
    });
  });

  describe("the manage page", () => {
    const email = "many@example.com";
    let blogId = "";
    let authorId = "";
    let token = "";
    const manage = () => `/subscriptions/manage?token=${encodeURIComponent(token)}`;

    beforeAll(async () => {
      blogId = String(
        (await app.seedRecord("subscriptions", { email, target: "blog", status: "confirmed" })).id,
      );
      authorId = String(
        (
          await app.seedRecord("subscriptions", {
            email,
            target: `author:${String(wanda.record.id)}`,
            owner: wanda.record.id,
            status: "confirmed",
          })
        ).id,
      );
      token = await subscriptionToken(app, "manage", email);
    });

    it("lists every subscription of the address with its forms", async () => {
      const res = await page(manage());
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toContain("no-store");
      const html = main(res.body);
      expect(html).toContain("Every subscription of many@example.com.");
      expect(html).toContain(`id="subscription-${blogId}"`);
      expect(html).toContain(`id="subscription-${authorId}"`);
      expect(html).toContain("Wanda Writer");
      expect(html).toMatch(/<label for="subscription-[^"]+-frequency"[^>]*>How often for /);
      expect(html).toContain('<option value="weekly">Weekly digest</option>');
      expect(html.match(/>Unsubscribe<\/button>/g)).toHaveLength(2);
    });

    it("changes the frequency, unsubscribes and subscribes again, each through a redirect", async () => {
      const weekly = await send(manage(), {
        token,
        id: blogId,
        intent: "frequency",
        frequency: "weekly",
      });
      expect(weekly.statusCode).toBe(302);
      expect(weekly.headers.location).toBe(
        `/subscriptions/manage?token=${encodeURIComponent(token)}&changed=${blogId}#subscription-${blogId}`,
      );
      expect(main((await page(String(weekly.headers.location))).body)).toContain(
        "Your change is saved.",
      );
      expect((await subscriptionsOf(email)).find((s) => s.id === blogId)).toMatchObject({
        frequency: "weekly",
        status: "confirmed",
      });

      await send(manage(), { token, id: authorId, intent: "unsubscribe" });
      expect((await subscriptionsOf(email)).find((s) => s.id === authorId)?.status).toBe(
        "unsubscribed",
      );
      expect(main((await page(manage())).body)).toContain(">Subscribe again</button>");

      await send(manage(), { token, id: authorId, intent: "resubscribe" });
      expect((await subscriptionsOf(email)).find((s) => s.id === authorId)?.status).toBe(
        "confirmed",
      );
    });

    it("refuses someone else's subscription, a bad form and a bad link, never with a 500", async () => {
      const other = await app.seedRecord("subscriptions", {
        email: "other@example.com",
        target: "blog",
        status: "confirmed",
      });
      const foreign = await send(manage(), { token, id: String(other.id), intent: "unsubscribe" });
      expect(foreign.statusCode).toBe(404);
      expect(main(foreign.body)).toContain("This link is invalid or has expired.");
      expect((await subscriptionsOf("other@example.com"))[0]?.status).toBe("confirmed");

      const unknown = await send(manage(), { token, id: blogId, intent: "delete" });
      expect(unknown.statusCode).toBe(400);
      expect(main(unknown.body)).toContain("This change could not be made.");

      const expired = await subscriptionToken(app, "manage", email, [], 731 * DAY);
      const old = await page(`/subscriptions/manage?token=${encodeURIComponent(expired)}`);
      expect(old.statusCode).toBe(400);
      expect(main(old.body)).toContain("This link is invalid or has expired.");
      expect(main(old.body)).not.toContain("many@example.com");

      const missing = await page("/subscriptions/manage");
      expect(missing.statusCode).toBe(400);
      expect(main(missing.body)).toContain("This link is incomplete.");
    });
  });
});

/**
 * Mail to subscribers (ADR 065) on every engine, through a real SMTP server: a post going
 * live reaches each confirmed subscriber once (HTML and text, absolute addresses, read,
 * comment and manage links, RFC 8058 headers), one-click unsubscribe stops the next one,
 * `skipMail`, edits and republishing mail nothing, a 5xx suppresses the address, a 4xx is
 * retried, the pacer is asked before each send, a scheduled post is noticed by `posts.live`,
 * entries reach a collection's subscribers, weekly subscribers get a digest, and a batch
 * stopped midway neither skips nor mails twice (`_deliveries`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { JobQueue } from "#server/core/jobs/job-queue.ts";
import { mailSite } from "#server/core/mail/mail-layout.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import { formatDate } from "#server/core/records/values.ts";
import { MailedItems } from "./mailed-items.ts";
import { Pacer } from "./pacer.ts";
import { SubscriptionSender } from "./subscription-sending.ts";
import { SubscriptionTokens } from "./subscription-tokens.ts";
import { PooledSmtpTransport } from "./subscription-transport.ts";
import { startMailCatcher, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const posts = requireCollection("posts");
const subscriptions = requireCollection("subscriptions");
let slugs = 0;

describe.each(DIALECTS)("subscription mail (%s)", (dialect) => {
  let app: TestApp;
  let catcher: MailCatcher;
  let alice = "";
  /** Addresses the catcher refuses, with the code (451 only once). */
  const refusals = new Map<string, number>();

  async function subscribe(email: string, target: string, frequency = "each") {
    await app.records.create(subscriptions, operatorRequest(), {
      email,
      target,
      owner: target.startsWith("author:") ? target.slice(7) : "",
      locale: "en",
      status: "confirmed",
      frequency,
    });
  }

  async function publish(data: Record<string, unknown> = {}) {
    slugs += 1;
    return app.records.create(posts, operatorRequest(), {
      author: alice,
      title: `Post ${slugs}`,
      slug: `post-${slugs}`,
      content: `Hello **${slugs}**.\n\n![A leaf](/api/files/posts/abc/leaf.png)`,
      status: "published",
      ...data,
    });
  }

  async function deliveries(message: string) {
    return app.db.kysely
      .selectFrom("_deliveries")
      .selectAll()
      .where("message", "=", message)
      .execute();
  }

  beforeAll(async () => {
    catcher = await startMailCatcher({
      refuse: (address) => {
        const code = refusals.get(address);
        if (code === undefined) return null;
        if (code < 500) refusals.delete(address);
        return { code, message: code < 500 ? "Try again later" : "No such user" };
      },
    });
    app = await createTestApp(dialect, { SMTP_URL: catcher.url, APP_URL: "https://blog.example" });
    await app.settings.update({ subscriptions: { ratePerMinute: 1_000_000 } });
    alice = String(
      (await app.createUser({ username: "alice", role: "writer", name: "Alice" })).record.id,
    );
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it("mails a published post once to each confirmed subscriber, whole, with RFC 8058 headers", async () => {
    await subscribe("one@example.com", "blog");
    await subscribe("both@example.com", "blog");
    await subscribe("both@example.com", `author:${alice}`);
    await app.records.create(subscriptions, operatorRequest(), {
      email: "pending@example.com",
      target: "blog",
      locale: "en",
      status: "pending",
      frequency: "each",
    });
    const pacer = vi.spyOn(app.subscriptions.pacer, "take");
    const post = await publish();
    await app.jobs.drain();
    expect(pacer).toHaveBeenCalledTimes(2);
    const mail = await catcher.waitForMail("one@example.com", String(post.title));
    expect(mail.subject).toBe(post.title);
    expect(mail.html).toContain('src="https://blog.example/api/files/posts/abc/leaf.png"');
    expect(mail.html).toContain("<strong>");
    expect(mail.html).toContain("https://blog.example/post/alice/");
    expect(mail.html).toContain(`/post/alice/${String(post.slug)}#comments`);
    expect(mail.text).toContain("https://blog.example/subscriptions/manage?token=");
    expect(mail.text).toContain("![A leaf](https://blog.example/api/files/posts/abc/leaf.png)");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      /^<https:\/\/blog\.example\/api\/subscriptions\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await catcher.waitForMail("both@example.com", String(post.title));
    expect(catcher.unread("both@example.com")).toEqual([]);
    expect(catcher.unread("pending@example.com")).toEqual([]);
    expect((await deliveries(`post:${String(post.id)}`)).map((d) => d.state)).toEqual([
      "sent",
      "sent",
    ]);

    // One click (the mail program's POST) unsubscribes: the next post is not mailed there.
    const link = new URL((mail.headers["list-unsubscribe"] ?? "").slice(1, -1));
    const res = await app.http.inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(204);
    const next = await publish();
    await app.jobs.drain();
    await catcher.waitForMail("both@example.com", String(next.title));
    expect(catcher.unread("one@example.com")).toEqual([]);
    pacer.mockRestore();
  });

  it("mails nothing for skipMail, for an edit after publication, or for publishing again", async () => {
    await subscribe("quiet@example.com", "blog");
    const skipped = await publish({ skipMail: true });
    const post = await publish();
    await app.jobs.drain();
    await catcher.waitForMail("quiet@example.com", String(post.title));
    await app.records.update(posts, operatorRequest(), String(post.id), { title: "Edited" });
    await app.records.update(posts, operatorRequest(), String(post.id), { status: "draft" });
    await app.records.update(posts, operatorRequest(), String(post.id), { status: "published" });
    await app.records.update(posts, operatorRequest(), String(skipped.id), {
      title: "Still quiet",
    });
    await app.jobs.drain();
    expect(catcher.unread("quiet@example.com")).toEqual([]);
    expect(await deliveries(`post:${String(skipped.id)}`)).toEqual([]);
  });

  it("suppresses an address its server refuses for good (5xx) and retries a 4xx later", async () => {
    await subscribe("gone@example.com", "blog");
    await subscribe("later@example.com", "blog");
    refusals.set("gone@example.com", 550);
    refusals.set("later@example.com", 451);
    const post = await publish();
    await app.jobs.drain();
    const message = `post:${String(post.id)}`;
    const states = Object.fromEntries((await deliveries(message)).map((d) => [d.email, d.state]));
    expect(states["gone@example.com"]).toBe("refused");
    expect(states["later@example.com"]).toBe("sending");
    const gone = await app.db.kysely
      .selectFrom("subscriptions")
      .select("status")
      .where("email", "=", "gone@example.com")
      .execute();
    expect(gone).toEqual([{ status: "suppressed" }]);
    // The batch waits for the queue's backoff; bring its time forward.
    const waiting = await app.db.kysely
      .selectFrom("_jobs")
      .selectAll()
      .where("kind", "=", "subscriptions.batch")
      .where("state", "=", "queued")
      .execute();
    expect(waiting).toHaveLength(1);
    expect(String(waiting[0]?.lastError)).toContain("Try again later");
    await app.db.kysely
      .updateTable("_jobs")
      .set({ runAt: formatDate(new Date(Date.now() - 1000)) })
      .where("id", "=", String(waiting[0]?.id))
      .execute();
    await app.jobs.drain();
    await catcher.waitForMail("later@example.com", String(post.title));
    expect(catcher.unread("gone@example.com")).toEqual([]);
    const next = await publish();
    await app.jobs.drain();
    await catcher.waitForMail("later@example.com", String(next.title));
    expect(await deliveries(`post:${String(next.id)}`)).not.toContainEqual(
      expect.objectContaining({ email: "gone@example.com" }),
    );
  });

  it("notices a scheduled post when its time comes (posts.live) and tells its listeners", async () => {
    await subscribe("scheduled@example.com", `author:${alice}`);
    await app.subscriptions.postsLive.sweep();
    const told: unknown[] = [];
    const off = app.subscriptions.postsLive.on((post) => {
      told.push(post.id);
      return Promise.resolve();
    });
    const post = await publish({ publishedAt: formatDate(new Date(Date.now() + 1500)) });
    await app.jobs.drain();
    expect(catcher.unread("scheduled@example.com")).toEqual([]);
    // Swept again and again, as the minute job would, until a sweep's window holds the
    // scheduled time: that sweep, and only it, tells of the post.
    await expect
      .poll(() => app.subscriptions.postsLive.sweep(), { timeout: 10_000, interval: 100 })
      .toBe(1);
    off();
    expect(told).toEqual([post.id]);
    await app.jobs.drain();
    await catcher.waitForMail("scheduled@example.com", String(post.title));
  });

  it("mails a public entry to its collection's subscribers, and a weekly digest to weekly ones", async () => {
    const garden = await app.seedRecord("collections", {
      owner: alice,
      name: "garden",
      title: "Garden",
      visibility: "public",
    });
    await subscribe("garden@example.com", `collection:${String(garden.id)}`);
    await subscribe("weekly@example.com", "blog", "weekly");
    const entry = await app.seedRecord("entries", {
      author: alice,
      name: "first-frost",
      title: "First frost",
      content: "Cold.",
      collection: garden.id,
      visibility: "public",
    });
    const post = await publish({ title: "Weekly news" });
    await app.jobs.drain();
    const mail = await catcher.waitForMail("garden@example.com", "First frost");
    expect(mail.text).toContain("A new entry in Garden");
    expect(mail.text).toContain("https://blog.example/entry/alice/first-frost");
    expect(catcher.unread("weekly@example.com")).toEqual([]);
    const period = new Date(Date.now() + 60_000).toISOString();
    await app.jobs.enqueue("subscriptions.digest", { period });
    await app.jobs.drain();
    const digest = await catcher.waitForMail("weekly@example.com", "This week on");
    expect(digest.text).toContain(String(post.title));
    expect(digest.text).not.toContain(String(entry.title));
    expect(digest.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // The same period again: nobody gets a second digest.
    await app.jobs.enqueue("subscriptions.digest", { period }, { key: "again" });
    await app.jobs.drain();
    expect(catcher.unread("weekly@example.com")).toEqual([]);
  });
});

describe.each(DIALECTS)("a subscription batch stopped midway (%s)", (dialect) => {
  let app: TestApp;
  let catcher: MailCatcher;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await createTestApp(dialect, { SMTP_URL: catcher.url });
    // Only this test's queues run jobs.
    await app.jobs.close();
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it("neither skips anyone nor mails anyone twice but the message in flight", async () => {
    const author = String((await app.createUser({ username: "carol", role: "writer" })).record.id);
    const count = 30;
    for (let n = 0; n < count; n++)
      await app.records.create(subscriptions, operatorRequest(), {
        email: `reader${String(n).padStart(2, "0")}@example.com`,
        target: "blog",
        locale: "en",
        status: "confirmed",
        frequency: "each",
      });
    const post = await app.records.create(posts, operatorRequest(), {
      author,
      title: "Crash course",
      slug: "crash-course",
      content: "Text.",
      status: "published",
    });
    const transport = new PooledSmtpTransport(catcher.url, () => "blog@example.com");
    const stop: { closing?: Promise<void> } = {};
    let sent = 0;
    const sender = (queue: JobQueue, stopAfter: number | null) =>
      new SubscriptionSender({
        db: app.db,
        records: app.records,
        queue,
        items: new MailedItems(app.records),
        tokens: new SubscriptionTokens("secret"),
        transport: {
          send: async (message) => {
            await transport.send(message);
            sent += 1;
            if (sent === stopAfter) stop.closing = queue.close();
          },
          close: () => Promise.resolve(),
        },
        pacer: new Pacer(() => 1_000_000),
        settings: () => ({ ratePerMinute: 1_000_000, batchSize: 7 }),
        site: () => mailSite("https://blog.example", "Cahier"),
      });
    const stopping = new JobQueue(app.db, { graceMs: 0 });
    const first = sender(stopping, 12);
    first.define();
    expect(await first.announce(`post:${String(post.id)}`)).toBe(true);
    expect(await first.announce(`post:${String(post.id)}`)).toBe(false);
    stopping.start();
    for (let turn = 0; turn < 200 && !stop.closing; turn++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await stop.closing;
    const message = `post:${String(post.id)}`;
    const midway = await app.db.kysely
      .selectFrom("_deliveries")
      .selectAll()
      .where("message", "=", message)
      .execute();
    expect(midway.filter((d) => d.state === "sent").length).toBeGreaterThanOrEqual(11);
    expect(midway.filter((d) => d.state === "sent").length).toBeLessThan(count);

    // The next process takes the handed-back batches up.
    const next = new JobQueue(app.db);
    sender(next, null).define();
    next.start();
    for (let turn = 0; turn < 100; turn++) {
      await next.drain();
      const done = await app.db.kysely
        .selectFrom("_deliveries")
        .select("state")
        .where("message", "=", message)
        .where("state", "=", "sent")
        .execute();
      if (done.length === count) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await next.close();
    await transport.close();
    const rows = await app.db.kysely
      .selectFrom("_deliveries")
      .selectAll()
      .where("message", "=", message)
      .execute();
    expect(rows.map((d) => d.state)).toEqual(Array<string>(count).fill("sent"));
    const received = new Map<string, number>();
    for (const mail of catcher.messages)
      for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
    expect(received.size).toBe(count);
    // At most the messages in flight when it stopped (one per running batch) came twice.
    const twice = [...received.values()].filter((n) => n > 1);
    expect(twice.length).toBeLessThanOrEqual(2);
    expect(Math.max(...received.values())).toBeLessThanOrEqual(2);
  });
});

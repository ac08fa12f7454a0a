/**
 * What follows a comment write (ADR 065): realtime events only to whom the rules show the
 * comment (a held one reaches its commenter and the record's author, never a guest or another
 * reader); the anonymous page cache cleared by every change guests see (approving, editing an
 * approved comment, deleting it) and kept for the others; the mail through the job queue (a
 * held comment to the record's author in their language, or their daily digest; an approved
 * reply to a commenter who asked for it); and the cascades: a record's or an account's
 * comments go with it.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { PageCacheInvalidation } from "../../core/page-cache/page-cache-invalidation.ts";
import { PageCache } from "../../core/page-cache/page-cache.ts";
import type { MailMessage } from "../../core/mail/mailer.ts";
import { startRealtimeApp, type RealtimeTestApp } from "../realtime/realtime-fixtures.ts";

const COMMENTS = "/api/collections/comments/records";
const tick = () => new Promise((resolve) => setImmediate(resolve));
const contentOf = (data: string) =>
  (JSON.parse(data) as { record: { content: string } }).record.content;

describe.each(DIALECTS)("what follows a comment write (%s)", (dialect) => {
  let app: TestApp;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let post = "";
  const sent: MailMessage[] = [];

  const account = async (data: Parameters<TestApp["createUser"]>[0]) => {
    const made = await app.createUser(data);
    return { token: made.token, id: String(made.record.id) };
  };
  const comment = async (token: string, values: object) => {
    const res = await call(app, "POST", COMMENTS, token, {
      record: post,
      recordCollection: "posts",
      content: "Hello",
      ...values,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return String(res.json.id);
  };
  const patch = async (token: string, id: string, body: object) => {
    const res = await call(app, "PATCH", `${COMMENTS}/${id}`, token, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  const mailTo = (address: string) => sent.filter((m) => m.to === address);

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://cahier.example" });
    alice = await account({ username: "alice", role: "writer", name: "Alice" });
    bob = await account({ username: "bob", name: "Bob" });
    const res = await call(app, "POST", "/api/collections/posts/records", alice.token, {
      author: alice.id,
      title: "Garden notes",
      slug: "garden-notes",
      status: "published",
    });
    post = String(res.json.id);
  });
  // Vitest restores spies after each test: the transport is caught again before each.
  beforeEach(() => {
    vi.spyOn(app.mailer.transport, "deliver").mockImplementation((message) => {
      sent.push(message);
      return Promise.resolve();
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("clears the page cache for changes guests see, and only for those", async () => {
    const cache = new PageCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 10_000,
      sizeOf: (value) => value.length,
    });
    const invalidation = new PageCacheInvalidation({
      cache,
      records: app.records,
      bus: {
        publish: () => undefined,
        onMessage: () => undefined,
        onResync: () => undefined,
        close: () => Promise.resolve(),
      },
      reloadSettings: () => Promise.resolve(),
      log: () => undefined,
    });
    await invalidation.start();
    const purges = async (write: () => Promise<unknown>) => {
      cache.set("/post/alice/garden-notes", "page", cache.ticket());
      await write();
      await tick();
      return cache.get("/post/alice/garden-notes") === undefined;
    };
    try {
      const carol = await account({ username: "carol" });
      let held = "";
      expect(
        await purges(async () => (held = await comment(carol.token, { content: "Held" }))),
      ).toBe(false);
      expect(await purges(() => patch(carol.token, held, { content: "Held, edited" }))).toBe(false);
      expect(await purges(() => patch(alice.token, held, { status: "approved" }))).toBe(true);
      expect(await purges(() => patch(carol.token, held, { content: "Approved, edited" }))).toBe(
        true,
      );
      expect(await purges(() => call(app, "DELETE", `${COMMENTS}/${held}`, carol.token))).toBe(
        true,
      );
      const rejected = await comment(bob.token, { content: "To reject" });
      expect(await purges(() => patch(alice.token, rejected, { status: "rejected" }))).toBe(false);
    } finally {
      invalidation.close();
    }
  });

  it("mails the record's author a held comment once, in their language", async () => {
    await call(app, "PATCH", `/api/collections/users/records/${alice.id}`, alice.token, {
      locale: "fr",
    });
    const id = await comment(bob.token, { content: "Une première remarque" });
    const held = () =>
      mailTo("alice@example.com").filter((m) => m.text.includes("Une première remarque"));
    await vi.waitFor(() => {
      expect(held()).toHaveLength(1);
    });
    const [mail] = held();
    expect(mail?.subject).toBe("Un commentaire attend votre accord sur «\u00a0Garden notes\u00a0»");
    expect(mail?.text).toContain("Une première remarque");
    expect(mail?.text).toContain("https://cahier.example/writing/comments");
    expect(mail?.html).not.toContain("<script");
    // The queue marks the job done once its handler has returned, just after the mail left.
    await vi.waitFor(async () => {
      const jobs = await sql<{
        state: string;
      }>`SELECT "state" FROM "_jobs" WHERE "key" = ${`comments.held:${id}`}`.execute(app.db.kysely);
      expect(jobs.rows.map((r) => r.state)).toEqual(["done"]);
    });
  });

  it("sends a writer who chose the digest one mail a day instead", async () => {
    const dora = await account({ username: "dora", role: "writer" });
    await call(app, "PATCH", `/api/collections/users/records/${dora.id}`, dora.token, {
      commentDigest: true,
    });
    const res = await call(app, "POST", "/api/collections/posts/records", dora.token, {
      author: dora.id,
      title: "Dora's post",
      status: "published",
    });
    const dorasPost = String(res.json.id);
    for (const content of ["First for Dora", "Second for Dora"])
      expect(
        (
          await call(app, "POST", COMMENTS, bob.token, {
            record: dorasPost,
            recordCollection: "posts",
            content,
          })
        ).status,
      ).toBe(200);
    await tick();
    expect(mailTo("dora@example.com")).toHaveLength(0);
    await app.comments.mail.sweepDigests();
    await app.comments.mail.sweepDigests();
    await vi.waitFor(() => {
      expect(mailTo("dora@example.com")).toHaveLength(1);
    });
    const [digest] = mailTo("dora@example.com");
    expect(digest?.subject).toBe("2 comments await your approval on Cahier");
    expect(digest?.text).toContain("First for Dora");
    expect(digest?.text).toContain("Second for Dora");
  });

  it("mails a reply to a commenter who asked, once, and never one who did not", async () => {
    const asked = await comment(alice.token, { content: "Ask me", notifyReplies: true });
    const silent = await comment(alice.token, { content: "Leave me", notifyReplies: false });
    const erin = await account({ username: "erin" });
    const reply = await comment(erin.token, { parent: asked, content: "A held reply" });
    await comment(erin.token, { parent: silent, content: "Unheard" });
    await tick();
    expect(
      sent.filter(
        (m) =>
          m.text.includes("A held reply") &&
          m.to === "alice@example.com" &&
          m.subject.includes("répondu"),
      ),
    ).toHaveLength(0);
    await patch(alice.token, reply, { status: "approved" });
    await patch(alice.token, reply, { status: "rejected" });
    await patch(alice.token, reply, { status: "approved" });
    await vi.waitFor(() => {
      expect(sent.filter((m) => m.subject.includes("a répondu"))).toHaveLength(1);
    });
    const [mail] = sent.filter((m) => m.subject.includes("a répondu"));
    expect(mail?.to).toBe("alice@example.com");
    expect(mail?.text).toContain("https://cahier.example/post/alice/garden-notes#comments");
    expect(sent.some((m) => m.text.includes("Unheard") && m.subject.includes("répondu"))).toBe(
      false,
    );
  });

  it("mails a guest who asked for replies at their address, in the post's language", async () => {
    await call(app, "PATCH", `/api/collections/posts/records/${post}`, alice.token, { lang: "fr" });
    const guest = await app.seedRecord("comments", {
      record: post,
      recordCollection: "posts",
      authorName: "Gus",
      email: "gus@example.com",
      content: "A guest asks",
      status: "approved",
      notifyReplies: true,
    });
    const answer = await comment(alice.token, { parent: guest.id, content: "The author answers" });
    expect(answer).toBeTruthy();
    await vi.waitFor(() => {
      expect(mailTo("gus@example.com")).toHaveLength(1);
    });
    const [mail] = mailTo("gus@example.com");
    expect(mail?.subject).toBe(
      "Alice a répondu à votre commentaire sur «\u00a0Garden notes\u00a0»",
    );
    expect(mail?.text).toContain("Gus");
    expect(mail?.text).toContain("The author answers");
  });

  it("deletes a record's comments with it, and an account's comments and those on its records", async () => {
    const count = async (record: string) =>
      (
        await sql<{
          id: string;
        }>`SELECT "id" FROM "comments" WHERE "record" = ${record}`.execute(app.db.kysely)
      ).rows.length;
    const res = await call(app, "POST", "/api/collections/posts/records", alice.token, {
      author: alice.id,
      title: "Short-lived",
      status: "published",
    });
    const doomed = String(res.json.id);
    await call(app, "POST", COMMENTS, bob.token, {
      record: doomed,
      recordCollection: "posts",
      content: "Bye",
    });
    expect(await count(doomed)).toBe(1);
    expect(
      (await call(app, "DELETE", `/api/collections/posts/records/${doomed}`, alice.token)).status,
    ).toBe(204);
    expect(await count(doomed)).toBe(0);
    const frank = await account({ username: "frank" });
    const mine = await comment(frank.token, { content: "Frank's" });
    expect(
      (await call(app, "DELETE", `/api/collections/users/records/${frank.id}`, frank.token)).status,
    ).toBe(204);
    const root = await app.createSuperuser();
    expect((await call(app, "GET", `${COMMENTS}/${mine}`, root.token)).status).toBe(404);
  });
});

describe.each(DIALECTS)("comments in realtime (%s)", (dialect) => {
  let rt: RealtimeTestApp;

  beforeAll(async () => {
    rt = await startRealtimeApp(dialect);
  });
  afterAll(async () => {
    await rt.close();
  });

  it("sends a held comment to its commenter and the record's author only", async () => {
    const { app } = rt;
    const alice = await app.createUser({ username: "alice", role: "writer" });
    const bob = await app.createUser({ username: "bob" });
    const carol = await app.createUser({ username: "carol" });
    const post = await call(app, "POST", "/api/collections/posts/records", alice.token, {
      author: alice.record.id,
      title: "Live",
      status: "published",
    });
    const guest = await rt.subscribed(["comments/*"]);
    const other = await rt.subscribed(["comments/*"], carol.token);
    const commenter = await rt.subscribed(["comments/*"], bob.token);
    const author = await rt.subscribed(["comments/*"], alice.token);
    const write = (token: string, content: string) =>
      call(app, "POST", COMMENTS, token, {
        record: post.json.id,
        recordCollection: "posts",
        content,
      });
    expect((await write(bob.token, "HELD")).json.status).toBe("pending");
    // The author's own comment is approved at once: the marker everyone sees.
    expect((await write(alice.token, "MARKER")).json.status).toBe("approved");
    await rt.settled();
    for (const stream of [guest, other])
      expect(contentOf((await stream.next()).data)).toBe("MARKER");
    for (const stream of [commenter, author]) {
      expect(contentOf((await stream.next()).data)).toBe("HELD");
      expect(contentOf((await stream.next()).data)).toBe("MARKER");
    }
  });
});

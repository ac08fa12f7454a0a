/**
 * Replies and reactions from the fediverse (issue 27 item 4, ADR 071), past the inbox's
 * signature check: a reply to a live post becomes a held comment once, its author alone edits
 * or deletes it, a reply to a draft or a closed post is dropped, moderation follows the
 * record's mode, likes and boosts count once per account and `Undo` takes them back. (Signed
 * activities from a real peer are in `federation-peer.test.ts`.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import type { FediverseReplies } from "../../core/fediverse/replies.ts";

const ORIGIN = "https://blog.example";
const BOB = "https://social.example/users/bob";
const EVE = "https://other.example/users/eve";

describe.each(DIALECTS)("fediverse replies (%s)", (dialect) => {
  let app: TestApp;
  let replies: FediverseReplies;
  let writer = "";
  let writerId = "";
  let live = "";
  let slug = "";
  let draft = "";
  let closed = "";
  let members = "";
  let n = 0;

  const post = async (fields: Record<string, unknown>) => {
    const res = await call(app, "POST", "/api/collections/posts/records", writer, {
      author: writerId,
      title: `Post ${String((n += 1))}`,
      content: "Text.",
      status: "published",
      ...fields,
    });
    expect(res.status).toBe(200);
    return res.json;
  };
  const comments = async (record: string) =>
    (
      await call(
        app,
        "GET",
        `/api/collections/comments/records?filter=${encodeURIComponent(`record = "${record}"`)}&sort=created`,
        writer,
      )
    ).json.items as Record<string, unknown>[];
  const reply = (
    note: string,
    inReplyTo: string,
    actor = BOB,
    html = "<p>Lovely <b>post</b></p>",
  ) =>
    replies.receive({
      id: note,
      actor,
      inReplyTo,
      html,
      name: "Bob Elsewhere",
      profileUrl: "https://social.example/@bob",
      avatar: "https://social.example/avatars/bob.png",
    });

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: ORIGIN });
    const parts = app.fediverse;
    if (!parts) throw new Error("federation is off");
    replies = parts.replies;
    const w = await app.createUser({ username: "wanda", role: "writer", name: "Wanda" });
    writer = w.token;
    writerId = String(w.record.id);
    const p = await post({});
    live = String(p.id);
    slug = String(p.slug);
    draft = String((await post({ status: "draft" })).id);
    closed = String((await post({ comments: "closed" })).id);
    members = String((await post({ comments: "members" })).id);
  });

  afterAll(async () => {
    await app.close();
  });

  it("makes a held fediverse comment of a reply to a live post, once", async () => {
    const note = "https://social.example/notes/1";
    expect(await reply(note, `${ORIGIN}/ap/posts/${live}`)).toBe("created");
    expect(await reply(note, `${ORIGIN}/ap/posts/${live}`)).toBe("exists");
    const [comment, ...rest] = await comments(live);
    expect(rest).toEqual([]);
    expect(comment).toMatchObject({
      source: "fediverse",
      status: "pending",
      remoteUrl: note,
      remoteActor: BOB,
      remoteAuthorUrl: "https://social.example/@bob",
      remoteAvatar: "https://social.example/avatars/bob.png",
      authorName: "Bob Elsewhere",
      author: "",
      content: "Lovely **post**",
      recordAuthor: writerId,
    });
    // Guests see nothing of a held comment.
    const guest = await call(
      app,
      "GET",
      `/api/collections/comments/records?filter=${encodeURIComponent(`record = "${live}"`)}`,
    );
    expect(guest.json.totalItems).toBe(0);
  });

  it("drops a note whose address is not on its author's server", async () => {
    const elsewhere = "https://other.example/notes/taken";
    expect(await reply(elsewhere, `${ORIGIN}/ap/posts/${live}`)).toBe("ignored");
    const stored = await comments(live);
    expect(stored.filter((c) => c.remoteUrl === elsewhere)).toEqual([]);
  });

  it("finds the post by its page's address too, and threads a reply to a reply one level", async () => {
    const first = "https://social.example/notes/2";
    expect(await reply(first, `${ORIGIN}/post/wanda/${slug}`)).toBe("created");
    const parent = (await comments(live)).find((c) => c.remoteUrl === first);
    // A reply to a held comment lands nowhere; once approved, replies thread under it.
    expect(await reply("https://other.example/notes/9", first, EVE)).toBe("ignored");
    const approve = await call(
      app,
      "PATCH",
      `/api/collections/comments/records/${String(parent?.id)}`,
      writer,
      { status: "approved" },
    );
    expect(approve.status).toBe(200);
    expect(await reply("https://other.example/notes/10", first, EVE)).toBe("created");
    const child = (await comments(live)).find(
      (c) => c.remoteUrl === "https://other.example/notes/10",
    );
    expect(child?.parent).toBe(parent?.id);
    // A reply to the reply answers the top-level comment.
    const approveChild = await call(
      app,
      "PATCH",
      `/api/collections/comments/records/${String(child?.id)}`,
      writer,
      { status: "approved" },
    );
    expect(approveChild.status).toBe(200);
    expect(await reply("https://social.example/notes/11", "https://other.example/notes/10")).toBe(
      "created",
    );
    const grandchild = (await comments(live)).find(
      (c) => c.remoteUrl === "https://social.example/notes/11",
    );
    expect(grandchild?.parent).toBe(parent?.id);
    // Bob had a comment approved: his next one is approved at once, like a signed-in reader's.
    expect(grandchild?.status).toBe("approved");
  });

  it("drops replies to drafts, unknown posts and other sites, and follows the record's mode", async () => {
    expect(await reply("https://social.example/notes/20", `${ORIGIN}/ap/posts/${draft}`)).toBe(
      "ignored",
    );
    expect(
      await reply("https://social.example/notes/21", `${ORIGIN}/ap/posts/aaaaaaaaaaaaaaa`),
    ).toBe("ignored");
    expect(await reply("https://social.example/notes/22", "https://else.example/ap/posts/x")).toBe(
      "ignored",
    );
    expect(await reply("https://social.example/notes/23", "not an address")).toBe("ignored");
    expect(await reply("https://social.example/notes/24", `${ORIGIN}/ap/posts/${closed}`)).toBe(
      "ignored",
    );
    expect(await reply("https://social.example/notes/25", `${ORIGIN}/ap/posts/${members}`)).toBe(
      "ignored",
    );
    expect(
      await reply("https://social.example/notes/26", `${ORIGIN}/ap/posts/${live}`, BOB, " "),
    ).toBe("ignored");
    for (const id of [draft, closed, members]) expect(await comments(id)).toEqual([]);
  });

  it("lets only the note's author edit or delete it", async () => {
    const note = "https://social.example/notes/30";
    expect(await reply(note, `${ORIGIN}/ap/posts/${live}`)).toBe("created");
    expect(await replies.edit(note, EVE, "<p>Hijacked</p>")).toBe(false);
    expect(await replies.remove(note, EVE)).toBe(false);
    expect(await replies.edit(note, BOB, "<p>Edited <em>later</em></p>")).toBe(true);
    let comment = (await comments(live)).find((c) => c.remoteUrl === note);
    expect(comment?.content).toBe("Edited *later*");
    expect(await replies.remove(note, BOB)).toBe(true);
    comment = (await comments(live)).find((c) => c.remoteUrl === note);
    expect(comment).toBeUndefined();
    expect(await replies.remove(note, BOB)).toBe(false);
  });

  it("keeps the remote fields for the server: a reader's comment cannot set them", async () => {
    const reader = await app.createUser({ username: "rita" });
    const res = await call(app, "POST", "/api/collections/comments/records", reader.token, {
      record: live,
      recordCollection: "posts",
      content: "Mine.",
      source: "fediverse",
      remoteUrl: "https://x.example/n",
      remoteActor: BOB,
      remoteAuthorUrl: "https://x.example/@bob",
      remoteAvatar: "https://x.example/a.png",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      source: "local",
      remoteUrl: "",
      remoteActor: "",
      remoteAuthorUrl: "",
      remoteAvatar: "",
    });
    const patch = await call(
      app,
      "PATCH",
      `/api/collections/comments/records/${String(res.json.id)}`,
      reader.token,
      { remoteActor: BOB },
    );
    expect(patch.status).toBe(404);
  });

  it("counts likes and boosts once per account, and Undo takes them back", async () => {
    const object = `${ORIGIN}/ap/posts/${live}`;
    expect(await replies.react("like", BOB, object, `${BOB}#likes/1`)).toBe(true);
    expect(await replies.react("like", BOB, object, `${BOB}#likes/2`)).toBe(true);
    expect(await replies.react("like", EVE, `${ORIGIN}/post/wanda/${slug}`, `${EVE}#l/1`)).toBe(
      true,
    );
    expect(await replies.react("announce", EVE, object, `${EVE}#a/1`)).toBe(true);
    expect(await replies.react("like", BOB, `${ORIGIN}/ap/posts/${draft}`, `${BOB}#l/3`)).toBe(
      false,
    );
    expect((await replies.counts([live, draft])).get(live)).toEqual({ likes: 2, boosts: 1 });
    expect((await replies.counts([draft])).get(draft)).toBeUndefined();
    expect(await replies.unreact(BOB, { activity: `${BOB}#likes/1`, kind: "like", object })).toBe(
      true,
    );
    expect(await replies.unreact(EVE, { activity: "", kind: "announce", object })).toBe(true);
    expect(await replies.unreact(EVE, { activity: "", kind: "announce", object })).toBe(false);
    expect((await replies.counts([live])).get(live)).toEqual({ likes: 1, boosts: 0 });
  });

  it("answers the counts of live posts to anyone, and 400 to a bad list", async () => {
    const res = await call(app, "GET", `/api/fediverse/reactions?records=${live},${draft}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ [live]: { likes: 1, boosts: 0 } });
    const none = await call(app, "GET", `/api/fediverse/reactions?records=${closed}`, writer);
    expect(none.json).toEqual({ [closed]: { likes: 0, boosts: 0 } });
    for (const query of ["", "?records=", "?records=NOT-AN-ID", `?records=${"a".repeat(15)},x`])
      expect((await call(app, "GET", `/api/fediverse/reactions${query}`)).json).toMatchObject({
        status: 400,
        data: { records: { code: "validation_invalid_value" } },
      });
    const many = Array.from({ length: 101 }, (_, i) => String(i).padStart(15, "a")).join(",");
    expect((await call(app, "GET", `/api/fediverse/reactions?records=${many}`)).status).toBe(400);
  });
});

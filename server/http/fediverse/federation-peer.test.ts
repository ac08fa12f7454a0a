/**
 * Cahier against a fediverse server that is not its code (ADR 071): a Fedify peer process
 * finds a writer by handle (WebFinger), follows them over loopback and gets a signed
 * `Accept`; the writer's post reaches it as `Create(Article)`, its edit as `Update`, its
 * deletion as `Delete(Tombstone)`; a draft never does; its signed reply to a post lands in
 * moderation as a fediverse comment, its author's `Update` and `Delete` edit and remove it
 * (someone else's change nothing), its `Like` and `Announce` are counted and `Undo` takes one
 * back; `Undo` ends the follow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "#tests/helpers/revision-kit.ts";
import {
  eventually,
  startFederatingApp,
  startPeer,
  type Peer,
} from "#tests/helpers/fediverse-peers.ts";
import { DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

interface Received {
  type: string;
  id: string;
  actor: string;
  object: Record<string, unknown> | string;
}

describe.each(DIALECTS)("following and publishing with a peer (%s)", (dialect) => {
  let app: TestApp;
  let peer: Peer;
  let url = "";
  let host = "";
  let token = "";
  let alice = "";

  const received = (type: string, nth = 1) =>
    eventually(
      async () => {
        const list = await peer.control<Received[]>("received");
        return list.filter((activity) => activity.type === type)[nth - 1];
      },
      `${type} number ${String(nth)}`,
    );

  beforeAll(async () => {
    ({ app, url, host } = await startFederatingApp(dialect));
    peer = await startPeer();
    const writer = await app.createUser({ username: "alice", role: "writer", name: "Alice" });
    token = writer.token;
    alice = String(writer.record.id);
  }, 120_000);

  afterAll(async () => {
    await peer.stop();
    await app.close();
  });

  it("is found by handle and accepts a follow with a signed Accept", async () => {
    // WebFinger round trip (the peer's own lookup of a handle asks https:, not this loopback).
    const finger = await fetch(`${url}/.well-known/webfinger?resource=acct:alice@${host}`);
    const links = ((await finger.json()) as { links: { rel: string; href: string }[] }).links;
    const self = links.find((link) => link.rel === "self")?.href;
    expect(self).toBe(`${url}/ap/actors/${alice}`);
    await peer.control("follow", { target: self });
    const accept = await received("Accept");
    expect(accept.actor).toBe(`${url}/ap/actors/${alice}`);
    const list = await call(app, "GET", "/api/fediverse/followers", token);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ totalItems: 1, pending: 0 });
    expect(list.json.items).toEqual([
      expect.objectContaining({
        id: `${peer.url}/users/reader`,
        handle: `@reader@${peer.url.slice("http://".length)}`,
        status: "accepted",
      }),
    ]);
  }, 60_000);

  it("sends a published post as Create(Article), its edit as Update and its deletion as Delete", async () => {
    const draft = await call(app, "POST", "/api/collections/posts/records", token, {
      author: alice,
      title: "Not yet",
      content: "A draft stays home.",
      status: "draft",
    });
    expect(draft.status).toBe(200);
    const created = await call(app, "POST", "/api/collections/posts/records", token, {
      author: alice,
      title: "First light",
      content: "Morning over the **garden**.",
      excerpt: "Morning.",
      tags: ["garden"],
      status: "published",
    });
    expect(created.status).toBe(200);
    const id = String(created.json.id);
    const create = await received("Create");
    const article = create.object as Record<string, unknown>;
    expect(article).toMatchObject({
      type: "Article",
      id: `${url}/ap/posts/${id}`,
      name: "First light",
      summary: "Morning.",
      url: `${url}/post/alice/${String(created.json.slug)}`,
      attributedTo: `${url}/ap/actors/${alice}`,
      to: "as:Public",
      cc: `${url}/ap/actors/${alice}/followers`,
    });
    expect(String(article.content)).toContain("<strong>garden</strong>");
    expect(JSON.stringify(article.tag)).toContain("#garden");

    const edited = await call(app, "PATCH", `/api/collections/posts/records/${id}`, token, {
      content: "Evening over the garden.",
    });
    expect(edited.status).toBe(200);
    const update = await received("Update");
    expect(update.object).toMatchObject({ id: `${url}/ap/posts/${id}` });
    expect(String((update.object as Record<string, unknown>).content)).toContain("Evening");

    expect((await call(app, "DELETE", `/api/collections/posts/records/${id}`, token)).status).toBe(
      204,
    );
    const gone = await received("Delete");
    expect(gone.object).toMatchObject({ id: `${url}/ap/posts/${id}`, type: "Tombstone" });

    const all = await peer.control<Received[]>("received");
    expect(JSON.stringify(all)).not.toContain("Not yet");
    expect(all.filter((a) => a.type === "Create")).toHaveLength(1);
  }, 90_000);

  it("brings a signed reply home into moderation; its author alone edits and deletes it; likes and boosts count", async () => {
    const created = await call(app, "POST", "/api/collections/posts/records", token, {
      author: alice,
      title: "Talk to me",
      content: "Replies welcome.",
      status: "published",
    });
    const id = String(created.json.id);
    const object = `${url}/ap/posts/${id}`;
    const target = `${url}/ap/actors/${alice}`;
    const comments = async () =>
      (
        await call(
          app,
          "GET",
          `/api/collections/comments/records?filter=${encodeURIComponent(`record = "${id}"`)}`,
          token,
        )
      ).json.items as Record<string, unknown>[];
    const note = await peer.control<{ id: string }>("reply", {
      target,
      inReplyTo: object,
      content: "<p>Hello from <strong>elsewhere</strong></p>",
    });
    const landed = await eventually(async () => (await comments())[0], "the reply");
    expect(landed).toMatchObject({
      source: "fediverse",
      status: "pending",
      remoteUrl: note.id,
      remoteActor: `${peer.url}/users/reader`,
      remoteAuthorUrl: `${peer.url}/@reader`,
      authorName: "A reader elsewhere",
      content: "Hello from **elsewhere**",
    });

    const counts = async () =>
      (await call(app, "GET", `/api/fediverse/reactions?records=${id}`)).json[id] as
        { likes: number; boosts: number } | undefined;
    // Someone else's Update changes nothing (the like sent after it lands after it).
    await peer.control("update-note", {
      target,
      note: note.id,
      content: "<p>Hijacked</p>",
      as: "other",
    });
    await peer.control("like", { target, object });
    await peer.control("announce", { target, object });
    await eventually(
      async () => ((await counts())?.boosts === 1 ? true : undefined),
      "the like and the boost",
    );
    expect(await counts()).toEqual({ likes: 1, boosts: 1 });
    expect((await comments())[0]?.content).toBe("Hello from **elsewhere**");

    await peer.control("update-note", { target, note: note.id, content: "<p>Edited</p>" });
    await eventually(
      async () => ((await comments())[0]?.content === "Edited" ? true : undefined),
      "the edit",
    );

    await peer.control("delete-note", { target, note: note.id, as: "other" });
    await peer.control("undo-reaction", { target, kind: "like" });
    await eventually(
      async () => ((await counts())?.likes === 0 ? true : undefined),
      "the like taken back",
    );
    expect(await comments()).toHaveLength(1);
    await peer.control("delete-note", { target, note: note.id });
    await eventually(
      async () => ((await comments()).length === 0 ? true : undefined),
      "the reply deleted",
    );
  }, 90_000);

  it("ends the follow on Undo", async () => {
    await peer.control("undo", { target: `${url}/ap/actors/${alice}` });
    await eventually(async () => {
      const list = await call(app, "GET", "/api/fediverse/followers", token);
      return list.json.totalItems === 0 ? true : undefined;
    }, "the follower to be removed");
  }, 60_000);

  it("holds a follow for approval when the writer asks, then accepts it; removing sends a Reject", async () => {
    const actor = `${url}/ap/actors/${alice}`;
    const follower = `${peer.url}/users/reader`;
    await call(app, "PATCH", "/api/fediverse/settings", token, { approveFollowers: true });
    await peer.control("follow", { target: actor });
    const pending = await eventually(async () => {
      const list = await call(app, "GET", "/api/fediverse/followers", token);
      return list.json.pending === 1 ? list.json : undefined;
    }, "a held follow");
    expect(pending).toMatchObject({ totalItems: 0, pending: 1 });
    const approved = await call(app, "POST", "/api/fediverse/followers/approve", token, {
      follower,
    });
    expect(approved.status).toBe(204);
    await received("Accept", 2);
    expect((await call(app, "GET", "/api/fediverse/followers", token)).json).toMatchObject({
      totalItems: 1,
      pending: 0,
    });
    const removed = await call(app, "POST", "/api/fediverse/followers/remove", token, { follower });
    expect(removed.status).toBe(204);
    await received("Reject");
    expect((await call(app, "GET", "/api/fediverse/followers", token)).json).toMatchObject({
      totalItems: 0,
    });
  }, 60_000);
});

/**
 * The revision history's behaviour on every dialect (ADR 041): autosave sessions coalesce
 * (on a settable clock), explicit writes end them, the optional cap, history deleted with its
 * record, and a failing revision write rolling the record write back.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { call, historyOf, kindsOf, patchRecord } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { AUTOSAVE_SESSION_MS } from "./revision-history.ts";

const MINUTE = 60_000;
const START = Date.parse("2026-03-01T09:00:00.000Z");

describe.each(DIALECTS)("revision history (%s)", (dialect) => {
  let app: TestApp;
  let alice: { token: string; id: string };
  let root: string;
  /** Minutes since START on the history's clock. */
  let minutes = 0;

  const create = async (title: string, collection = "entries") => {
    const res = await call(app, "POST", `/api/collections/${collection}/records`, alice.token, {
      author: alice.id,
      title,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return String(res.json.id);
  };
  const edit = (id: string, body: object, marker?: string) =>
    patchRecord(app, alice.token, "entries", id, body, marker);
  const at = (m: number) => {
    minutes = m;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const user = await app.createUser({ username: "alice", role: "writer" });
    alice = { token: user.token, id: String(user.record.id) };
    root = (await app.createSuperuser()).token;
    app.revisions.now = () => new Date(START + minutes * MINUTE);
  });
  beforeEach(() => {
    at(0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await app.close();
  });

  it("coalesces autosaves into one revision per editing session", async () => {
    const id = await create("Typing");
    at(1);
    await edit(id, { content: "a" }, "autosave");
    at(3);
    await edit(id, { content: "ab" }, "autosave");
    at(9);
    await edit(id, { content: "abc" }, "autosave");
    let history = await historyOf(app, root, id);
    expect(kindsOf(history)).toEqual(["create", "autosave"]);
    expect(history[1]).toMatchObject({
      version: 2,
      content: "abc",
      created: "2026-03-01 09:01:00.000Z",
      updated: "2026-03-01 09:09:00.000Z",
    });

    // The session started at minute 1: from minute 11 on, an autosave starts a new one.
    at(1 + AUTOSAVE_SESSION_MS / MINUTE);
    await edit(id, { content: "abcd" }, "autosave");
    at(12);
    await edit(id, { content: "abcde" }, "autosave");
    history = await historyOf(app, root, id);
    expect(kindsOf(history)).toEqual(["create", "autosave", "autosave"]);
    expect(history.map((r) => r.content)).toEqual(["", "abc", "abcde"]);

    // An explicit save always adds its own revision; the next autosave opens a new session.
    at(13);
    await edit(id, { content: "saved" });
    at(14);
    await edit(id, { content: "saved!" }, "autosave");
    history = await historyOf(app, root, id);
    expect(kindsOf(history)).toEqual(["create", "autosave", "autosave", "save", "autosave"]);
  });

  it("adds nothing for an update that changes nothing; an explicit one ends the session", async () => {
    const id = await create("Still");
    at(1);
    await edit(id, { title: "Still" });
    expect(kindsOf(await historyOf(app, root, id))).toEqual(["create"]);

    await edit(id, { content: "draft" }, "autosave");
    at(2);
    await edit(id, { content: "draft" }, "autosave");
    expect(kindsOf(await historyOf(app, root, id))).toEqual(["create", "autosave"]);
    // The explicit save of what the autosave already stored turns that autosave into a save…
    await edit(id, { content: "draft" });
    expect(kindsOf(await historyOf(app, root, id))).toEqual(["create", "save"]);
    // …so the next autosave cannot rewrite the saved version.
    at(3);
    await edit(id, { content: "draft 2" }, "autosave");
    const history = await historyOf(app, root, id);
    expect(kindsOf(history)).toEqual(["create", "save", "autosave"]);
    expect(history[1]?.content).toBe("draft");
  });

  it("keeps at most maxPerRecord revisions when the cap is set", async () => {
    const settings = (body: object) => call(app, "PATCH", "/api/settings", root, body);
    expect((await call(app, "GET", "/api/settings", root)).json.revisions).toEqual({
      maxPerRecord: 0,
    });
    expect((await settings({ revisions: { maxPerRecord: -1 } })).status).toBe(400);
    expect((await settings({ revisions: { maxPerRecord: 2, extra: 1 } })).status).toBe(400);
    const res = await settings({ revisions: { maxPerRecord: 3 } });
    expect(res.status).toBe(200);
    expect(res.json.revisions).toEqual({ maxPerRecord: 3 });
    try {
      const id = await create("Capped");
      for (const content of ["one", "two", "three", "four"]) {
        await edit(id, { content });
      }
      const history = await historyOf(app, root, id);
      expect(history.map((r) => r.version)).toEqual([3, 4, 5]);
      expect(history.map((r) => r.content)).toEqual(["two", "three", "four"]);
    } finally {
      await settings({ revisions: { maxPerRecord: 0 } });
    }
    const id = await create("Unbounded again");
    for (const content of ["one", "two", "three", "four"]) await edit(id, { content });
    expect(await historyOf(app, root, id)).toHaveLength(5);
  });

  it("deletes a record's history with the record, and a user's with the user", async () => {
    const gone = await create("Short-lived");
    const kept = await create("Kept");
    await edit(gone, { content: "x" });
    const post = await create("A post", "posts");
    expect(await historyOf(app, root, gone)).toHaveLength(2);
    const res = await call(app, "DELETE", `/api/collections/entries/records/${gone}`, alice.token);
    expect(res.status).toBe(204);
    expect(await historyOf(app, root, gone)).toEqual([]);
    expect(await historyOf(app, root, kept)).toHaveLength(1);
    expect(await historyOf(app, root, post)).toHaveLength(1);

    const bob = await app.createUser({ username: "bob" });
    const bobs = await call(app, "POST", "/api/collections/entries/records", bob.token, {
      author: bob.record.id,
      title: "Bob day",
    });
    const bobEntry = String(bobs.json.id);
    expect(await historyOf(app, root, bobEntry)).toHaveLength(1);
    const deleted = await call(
      app,
      "DELETE",
      `/api/collections/users/records/${String(bob.record.id)}`,
      bob.token,
    );
    expect(deleted.status).toBe(204);
    expect(await historyOf(app, root, bobEntry)).toEqual([]);
  });

  it("records an update another write caused as a save", async () => {
    const notebook = await call(app, "POST", "/api/collections/collections/records", alice.token, {
      owner: alice.id,
      title: "Notebook",
    });
    const res = await call(app, "POST", "/api/collections/entries/records", alice.token, {
      author: alice.id,
      title: "Filed",
      collection: notebook.json.id,
    });
    const id = String(res.json.id);
    const gone = await call(
      app,
      "DELETE",
      `/api/collections/collections/records/${String(notebook.json.id)}`,
      alice.token,
    );
    expect(gone.status).toBe(204);
    const history = await historyOf(app, root, id);
    expect(kindsOf(history)).toEqual(["create", "save"]);
    expect(history.map((r) => r.data.collection)).toEqual([notebook.json.id, ""]);
  });

  it("rolls the record write back when its revision cannot be written", async () => {
    const id = await create("Original");
    const before = await historyOf(app, root, id);
    const failing = vi.spyOn(app.revisions, "save").mockRejectedValueOnce(new Error("disk full"));
    const res = await call(app, "PATCH", `/api/collections/entries/records/${id}`, alice.token, {
      title: "Lost",
    });
    expect(failing).toHaveBeenCalledTimes(1);
    // An internal failure, as when the row write itself fails (file-upload tests).
    expect(res.status).toBe(500);
    const entry = await call(app, "GET", `/api/collections/entries/records/${id}`, alice.token);
    expect(entry.json.title).toBe("Original");
    expect(await historyOf(app, root, id)).toEqual(before);

    failing.mockRejectedValueOnce(new Error("disk full"));
    const created = await call(app, "POST", "/api/collections/entries/records", alice.token, {
      author: alice.id,
      title: "Never stored",
    });
    expect(failing).toHaveBeenCalledTimes(2);
    expect(created.status).toBe(500);
    const filter = encodeURIComponent(`title = "Never stored"`);
    const list = await call(app, "GET", `/api/collections/entries/records?filter=${filter}`, root);
    expect(list.json.totalItems).toBe(0);
  });
});

/**
 * How kept records leave Recently deleted for good (ADR 067), on both engines: after 30 days
 * they drop out of the list at once and the hourly job of the queue purges them (values,
 * history, files), driven by the module's clock; deleting an account removes its kept records
 * in its own transaction (their files right after, by a job), and the records the account
 * deletion itself takes are not kept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DELETED_PURGE } from "#server/core/recently-deleted/recently-deleted.ts";
import { writeRecord } from "#tests/helpers/data-kit.ts";
import { image } from "#tests/helpers/file-fixtures.ts";
import { deletedList, itemOf, keptRows, stored } from "#tests/helpers/recently-deleted-kit.ts";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

const DAY_MS = 86_400_000;

describe.each(DIALECTS)("Recently deleted's purge (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let root: Login;

  const record = (collection: string, id = "") =>
    `/api/collections/${collection}/records${id ? `/${id}` : ""}`;
  /** A post with a cover by `author`, deleted: its id, cover and item. */
  const deletedPost = async (author: Login, title: string) => {
    const post = await writeRecord(
      app,
      author.token,
      "posts",
      { author: author.record.id, title, content: "Text." },
      [{ field: "cover", name: "cover.png", data: await image("png", 16, 8) }],
    );
    const id = String(post.id);
    expect((await call(app, "DELETE", record("posts", id), author.token)).status).toBe(204);
    const item = await itemOf(app, author.token, id);
    if (!item) throw new Error(`${title} is not in the list`);
    return { id, cover: String(post.cover), item };
  };
  /** Runs the purge job as the queue's recurring job would, and waits for what it enqueues. */
  const purge = async () => {
    await app.jobs.enqueue(DELETED_PURGE, { period: new Date().toISOString() });
    await app.jobs.drain();
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    root = await app.createSuperuser();
  });
  afterEach(() => {
    app.recentlyDeleted.clock.now = () => Date.now();
  });
  afterAll(async () => {
    await app.close();
  });

  it("purges what was deleted 30 days ago, and nothing younger", async () => {
    const old = await deletedPost(wanda, "Old news");
    app.recentlyDeleted.clock.now = () => Date.now() + 20 * DAY_MS;
    const young = await deletedPost(wanda, "Fresh news");

    // Day 29 after the first: both still there, and the purge leaves them.
    app.recentlyDeleted.clock.now = () => Date.now() + 29 * DAY_MS;
    await purge();
    expect(await itemOf(app, wanda.token, old.id)).toBeDefined();
    expect(await keptRows(app, old.item.id)).toMatchObject({ own: 1 });

    // Day 30: the first leaves the list at once, then the job purges it with its files.
    app.recentlyDeleted.clock.now = () => Date.now() + 30 * DAY_MS + 60_000;
    expect(await itemOf(app, wanda.token, old.id)).toBeUndefined();
    expect(await itemOf(app, root.token, old.id)).toBeUndefined();
    expect(
      (await call(app, "POST", `/api/deleted/${old.item.id}/restore`, wanda.token)).status,
    ).toBe(404);
    expect(await stored(app, "posts", old.id, old.cover)).toBe(true);
    await purge();
    expect(await keptRows(app, old.item.id)).toEqual({ own: 0, with: 0 });
    expect(await stored(app, "posts", old.id, old.cover)).toBe(false);
    // The younger one stays, restorable with its cover.
    expect(await itemOf(app, wanda.token, young.id)).toBeDefined();
    expect(await stored(app, "posts", young.id, young.cover)).toBe(true);
    const res = await call(app, "POST", `/api/deleted/${young.item.id}/restore`, wanda.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ record: { id: young.id, cover: young.cover } });
  });

  it("removes an account's kept records with it, and keeps none of those it takes", async () => {
    const tess = await app.createUser({ username: "tess", role: "writer" });
    const kept = await deletedPost(tess, "Tess's draft");
    const entry = await call(app, "POST", record("entries"), tess.token, {
      author: tess.record.id,
      title: "Tess's day",
    });
    expect(entry.status).toBe(200);
    const res = await call(app, "DELETE", record("users", String(tess.record.id)), tess.token);
    expect(res.status, JSON.stringify(res.json)).toBe(204);
    // At once: nothing of Tess is kept, not even the entry the account deletion took.
    expect(await keptRows(app, kept.item.id)).toEqual({ own: 0, with: 0 });
    const everyone = await deletedList(app, root.token, "?perPage=1000");
    expect(everyone.items.filter((i) => i.author === tess.record.id)).toEqual([]);
    // Its files right after, by the job stored with the deletion.
    await app.jobs.drain();
    expect(await stored(app, "posts", kept.id, kept.cover)).toBe(false);
  });
});

/**
 * Recently deleted (issue 25, ADR 067) through its API, on both engines: a deleted entry or
 * post goes to its author's list (guests 401, other users and admins 404, superusers see
 * everyone's) and nowhere else (records, search, revisions, comments, files, export); a
 * restore brings it back under its id with its files, history and comments, and says when its
 * slug had to change; deleting it for good takes its history and files; a demoted writer
 * restores no post (403); bad input is a PocketBase-shaped 400 or 404, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { exportArchive, manifestOf, writeRecord } from "#tests/helpers/data-kit.ts";
import { image } from "#tests/helpers/file-fixtures.ts";
import {
  deletedList,
  itemOf,
  keptRows,
  stored,
  type DeletedItem,
} from "#tests/helpers/recently-deleted-kit.ts";
import { call, historyOf, patchRecord } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

const DAY_MS = 86_400_000;

describe.each(DIALECTS)("/api/deleted (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let olga: Login;
  let adam: Login;
  let rita: Login;
  let root: Login;

  const record = (collection: string, id = "") =>
    `/api/collections/${collection}/records${id ? `/${id}` : ""}`;
  const remove = async (token: string, collection: string, id: string) => {
    const res = await call(app, "DELETE", record(collection, id), token);
    expect(res.status, JSON.stringify(res.json)).toBe(204);
  };
  /** Deletes the record and answers its item in its author's list. */
  const trash = async (author: Login, collection: string, id: string): Promise<DeletedItem> => {
    await remove(author.token, collection, id);
    const item = await itemOf(app, author.token, id);
    if (!item) throw new Error(`${id} is not in the list`);
    return item;
  };
  const entryWithFile = async (author: Login, title: string, extra: object = {}) => {
    const data = new TextEncoder().encode(`${title}\n`);
    return writeRecord(
      app,
      author.token,
      "entries",
      { author: author.record.id, title, content: `About ${title}.`, ...extra },
      [{ field: "attachments", name: "notes.txt", data }],
    );
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    olga = await app.createUser({ username: "olga", role: "writer" });
    adam = await app.createUser({ username: "adam", role: "admin" });
    rita = await app.createUser({ username: "rita" });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
  });

  it("keeps a deleted post for its author alone, and shows it nowhere else", async () => {
    const cover = await image("png", 24, 12);
    const post = await writeRecord(
      app,
      wanda.token,
      "posts",
      {
        author: wanda.record.id,
        title: "Quince jelly",
        content: "Slowly, with **patience**.",
        status: "published",
      },
      [{ field: "cover", name: "cover.png", data: cover }],
    );
    const id = String(post.id);
    const coverName = String(post.cover);
    await patchRecord(app, wanda.token, "posts", id, { content: "Slowly, with sugar." });
    const comment = await call(app, "POST", record("comments"), rita.token, {
      record: id,
      recordCollection: "posts",
      content: "Lovely jelly",
    });
    expect(comment.status, JSON.stringify(comment.json)).toBe(200);
    const coverStatus = async () =>
      (await app.http.inject({ method: "GET", url: `/api/files/posts/${id}/${coverName}` }))
        .statusCode;
    expect(await coverStatus()).toBe(200);

    await remove(wanda.token, "posts", id);
    const item = await itemOf(app, wanda.token, id);
    expect(item).toMatchObject({
      recordCollection: "posts",
      record: id,
      title: "Quince jelly",
      author: wanda.record.id,
    });
    const deleted = Date.parse((item?.deleted ?? "").replace(" ", "T"));
    const expires = Date.parse((item?.expires ?? "").replace(" ", "T"));
    expect(expires - deleted).toBe(30 * DAY_MS);
    expect(Math.abs(deleted - Date.now())).toBeLessThan(60_000);

    // Nobody else lists it; a superuser lists everyone's.
    await runScenario(app, {
      name: "guest",
      method: "GET",
      url: "/api/deleted",
      expectedStatus: 401,
      expectedContent: ['"status":401'],
    });
    for (const other of [olga, adam, rita])
      expect((await deletedList(app, other.token)).items.map((i) => i.record)).not.toContain(id);
    expect((await itemOf(app, root.token, id))?.id).toBe(item?.id);

    // Gone from the records API, search, revisions, comments and files as before.
    for (const token of [wanda.token, root.token, undefined]) {
      expect((await call(app, "GET", record("posts", id), token)).status).toBe(404);
      const listed = await call(app, "GET", `${record("posts")}?perPage=500`, token);
      expect(JSON.stringify(listed.json)).not.toContain(id);
      const search = await call(app, "GET", "/api/search?q=quince", token);
      expect(search.status).toBe(200);
      expect(JSON.stringify(search.json)).not.toContain(id);
    }
    expect(await historyOf(app, root.token, id)).toEqual([]);
    const comments = await call(
      app,
      "GET",
      `${record("comments")}?filter=${encodeURIComponent(`record = "${id}"`)}`,
      root.token,
    );
    expect(comments.json.totalItems).toBe(0);
    expect(await coverStatus()).toBe(404);
    expect(await stored(app, "posts", id, coverName)).toBe(true);
    const exported = await exportArchive(app, wanda.token);
    expect(exported.status).toBe(200);
    expect(manifestOf(exported).posts.map((p) => p.id)).not.toContain(id);
    expect(Object.keys(exported.files).filter((path) => path.includes(id))).toEqual([]);
  });

  it("restores an entry under its id with its files, history and comments", async () => {
    const entry = await entryWithFile(wanda, "Garden diary", { visibility: "public" });
    const id = String(entry.id);
    const [file] = entry.attachments as [string];
    await patchRecord(app, wanda.token, "entries", id, { content: "Roses." });
    await patchRecord(app, wanda.token, "entries", id, { content: "Roses, then rain." });
    const history = await historyOf(app, root.token, id);
    expect(history.map((r) => r.kind)).toEqual(["create", "save", "save"]);
    const comment = await call(app, "POST", record("comments"), rita.token, {
      record: id,
      recordCollection: "entries",
      content: "Rain is good",
    });
    expect(comment.status, JSON.stringify(comment.json)).toBe(200);
    const pending = await call(app, "POST", record("pendingEdits"), wanda.token, {
      record: id,
      recordCollection: "entries",
      author: wanda.record.id,
      title: "Garden diary",
      content: "Roses, then rain, then sun.",
    });
    expect(pending.status, JSON.stringify(pending.json)).toBe(200);
    const item = await trash(wanda, "entries", id);

    for (const [token, status] of [
      [undefined, 401],
      [olga.token, 404],
      [adam.token, 404],
    ] as const) {
      const res = await call(app, "POST", `/api/deleted/${item.id}/restore`, token);
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ status });
    }

    const res = await call(app, "POST", `/api/deleted/${item.id}/restore`, wanda.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      recordCollection: "entries",
      renamed: null,
      record: { id, title: "Garden diary", content: "Roses, then rain.", attachments: [file] },
    });
    expect(await itemOf(app, wanda.token, id)).toBeUndefined();
    expect(await keptRows(app, item.id)).toEqual({ own: 0, with: 0 });
    // The same history, nothing added; the comment and the file are back.
    const after = await historyOf(app, root.token, id);
    expect(after.map((r) => [r.id, r.kind, r.version, r.content])).toEqual(
      history.map((r) => [r.id, r.kind, r.version, r.content]),
    );
    const comments = await call(
      app,
      "GET",
      `${record("comments")}?filter=${encodeURIComponent(`record = "${id}"`)}`,
      wanda.token,
    );
    expect(comments.json.items).toMatchObject([{ id: comment.json.id, content: "Rain is good" }]);
    const edits = await call(
      app,
      "GET",
      `${record("pendingEdits")}?filter=${encodeURIComponent(`record = "${id}"`)}`,
      wanda.token,
    );
    expect(edits.json.items).toMatchObject([
      { id: pending.json.id, content: "Roses, then rain, then sun." },
    ]);
    expect(await stored(app, "entries", id, file)).toBe(true);
    const search = await call(app, "GET", "/api/search?q=rain", wanda.token);
    expect(JSON.stringify(search.json)).toContain(id);
    // A restored item is no longer there to restore.
    expect((await call(app, "POST", `/api/deleted/${item.id}/restore`, wanda.token)).status).toBe(
      404,
    );
  });

  it("chooses a free slug when the record's own was taken meanwhile, and says so", async () => {
    const first = await call(app, "POST", record("posts"), wanda.token, {
      author: wanda.record.id,
      title: "Seed swap",
    });
    expect(first.json.slug).toBe("seed-swap");
    const item = await trash(wanda, "posts", String(first.json.id));
    const second = await call(app, "POST", record("posts"), wanda.token, {
      author: wanda.record.id,
      title: "Seed swap",
    });
    expect(second.json.slug).toBe("seed-swap");
    const res = await call(app, "POST", `/api/deleted/${item.id}/restore`, wanda.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      renamed: { field: "slug", from: "seed-swap", to: "seed-swap-2" },
      record: { id: first.json.id, slug: "seed-swap-2" },
    });
    // An entry whose collection went meanwhile comes back outside any collection.
    const shelf = await call(app, "POST", record("collections"), wanda.token, {
      owner: wanda.record.id,
      title: "Shelf",
    });
    const entry = await call(app, "POST", record("entries"), wanda.token, {
      author: wanda.record.id,
      title: "On the shelf",
      collection: shelf.json.id,
    });
    const shelved = await trash(wanda, "entries", String(entry.json.id));
    await remove(wanda.token, "collections", String(shelf.json.id));
    const back = await call(app, "POST", `/api/deleted/${shelved.id}/restore`, wanda.token);
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json).toMatchObject({ renamed: null, record: { collection: "" } });
  });

  it("deletes an item for good, with its history and files", async () => {
    const entry = await entryWithFile(wanda, "Compost notes");
    const id = String(entry.id);
    const [file] = entry.attachments as [string];
    await patchRecord(app, wanda.token, "entries", id, { content: "Turn it weekly." });
    const item = await trash(wanda, "entries", id);
    expect((await keptRows(app, item.id)).with).toBe(2);

    expect((await call(app, "DELETE", `/api/deleted/${item.id}`)).status).toBe(401);
    for (const other of [olga, adam]) {
      const res = await call(app, "DELETE", `/api/deleted/${item.id}`, other.token);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ status: 404, message: expect.any(String) as string });
    }
    expect((await call(app, "DELETE", `/api/deleted/${item.id}`, wanda.token)).status).toBe(204);
    expect(await keptRows(app, item.id)).toEqual({ own: 0, with: 0 });
    expect(await itemOf(app, wanda.token, id)).toBeUndefined();
    expect((await call(app, "POST", `/api/deleted/${item.id}/restore`, wanda.token)).status).toBe(
      404,
    );
    expect((await call(app, "DELETE", `/api/deleted/${item.id}`, wanda.token)).status).toBe(404);
    await app.jobs.drain();
    expect(await stored(app, "entries", id, file)).toBe(false);
  });

  it("lets a superuser list, restore and delete anyone's items", async () => {
    const kept = await call(app, "POST", record("entries"), olga.token, {
      author: olga.record.id,
      title: "Olga's walk",
    });
    // A superuser's delete is kept too, in the author's list.
    await remove(root.token, "entries", String(kept.json.id));
    const item = await itemOf(app, olga.token, String(kept.json.id));
    expect(item).toBeDefined();
    const all = await deletedList(app, root.token, "?perPage=1000");
    expect(new Set(all.items.map((i) => i.author))).toContain(olga.record.id);
    const res = await call(app, "POST", `/api/deleted/${item?.id ?? ""}/restore`, root.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ record: { id: kept.json.id, author: olga.record.id } });

    const gone = await call(app, "POST", record("entries"), olga.token, {
      author: olga.record.id,
      title: "Olga's other walk",
    });
    const other = await trash(olga, "entries", String(gone.json.id));
    expect((await call(app, "DELETE", `/api/deleted/${other.id}`, root.token)).status).toBe(204);
    expect(await itemOf(app, olga.token, String(gone.json.id))).toBeUndefined();
  });

  it("keeps an admin's own deletes in the admin's list", async () => {
    const own = await call(app, "POST", record("entries"), adam.token, {
      author: adam.record.id,
      title: "Admin's notes",
    });
    const item = await trash(adam, "entries", String(own.json.id));
    expect(item).toMatchObject({ author: adam.record.id, title: "Admin's notes" });
    expect(await itemOf(app, wanda.token, String(own.json.id))).toBeUndefined();
  });

  it("keeps the deletes of a batch", async () => {
    const ids: string[] = [];
    for (const title of ["Batch one", "Batch two"]) {
      const res = await call(app, "POST", record("entries"), wanda.token, {
        author: wanda.record.id,
        title,
      });
      ids.push(String(res.json.id));
    }
    const res = await call(app, "POST", "/api/batch", wanda.token, {
      requests: ids.map((id) => ({ method: "DELETE", url: record("entries", id) })),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    for (const id of ids) expect(await itemOf(app, wanda.token, id)).toBeDefined();
  });

  it("refuses a writer's post to an account that is no longer a writer, who may still delete it", async () => {
    const tess = await app.createUser({ username: "tess", role: "writer" });
    const post = await call(app, "POST", record("posts"), tess.token, {
      author: tess.record.id,
      title: "Before the change",
      status: "published",
    });
    const item = await trash(tess, "posts", String(post.json.id));
    const demoted = await call(app, "PATCH", record("users", String(tess.record.id)), root.token, {
      role: "",
    });
    expect(demoted.status).toBe(200);
    const res = await call(app, "POST", `/api/deleted/${item.id}/restore`, tess.token);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: 403, data: {} });
    // Nothing changed: the item waits, the post stays gone.
    expect(await itemOf(app, tess.token, String(post.json.id))).toMatchObject({ id: item.id });
    expect((await call(app, "GET", record("posts", String(post.json.id)), root.token)).status).toBe(
      404,
    );
    expect((await call(app, "DELETE", `/api/deleted/${item.id}`, tess.token)).status).toBe(204);
  });

  it("answers bad input with PocketBase's 400 and 404, never a 500", async () => {
    await runScenario(app, {
      name: "page not a number",
      method: "GET",
      url: "/api/deleted?page=abc",
      token: wanda.token,
      expectedStatus: 400,
      expectedContent: ['"status":400'],
    });
    for (const id of ["nosuchitem00000", "%00", "a".repeat(300)]) {
      expect((await call(app, "POST", `/api/deleted/${id}/restore`, wanda.token)).status).toBe(404);
      expect((await call(app, "DELETE", `/api/deleted/${id}`, wanda.token)).status).toBe(404);
    }
    // A record made since under the same id: the item cannot come back under it.
    const entry = await call(app, "POST", record("entries"), wanda.token, {
      author: wanda.record.id,
      title: "Twice",
    });
    const id = String(entry.json.id);
    const item = await trash(wanda, "entries", id);
    const again = await call(app, "POST", record("entries"), wanda.token, {
      id,
      author: wanda.record.id,
      title: "Twice again",
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const res = await call(app, "POST", `/api/deleted/${item.id}/restore`, wanda.token);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      status: 400,
      data: { id: { code: "validation_pk_invalid" } },
    });
    expect(await itemOf(app, wanda.token, id)).toMatchObject({ id: item.id });
    // Pages as PocketBase pages records, newest first.
    const paged = await deletedList(app, wanda.token, "?page=1&perPage=1");
    expect(paged).toMatchObject({ page: 1, perPage: 1, items: [{ id: item.id }] });
    expect(paged.totalPages).toBe(paged.totalItems);
  });
});

/**
 * The record lifecycle on every dialect: hook order, rollbacks caused by hooks, commit and
 * rollback hooks, per-collection and all-collection registration, batches, cascades.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findCollection } from "#server/core/collections/collection-lookup.ts";
import type { Collection } from "#server/core/models/collection.ts";
import { updateRow } from "#server/data/repositories/record-repository.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { RECORD_HOOK_NAMES, type RecordEvent } from "./record-hooks.ts";
import { operatorRequest, type RecordData } from "./request-info.ts";

function collection(name: string): Collection {
  const found = findCollection(name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
}

describe.each(DIALECTS)("record lifecycle (%s)", (dialect) => {
  let app: TestApp;
  let owner: RecordData;
  const unregister: (() => void)[] = [];
  const notebooks = () => collection("collections");

  /** Registers a hook for the test only. */
  function on(...args: Parameters<TestApp["records"]["hooks"]["on"]>): void {
    unregister.push(app.records.hooks.on(...args));
  }

  /** Records every hook call on the collections as `name:title`. */
  function trace(collections?: string[]): string[] {
    const log: string[] = [];
    for (const name of RECORD_HOOK_NAMES) {
      on(name, (e) => void log.push(`${name}:${String(e.values.title)}`), { collections });
    }
    return log;
  }

  const create = (title: string): Promise<RecordData> =>
    app.records.create(notebooks(), operatorRequest(), { owner: owner.id, title });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = (await app.createUser()).record;
  });
  afterEach(() => {
    for (const off of unregister.splice(0)) off();
  });
  afterAll(async () => {
    await app.close();
  });

  it("runs before, after, then commit hooks for a create, an update and a delete", async () => {
    const log = trace(["collections"]);
    const record = await create("Order");
    await app.records.update(notebooks(), operatorRequest(), String(record.id), {
      title: "Order 2",
    });
    await app.records.delete(notebooks(), operatorRequest(), String(record.id));
    expect(log).toEqual([
      "beforeCreate:Order",
      "afterCreate:Order",
      "afterCreateCommit:Order",
      "beforeUpdate:Order 2",
      "afterUpdate:Order 2",
      "afterUpdateCommit:Order 2",
      "beforeDelete:Order 2",
      "afterDelete:Order 2",
      "afterDeleteCommit:Order 2",
    ]);
  });

  it("orders hooks by priority, then registration; built-in hooks have priority 0", async () => {
    const seen: string[] = [];
    on("beforeCreate", (e) => void seen.push(`late:${String(e.values.name)}`));
    on("beforeCreate", (e) => void seen.push(`early:${String(e.values.name)}`), {
      priority: -1,
    });
    await create("Priority test");
    // The early hook runs before the built-in slug hook, the late one after it.
    expect(seen).toEqual(["early:", "late:priority-test"]);
  });

  it("gives hooks the collection, request, old row and new values", async () => {
    const events: RecordEvent[] = [];
    on(["beforeUpdate", "afterDelete"], (e) => void events.push({ ...e }));
    const record = await create("Before");
    const request = operatorRequest();
    await app.records.update(notebooks(), request, String(record.id), { title: "After" });
    await app.records.delete(notebooks(), request, String(record.id));
    const [update, remove] = events;
    expect(update).toMatchObject({
      action: "update",
      collection: notebooks(),
      id: record.id,
      request: { auth: { isSuperuser: true } },
      old: { title: "Before", name: "before" },
      values: { title: "After", name: "before" },
      cascade: false,
    });
    expect(update?.oldRow).toMatchObject({ id: record.id, title: "Before" });
    expect(remove).toMatchObject({ action: "delete", old: { title: "After" }, cascade: false });
  });

  it("a throwing before hook refuses the write: nothing is stored, only rollback hooks run", async () => {
    const log = trace(["collections"]);
    on("beforeCreate", () => {
      throw new Error("refused");
    });
    await expect(create("Refused")).rejects.toThrow("refused");
    const { items } = await app.records.list(notebooks(), operatorRequest(), {
      filter: 'title = "Refused"',
    });
    expect(items).toEqual([]);
    expect(log).toEqual(["beforeCreate:Refused", "afterCreateRollback:Refused"]);
  });

  it("a throwing after hook rolls the create back, with what earlier hooks wrote", async () => {
    const log = trace(["collections"]);
    let id = "";
    on("afterCreate", async (e) => {
      id = e.id;
      // Written through the transaction: rolled back with the record.
      await updateRow(e.db.kysely, e.collection, e.id, { title: "Changed in the transaction" });
    });
    on("afterCreate", () => {
      throw new Error("index full");
    });
    await expect(create("Rolled back")).rejects.toThrow("index full");
    expect(await app.records.findById(notebooks(), id)).toBeUndefined();
    expect(log).toEqual([
      "beforeCreate:Rolled back",
      "afterCreate:Rolled back",
      "afterCreateRollback:Rolled back",
    ]);
  });

  it("what an after hook writes through the transaction commits with the record", async () => {
    on("afterCreate", async (e) => {
      await updateRow(e.db.kysely, e.collection, e.id, { title: "Indexed" });
    });
    const record = await create("To index");
    expect((await app.records.findById(notebooks(), String(record.id)))?.title).toBe("Indexed");
  });

  it("a throwing after hook rolls an update and a delete back", async () => {
    const record = await create("Kept");
    const id = String(record.id);
    const log = trace(["collections"]);
    on(["afterUpdate", "afterDelete"], () => {
      throw new Error("no");
    });
    await expect(
      app.records.update(notebooks(), operatorRequest(), id, { title: "Lost" }),
    ).rejects.toThrow("no");
    expect((await app.records.findById(notebooks(), id))?.title).toBe("Kept");
    await expect(app.records.delete(notebooks(), operatorRequest(), id)).rejects.toThrow("no");
    expect(await app.records.findById(notebooks(), id)).toBeDefined();
    expect(log).toEqual([
      "beforeUpdate:Lost",
      "afterUpdate:Lost",
      "afterUpdateRollback:Lost",
      "beforeDelete:Kept",
      "afterDelete:Kept",
      "afterDeleteRollback:Kept",
    ]);
  });

  it("commit hooks see the committed row; their errors never fail the write", async () => {
    const reported: string[] = [];
    const previous = app.records.hooks.onError;
    app.records.hooks.onError = (error, hook) => {
      reported.push(`${hook}:${(error as Error).message}`);
    };
    try {
      let committed: unknown;
      on("afterCreateCommit", async (e) => {
        committed = (await app.records.findById(e.collection, e.id))?.title;
        throw new Error("cache down");
      });
      const record = await create("Committed");
      expect(committed).toBe("Committed");
      expect(await app.records.findById(notebooks(), String(record.id))).toBeDefined();
      expect(reported).toEqual(["afterCreateCommit:cache down"]);
    } finally {
      app.records.hooks.onError = previous;
    }
  });

  it("runs per-collection hooks for their collections only, all-collection hooks for every one", async () => {
    const all = trace();
    const entriesOnly = trace(["entries"]);
    const byId = trace([notebooks().id]);
    const notebook = await create("Scoped");
    await app.records.create(collection("entries"), operatorRequest(), {
      author: owner.id,
      title: "An entry",
      collection: notebook.id,
    });
    const creates = (log: string[]) => log.filter((l) => l.startsWith("beforeCreate"));
    expect(creates(all)).toEqual(["beforeCreate:Scoped", "beforeCreate:An entry"]);
    expect(creates(entriesOnly)).toEqual(["beforeCreate:An entry"]);
    expect(creates(byId)).toEqual(["beforeCreate:Scoped"]);
  });

  it("stops calling a hook once it is unregistered", async () => {
    const seen: string[] = [];
    const off = app.records.hooks.on("beforeCreate", (e) => void seen.push(e.id));
    await create("Once");
    off();
    await create("Twice");
    expect(seen).toHaveLength(1);
  });

  it("runs a batch's hooks per record inside the batch transaction, commit hooks after it", async () => {
    const log = trace(["collections"]);
    const seenInTransaction: unknown[] = [];
    on("afterCreate", async (e) => {
      // The first record of the batch is visible through the transaction to the second. (Only
      // through it: on SQLite the transaction holds the one connection.)
      if (e.values.title === "Batch 2") {
        const inTrx = await e.db.kysely
          .selectFrom("collections")
          .select("title")
          .where("title", "=", "Batch 1")
          .execute();
        seenInTransaction.push(inTrx);
      }
    });
    await app.records.batch(async (scoped) => {
      await scoped.create(notebooks(), operatorRequest(), { owner: owner.id, title: "Batch 1" });
      await scoped.create(notebooks(), operatorRequest(), { owner: owner.id, title: "Batch 2" });
    });
    expect(seenInTransaction[0]).toEqual([{ title: "Batch 1" }]);
    expect(log).toEqual([
      "beforeCreate:Batch 1",
      "afterCreate:Batch 1",
      "beforeCreate:Batch 2",
      "afterCreate:Batch 2",
      "afterCreateCommit:Batch 1",
      "afterCreateCommit:Batch 2",
    ]);
  });

  it("a throwing hook rolls the whole batch back: no commit hooks, rollback hooks for each write", async () => {
    const log = trace(["collections"]);
    on("afterCreate", (e) => {
      if (e.values.title === "Doomed 2") throw new Error("second fails");
    });
    await expect(
      app.records.batch(async (scoped) => {
        await scoped.create(notebooks(), operatorRequest(), { owner: owner.id, title: "Doomed 1" });
        await scoped.create(notebooks(), operatorRequest(), { owner: owner.id, title: "Doomed 2" });
      }),
    ).rejects.toThrow("second fails");
    const { items } = await app.records.list(notebooks(), operatorRequest(), {
      filter: 'title ~ "Doomed"',
    });
    expect(items).toEqual([]);
    expect(log).toEqual([
      "beforeCreate:Doomed 1",
      "afterCreate:Doomed 1",
      "beforeCreate:Doomed 2",
      "afterCreate:Doomed 2",
      "afterCreateRollback:Doomed 2",
      "afterCreateRollback:Doomed 1",
    ]);
  });

  it("runs delete hooks for every cascaded record, marked as cascaded", async () => {
    const user = (await app.createUser()).record;
    const notebook = await app.records.create(notebooks(), operatorRequest(), {
      owner: user.id,
      title: "Cascaded",
    });
    const deleted: string[] = [];
    on("afterDelete", (e) => void deleted.push(`${e.collection.name}:${String(e.cascade)}`));
    const committed: string[] = [];
    on("afterDeleteCommit", (e) => void committed.push(e.id));
    await app.records.delete(collection("users"), operatorRequest(), String(user.id));
    // The fixture signed in once: its device goes with it too (ADR 053).
    expect(deleted).toEqual(["collections:true", "devices:true", "users:false"]);
    expect(committed).toEqual([notebook.id, expect.any(String), user.id]);
  });
});

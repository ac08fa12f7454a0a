import { describe, expect, it } from "vitest";
import { backoff, coalesce, newRecordId, type OutboxChange, type RecordFields } from "./outbox.ts";
import { sendOutbox, type SyncDeps, type SyncFailure } from "./sync.ts";
import type { OfflineConflict } from "./offline-db.ts";

class Refusal extends Error {
  readonly failure: SyncFailure;
  constructor(failure: SyncFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** An outbox and a records API held in memory, answering as the server does. */
function harness(records: Record<string, RecordFields> = {}) {
  const outbox: OutboxChange[] = [];
  const conflicts: OfflineConflict[] = [];
  const pending: Record<string, unknown>[] = [];
  const calls: string[] = [];
  let online = true;
  let version = 0;
  const stamp = () => `2026-01-01 00:00:${String(++version).padStart(2, "0")}.000Z`;
  const network = () => {
    if (!online) throw new Refusal({ status: 0, data: {}, message: "offline" });
  };
  const deps: SyncDeps = {
    changes: () => Promise.resolve([...outbox]),
    sent: (change) => {
      outbox.splice(outbox.indexOf(change), 1);
      return Promise.resolve();
    },
    failed: (change) => {
      change.attempts += 1;
      return Promise.resolve();
    },
    refused: (change, message) => {
      change.error = message;
      return Promise.resolve();
    },
    addConflict: (conflict) => {
      conflicts.push(conflict);
      return Promise.resolve();
    },
    author: "me",
    create: (collection, body) => {
      network();
      calls.push(`create ${String(body.id)}`);
      const id = String(body.id);
      if (records[id])
        throw new Refusal({
          status: 400,
          data: { id: { code: "validation_pk_invalid" } },
          message: "id",
        });
      records[id] = { ...body, collection, updated: stamp() };
      return Promise.resolve(records[id]);
    },
    update: (_collection, id, body) => {
      network();
      calls.push(`update ${id}`);
      const record = records[id];
      if (!record) throw new Refusal({ status: 404, data: {}, message: "missing" });
      Object.assign(record, body, { updated: stamp() });
      return Promise.resolve({ ...record });
    },
    read: (_collection, id) => {
      network();
      return Promise.resolve(records[id] ? { ...records[id] } : null);
    },
    savePending: (change, values) => {
      network();
      pending.push({ record: change.id, ...values });
      return Promise.resolve();
    },
    failure: (error) => (error instanceof Refusal ? error.failure : null),
    now: () => 1,
  };
  return {
    deps,
    outbox,
    records,
    conflicts,
    pending,
    calls,
    stamp,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

const change = (over: Partial<OutboxChange>): OutboxChange => ({
  op: "create",
  collection: "entries",
  id: "a",
  body: { title: "A", content: "" },
  title: "A",
  at: 1,
  attempts: 0,
  ...over,
});

describe("coalesce", () => {
  it("keeps a create a create, and an update's first base", () => {
    const first = change({ seq: 3, body: { title: "A", content: "x" } });
    expect(coalesce(first, change({ op: "update", body: { content: "y" } }))).toMatchObject({
      seq: 3,
      op: "create",
      body: { title: "A", content: "y" },
    });
    const base = { updated: "u1", fields: { content: "old" } };
    const update = change({ seq: 4, op: "update", base, body: { content: "x" } });
    const next = change({
      op: "update",
      base: { updated: "u2", fields: {} },
      body: { content: "z" },
    });
    expect(coalesce(update, next)).toMatchObject({ seq: 4, base, body: { content: "z" } });
  });

  it("makes PocketBase-shaped ids and a growing, bounded backoff", () => {
    expect(newRecordId()).toMatch(/^[a-z0-9]{15}$/);
    expect(newRecordId()).not.toBe(newRecordId());
    expect([0, 1, 2, 3].map(backoff)).toEqual([0, 2000, 4000, 8000]);
    expect(backoff(40)).toBe(5 * 60_000);
  });
});

describe("sendOutbox", () => {
  it("sends changes in order, each once, and stops offline to resume later", async () => {
    const h = harness();
    h.outbox.push(change({ id: "a" }), change({ id: "b" }), change({ id: "c" }));
    h.setOnline(false);
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 0, stopped: "offline", attempts: 1 });
    expect(h.outbox).toHaveLength(3);
    h.setOnline(true);
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 3, stopped: "done" });
    expect(h.calls).toEqual(["create a", "create b", "create c"]);
    expect(Object.keys(h.records)).toEqual(["a", "b", "c"]);
  });

  it("counts a create whose id is already ours as done (a lost answer), writing its fields", async () => {
    const h = harness({ a: { id: "a", author: "me", title: "old", updated: "u" } });
    h.outbox.push(change({ id: "a", body: { title: "new", author: "me" } }));
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1 });
    expect(h.records.a).toMatchObject({ title: "new" });
    expect(Object.keys(h.records)).toEqual(["a"]);
  });

  it("keeps a create whose id is someone else's, with why", async () => {
    const h = harness({ a: { id: "a", author: "other", title: "theirs", updated: "u" } });
    const mine = change({ id: "a", body: { title: "mine", author: "me" } });
    h.outbox.push(mine);
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 0, stopped: "done" });
    expect(h.outbox).toEqual([mine]);
    expect(mine.error).toBe("id");
    expect(h.records.a).toMatchObject({ title: "theirs" });
  });

  it("writes an update made from the server's version as it is", async () => {
    const h = harness({ a: { id: "a", title: "T", content: "One", updated: "u1" } });
    const base = { updated: "u1", fields: { ...h.records.a } };
    h.outbox.push(change({ op: "update", base, body: { content: "One, two" } }));
    await sendOutbox(h.deps);
    expect(h.records.a).toMatchObject({ content: "One, two" });
  });

  it("merges an edit made elsewhere meanwhile when the two do not overlap", async () => {
    const h = harness({ a: { id: "a", title: "T", content: "One\n\nTwo", updated: "u1" } });
    const base = { updated: "u1", fields: { ...h.records.a } };
    Object.assign(h.records.a ?? {}, { content: "One (elsewhere)\n\nTwo", updated: "u2" });
    h.outbox.push(change({ op: "update", base, body: { content: "One\n\nTwo (here)" } }));
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1, conflicts: 0 });
    expect(h.records.a).toMatchObject({ content: "One (elsewhere)\n\nTwo (here)" });
  });

  it("keeps both versions of an overlapping edit: the server's as is, ours as pending edits", async () => {
    const h = harness({ a: { id: "a", title: "T", content: "One", updated: "u1" } });
    const base = { updated: "u1", fields: { ...h.records.a } };
    Object.assign(h.records.a ?? {}, { content: "One (elsewhere)", updated: "u2" });
    const pending = { title: "T", content: "One (here)", data: {} };
    h.outbox.push(
      change({ op: "update", base, body: { content: "One (here)" }, pending, editPath: "/e" }),
    );
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1, conflicts: 1 });
    expect(h.records.a).toMatchObject({ content: "One (elsewhere)", updated: "u2" });
    expect(h.pending).toEqual([{ record: "a", ...pending }]);
    expect(h.conflicts).toEqual([
      { key: "entries/a", collection: "entries", id: "a", title: "A", editPath: "/e", at: 1 },
    ]);
    expect(h.outbox).toEqual([]);
  });

  it("keeps an update of a record deleted meanwhile, and goes on with the next", async () => {
    const h = harness();
    const gone = change({ op: "update", id: "x", base: { updated: "u", fields: {} } });
    h.outbox.push(gone, change({ id: "b" }));
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1 });
    expect(h.outbox).toEqual([gone]);
    expect(gone.error).toBe("The record was deleted.");
  });
});

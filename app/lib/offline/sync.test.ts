import { describe, expect, it } from "vitest";
import { backoff, coalesce, newRecordId, type OutboxChange, type RecordFields } from "./outbox.ts";
import { sendOutbox, type SyncDeps, type SyncFailure } from "./sync.ts";
import type { OfflineConflict } from "./offline-db.ts";
import type { OutboxFile } from "./outbox-files.ts";

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
  // The next write lands but its answer is lost (the network drops meanwhile).
  let loseAnswer = false;
  let version = 0;
  const stamp = () => `2026-01-01 00:00:${String(++version).padStart(2, "0")}.000Z`;
  const network = () => {
    if (!online) throw new Refusal({ status: 0, data: {}, message: "offline" });
  };
  const answer = (record: RecordFields) => {
    if (loseAnswer) {
      loseAnswer = false;
      throw new Refusal({ status: 0, data: {}, message: "lost" });
    }
    return Promise.resolve({ ...record });
  };
  let stored = 0;
  // Files as the server stores them: a name of its own, appended by `field+`.
  const withFiles = (record: RecordFields, body: RecordFields) => {
    const out: RecordFields = {};
    for (const [key, value] of Object.entries(body)) {
      const files = [value].flat().filter((v): v is File => v instanceof File);
      if (!files.length) {
        out[key] = value;
        continue;
      }
      const names = files.map((file) => `${file.name}_${String(++stored).padStart(10, "0")}`);
      const field = key.replace(/\+$/, "");
      const before = key.endsWith("+") ? ((record[field] as string[] | undefined) ?? []) : [];
      out[field] = [...before, ...names];
    }
    return out;
  };
  const deps: SyncDeps = {
    changes: () => Promise.resolve([...outbox]),
    sent: (change) => {
      outbox.splice(outbox.indexOf(change), 1);
      return Promise.resolve();
    },
    tried: (change, attempt) => {
      change.filesAttempt = attempt;
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
      records[id] = { ...withFiles({}, body), collection, updated: stamp() };
      return answer(records[id]);
    },
    update: (_collection, id, body) => {
      network();
      calls.push(`update ${id}`);
      const record = records[id];
      if (!record) throw new Refusal({ status: 404, data: {}, message: "missing" });
      Object.assign(record, withFiles(record, body), { updated: stamp() });
      return answer(record);
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
    loseNextAnswer: () => {
      loseAnswer = true;
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

const photo = (key: string, name = `${key}.jpg`, field = "attachments"): OutboxFile => ({
  key,
  field,
  name,
  type: "image/jpeg",
  size: 3,
  blob: new Blob(["jpg"], { type: "image/jpeg" }),
});

describe("sendOutbox with files", () => {
  it("sends a create's files with it, once, even when the answer was lost", async () => {
    const h = harness();
    h.outbox.push(
      change({ id: "a", body: { title: "A", author: "me" }, files: [photo("p"), photo("q")] }),
    );
    h.loseNextAnswer();
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 0, stopped: "offline" });
    expect(h.records.a?.attachments).toHaveLength(2);
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1, stopped: "done" });
    expect(h.calls).toEqual(["create a", "create a", "update a"]);
    expect(h.records.a?.attachments).toEqual(["p.jpg_0000000001", "q.jpg_0000000002"]);
  });

  it("appends the files a create carries when only its text had landed", async () => {
    // The text was sent alone (by the editor, or before the files joined); the files follow.
    const h = harness({ a: { id: "a", author: "me", title: "A", updated: "u" } });
    h.outbox.push(change({ id: "a", body: { title: "A", author: "me" }, files: [photo("p")] }));
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1 });
    expect(h.records.a?.attachments).toEqual(["p.jpg_0000000001"]);
  });

  it("appends an edit's files (attachments+), keeping files added elsewhere, once", async () => {
    const h = harness({ a: { id: "a", title: "T", attachments: ["old_1"], updated: "u1" } });
    const base = { updated: "u1", fields: { ...h.records.a } };
    Object.assign(h.records.a ?? {}, { attachments: ["old_1", "elsewhere_1"], updated: "u2" });
    h.outbox.push(change({ op: "update", base, body: { title: "T" }, files: [photo("p")] }));
    h.loseNextAnswer();
    expect(await sendOutbox(h.deps)).toMatchObject({ stopped: "offline" });
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1 });
    expect(h.records.a?.attachments).toEqual(["old_1", "elsewhere_1", "p.jpg_0000000001"]);
  });

  it("sends a cover as the record's one file, and files beside an overlapping edit", async () => {
    const h = harness({ a: { id: "a", title: "T", content: "One", updated: "u1" } });
    const base = { updated: "u1", fields: { ...h.records.a } };
    Object.assign(h.records.a ?? {}, { content: "One (elsewhere)", updated: "u2" });
    const cover = photo("c", "cover.png", "cover");
    h.outbox.push(
      change({
        op: "update",
        collection: "posts",
        base,
        body: { content: "One (here)" },
        files: [cover],
      }),
    );
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 1, conflicts: 1 });
    expect(h.records.a).toMatchObject({
      content: "One (elsewhere)",
      cover: ["cover.png_0000000001"],
    });
  });

  it("keeps a refusal (a file too large) on the change, with its message", async () => {
    const h = harness();
    const big = change({ id: "a", files: [photo("p")] });
    h.deps.create = () => {
      throw new Refusal({ status: 413, data: {}, message: "Request entity too large." });
    };
    h.outbox.push(big);
    expect(await sendOutbox(h.deps)).toMatchObject({ sent: 0, stopped: "done" });
    expect(big.error).toBe("Request entity too large.");
    expect(h.outbox).toEqual([big]);
  });
});

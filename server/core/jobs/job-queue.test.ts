import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { findJob, countJobs } from "#server/data/repositories/job-repository.ts";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { JobQueue, type JobContext, type JobQueueOptions } from "./job-queue.ts";

/** A clock the test moves by hand. */
function manualClock(start = Date.parse("2026-01-01T00:00:00.000Z")) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Resolves when `condition` holds, checking after each turn of the event loop. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A job handler doing `effect` synchronously. */
function does<P>(effect: (payload: P, context: JobContext) => void) {
  return (payload: P, context: JobContext): Promise<void> => {
    effect(payload, context);
    return Promise.resolve();
  };
}

/** Options of a queue standing for a dead process: it never renews and lets go at once. */
const neverRenews = { renewEveryMs: 3_600_000, graceMs: 0 };

describe.each(DIALECTS)("job queue (%s)", (dialect) => {
  let fresh: FreshDatabase;
  const queues: JobQueue[] = [];

  function queue(options: JobQueueOptions = {}): JobQueue {
    const made = new JobQueue(fresh.database, { pollMs: 20, ...options });
    queues.push(made);
    return made;
  }

  beforeEach(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterEach(async () => {
    for (const made of queues.splice(0)) await made.close();
    await fresh.close();
  });

  it("runs an enqueued job once with its payload, and records it done", async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.define<{ to: string }>({
      kind: "greet",
      run: does((payload, context) => {
        seen.push({ payload, attempt: context.attempt });
      }),
    });
    const { id, created } = await q.enqueue("greet", { to: "Ada" });
    expect(created).toBe(true);
    await q.drain();
    expect(seen).toEqual([{ payload: { to: "Ada" }, attempt: 1 }]);
    const row = await findJob(fresh.database.kysely, id);
    expect(row).toMatchObject({ state: "done", attempts: 1, leasedBy: null, lastError: "" });
  });

  it("drains a job the loop is claiming at that moment: drain() ends once it is done", async () => {
    // start() claims in the background; on PostgreSQL drain()'s own claim skips the rows that
    // claim holds locked. Before the fix, drain() answered while the job had yet to run.
    const q = queue({ pollMs: 3_600_000 });
    let runs = 0;
    q.define({
      kind: "tick",
      run: does(() => {
        runs++;
      }),
    });
    for (let round = 1; round <= 10; round++) {
      const { id } = await q.enqueue("tick", { round });
      q.start();
      q.wake();
      await q.drain();
      expect(runs).toBe(round);
      expect((await findJob(fresh.database.kysely, id))?.state).toBe("done");
    }
  });

  it("makes one job of one idempotency key, however often it is enqueued", async () => {
    const q = queue();
    let runs = 0;
    q.define({
      kind: "once",
      run: does(() => {
        runs++;
      }),
    });
    const first = await q.enqueue("once", { n: 1 }, { key: "welcome:u1" });
    const second = await q.enqueue("once", { n: 2 }, { key: "welcome:u1" });
    await q.drain();
    const third = await q.enqueue("once", { n: 3 }, { key: "welcome:u1" });
    await q.drain();
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(third).toEqual({ id: first.id, created: false });
    expect(runs).toBe(1);
    // Without a key, each call is a job of its own.
    await q.enqueue("once", {});
    await q.enqueue("once", {});
    await q.drain();
    expect(runs).toBe(3);
  });

  it("does not run a job before its run-at time", async () => {
    const clock = manualClock();
    const q = queue({ now: clock.now });
    let runs = 0;
    q.define({
      kind: "later",
      run: does(() => {
        runs++;
      }),
    });
    await q.enqueue("later", null, { runAt: new Date(clock.now() + 60_000) });
    await q.drain();
    expect(runs).toBe(0);
    clock.advance(60_000);
    await q.drain();
    expect(runs).toBe(1);
  });

  it("retries a failing job with exponential backoff, then fails it with its last error", async () => {
    const clock = manualClock();
    const q = queue({ now: clock.now });
    const attempts: number[] = [];
    q.define({
      kind: "flaky",
      maxAttempts: 3,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      run: does((_payload, context) => {
        attempts.push(context.attempt);
        throw new Error(`refused on attempt ${context.attempt}`);
      }),
    });
    const { id } = await q.enqueue("flaky", {});
    await q.drain();
    let row = await findJob(fresh.database.kysely, id);
    expect(row).toMatchObject({ state: "queued", attempts: 1, lastError: "refused on attempt 1" });
    expect(Date.parse(row?.runAt ?? "")).toBe(clock.now() + 1_000);
    clock.advance(999);
    await q.drain();
    expect(attempts).toEqual([1]);
    clock.advance(1);
    await q.drain();
    row = await findJob(fresh.database.kysely, id);
    expect(row).toMatchObject({ state: "queued", attempts: 2 });
    // The second wait is twice the first.
    expect(Date.parse(row?.runAt ?? "")).toBe(clock.now() + 2_000);
    clock.advance(2_000);
    await q.drain();
    row = await findJob(fresh.database.kysely, id);
    expect(row).toMatchObject({ state: "failed", attempts: 3, lastError: "refused on attempt 3" });
    expect(attempts).toEqual([1, 2, 3]);
    clock.advance(3_600_000);
    await q.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await countJobs(fresh.database.kysely)).toEqual({
      queued: 0,
      running: 0,
      done: 0,
      failed: 1,
    });
  });

  it("runs again a job whose process stopped renewing its lease, counting the attempt", async () => {
    const clock = manualClock();
    // A handler that never returns and a lease never renewed stand for a process killed
    // mid-job.
    const dead = queue({ now: clock.now, owner: "dead", leaseMs: 30_000, ...neverRenews });
    dead.define({ kind: "work", run: () => new Promise<void>(() => undefined) });
    const { id } = await dead.enqueue("work", {});
    void dead.drain();
    await until(async () => (await findJob(fresh.database.kysely, id))?.state === "running");
    const alive = queue({ now: clock.now, owner: "alive" });
    const runs: number[] = [];
    alive.define({
      kind: "work",
      run: does((_p, context) => {
        runs.push(context.attempt);
      }),
    });
    await alive.drain();
    expect(runs).toEqual([]);
    clock.advance(30_001);
    await alive.drain();
    expect(runs).toEqual([2]);
    expect(await findJob(fresh.database.kysely, id)).toMatchObject({ state: "done", attempts: 2 });
  }, 20_000);

  it("fails, rather than runs, a job whose lease ran out on its last attempt", async () => {
    const clock = manualClock();
    const dead = queue({ now: clock.now, owner: "dead", leaseMs: 1_000, ...neverRenews });
    dead.define({ kind: "work", maxAttempts: 1, run: () => new Promise<void>(() => undefined) });
    const { id } = await dead.enqueue("work", {});
    void dead.drain();
    await until(async () => (await findJob(fresh.database.kysely, id))?.state === "running");
    const alive = queue({ now: clock.now, owner: "alive" });
    let runs = 0;
    alive.define({
      kind: "work",
      run: does(() => {
        runs++;
      }),
    });
    clock.advance(1_001);
    await alive.drain();
    expect(runs).toBe(0);
    const row = await findJob(fresh.database.kysely, id);
    expect(row?.state).toBe("failed");
    expect(row?.lastError).toMatch(/stopped before it finished/);
  });

  it("lets a running job finish when it closes within the grace period", async () => {
    const q = queue({ graceMs: 10_000 });
    const gate = Promise.withResolvers<undefined>();
    q.define({
      kind: "slow",
      run: async () => {
        await gate.promise;
      },
    });
    q.start();
    const { id } = await q.enqueue("slow", {});
    await until(async () => (await findJob(fresh.database.kysely, id))?.state === "running");
    const closed = q.close();
    gate.resolve(undefined);
    await closed;
    expect(await findJob(fresh.database.kysely, id)).toMatchObject({ state: "done" });
  });

  it("hands a job back when it closes and the job outlasts the grace period", async () => {
    const q = queue({ graceMs: 50 });
    let aborted = false;
    q.define({
      kind: "endless",
      run: (_payload, context) =>
        new Promise<void>((resolve) => {
          context.signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          });
        }),
    });
    q.start();
    const { id } = await q.enqueue("endless", {});
    await until(async () => (await findJob(fresh.database.kysely, id))?.state === "running");
    await q.close();
    expect(aborted).toBe(true);
    // Queued again, due now, the unfinished attempt not counted.
    expect(await findJob(fresh.database.kysely, id)).toMatchObject({
      state: "queued",
      attempts: 0,
      leasedBy: null,
    });
    const next = queue();
    let runs = 0;
    next.define({
      kind: "endless",
      run: does(() => {
        runs++;
      }),
    });
    await next.drain();
    expect(runs).toBe(1);
  });

  it("runs jobs it was started with, and wakes at once for a job enqueued while idle", async () => {
    const q = queue({ pollMs: 60_000 });
    const done: string[] = [];
    q.define<{ name: string }>({
      kind: "note",
      run: does(({ name }) => {
        done.push(name);
      }),
    });
    await q.enqueue("note", { name: "before" });
    q.start();
    await until(() => done.length === 1);
    await q.enqueue("note", { name: "after" });
    // The poll is a minute away: only the wake can run it now.
    await until(() => done.length === 2);
    expect(done).toEqual(["before", "after"]);
  });

  it("stores a job enqueued in a transaction only if the transaction commits", async () => {
    const q = queue();
    q.define({ kind: "after-commit", run: () => Promise.resolve() });
    await expect(
      fresh.database.kysely.transaction().execute(async (trx) => {
        await q.enqueue("after-commit", {}, { db: trx, key: "rolled-back" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await fresh.database.kysely
      .transaction()
      .execute((trx) => q.enqueue("after-commit", {}, { db: trx, key: "committed" }));
    const keys = await sql<{ key: string }>`SELECT "key" FROM "_jobs" ORDER BY "key"`.execute(
      fresh.database.kysely,
    );
    expect(keys.rows.map((row) => row.key)).toEqual(["committed"]);
  });

  it("refuses an unknown kind and a kind defined twice", async () => {
    const q = queue();
    q.define({ kind: "known", run: () => Promise.resolve() });
    expect(() => {
      q.define({ kind: "known", run: () => Promise.resolve() });
    }).toThrow(/twice/);
    await expect(q.enqueue("unknown", {})).rejects.toThrow(/Unknown job kind/);
  });

  it("makes one job per period of a recurring kind, shared by every process", async () => {
    const clock = manualClock(Date.parse("2026-01-01T00:30:00.000Z"));
    const hour = 3_600_000;
    const periods: string[] = [];
    const [a, b] = [queue({ now: clock.now }), queue({ now: clock.now })];
    for (const q of [a, b]) {
      q.define<{ period: string }>({
        kind: "prune",
        run: does(({ period }) => {
          periods.push(period);
        }),
      });
      q.recurring.every("prune", hour);
      q.start();
    }
    await until(async () => (await countJobs(fresh.database.kysely)).queued === 1);
    clock.advance(hour / 2);
    await until(() => periods.length === 1);
    expect(periods).toEqual(["2026-01-01T01:00:00.000Z"]);
    // The next period's job is made once too.
    await until(async () => (await countJobs(fresh.database.kysely)).queued === 1);
    clock.advance(hour);
    await until(() => periods.length === 2);
    await Promise.all([a.close(), b.close()]);
    expect(periods).toEqual(["2026-01-01T01:00:00.000Z", "2026-01-01T02:00:00.000Z"]);
  });
  it("keeps a job's progress while it runs and its result once done; settled() waits for it", async () => {
    const q = queue();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    q.define<null>({
      kind: "count",
      run: async (_payload, context) => {
        context.progress({ done: 1, total: 3 });
        // Within the same second: kept, and written when the job ends.
        context.progress({ done: 3, total: 3 });
        await gate;
        return { counted: 3 };
      },
    });
    const { id } = await q.enqueue("count", null);
    const settled = q.settled(id);
    q.start();
    await until(async () => (await findJob(fresh.database.kysely, id))?.progress !== "");
    const running = await findJob(fresh.database.kysely, id);
    expect(running?.state).toBe("running");
    expect(JSON.parse(running?.progress ?? "")).toEqual({ done: 1, total: 3 });
    release();
    const done = await settled;
    expect(done?.state).toBe("done");
    expect(JSON.parse(done?.result ?? "")).toEqual({ counted: 3 });
    expect(JSON.parse(done?.progress ?? "")).toEqual({ done: 3, total: 3 });
    // A job that answers nothing keeps no result; settled() of a finished job answers at once.
    q.define<null>({ kind: "quiet", run: does(() => undefined) });
    const quiet = await q.enqueue("quiet", null);
    await q.drain();
    expect((await q.settled(quiet.id))?.result).toBe("");
  });
});

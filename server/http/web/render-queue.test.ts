/**
 * The render line's shedding, on a hand-moved clock: refused at once when full or when the
 * expected wait is too long (with a `Retry-After` from that wait), served in order otherwise,
 * and a slot whose reader left goes on to the next.
 */
import { describe, expect, it } from "vitest";
import { RenderBusyError, RenderQueue } from "./render-queue.ts";

/** A render the test finishes by hand. */
function held<T>(value: T): { render: () => Promise<T>; finish: () => void; started: boolean } {
  let finish = () => {};
  const handle = {
    started: false,
    finish: () => {
      finish();
    },
    render: () =>
      new Promise<T>((resolve) => {
        handle.started = true;
        finish = () => {
          resolve(value);
        };
      }),
  };
  return handle;
}

describe("render queue", () => {
  it("runs renders in order of arrival, refusing at once past the line's length", async () => {
    const queue = new RenderQueue({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const first = held("first");
    const second = held("second");
    const running = queue.run(first.render);
    const waiting = queue.run(second.render);
    expect(queue.running).toBe(1);
    expect(queue.waiting).toBe(1);
    const refused = queue.run(held("third").render);
    await expect(refused).rejects.toBeInstanceOf(RenderBusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 });
    expect(second.started).toBe(false);
    first.finish();
    await expect(running).resolves.toBe("first");
    await Promise.resolve();
    expect(second.started).toBe(true);
    second.finish();
    await expect(waiting).resolves.toBe("second");
    expect(queue.running).toBe(0);
  });

  it("refuses at once a render whose expected wait is too long, and says how long", async () => {
    let now = 1000;
    const queue = new RenderQueue({
      concurrency: 2,
      maxQueue: 100,
      maxWaitMs: 5000,
      now: () => now,
    });
    // Two renders of 4 s each teach the line what a render costs.
    const slow = [held(1), held(2)];
    const done = slow.map((r) => queue.run(r.render));
    now += 4000;
    for (const r of slow) r.finish();
    await Promise.all(done);

    const busy = [held(3), held(4)];
    const running = busy.map((r) => queue.run(r.render));
    // Ahead of each newcomer: the waiting ones; 2 slots, 4 s a render.
    const queued = [held(5), held(6)];
    const waiting = queued.map((r) => queue.run(r.render));
    expect(queue.waiting).toBe(2);
    const refused = queue.run(held(7).render);
    await expect(refused).rejects.toBeInstanceOf(RenderBusyError);
    // (2 waiting + itself) × 4 s / 2 slots = 6 s.
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 6 });
    expect(queue.waiting).toBe(2);
    for (const r of busy) r.finish();
    await Promise.all(running);
    await Promise.resolve();
    expect(queue.running).toBe(2);
    for (const r of queued) r.finish();
    await expect(Promise.all(waiting)).resolves.toEqual([5, 6]);
  });

  it("gives a slot whose reader left to the next in line, without rendering", async () => {
    const queue = new RenderQueue({ concurrency: 1, maxQueue: 5, maxWaitMs: 60_000 });
    const first = held("first");
    const running = queue.run(first.render);
    const gone = held("gone");
    const skipped = queue.run(gone.render, () => true);
    const next = held("next");
    const served = queue.run(next.render);
    first.finish();
    await running;
    await expect(skipped).resolves.toBeNull();
    expect(gone.started).toBe(false);
    await Promise.resolve();
    expect(next.started).toBe(true);
    next.finish();
    await expect(served).resolves.toBe("next");
    expect(queue.running).toBe(0);
  });
});

/**
 * The fan-out's backlog: messages Redis did not take are published again in their order,
 * an overflow becomes one reset, and a closed backlog sends nothing more.
 */
import { describe, expect, it } from "vitest";
import { BACKLOG_LIMIT, PublishBacklog } from "./publish-backlog.ts";

/** A publisher that refuses while `down`, and records what it took. */
function publisher() {
  const state = { down: true, sent: [] as unknown[], tries: 0 };
  const publish = (message: unknown) => {
    state.tries += 1;
    if (state.down) return Promise.reject(new Error("Connection is closed."));
    state.sent.push(message);
    return Promise.resolve(1);
  };
  return { state, publish };
}

/** A backlog over {@link publisher} that tries again every millisecond, and what it logged. */
function quickBacklog() {
  const { state, publish } = publisher();
  const logs: string[] = [];
  const backlog = new PublishBacklog({
    publish,
    reset: () => "reset",
    log: (_level, message) => logs.push(message),
    retryMs: 1,
  });
  return { state, logs, backlog };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe("PublishBacklog", () => {
  it("publishes what waits, in order, once the bus takes it again", async () => {
    const { state, logs, backlog } = quickBacklog();
    backlog.add("a");
    backlog.add("b");
    expect(backlog.pending).toBe(true);
    await until(() => state.tries >= 3); // It keeps trying while Redis refuses.
    expect(state.sent).toEqual([]);
    state.down = false;
    await until(() => !backlog.pending);
    backlog.add("c");
    await until(() => state.sent.length === 3);
    expect(state.sent).toEqual(["a", "b", "c"]);
    expect(logs).toEqual([]);
    backlog.close();
  });

  it("replaces an overflowing backlog by one reset, and says so once", async () => {
    const { state, logs, backlog } = quickBacklog();
    for (let i = 0; i <= BACKLOG_LIMIT + 5; i += 1) backlog.add(i);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("resync");
    state.down = false;
    await until(() => !backlog.pending);
    expect(state.sent).toEqual(["reset"]);
    backlog.close();
  });

  it("sends nothing more once closed", async () => {
    const { state, publish } = publisher();
    const backlog = new PublishBacklog({ publish, reset: () => "reset", log: () => undefined });
    backlog.add("a");
    backlog.close();
    state.down = false;
    backlog.add("b");
    expect(backlog.pending).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(state.sent).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { SaveQueue, type SaveKind } from "./save-queue.ts";

/** A runner whose saves finish when the test says so. */
function controlledRunner() {
  const runs: {
    kind: SaveKind;
    finish: (saved?: boolean) => void;
    fail: (error: Error) => void;
  }[] = [];
  let active = 0;
  let maxActive = 0;
  const runner = (kind: SaveKind) =>
    new Promise<boolean>((resolve, reject) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      const done = () => {
        active -= 1;
      };
      runs.push({
        kind,
        finish: (saved = true) => {
          done();
          resolve(saved);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { runs, runner, maxActive: () => maxActive };
}

/** Lets pending promise callbacks run. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe("SaveQueue", () => {
  it("runs a save at once when idle", async () => {
    const { runs, runner } = controlledRunner();
    const queue = new SaveQueue(runner);
    const done = queue.request("autosave");
    await settle();
    expect(runs.map((r) => r.kind)).toEqual(["autosave"]);
    expect(queue.current).toBe("autosave");
    runs[0]?.finish();
    await done;
    expect(queue.current).toBeNull();
  });

  it("joins an explicit save that is running (Create and Ctrl+S make one save)", async () => {
    const { runs, runner } = controlledRunner();
    const queue = new SaveQueue(runner);
    const click = queue.request("explicit");
    const shortcut = queue.request("explicit");
    const timer = queue.request("autosave");
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]?.finish();
    await Promise.all([click, shortcut, timer]);
    await settle();
    expect(runs.map((r) => r.kind)).toEqual(["explicit"]);
  });

  it("runs the autosaves that joined an explicit save the server refused after it", async () => {
    const { runs, runner, maxActive } = controlledRunner();
    const queue = new SaveQueue(runner);
    const click = queue.request("explicit");
    await settle();
    const timer = queue.request("autosave");
    const hidden = queue.request("autosave");
    let covered = false;
    void timer.then(() => {
      covered = true;
    });
    // Refused (no title): the words still go, in one more save.
    runs[0]?.finish(false);
    await click;
    await settle();
    expect(covered).toBe(false);
    expect(runs.map((r) => r.kind)).toEqual(["explicit", "autosave"]);
    runs[1]?.finish();
    await Promise.all([timer, hidden]);
    expect(maxActive()).toBe(1);

    // Saved: the explicit save covered them.
    const save = queue.request("explicit");
    await settle();
    const late = queue.request("autosave");
    runs[2]?.finish(true);
    await Promise.all([save, late]);
    await settle();
    expect(runs).toHaveLength(3);
    // Refused with nothing joined: nothing more runs.
    const alone = queue.request("explicit");
    await settle();
    runs[3]?.finish(false);
    await alone;
    await settle();
    expect(runs).toHaveLength(4);
    expect(queue.current).toBeNull();
  });

  it("runs one more save after a running autosave, explicit if any request was", async () => {
    const { runs, runner, maxActive } = controlledRunner();
    const queue = new SaveQueue(runner);
    const first = queue.request("autosave");
    await settle();
    const a = queue.request("autosave");
    const b = queue.request("explicit");
    const c = queue.request("autosave");
    expect(queue.queued).toBe("explicit");
    runs[0]?.finish();
    await first;
    await settle();
    expect(runs.map((r) => r.kind)).toEqual(["autosave", "explicit"]);
    runs[1]?.finish();
    await Promise.all([a, b, c]);
    expect(maxActive()).toBe(1);
    expect(queue.current).toBeNull();
    expect(queue.queued).toBeNull();
  });

  it("coalesces autosaves requested during an autosave into one", async () => {
    const { runs, runner } = controlledRunner();
    const queue = new SaveQueue(runner);
    void queue.request("autosave");
    await settle();
    const later = [queue.request("autosave"), queue.request("autosave")];
    runs[0]?.finish();
    await settle();
    runs[1]?.finish();
    await Promise.all(later);
    expect(runs.map((r) => r.kind)).toEqual(["autosave", "autosave"]);
  });

  it("reports a failed save to its requesters and carries on with the next", async () => {
    const { runs, runner } = controlledRunner();
    const queue = new SaveQueue(runner);
    const failing = queue.request("autosave");
    await settle();
    const next = queue.request("explicit");
    runs[0]?.fail(new Error("offline"));
    await expect(failing).rejects.toThrow("offline");
    await settle();
    runs[1]?.fail(new Error("refused"));
    await expect(next).rejects.toThrow("refused");
    const again = queue.request("explicit");
    await settle();
    runs[2]?.finish();
    await again;
    expect(runs).toHaveLength(3);
  });

  it("tells when nothing runs and nothing waits", async () => {
    const { runs, runner } = controlledRunner();
    const queue = new SaveQueue(runner);
    await queue.idle();
    void queue.request("autosave");
    await settle();
    void queue.request("autosave");
    let idle = false;
    void queue.idle().then(() => {
      idle = true;
    });
    runs[0]?.finish();
    await settle();
    expect(idle).toBe(false);
    runs[1]?.finish();
    await settle();
    expect(idle).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import {
  createNotificationStore,
  MAX_NOTIFICATIONS,
  NOTIFICATION_DURATION_MS,
  type StoreTimers,
} from "./notification-store.ts";

/** A manual clock: timers run when `advance` passes their time. */
function manualClock() {
  let now = 0;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; task: () => void }>();
  const api: StoreTimers = {
    setTimeout: (task, ms) => {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, task });
      return handle;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
    now: () => now,
  };
  return {
    api,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].task();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

const messages = (store: ReturnType<typeof createNotificationStore>) =>
  store.getSnapshot().map((n) => `${n.type}:${n.message}`);

describe("notification store", () => {
  it("shows each notification for 6000 ms", () => {
    const clock = manualClock();
    const store = createNotificationStore(clock.api);
    expect(NOTIFICATION_DURATION_MS).toBe(6000);
    store.notify("success", "Saved.");
    clock.advance(NOTIFICATION_DURATION_MS - 1);
    expect(messages(store)).toEqual(["success:Saved."]);
    clock.advance(1);
    expect(messages(store)).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it("ignores a duplicate (same type and message) while the first is shown", () => {
    const clock = manualClock();
    const store = createNotificationStore(clock.api);
    const first = store.notify("error", "Nope.");
    clock.advance(4000);
    expect(store.notify("error", "Nope.")).toBe(first);
    store.notify("success", "Nope.");
    store.notify("error", "Other.");
    expect(messages(store)).toEqual(["error:Nope.", "success:Nope.", "error:Other."]);
    // The duplicate did not extend the first one's time.
    clock.advance(2000);
    expect(messages(store)).toEqual(["success:Nope.", "error:Other."]);
    // Once gone, the same message shows again.
    expect(store.notify("error", "Nope.")).not.toBe(first);
    expect(messages(store)).toContain("error:Nope.");
  });

  it("closes a notification on demand, and can close them all", () => {
    const clock = manualClock();
    const store = createNotificationStore(clock.api);
    const id = store.notify("info", "One");
    store.notify("info", "Two");
    store.dismiss(id);
    store.dismiss(id);
    expect(messages(store)).toEqual(["info:Two"]);
    store.clear();
    expect(messages(store)).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it("pauses a countdown while focused and resumes it with the time left", () => {
    const clock = manualClock();
    const store = createNotificationStore(clock.api);
    const id = store.notify("success", "Saved.");
    clock.advance(1000);
    store.pause(id);
    clock.advance(60_000);
    expect(messages(store)).toEqual(["success:Saved."]);
    store.resume(id);
    clock.advance(NOTIFICATION_DURATION_MS - 1001);
    expect(messages(store)).toEqual(["success:Saved."]);
    clock.advance(1);
    expect(messages(store)).toEqual([]);
  });

  it("keeps at most five, dropping the oldest", () => {
    const clock = manualClock();
    const store = createNotificationStore(clock.api);
    for (let i = 1; i <= MAX_NOTIFICATIONS + 2; i++) store.notify("info", `#${String(i)}`);
    expect(messages(store)).toEqual(["info:#3", "info:#4", "info:#5", "info:#6", "info:#7"]);
    expect(clock.pending()).toBe(MAX_NOTIFICATIONS);
  });

  it("tells subscribers about changes with a new snapshot each time", () => {
    const clock = manualClock();
    const store = createNotificationStore(clock.api);
    const snapshots: unknown[] = [];
    const unsubscribe = store.subscribe(() => snapshots.push(store.getSnapshot()));
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.notify("info", "Hello");
    clock.advance(NOTIFICATION_DURATION_MS);
    unsubscribe();
    store.notify("info", "Unheard");
    expect(snapshots).toHaveLength(2);
    expect(snapshots[0]).not.toBe(before);
  });
});

import { describe, expect, it } from "vitest";
import { INITIAL_SESSION, nextSession, type LiveSession, type LiveSignal } from "./live-session.ts";

function run(signals: LiveSignal[], from: LiveSession = INITIAL_SESSION) {
  let state = from;
  const refetches: boolean[] = [];
  for (const signal of signals) {
    const next = nextSession(state, signal);
    state = next.state;
    refetches.push(next.refetch);
  }
  return { state, refetches };
}

describe("nextSession", () => {
  it("goes live on the first connect without refetching (the loader's data is fresh)", () => {
    const { state, refetches } = run(["start", "connect"]);
    expect(state.status).toBe("live");
    expect(refetches).toEqual([false, false]);
  });

  it("refetches once after a reconnect, since events may have been missed", () => {
    const { state, refetches } = run(["start", "connect", "disconnect", "connect"]);
    expect(refetches).toEqual([false, false, false, true]);
    expect(state.status).toBe("live");
  });

  it("refetches when the server sends a fresh PB_CONNECT on a live stream (resync)", () => {
    const { refetches } = run(["start", "connect", "connect"]);
    expect(refetches).toEqual([false, false, true]);
  });

  it("shows reconnecting while the stream is down", () => {
    const { state } = run(["start", "connect", "disconnect"]);
    expect(state.status).toBe("reconnecting");
  });

  it("refetches after the tab was hidden and the subscription resumed", () => {
    const { refetches, state } = run(["start", "connect", "pause", "start", "connect"]);
    expect(refetches).toEqual([false, false, false, false, true]);
    expect(state.status).toBe("live");
  });

  it("counts a pause before any connect as a gap (a page opened in a background tab)", () => {
    const { refetches } = run(["pause", "start", "connect"]);
    expect(refetches).toEqual([false, false, true]);
  });

  it("stays off when realtime fails or is unavailable", () => {
    expect(run(["start", "fail"]).state.status).toBe("off");
    expect(run(["disconnect"]).state.status).toBe("off");
  });
});

import { describe, expect, it } from "vitest";
import {
  LOADING_BAR_THROTTLE_MS,
  nextLoadingBarPhase,
  type LoadingBarEvent,
  type LoadingBarPhase,
} from "./loading-bar-phase.ts";
import { isLeavingPage } from "./page-transition.tsx";

const run = (events: LoadingBarEvent[], from: LoadingBarPhase = "idle") =>
  events.reduce(nextLoadingBarPhase, from);

describe("loading bar", () => {
  it("waits 200 ms before showing", () => {
    expect(LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(run(["start"])).toBe("waiting");
    expect(run(["start", "throttle-elapsed"])).toBe("loading");
  });

  it("never shows for a navigation shorter than the throttle", () => {
    expect(run(["start", "end"])).toBe("idle");
    expect(run(["start", "end", "throttle-elapsed"])).toBe("idle");
  });

  it("fills and fades when a shown navigation ends, then resets", () => {
    expect(run(["start", "throttle-elapsed", "end"])).toBe("finishing");
    expect(run(["start", "throttle-elapsed", "end", "finish-elapsed"])).toBe("idle");
  });

  it("stays shown when a navigation starts while it fades", () => {
    expect(run(["start"], "finishing")).toBe("loading");
    expect(run(["start", "finish-elapsed"], "finishing")).toBe("loading");
  });
});

describe("page transition", () => {
  it("fades the page out only while another page loads", () => {
    expect(isLeavingPage({ state: "idle" }, "/blog")).toBe(false);
    expect(isLeavingPage({ state: "loading", location: { pathname: "/team" } }, "/blog")).toBe(
      true,
    );
    expect(isLeavingPage({ state: "loading", location: { pathname: "/blog" } }, "/blog")).toBe(
      false,
    );
    expect(isLeavingPage({ state: "submitting", location: { pathname: "/x" } }, "/blog")).toBe(
      false,
    );
  });
});

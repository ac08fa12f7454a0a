import { describe, expect, it } from "vitest";
import { isNewer, remoteChange } from "./conflict.ts";

const BASE = "2026-11-21 14:30:00.000Z";

describe("isNewer", () => {
  it("compares API dates by time", () => {
    expect(isNewer("2026-11-21 14:32:05.123Z", BASE)).toBe(true);
    expect(isNewer(BASE, BASE)).toBe(false);
    expect(isNewer("2026-11-21 14:29:59.999Z", BASE)).toBe(false);
    expect(isNewer("2026-11-21T14:30:00.001Z", BASE)).toBe(true);
  });

  it("never calls an unreadable date newer, and anything newer than no base", () => {
    expect(isNewer("", BASE)).toBe(false);
    expect(isNewer("soon", BASE)).toBe(false);
    expect(isNewer(BASE, "")).toBe(true);
  });
});

describe("remoteChange", () => {
  it("reports a newer version saved elsewhere", () => {
    expect(
      remoteChange(BASE, { action: "update", record: { updated: "2026-11-21 14:32:00.000Z" } }),
    ).toEqual({ kind: "updated", updated: "2026-11-21 14:32:00.000Z" });
  });

  it("ignores the form's own version and older ones (the editor's own save)", () => {
    expect(remoteChange(BASE, { action: "update", record: { updated: BASE } })).toBeNull();
    expect(
      remoteChange(BASE, { action: "update", record: { updated: "2026-11-21 14:00:00.000Z" } }),
    ).toBeNull();
    expect(remoteChange(BASE, { action: "update", record: {} })).toBeNull();
  });

  it("reports a delete", () => {
    expect(remoteChange(BASE, { action: "delete", record: { updated: BASE } })).toEqual({
      kind: "deleted",
    });
  });
});

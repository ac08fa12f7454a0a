/** Views bucketed by UTC day, the API's ranges checked, and every day of a range present. */
import { describe, expect, it } from "vitest";
import { CoreError } from "../errors.ts";
import { addDays, continuousDays, dayOf, daysBetween, isDay, parseRange } from "./stats-days.ts";

const NOON = Date.parse("2026-03-15T12:00:00Z");

function refusal(run: () => unknown): CoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("day bucketing", () => {
  it("puts a view in its UTC day, midnight included", () => {
    expect(dayOf(Date.parse("2026-03-15T00:00:00Z"))).toBe("2026-03-15");
    expect(dayOf(Date.parse("2026-03-15T23:59:59.999Z"))).toBe("2026-03-15");
    expect(dayOf(Date.parse("2026-03-16T00:30:00+02:00"))).toBe("2026-03-15");
  });

  it("counts days across months, leap years and clock changes", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(daysBetween("2026-12-30", "2027-01-02")).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2026-2-01")).toBe(false);
    expect(isDay("2024-02-29")).toBe(true);
  });
});

describe("parseRange", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(parseRange({}, NOON)).toEqual({ from: "2026-02-14", to: "2026-03-15" });
    expect(parseRange({ to: "2026-01-31" }, NOON)).toEqual({
      from: "2026-01-02",
      to: "2026-01-31",
    });
  });

  it("refuses days that are not real, a reversed range and a range past 366 days", () => {
    const bad = refusal(() => parseRange({ from: "2026-02-30", to: "yesterday" }, NOON));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data)).toEqual(["from", "to"]);
    const reversed = refusal(() => parseRange({ from: "2026-03-02", to: "2026-03-01" }, NOON));
    expect(reversed.data.from).toMatchObject({ code: "validation_range_order" });
    const long = refusal(() => parseRange({ from: "2025-01-01", to: "2026-01-02" }, NOON));
    expect(long.data.from).toMatchObject({ code: "validation_range_too_long" });
    expect(parseRange({ from: "2025-01-01", to: "2026-01-01" }, NOON).from).toBe("2025-01-01");
  });
});

describe("continuousDays", () => {
  it("fills the days without views with zeros, in order", () => {
    const days = continuousDays(
      { from: "2026-03-01", to: "2026-03-04" },
      [{ day: "2026-03-02", views: 3, readers: 2 }],
      (day) => ({ day, views: 0, readers: 0 }),
    );
    expect(days).toEqual([
      { day: "2026-03-01", views: 0, readers: 0 },
      { day: "2026-03-02", views: 3, readers: 2 },
      { day: "2026-03-03", views: 0, readers: 0 },
      { day: "2026-03-04", views: 0, readers: 0 },
    ]);
  });
});

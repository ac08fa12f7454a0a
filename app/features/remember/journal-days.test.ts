/** Month grids, the writing streak and the heatmap's weeks and levels, in UTC. */
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  heatLevel,
  heatmapWeeks,
  isDay,
  monthBounds,
  monthWeeks,
  parseMonth,
  writingStreak,
  yearsBetween,
} from "./journal-days.ts";

describe("days and months", () => {
  it("adds days and months across years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(monthBounds("2024-02")).toEqual({ first: "2024-02-01", last: "2024-02-29" });
  });

  it("checks days and months", () => {
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("0999-01-01")).toBe(false);
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("2026-05")).toBe("2026-05");
    expect(parseMonth(null)).toBeNull();
  });

  it("lays a month out in Monday-first weeks", () => {
    // June 2026 starts on a Monday and has 30 days: five weeks, the last one short.
    const june = monthWeeks("2026-06");
    expect(june).toHaveLength(5);
    expect(june[0]?.[0]).toBe("2026-06-01");
    expect(june[4]).toEqual(["2026-06-29", "2026-06-30", null, null, null, null, null]);
    // November 2026 starts on a Sunday.
    const november = monthWeeks("2026-11");
    expect(november[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(november.every((week) => week.length === 7)).toBe(true);
  });
});

describe("writingStreak", () => {
  const days = (...dates: string[]) => dates.map((date) => ({ date, count: 1 }));
  it("counts consecutive days up to today", () => {
    expect(writingStreak(days("2026-11-23", "2026-11-24", "2026-11-25"), "2026-11-25")).toBe(3);
  });
  it("counts up to yesterday when nothing is written today yet", () => {
    expect(writingStreak(days("2026-11-23", "2026-11-24"), "2026-11-25")).toBe(2);
  });
  it("is broken by a missing day", () => {
    expect(writingStreak(days("2026-11-21", "2026-11-23"), "2026-11-25")).toBe(0);
    expect(writingStreak(days("2026-11-21", "2026-11-25"), "2026-11-25")).toBe(1);
    expect(writingStreak([], "2026-11-25")).toBe(0);
    expect(writingStreak([{ date: "2026-11-25", count: 0 }], "2026-11-25")).toBe(0);
  });
});

describe("heatmap", () => {
  it("has 53 weeks at most, covering exactly the last 365 days", () => {
    for (const today of ["2026-11-25", "2026-06-01", "2024-12-31", "2027-01-03"]) {
      const weeks = heatmapWeeks(today);
      expect(weeks.length).toBeLessThanOrEqual(53);
      const days = weeks.flat().filter((d): d is string => d !== null);
      expect(days).toHaveLength(365);
      expect(days.at(-1)).toBe(today);
      expect(days[0]).toBe(addDays(today, -364));
    }
  });
  it("has four levels", () => {
    expect([0, 1, 2, 3, 9].map(heatLevel)).toEqual([0, 1, 2, 3, 3]);
  });
  it("counts years between days", () => {
    expect(yearsBetween("2024-11-25 00:00:00.000Z", "2026-11-25")).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import { formatBytes } from "./backups-panel.tsx";
import { fillHours } from "./logs-chart.tsx";
import { levelName } from "./log-format.ts";

describe("system page formatting", () => {
  it("fills the hours without entries with zeros, over a day at least", () => {
    const day = fillHours([
      { date: "2026-11-21 03:00:00.000Z", total: 4 },
      { date: "2026-11-21 00:00:00.000Z", total: 1 },
    ]);
    expect(day).toHaveLength(24);
    expect(day[0]).toEqual({ date: "2026-11-20 04:00:00.000Z", total: 0 });
    expect(day.slice(-4)).toEqual([
      { date: "2026-11-21 00:00:00.000Z", total: 1 },
      { date: "2026-11-21 01:00:00.000Z", total: 0 },
      { date: "2026-11-21 02:00:00.000Z", total: 0 },
      { date: "2026-11-21 03:00:00.000Z", total: 4 },
    ]);
    const week = fillHours([
      { date: "2026-11-14 00:00:00.000Z", total: 1 },
      { date: "2026-11-21 00:00:00.000Z", total: 2 },
    ]);
    expect(week).toHaveLength(7 * 24 + 1);
    expect(week.reduce((sum, hour) => sum + hour.total, 0)).toBe(3);
    expect(fillHours([])).toEqual([]);
    // Beyond 31 days only the hours with entries are drawn.
    const far = [
      { date: "2026-01-01 00:00:00.000Z", total: 2 },
      { date: "2026-03-01 00:00:00.000Z", total: 3 },
    ];
    expect(fillHours(far)).toEqual(far);
  });

  it("formats sizes and levels", () => {
    expect(formatBytes(512, "en")).toBe("512 byte");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(5 * 1024 * 1024, "fr")).toBe("5\u202fMo");
    expect(levelName(4)).toBe("warn");
    expect(levelName(3)).toBeNull();
  });
});

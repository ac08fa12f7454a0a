import { describe, expect, it } from "vitest";
import { fromLocalInput, isFuture, parseApiDate, toApiDate, toLocalInput } from "./dates.ts";

describe("editor dates", () => {
  it("reads and writes the API's format", () => {
    const date = parseApiDate("2025-03-05 08:30:00.000Z");
    expect(date?.toISOString()).toBe("2025-03-05T08:30:00.000Z");
    expect(toApiDate(date as Date)).toBe("2025-03-05 08:30:00.000Z");
    expect(parseApiDate("")).toBeNull();
    expect(parseApiDate("not a date")).toBeNull();
  });

  it("shows API dates as wall-clock time of a zone", () => {
    expect(toLocalInput("2025-03-05 08:30:00.000Z", 0)).toBe("2025-03-05T08:30");
    // Paris in winter is UTC+1: getTimezoneOffset() answers -60.
    expect(toLocalInput("2025-03-05 08:30:00.000Z", -60)).toBe("2025-03-05T09:30");
    expect(toLocalInput("2025-03-05 23:30:00.000Z", -120)).toBe("2025-03-06T01:30");
    expect(toLocalInput("")).toBe("");
  });

  it("round-trips through the browser's zone (UTC in tests)", () => {
    expect(fromLocalInput("2025-03-05T09:30")).toBe("2025-03-05 09:30:00.000Z");
    expect(toLocalInput(fromLocalInput("2031-12-31T23:59"))).toBe("2031-12-31T23:59");
    expect(fromLocalInput("")).toBe("");
    expect(fromLocalInput("garbage")).toBe("");
  });

  it("tells scheduled dates from past ones", () => {
    const now = Date.parse("2025-03-05T08:30:00.000Z");
    expect(isFuture("2025-03-05 08:30:01.000Z", now)).toBe(true);
    expect(isFuture("2025-03-05 08:30:00.000Z", now)).toBe(false);
    expect(isFuture("", now)).toBe(false);
  });
});

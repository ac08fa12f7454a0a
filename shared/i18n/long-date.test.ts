import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatLongDate } from "./long-date.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("formatLongDate", () => {
  it.each(["en", "fr"])("words every day of 2024–2027 exactly as Intl does (%s)", (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    const start = Date.UTC(2024, 0, 1);
    for (let time = start; time < Date.UTC(2028, 0, 1); time += DAY) {
      const date = new Date(time + 23 * 60 * 60 * 1000);
      expect(formatLongDate(date, locale)).toBe(intl.format(date));
    }
  });

  it("agrees with Intl for any instant of years 1000–9999, in both languages", () => {
    const formats = {
      en: new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }),
      fr: new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }),
    };
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom("en" as const, "fr" as const),
        (date, locale) => formatLongDate(date, locale) === formats[locale].format(date),
      ),
      { numRuns: 2000 },
    );
  });

  it("hands other languages and far years to Intl", () => {
    const date = new Date("2026-11-28T12:00:00Z");
    expect(formatLongDate(date, "de")).toBe(
      new Intl.DateTimeFormat("de", { dateStyle: "long", timeZone: "UTC" }).format(date),
    );
    const early = new Date("0800-03-01T00:00:00Z");
    expect(formatLongDate(early, "en")).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(early),
    );
  });
});

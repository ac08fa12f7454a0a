import { describe, expect, it } from "vitest";
import {
  AA_RATIO,
  accentShades,
  accentStylesheet,
  contrastRatio,
  darkVariant,
  GROUNDS,
  isHexColour,
  judgeAccent,
  oklchToRgb,
  parseHex,
  rgbToOklch,
  roundRatio,
  shiftLightness,
  toHex,
} from "./contrast.ts";

describe("contrast", () => {
  it("measures WCAG ratios", () => {
    expect(contrastRatio(parseHex("#000000"), parseHex("#ffffff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex("#777777"), parseHex("#ffffff"))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseHex("#ffffff"), parseHex("#ffffff"))).toBe(1);
  });

  it("reads and writes #rrggbb", () => {
    expect(isHexColour("#A1b2C3")).toBe(true);
    expect(isHexColour("#abc")).toBe(false);
    expect(isHexColour("red")).toBe(false);
    expect(toHex(parseHex("#a1b2c3"))).toBe("#a1b2c3");
    expect(() => parseHex("#12")).toThrow();
  });

  it("goes to OKLCH and back", () => {
    for (const hex of ["#9a3412", "#1d4ed8", "#15803d", "#000000", "#ffffff", "#777777"]) {
      expect(toHex(oklchToRgb(rgbToOklch(parseHex(hex))))).toBe(hex);
    }
    // Tailwind's amber-800 is oklch(47.3% 0.137 46.201).
    expect(
      rgbToOklch(parseHex(toHex(oklchToRgb({ l: 0.473, c: 0.137, h: 46.201 })))).l,
    ).toBeCloseTo(0.473, 2);
  });

  it("finds the themes' grounds", () => {
    expect(GROUNDS.lightPage).toBe("#fafaf9");
    expect(contrastRatio(parseHex(GROUNDS.darkCard), parseHex("#000000"))).toBeLessThan(2);
    expect(contrastRatio(parseHex(GROUNDS.darkPage), parseHex(GROUNDS.darkCard))).toBeGreaterThan(
      1,
    );
  });

  it("accepts an accent that reads on the light page and under white text", () => {
    const verdict = judgeAccent("#1d4ed8");
    expect(verdict.ok).toBe(true);
    expect(verdict.onPage).toBeGreaterThanOrEqual(AA_RATIO);
  });

  it("refuses a light accent, and one that passes on white but not on the page", () => {
    const yellow = judgeAccent("#facc15");
    expect(yellow.ok).toBe(false);
    expect(roundRatio(yellow.underWhite)).toBeLessThan(2);
    // #767676 is 4.54:1 on white but under 4.5:1 on the light page (#fafaf9).
    const grey = judgeAccent("#767676");
    expect(grey.underWhite).toBeGreaterThanOrEqual(AA_RATIO);
    expect(grey.ok).toBe(false);
  });

  it("rounds ratios down", () => {
    expect(roundRatio(4.4999)).toBe(4.49);
  });

  it("derives a dark variant of the same hue that meets AA on the dark grounds", () => {
    for (const hex of ["#1d4ed8", "#9a3412", "#000000", "#15803d", "#7e22ce"]) {
      const dark = darkVariant(hex);
      expect(contrastRatio(parseHex(dark), parseHex(GROUNDS.darkCard))).toBeGreaterThanOrEqual(
        AA_RATIO,
      );
      expect(contrastRatio(parseHex(dark), parseHex(GROUNDS.darkPage))).toBeGreaterThanOrEqual(
        AA_RATIO,
      );
      if (hex !== "#000000") {
        const hue = (value: string) => rgbToOklch(parseHex(value)).h;
        expect(Math.abs(hue(dark) - hue(hex))).toBeLessThan(12);
      }
    }
  });

  it("makes darker and lighter shades", () => {
    expect(rgbToOklch(parseHex(shiftLightness("#1d4ed8", -0.1))).l).toBeLessThan(
      rgbToOklch(parseHex("#1d4ed8")).l,
    );
    const shades = accentShades("#1D4ED8");
    expect(shades.light[800]).toBe("#1d4ed8");
    expect(contrastRatio(parseHex(shades.light[900]), parseHex("#ffffff"))).toBeGreaterThan(
      contrastRatio(parseHex(shades.light[800]), parseHex("#ffffff")),
    );
  });

  it("writes the accent's variables for both themes, and nothing without one", () => {
    const css = accentStylesheet("#1d4ed8");
    expect(css).toContain(":root{--color-amber-700:#1d4ed8;--color-amber-800:#1d4ed8;");
    expect(css).toContain("[data-theme=dark]{--color-amber-700:");
    expect(css).toContain("prefers-color-scheme:dark");
    expect(css.length).toBeLessThan(500);
    expect(accentStylesheet("")).toBe("");
  });
});

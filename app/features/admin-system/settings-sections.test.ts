import { describe, expect, it } from "vitest";
import { revisionCap } from "./settings-sections.tsx";

describe("the revision cap field", () => {
  it("sends an empty field as 0 (every version kept) and a number as a number", () => {
    expect(revisionCap("")).toBe(0);
    expect(revisionCap("   ")).toBe(0);
    expect(revisionCap("0")).toBe(0);
    expect(revisionCap(" 50 ")).toBe(50);
  });

  it("sends anything else as typed, for the API to refuse under the field", () => {
    expect(revisionCap("many")).toBe("many");
    expect(revisionCap("-3")).toBe(-3);
    expect(revisionCap("2.5")).toBe(2.5);
  });
});

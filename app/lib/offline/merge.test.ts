import { describe, expect, it } from "vitest";
import { mergeField, mergeRecord, mergeText } from "./merge.ts";

const base = "One\n\nTwo\n\nThree";

describe("mergeText", () => {
  it("takes the only side that changed", () => {
    expect(mergeText(base, base, "One!\n\nTwo\n\nThree")).toBe("One!\n\nTwo\n\nThree");
    expect(mergeText(base, "One\n\nTwo?\n\nThree", base)).toBe("One\n\nTwo?\n\nThree");
  });

  it("merges edits of different paragraphs", () => {
    const server = "One (server)\n\nTwo\n\nThree";
    const local = "One\n\nTwo\n\nThree (local)\n\nFour";
    expect(mergeText(base, server, local)).toBe("One (server)\n\nTwo\n\nThree (local)\n\nFour");
  });

  it("merges an insertion with an edit elsewhere", () => {
    const server = "Zero\n\nOne\n\nTwo\n\nThree";
    const local = "One\n\nTwo, again\n\nThree";
    expect(mergeText(base, server, local)).toBe("Zero\n\nOne\n\nTwo, again\n\nThree");
  });

  it("refuses edits of the same paragraph", () => {
    expect(mergeText(base, "One\n\nTwo (server)\n\nThree", "One\n\nTwo (local)\n\nThree")).toBe(
      null,
    );
  });

  it("refuses two insertions at the same place", () => {
    expect(mergeText("A\nB", "A\nX\nB", "A\nY\nB")).toBe(null);
  });

  it("accepts the same change made on both sides", () => {
    expect(mergeText(base, "One\n\nTwo!\n\nThree", "One\n\nTwo!\n\nThree")).toBe(
      "One\n\nTwo!\n\nThree",
    );
    expect(mergeText(base, "One\n\nTwo!\n\nThree (s)", "One\n\nTwo!\n\nThree")).toBe(
      "One\n\nTwo!\n\nThree (s)",
    );
  });
});

describe("mergeField and mergeRecord", () => {
  it("takes the side that changed a value, and refuses two different changes", () => {
    expect(mergeField(["a"], ["a"], ["a", "b"])).toEqual({ ok: true, value: ["a", "b"] });
    expect(mergeField(false, true, false)).toEqual({ ok: true, value: true });
    expect(mergeField(1, 2, 3)).toEqual({ ok: false });
  });

  it("merges a record's fields or answers null on a conflict", () => {
    const record = { title: "T", content: base, tags: [] };
    const server = { ...record, content: "One (s)\n\nTwo\n\nThree", tags: ["x"] };
    expect(
      mergeRecord(record, server, { title: "T2", content: "One\n\nTwo\n\nThree (l)" }),
    ).toEqual({ title: "T2", content: "One (s)\n\nTwo\n\nThree (l)" });
    expect(mergeRecord(record, { ...record, title: "S" }, { title: "L" })).toBe(null);
  });
});

import { describe, expect, it } from "vitest";
import { holdNewItems } from "./new-items.ts";

const id = (item: { id: string }) => item.id;
const items = (...ids: string[]) => ids.map((value) => ({ id: value, title: value.toUpperCase() }));

describe("holdNewItems", () => {
  it("shows everything when nothing was known yet", () => {
    expect(holdNewItems(items("a", "b"), new Set(), id)).toEqual({
      shown: items("a", "b"),
      held: [],
    });
  });

  it("holds new items and keeps the known ones in order", () => {
    const { shown, held } = holdNewItems(items("n1", "a", "n2", "b"), new Set(["a", "b"]), id);
    expect(shown.map(id)).toEqual(["a", "b"]);
    expect(held.map(id)).toEqual(["n1", "n2"]);
  });

  it("drops items that left the list at once", () => {
    const { shown, held } = holdNewItems(items("b"), new Set(["a", "b"]), id);
    expect(shown.map(id)).toEqual(["b"]);
    expect(held).toEqual([]);
  });

  it("shows the new content of known items", () => {
    const next = [{ id: "a", title: "Renamed" }];
    expect(holdNewItems(next, new Set(["a"]), id).shown).toEqual(next);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergedPage, pagedSource } from "./merged-page.ts";

interface Item {
  key: number;
  id: string;
}

/** Newest first; the id breaks ties. */
const before = (x: Item, y: Item) => x.key > y.key || (x.key === y.key && x.id > y.id);

function sorted(items: Item[]): Item[] {
  return [...items].sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0));
}

/** A source over an array that counts the page requests made. */
function arraySource(items: Item[], pageSize: number) {
  const calls: { page: number; perPage: number }[] = [];
  const source = pagedSource(items.length, pageSize, (page, perPage) => {
    calls.push({ page, perPage });
    return Promise.resolve(items.slice((page - 1) * perPage, page * perPage));
  });
  return { source, calls };
}

const itemsArbitrary = (prefix: string) =>
  fc
    .array(fc.integer({ min: 0, max: 20 }), { maxLength: 120 })
    .map((keys) =>
      sorted(keys.map((key, index) => ({ key, id: `${prefix}${String(index).padStart(3, "0")}` }))),
    );

describe("mergedPage", () => {
  it("returns the same items as merging everything and slicing", async () => {
    await fc.assert(
      fc.asyncProperty(
        itemsArbitrary("a"),
        itemsArbitrary("b"),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 260 }),
        async (a, b, size, offset) => {
          const expected = sorted([...a, ...b]).slice(offset, offset + size);
          const got = await mergedPage(
            arraySource(a, size).source,
            arraySource(b, size).source,
            before,
            offset,
            size,
          );
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reads a deep page with a logarithmic number of requests", async () => {
    const make = (prefix: string, count: number, step: number) =>
      sorted(
        Array.from({ length: count }, (_, i) => ({ key: i * step, id: `${prefix}${String(i)}` })),
      );
    const a = arraySource(make("a", 5000, 2), 30);
    const b = arraySource(make("b", 5000, 3), 30);
    const page = await mergedPage(a.source, b.source, before, 6000, 30);
    expect(page).toEqual(sorted([...make("a", 5000, 2), ...make("b", 5000, 3)]).slice(6000, 6030));
    expect(a.calls.length + b.calls.length).toBeLessThanOrEqual(2 * 14 + 4);
  });

  it("is empty past the end", async () => {
    const a = arraySource([{ key: 1, id: "a" }], 30);
    const b = arraySource([], 30);
    expect(await mergedPage(a.source, b.source, before, 30, 30)).toEqual([]);
  });
});

describe("pagedSource", () => {
  it("reads a slice across two pages and a single item with perPage 1", async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ key: 100 - i, id: String(i) }));
    const { source, calls } = arraySource(items, 30);
    expect(await source.slice(25, 30)).toEqual(items.slice(25, 55));
    expect(calls).toEqual([
      { page: 1, perPage: 30 },
      { page: 2, perPage: 30 },
    ]);
    expect(await source.slice(42, 1)).toEqual([items[42]]);
    expect(calls.at(-1)).toEqual({ page: 43, perPage: 1 });
  });
});

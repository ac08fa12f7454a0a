import { describe, expect, it } from "vitest";
import {
  clearDraft,
  draftKey,
  readDraft,
  sameValues,
  writeDraft,
  type DraftStorage,
} from "./draft-storage.ts";

/** An in-memory `Storage`, optionally full. */
function memoryStorage(
  options: { full?: boolean } = {},
): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (options.full) throw new DOMException("quota", "QuotaExceededError");
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

interface Values {
  title: string;
  tags: string[];
}

function isValues(value: unknown): value is Values {
  const v = value as Partial<Values> | null;
  return typeof v?.title === "string" && Array.isArray(v.tags);
}

describe("drafts", () => {
  it("keys a draft per account, collection and record, or `new`", () => {
    expect(draftKey("u1", "entries")).toBe("cahier:draft:v1:u1:entries:new");
    expect(draftKey("u1", "entries", "")).toBe("cahier:draft:v1:u1:entries:new");
    expect(draftKey("u1", "posts", "abc")).toBe("cahier:draft:v1:u1:posts:abc");
    expect(draftKey("u2", "posts", "abc")).not.toBe(draftKey("u1", "posts", "abc"));
  });

  it("writes, reads back and clears a draft", () => {
    const storage = memoryStorage();
    const key = draftKey("u1", "entries");
    const draft = { savedAt: 1234, base: "", values: { title: "Été", tags: ["a"] } };
    expect(writeDraft(storage, key, draft)).toBe(true);
    expect(readDraft(storage, key, isValues)).toEqual(draft);
    clearDraft(storage, key);
    expect(readDraft(storage, key, isValues)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it("drops drafts that are not JSON or not of the form's shape", () => {
    const storage = memoryStorage();
    for (const stored of ["{not json", "null", '{"savedAt":1,"base":"","values":{"title":3}}']) {
      storage.setItem("k", stored);
      expect(readDraft(storage, "k", isValues)).toBeNull();
      expect(storage.map.has("k")).toBe(false);
    }
  });

  it("reports a full storage instead of throwing", () => {
    const storage = memoryStorage({ full: true });
    expect(
      writeDraft(storage, "k", { savedAt: 1, base: "", values: { title: "", tags: [] } }),
    ).toBe(false);
  });

  it("compares form values deeply", () => {
    expect(sameValues({ a: "x", tags: ["1", "2"] }, { tags: ["1", "2"], a: "x" })).toBe(true);
    expect(sameValues({ tags: ["1", "2"] }, { tags: ["2", "1"] })).toBe(false);
    expect(sameValues({ a: "" }, { a: "", b: "" })).toBe(false);
    expect(sameValues([], {})).toBe(false);
  });
});

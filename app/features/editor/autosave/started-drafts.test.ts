import { describe, expect, it } from "vitest";
import { draftKey } from "../../../lib/records/draft-storage.ts";
import {
  chooseStartedDraft,
  draftsPrefix,
  listedStorage,
  startedDrafts,
  type ListedStorage,
} from "./started-drafts.ts";

interface Values {
  title: string;
  content: string;
}

const isValues = (value: unknown): value is Values =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Values).title === "string" &&
  typeof (value as Values).content === "string";

const blank: Values = { title: "", content: "" };

/** An in-memory `Storage` holding these drafts (key → stored value). */
function storageOf(entries: Record<string, unknown>): ListedStorage & { map: Map<string, string> } {
  const map = new Map(
    Object.entries(entries).map(([key, value]) => [
      key,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  );
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

const draft = (savedAt: number, title: string, base = "") => ({
  savedAt,
  base,
  values: { title, content: `${title} text` },
});

/** The draft a New page of `collection` offers to `user`, as (key, title). */
function offered(storage: ListedStorage, user = "u1", collection = "entries") {
  const chosen = chooseStartedDraft(
    startedDrafts(storage, draftsPrefix(user, collection), isValues),
    blank,
  );
  return chosen && { key: chosen.key, recordId: chosen.recordId, title: chosen.values.title };
}

describe("the draft a New page offers", () => {
  it("is the most recent started draft, the form's own or one autosaved into a record", () => {
    const storage = storageOf({
      [draftKey("u1", "entries")]: draft(1_000, "Only here"),
      [draftKey("u1", "entries", "rec1")]: draft(3_000, "Morning pages"),
      [draftKey("u1", "entries", "rec2")]: draft(2_000, "Older tab"),
    });
    expect(offered(storage)).toEqual({
      key: draftKey("u1", "entries", "rec1"),
      recordId: "rec1",
      title: "Morning pages",
    });
    storage.map.set(draftKey("u1", "entries"), JSON.stringify(draft(4_000, "Only here")));
    expect(offered(storage)).toEqual({
      key: draftKey("u1", "entries"),
      recordId: null,
      title: "Only here",
    });
  });

  it("is never a draft of a record saved explicitly (an edit page's draft)", () => {
    const storage = storageOf({
      [draftKey("u1", "entries", "rec1")]: draft(5_000, "Saved one", "2026-11-29 10:00:00.000Z"),
      [draftKey("u1", "entries", "rec2")]: draft(1_000, "Never saved"),
    });
    expect(offered(storage)?.title).toBe("Never saved");
    storage.map.delete(draftKey("u1", "entries", "rec2"));
    expect(offered(storage)).toBeNull();
  });

  it("is of this account and this kind of record only", () => {
    const storage = storageOf({
      [draftKey("u10", "entries", "rec1")]: draft(9_000, "Another account"),
      [draftKey("u1", "posts", "rec2")]: draft(8_000, "A post"),
      [draftKey("u1", "entries", "rec3")]: draft(1_000, "An entry"),
      "other:key": "not a draft",
    });
    expect(offered(storage)?.title).toBe("An entry");
    expect(offered(storage, "u1", "posts")?.title).toBe("A post");
    expect(offered(storage, "u2")).toBeNull();
  });

  it("leaves out blank and unreadable drafts, and removes the unreadable ones", () => {
    const storage = storageOf({
      [draftKey("u1", "entries")]: { savedAt: 5_000, base: "", values: blank },
      [draftKey("u1", "entries", "rec1")]: "{not json",
      [draftKey("u1", "entries", "rec2")]: { savedAt: 4_000, base: "", values: { title: 1 } },
    });
    expect(offered(storage)).toBeNull();
    expect([...storage.map.keys()]).toEqual([draftKey("u1", "entries")]);
  });

  it("is none when the storage holds no draft or cannot list its keys", () => {
    expect(offered(storageOf({}))).toBeNull();
    expect(listedStorage(null)).toBeNull();
    expect(
      listedStorage({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined }),
    ).toBeNull();
  });
});

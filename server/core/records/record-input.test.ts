import { describe, expect, it } from "vitest";
import { entriesCollection, usersCollection } from "../../data/registry/collections.ts";
import { applyBody, generateFromPattern } from "./record-input.ts";
import { slugify } from "#shared/records/slugs.ts";

const current = {
  id: "abcdefghijklmno",
  title: "Old",
  tags: ["a", "b"],
  visibility: "private",
  content: "",
};

describe("applyBody", () => {
  it("sets, appends, prepends and removes list values", () => {
    const r = applyBody(
      entriesCollection,
      current,
      { "tags+": ["c", "a"], "+tags": "z", "tags-": "b" },
      { isCreate: false, canSetHidden: false },
    );
    expect(r.values.tags).toEqual(["z", "a", "c"]);
    expect(r.body.tags).toEqual(["z", "a", "c"]);
    expect([...r.touched]).toEqual(["tags"]);
  });

  it("ignores unknown keys, server-managed fields and the id on update", () => {
    const r = applyBody(
      entriesCollection,
      current,
      { nope: 1, created: "2020-01-01", id: "zzzzzzzzzzzzzzz" },
      { isCreate: false, canSetHidden: false },
    );
    expect(r.touched.size).toBe(0);
    expect(r.values).toEqual(current);
  });

  it("reports values of the wrong shape", () => {
    const r = applyBody(
      entriesCollection,
      current,
      { title: { a: 1 }, tags: [{}] },
      { isCreate: false, canSetHidden: false },
    );
    expect(r.errors.title).toMatchObject({ code: "validation_invalid_value" });
    expect(r.errors.tags).toMatchObject({ code: "validation_invalid_value" });
  });

  it("normalises dates and booleans", () => {
    const date = applyBody(
      entriesCollection,
      current,
      { date: "2026-03-04" },
      { isCreate: false, canSetHidden: false },
    );
    expect(date.values.date).toBe("2026-03-04 00:00:00.000Z");
    const bad = applyBody(
      entriesCollection,
      current,
      { date: "yesterday" },
      { isCreate: false, canSetHidden: false },
    );
    expect(bad.errors.date).toMatchObject({ code: "validation_invalid_date" });
    const user = applyBody(
      usersCollection,
      { emailVisibility: false },
      { emailVisibility: "true" },
      { isCreate: false, canSetHidden: false },
    );
    expect(user.values.emailVisibility).toBe(true);
  });

  it("keeps hidden fields out unless allowed, and collects passwords", () => {
    const r = applyBody(
      usersCollection,
      {},
      { tokenKey: "x", password: "secret123", passwordConfirm: "secret123", oldPassword: 5 },
      { isCreate: true, canSetHidden: false },
    );
    expect(r.values.tokenKey).toBeUndefined();
    expect(r.password).toBe("secret123");
    expect(r.passwordConfirm).toBe("secret123");
    expect(r.oldPassword).toBe("5");
  });
});

describe("generateFromPattern", () => {
  it("fills character classes", () => {
    expect(generateFromPattern("[a-z0-9]{15}")).toMatch(/^[a-z0-9]{15}$/);
    expect(generateFromPattern("user[0-9]{6}")).toMatch(/^user\d{6}$/);
  });
});

describe("slugify", () => {
  it.each([
    ["Été à Paris !", "ete-a-paris"],
    ["  Hello,   World  ", "hello-world"],
    ["日本語", ""],
    ["a".repeat(300), "a".repeat(112)],
    ["Cœur d’Œdipe", "coeur-d-oedipe"],
    ["Straße, Ærø, Łódź", "strasse-aero-lodz"],
    ["L'été   — 2025", "l-ete-2025"],
    [`${"word ".repeat(30)}end`, `${"word-".repeat(21)}word`],
    [`${"a".repeat(100)} ${"b".repeat(30)}`, "a".repeat(100)],
    [`${"a".repeat(20)} ${"b".repeat(200)}`, `${"a".repeat(20)}-${"b".repeat(91)}`],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

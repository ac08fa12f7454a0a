import { describe, expect, it } from "vitest";
import { ClientResponseError } from "pocketbase";
import type { EntryRecord, PostRecord } from "../../../api/records/records.ts";
import {
  addressUpdate,
  autosaveCovers,
  autosaveWrite,
  fromPending,
  keepingAddressIfTaken,
} from "./autosave-target.ts";
import { entryBody, entryTarget, entryValues, type EntryValues } from "../entry/entry-values.ts";
import { postTarget, postValues } from "../post/post-values.ts";

const entry = (fields: Partial<EntryRecord>): EntryRecord => ({
  id: "e00000000000001",
  collectionId: "pbc_entries",
  collectionName: "entries",
  author: "u00000000000001",
  name: "field-day",
  title: "Field day",
  content: "Swallows.",
  collection: "",
  visibility: "private",
  tags: [],
  date: "2026-11-25 00:00:00.000Z",
  attachments: [],
  created: "2026-11-25 10:00:00.000Z",
  updated: "2026-11-25 10:00:00.000Z",
  ...fields,
});

const post = (fields: Partial<PostRecord>): PostRecord => ({
  id: "p00000000000001",
  collectionId: "pbc_posts",
  collectionName: "posts",
  author: "u00000000000001",
  slug: "hello",
  title: "Hello",
  excerpt: "",
  content: "Text.",
  cover: "",
  tags: [],
  status: "draft",
  publishedAt: "",
  lang: "en",
  created: "2026-11-25 10:00:00.000Z",
  updated: "2026-11-25 10:00:00.000Z",
  ...fields,
});

describe("the entry target", () => {
  it("autosaves private entries in place and the others into pending edits", () => {
    expect(entryTarget.readerVisible(entry({}))).toBe(false);
    expect(entryTarget.readerVisible(entry({ visibility: "unlisted" }))).toBe(true);
    expect(entryTarget.readerVisible(entry({ visibility: "public" }))).toBe(true);
  });

  it("never changes who reads it: new entries are private, stored ones keep their visibility", () => {
    const values = {
      ...entryValues(undefined, "2026-11-25"),
      title: "New",
      visibility: "public" as const,
    };
    expect(entryTarget.autosaved(values, undefined).visibility).toBe("private");
    expect(entryTarget.autosaved(values, entry({ visibility: "unlisted" })).visibility).toBe(
      "unlisted",
    );
    expect(entryTarget.autosaved(values, undefined).title).toBe("New");
  });

  it("needs a title or some text to create an entry", () => {
    const blank = entryValues(undefined, "2026-11-25");
    expect(entryTarget.creatable(blank)).toBe(false);
    expect(entryTarget.creatable({ ...blank, title: "  ", visibility: "public" })).toBe(false);
    expect(entryTarget.creatable({ ...blank, title: "Day" })).toBe(true);
    expect(entryTarget.creatable({ ...blank, content: "Rain." })).toBe(true);
    expect(entryTarget.address(entry({}))).toBe("field-day");
    expect(postTarget.address(post({}))).toBe("hello");
  });

  it("writes the API's body and the pending edits' columns, and reads them back", () => {
    const values = entryValues(entry({ tags: ["a"], collection: "c00000000000001" }), "");
    expect(entryBody(values)).toEqual({
      title: "Field day",
      content: "Swallows.",
      date: "2026-11-25 00:00:00.000Z",
      collection: "c00000000000001",
      visibility: "private",
      comments: "",
      tags: ["a"],
    });
    expect(entryBody({ ...values, date: "" }).date).toBe("");
    const pending = entryTarget.toPending({ ...values, title: "Field day, later" });
    expect(pending).toEqual({
      title: "Field day, later",
      content: "Swallows.",
      data: {
        date: "2026-11-25",
        collection: "c00000000000001",
        visibility: "private",
        comments: "",
        tags: ["a"],
      },
    });
    expect(fromPending(entryTarget, pending, values)).toEqual({
      ...values,
      title: "Field day, later",
    });
    expect(entryTarget.editPath("uma", entry({}))).toBe("/entry/update/uma/field-day");
  });

  it("refuses pending edits that are not the form's shape", () => {
    const values = entryValues(entry({}), "");
    expect(fromPending(entryTarget, { title: 1, content: "", data: null }, values)).toBeNull();
    expect(
      fromPending(
        entryTarget,
        { title: "t", content: "", data: { visibility: "everyone" } },
        values,
      ),
    ).toBeNull();
    // Missing data keeps the stored values of the other fields.
    expect(fromPending(entryTarget, { title: "t", content: "c", data: null }, values)).toEqual({
      ...values,
      title: "t",
      content: "c",
    });
  });
});

describe("the post target", () => {
  it("autosaves drafts in place, published and scheduled posts into pending edits", () => {
    expect(postTarget.readerVisible(post({}))).toBe(false);
    expect(postTarget.readerVisible(post({ status: "published" }))).toBe(true);
    expect(
      postTarget.readerVisible(
        post({ status: "published", publishedAt: "2999-01-01 00:00:00.000Z" }),
      ),
    ).toBe(true);
  });

  it("never publishes: a new post is a draft, a stored one keeps its status", () => {
    const values = { ...postValues(undefined, "fr"), title: "Soon", status: "published" as const };
    expect(postTarget.autosaved(values, undefined).status).toBe("draft");
    expect(postTarget.autosaved(values, post({})).status).toBe("draft");
    expect(
      postTarget.autosaved({ ...values, status: "draft" }, post({ status: "published" })).status,
    ).toBe("published");
    expect(postTarget.body(values)).toMatchObject({
      title: "Soon",
      lang: "fr",
      status: "published",
    });
    expect(postTarget.editPath("wren", post({}))).toBe("/post/update/wren/hello");
  });
});

describe("autosaveCovers", () => {
  const blank: EntryValues = entryValues(undefined, "2026-11-25");
  const as = (values: EntryValues) => values;

  it("covers what the autosave stores, and not what only an explicit save may change", () => {
    expect(autosaveCovers(entryTarget, blank, undefined)).toBe(false);
    // Text without a title is kept too (under a stand-in title).
    expect(autosaveCovers(entryTarget, { ...blank, content: "Rain." }, undefined)).toBe(true);
    expect(autosaveCovers(entryTarget, { ...blank, title: "Day" }, undefined)).toBe(true);
    expect(
      autosaveCovers(entryTarget, as({ ...blank, title: "Day", visibility: "public" }), undefined),
    ).toBe(false);
    const stored = entry({});
    expect(
      autosaveCovers(entryTarget, { ...entryValues(stored, ""), content: "More." }, stored),
    ).toBe(true);
    expect(
      autosaveCovers(
        entryTarget,
        as({ ...entryValues(stored, ""), visibility: "unlisted" }),
        stored,
      ),
    ).toBe(false);
    // Pending edits hold every field of a record readers can see.
    const shared = entry({ visibility: "public" });
    expect(
      autosaveCovers(
        entryTarget,
        as({ ...entryValues(shared, ""), visibility: "private" }),
        shared,
      ),
    ).toBe(true);
  });
});

describe("autosaveWrite: a record the writer has not titled", () => {
  const blank: EntryValues = { ...entryValues(undefined, "2026-11-25"), content: "Rain all day." };

  it("creates it under the first words of its text, or Untitled", () => {
    expect(autosaveWrite(entryTarget, blank, undefined, false, "Untitled")).toEqual({
      body: { ...entryBody(blank), title: "Rain all day." },
      standIn: true,
    });
    const image = { ...blank, content: "---" };
    expect(autosaveWrite(entryTarget, image, undefined, false, "Sans titre").body.title).toBe(
      "Sans titre",
    );
    // The writer's title goes as typed.
    const titled = { ...blank, title: "Weather" };
    expect(autosaveWrite(entryTarget, titled, undefined, false, "Untitled")).toEqual({
      body: entryBody(titled),
      standIn: false,
    });
  });

  it("moves its address with the stand-in, then to the writer's first title", () => {
    const stored = entry({ name: "rain-all-day", title: "Rain all day." });
    const more = { ...blank, content: "Rain all day long.\nWind." };
    expect(autosaveWrite(entryTarget, more, stored, true, "Untitled")).toEqual({
      body: { ...entryBody(more), title: "Rain all day long.", name: "rain-all-day-long" },
      standIn: true,
    });
    // The same first line: the address stays.
    expect(autosaveWrite(entryTarget, blank, stored, true, "Untitled").body).not.toHaveProperty(
      "name",
    );
    const titled = { ...blank, title: "Été pluvieux" };
    expect(autosaveWrite(entryTarget, titled, stored, true, "Untitled")).toEqual({
      body: { ...entryBody(titled), name: "ete-pluvieux" },
      standIn: false,
    });
    const storedPost = post({ slug: "rain", title: "Rain" });
    const postValuesNow = { ...postValues(storedPost, "en"), title: "Storm" };
    expect(
      autosaveWrite(postTarget, postValuesNow, storedPost, true, "Untitled").body,
    ).toMatchObject({ title: "Storm", slug: "storm" });
  });

  it("never gives a stand-in to a record that has its writer's title", () => {
    const stored = entry({});
    const cleared = { ...entryValues(stored, ""), title: "" };
    expect(autosaveWrite(entryTarget, cleared, stored, false, "Untitled")).toEqual({
      body: entryBody(cleared),
      standIn: false,
    });
    expect(addressUpdate(entryTarget, "New title", stored, false)).toEqual({});
    expect(addressUpdate(entryTarget, "New title", undefined, true)).toEqual({});
    expect(addressUpdate(entryTarget, "New title", stored, true)).toEqual({ name: "new-title" });
  });
});

describe("keepingAddressIfTaken", () => {
  const taken = (data: Record<string, unknown>) =>
    new ClientResponseError({ status: 400, response: { code: 400, message: "x", data } });

  it("writes again without the address when another record has it", async () => {
    const sent: Record<string, unknown>[] = [];
    const result = await keepingAddressIfTaken({ title: "T", name: "t" }, "name", (body) => {
      sent.push(body);
      if ("name" in body)
        return Promise.reject(taken({ name: { code: "validation_not_unique", message: "x" } }));
      return Promise.resolve("ok");
    });
    expect(result).toBe("ok");
    expect(sent).toEqual([{ title: "T", name: "t" }, { title: "T" }]);
  });

  it("lets every other refusal through", async () => {
    const both = taken({
      name: { code: "validation_not_unique", message: "x" },
      title: { code: "validation_required", message: "x" },
    });
    await expect(
      keepingAddressIfTaken({ title: "", name: "t" }, "name", () => Promise.reject(both)),
    ).rejects.toBe(both);
    const other = taken({ name: { code: "validation_not_unique", message: "x" } });
    let calls = 0;
    await expect(
      keepingAddressIfTaken({ title: "T" }, "name", () => {
        calls += 1;
        return Promise.reject(other);
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});

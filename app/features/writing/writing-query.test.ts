import { describe, expect, it } from "vitest";
import { showsEntries, showsPosts, writingHref, writingQuery } from "./writing-query.ts";

const read = (search: string) => writingQuery(new URL(`http://localhost/writing${search}`));

describe("writingQuery", () => {
  it("reads the choice, the collection and the page", () => {
    expect(read("")).toEqual({ show: "all", collection: "", page: 1 });
    expect(read("?show=drafts&page=3")).toEqual({ show: "drafts", collection: "", page: 3 });
    expect(read("?show=private&collection=+travel+")).toEqual({
      show: "private",
      collection: "travel",
      page: 1,
    });
  });

  it("reads unknown or malformed values as everything and the first page", () => {
    expect(read("?show=secret&page=-2")).toEqual({ show: "all", collection: "", page: 1 });
    expect(read(`?collection=${"x".repeat(201)}`).collection).toBe("");
  });

  it("drops a collection with a post choice: posts belong to no collection", () => {
    expect(read("?show=scheduled&collection=travel")).toEqual({
      show: "scheduled",
      collection: "",
      page: 1,
    });
  });
});

describe("what a choice shows", () => {
  it("splits entries and posts", () => {
    expect(showsEntries("all")).toBe(true);
    expect(showsEntries("unlisted")).toBe(true);
    expect(showsEntries("drafts")).toBe(false);
    expect(showsPosts("all")).toBe(true);
    expect(showsPosts("published")).toBe(true);
    expect(showsPosts("public")).toBe(false);
    expect(showsPosts("all", "travel")).toBe(false);
  });
});

describe("writingHref", () => {
  it("leaves out the defaults and keeps the collection only with entries", () => {
    expect(writingHref({})).toBe("/writing");
    expect(writingHref({ show: "all", page: 1 })).toBe("/writing");
    expect(writingHref({ show: "drafts", page: 2 })).toBe("/writing?show=drafts&page=2");
    expect(writingHref({ show: "public", collection: "night walks" })).toBe(
      "/writing?show=public&collection=night+walks",
    );
    expect(writingHref({ show: "posts", collection: "travel" })).toBe("/writing?show=posts");
  });
});

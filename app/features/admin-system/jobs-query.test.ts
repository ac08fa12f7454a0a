import { describe, expect, it } from "vitest";
import { jobFilterSearch, parseJobQuery } from "./jobs-query.ts";

describe("jobs page query", () => {
  it("reads a known state and a page", () => {
    expect(parseJobQuery(new URLSearchParams("state=failed&page=3"))).toEqual({
      state: "failed",
      page: 3,
    });
    expect(parseJobQuery(new URLSearchParams(""))).toEqual({ state: null, page: 1 });
  });

  it("ignores states and pages the API would refuse", () => {
    for (const search of [
      "state=FAILED&page=0",
      "state=&page=-2",
      "state=leased&page=1.5",
      "state=failed,done&page=1e400",
      "page=abc",
    ]) {
      expect(parseJobQuery(new URLSearchParams(search)), search).toEqual({ state: null, page: 1 });
    }
  });

  it("links each filter choice to its first page", () => {
    expect(jobFilterSearch("all")).toBe("");
    expect(jobFilterSearch("failed")).toBe("?state=failed");
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, parseListParams } from "./list-params.ts";
import { SearchError } from "./types.ts";

describe("parseListParams", () => {
  it("defaults to page 1, 30 per page, with the total", () => {
    expect(DEFAULT_PER_PAGE).toBe(30);
    expect(parseListParams({})).toEqual({ page: 1, perPage: 30, skipTotal: false });
    expect(parseListParams({ page: "", perPage: "", skipTotal: "" })).toEqual({
      page: 1,
      perPage: 30,
      skipTotal: false,
    });
  });

  it("reads page, perPage and skipTotal", () => {
    expect(parseListParams({ page: "3", perPage: "50", skipTotal: "1" })).toEqual({
      page: 3,
      perPage: 50,
      skipTotal: true,
    });
    expect(parseListParams({ page: " 2 ", perPage: "007" })).toEqual({
      page: 2,
      perPage: 7,
      skipTotal: false,
    });
  });

  it("clamps perPage to 1000 and falls back to defaults for zero and negatives", () => {
    expect(MAX_PER_PAGE).toBe(1000);
    expect(parseListParams({ perPage: "1000" }).perPage).toBe(1000);
    expect(parseListParams({ perPage: "1001" }).perPage).toBe(1000);
    expect(parseListParams({ perPage: "999999999" }).perPage).toBe(1000);
    expect(parseListParams({ perPage: "0" }).perPage).toBe(30);
    expect(parseListParams({ perPage: "-5" }).perPage).toBe(30);
    expect(parseListParams({ page: "0" }).page).toBe(1);
    expect(parseListParams({ page: "-1" }).page).toBe(1);
  });

  it.each(["true", "TRUE", "t", " 1 "])("reads skipTotal %j as true", (skipTotal) => {
    expect(parseListParams({ skipTotal }).skipTotal).toBe(true);
  });

  it.each(["false", "F", "0"])("reads skipTotal %j as false", (skipTotal) => {
    expect(parseListParams({ skipTotal }).skipTotal).toBe(false);
  });

  it.each([
    { page: "1.5" },
    { page: "abc" },
    { page: "1e3" },
    { page: "0x10" },
    { page: "9007199254740993" },
    { perPage: "ten" },
    { perPage: "+" },
    { perPage: "1 0" },
    { skipTotal: "yes" },
    { skipTotal: "2" },
  ])("refuses %j with a SearchError", (query) => {
    expect(() => parseListParams(query)).toThrow(SearchError);
  });
});

import PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import {
  itemsFilter,
  itemsQuery,
  MAX_SEARCH_LENGTH,
  sortExpression,
  usersFilter,
  usersQuery,
} from "./list-query.ts";

const pb = new PocketBase("http://localhost");
const url = (search: string) => new URL(`http://localhost/i${search}`);

describe("itemsQuery", () => {
  it("defaults to the first page by name, ascending, unfiltered", () => {
    expect(itemsQuery(url(""))).toEqual({
      page: 1,
      q: "",
      sort: "name",
      dir: "asc",
      status: "",
      tag: "",
    });
    expect(itemsFilter(pb, itemsQuery(url("")))).toBe("");
  });

  it("reads every parameter", () => {
    const query = itemsQuery(
      url("?q=%20lamp%20&status=archived&tag=red&sort=updated&dir=desc&page=3"),
    );
    expect(query).toEqual({
      page: 3,
      q: "lamp",
      sort: "updated",
      dir: "desc",
      status: "archived",
      tag: "red",
    });
    expect(sortExpression(query.sort, query.dir)).toBe("-updated");
    expect(itemsFilter(pb, query)).toBe(
      `(code ~ "lamp" || name ~ "lamp" || description ~ "lamp") && (status = "archived") && (tags ?= "red")`,
    );
  });

  it("ignores unknown or malformed values instead of failing", () => {
    expect(
      itemsQuery(url("?status=gone&sort=password&dir=sideways&page=-2&tag=" + "x".repeat(41))),
    ).toEqual({ page: 1, q: "", sort: "name", dir: "asc", status: "", tag: "" });
  });

  it("cuts a long search and keeps quotes inside the placeholder", () => {
    const query = itemsQuery(url(`?q=${encodeURIComponent(`a" || 1=1 ${"z".repeat(200)}`)}`));
    expect(Array.from(query.q)).toHaveLength(MAX_SEARCH_LENGTH);
    expect(itemsFilter(pb, query)).toContain(String.raw`"a\" || 1=1`);
  });
});

describe("usersQuery", () => {
  it("defaults to the newest accounts first", () => {
    expect(usersQuery(url(""))).toEqual({ page: 1, q: "", sort: "created", dir: "desc", role: "" });
  });

  it("filters plain users on the empty role and searches username, name and email", () => {
    expect(usersFilter(pb, usersQuery(url("?role=user&q=ali")))).toBe(
      `(username ~ "ali" || name ~ "ali" || email ~ "ali") && (role = "")`,
    );
    expect(usersFilter(pb, usersQuery(url("?role=admin")))).toBe(`(role = "admin")`);
    expect(usersQuery(url("?role=root&sort=tokenKey")).role).toBe("");
    expect(usersQuery(url("?sort=tokenKey")).sort).toBe("created");
  });
});

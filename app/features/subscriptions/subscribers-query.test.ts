/** The subscribers page's query: known values kept, anything else dropped or bounded. */
import { describe, expect, it } from "vitest";
import { subscribersHref, subscribersQuery } from "./subscribers-query.ts";

const read = (search: string) => subscribersQuery(new URL(`http://x/writing/subscribers${search}`));

describe("subscribersQuery", () => {
  it("reads the target, status, search and page", () => {
    expect(read("?target=author:abcdefghijklmno&status=pending&q=%20ada%20&page=3")).toEqual({
      target: "author:abcdefghijklmno",
      status: "pending",
      search: "ada",
      page: 3,
    });
  });

  it("drops unknown targets and statuses and bounds the page", () => {
    expect(read("?target=author:x&status=deleted&page=-2")).toEqual({
      target: "",
      status: "",
      search: "",
      page: 1,
    });
    expect(read("?page=99999999").page).toBe(10_000);
    expect(read(`?q=${"a".repeat(300)}`).search).toHaveLength(100);
  });

  it("writes the address back without the defaults", () => {
    expect(subscribersHref({ target: "blog", status: "", search: "", page: 1 })).toBe(
      "/writing/subscribers?target=blog",
    );
    expect(subscribersHref({ status: "confirmed", page: 2 })).toBe(
      "/writing/subscribers?status=confirmed&page=2",
    );
  });
});

import { describe, expect, it } from "vitest";
import { matchesPrefix, optionsKey, parseSubscriptionOptions, snakecase } from "./subscriptions.ts";

const withOptions = (topic: string, options: unknown) =>
  `${topic}?options=${encodeURIComponent(JSON.stringify(options))}`;

describe("realtime subscriptions", () => {
  it("snake-cases header names as PocketBase's inflector does", () => {
    expect(snakecase("X-Token")).toBe("x_token");
    expect(snakecase("myTestDB")).toBe("my_test_db");
    expect(snakecase("Content-Type")).toBe("content_type");
    expect(snakecase("a__b--c")).toBe("a_b_c");
    expect(snakecase("ABC")).toBe("abc");
  });

  it("reads query and header options as strings", () => {
    expect(
      parseSubscriptionOptions(
        withOptions("posts/*", {
          query: { filter: "title='x'", n: 1.5, b: true, o: { a: 1 }, z: null },
          headers: { "X-Custom-Header": "v" },
        }),
      ),
    ).toEqual({
      query: { filter: "title='x'", n: "1.5", b: "true", o: "", z: "" },
      headers: { x_custom_header: "v" },
    });
  });

  it("ignores missing or malformed options", () => {
    const empty = { query: {}, headers: {} };
    expect(parseSubscriptionOptions("posts/*")).toEqual(empty);
    expect(parseSubscriptionOptions("posts/*?options=")).toEqual(empty);
    expect(parseSubscriptionOptions("posts/*?options=%7Bnot json")).toEqual(empty);
    expect(parseSubscriptionOptions("posts/*?options=[1]")).toEqual(empty);
    expect(parseSubscriptionOptions("posts/*?options=%E0%A4%A")).toEqual(empty);
    expect(parseSubscriptionOptions(withOptions("p", { query: [1], headers: "x" }))).toEqual(empty);
  });

  it("never lets option keys reach a prototype", () => {
    const parsed = parseSubscriptionOptions('p?options={"query":{"__proto__":{"x":"1"}}}');
    expect(parsed.query).toEqual({});
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("matches topic prefixes the way PocketBase does", () => {
    expect(matchesPrefix("posts/*", "posts/*?")).toBe(true);
    expect(matchesPrefix(withOptions("posts/*", { query: {} }), "posts/*?")).toBe(true);
    expect(matchesPrefix("posts/*x", "posts/*?")).toBe(false);
    expect(matchesPrefix("posts", "posts?")).toBe(true);
    expect(matchesPrefix("posts/*", "posts?")).toBe(false);
    expect(matchesPrefix("posts/abc", "posts/abc?")).toBe(true);
    expect(matchesPrefix("posts/abcd", "posts/abc?")).toBe(false);
  });

  it("keys equal options equally whatever their order", () => {
    expect(optionsKey({ query: { a: "1", b: "2" }, headers: {} })).toBe(
      optionsKey({ query: { b: "2", a: "1" }, headers: {} }),
    );
    expect(optionsKey({ query: { a: "1" }, headers: {} })).not.toBe(
      optionsKey({ query: {}, headers: { a: "1" } }),
    );
  });
});

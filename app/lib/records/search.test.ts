/** Snippets as parts (escaped text with only `<mark>` markup) and the URLs of results. */
import { describe, expect, it } from "vitest";
import type { SearchItem } from "../../api/search/search.ts";
import { searchItemHref, snippetParts } from "./search.ts";

describe("snippetParts", () => {
  it("splits marked and plain text and unescapes both", () => {
    expect(snippetParts("a <mark>b&amp;c</mark> &lt;d&gt; &quot;e&quot; &#39;f&#x27;")).toEqual([
      { text: "a ", marked: false },
      { text: "b&c", marked: true },
      { text: " <d> \"e\" 'f'", marked: false },
    ]);
  });

  it("keeps any other markup as text", () => {
    expect(snippetParts("&lt;script&gt;x&lt;/script&gt; <b>y</b>")).toEqual([
      { text: "<script>x</script> <b>y</b>", marked: false },
    ]);
  });

  it("drops empty parts and leaves unknown entities alone", () => {
    expect(snippetParts("<mark></mark>&nope; &#0;")).toEqual([
      { text: "&nope; &#0;", marked: false },
    ]);
    expect(snippetParts("")).toEqual([]);
  });
});

describe("searchItemHref", () => {
  const author = { username: "Alice Z" };
  it("links each kind to its page by username", () => {
    const entry = {
      collectionName: "entries",
      record: { name: "first-day", expand: { author } },
    } as unknown as SearchItem;
    const post = {
      collectionName: "posts",
      record: { slug: "hello", expand: { author } },
    } as unknown as SearchItem;
    const collection = {
      collectionName: "collections",
      record: { name: "garden", expand: { owner: author } },
    } as unknown as SearchItem;
    expect(searchItemHref(entry)).toBe("/entry/Alice%20Z/first-day");
    expect(searchItemHref(post)).toBe("/post/Alice%20Z/hello");
    expect(searchItemHref(collection)).toBe("/collection/Alice%20Z/garden");
  });
});

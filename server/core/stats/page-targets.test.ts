/** Which paths are counted and as which page. */
import { describe, expect, it } from "vitest";
import { countedPage } from "./page-targets.ts";

describe("countedPage", () => {
  it("reads posts' and entries' reading pages and their page data", () => {
    expect(countedPage("/post/alice/morning-pages?utm_source=x")).toEqual({
      kind: "record",
      collection: "posts",
      username: "alice",
      key: "morning-pages",
    });
    expect(countedPage("/entry/alice/caf%C3%A9.data")).toEqual({
      kind: "record",
      collection: "entries",
      username: "alice",
      key: "café",
    });
  });

  it("reads the site's own pages and feeds", () => {
    expect(countedPage("/")).toEqual({ kind: "page", path: "/", username: null });
    expect(countedPage("/_root.data")).toEqual({ kind: "page", path: "/", username: null });
    expect(countedPage("/blog?page=2")).toEqual({ kind: "page", path: "/blog", username: null });
    expect(countedPage("/profile/alice")).toEqual({
      kind: "page",
      path: "/profile/alice",
      username: "alice",
    });
    expect(countedPage("/blog/rss.xml")).toEqual({
      kind: "feed",
      feed: "/blog/rss.xml",
      username: null,
    });
    expect(countedPage("/profile/alice/atom.xml")).toMatchObject({
      kind: "feed",
      username: "alice",
    });
    expect(countedPage("/collection/alice/garden/feed.json")).toMatchObject({ kind: "feed" });
  });

  it("leaves everything else out", () => {
    for (const url of [
      "/post/update/alice/morning-pages",
      "/entry/create",
      "/archive",
      "/search?q=x",
      "/writing",
      "/post/alice/%E0%A4%A",
      "/profile/alice/other",
      "/collection/alice/garden",
      `/post/alice/${"x".repeat(600)}`,
    ])
      expect(countedPage(url), url).toBeNull();
  });
});

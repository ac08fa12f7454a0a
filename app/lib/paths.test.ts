import { describe, expect, it } from "vitest";
import { paths, withQuery } from "./paths.ts";

describe("paths", () => {
  it("gives the fixed pages their routes' paths", () => {
    expect(paths.home()).toBe("/");
    expect(paths.blog()).toBe("/blog");
    expect(paths.archive()).toBe("/archive");
    expect(paths.collections()).toBe("/collections");
    expect(paths.team()).toBe("/team");
    expect(paths.privacyPolicy()).toBe("/privacyPolicy");
    expect(paths.login()).toBe("/login");
    expect(paths.login({ redirectTo: "/i?status=active" })).toBe(
      "/login?redirectTo=%2Fi%3Fstatus%3Dactive",
    );
    expect(paths.signUp()).toBe("/signUp");
    expect(paths.passwordReset()).toBe("/passwordReset");
    expect(paths.profileSettings()).toBe("/profileSettings");
    expect(paths.entryCreate()).toBe("/entry/create");
    expect(paths.postCreate()).toBe("/post/create");
    expect(paths.collectionCreate()).toBe("/collection/create");
    expect(paths.items()).toBe("/i");
    expect(paths.itemCreate()).toBe("/i/create");
    expect(paths.admin()).toBe("/admin");
    expect(paths.adminUsers()).toBe("/admin/users");
    expect(paths.adminSettings()).toBe("/admin/settings");
    expect(paths.adminLogs()).toBe("/admin/logs");
    expect(paths.adminBackups()).toBe("/admin/backups");
  });

  it("builds the record pages from their keys", () => {
    expect(paths.profile("alice")).toBe("/profile/alice");
    expect(paths.entry("alice", "first-light")).toBe("/entry/alice/first-light");
    expect(paths.entryUpdate("alice", "first-light")).toBe("/entry/update/alice/first-light");
    expect(paths.post("alice", "spring")).toBe("/post/alice/spring");
    expect(paths.postUpdate("alice", "spring")).toBe("/post/update/alice/spring");
    expect(paths.collection("alice", "garden")).toBe("/collection/alice/garden");
    expect(paths.collectionUpdate("alice", "garden")).toBe("/collection/update/alice/garden");
    expect(paths.collectionPrint("alice", "garden")).toBe("/collection/alice/garden/print");
    expect(paths.collectionPrint("a b", "x/y")).toBe("/collection/a%20b/x%2Fy/print");
    expect(paths.item("A-12")).toBe("/i/A-12");
    expect(paths.itemUpdate("A-12")).toBe("/i/update/A-12");
    expect(paths.adminLog("abc123")).toBe("/admin/logs/abc123");
  });

  it("encodes every segment, so a key never reaches another route", () => {
    expect(paths.post("a b", "x/y?z#w")).toBe("/post/a%20b/x%2Fy%3Fz%23w");
    expect(paths.entry("Zoë", "..")).toBe("/entry/Zo%C3%AB/..");
    expect(paths.profile("al/ice")).toBe("/profile/al%2Fice");
    expect(paths.item("a/b")).toBe("/i/a%2Fb");
    expect(paths.collectionUpdate("", "")).toBe("/collection/update//");
  });

  it("writes the list filters as the pages read them, empty ones left out", () => {
    expect(paths.blog({ tag: "garden" })).toBe("/blog?tag=garden");
    expect(paths.blog({ tag: "garden", page: 2 })).toBe("/blog?tag=garden&page=2");
    expect(paths.blog({ tag: "" })).toBe("/blog");
    expect(paths.blog({ tag: "short stories" })).toBe("/blog?tag=short+stories");
    expect(paths.archive({ kind: "posts", tag: "garden" })).toBe("/archive?kind=posts&tag=garden");
    expect(paths.archive({ tag: "a&b" })).toBe("/archive?tag=a%26b");
    expect(paths.writing()).toBe("/writing");
    expect(paths.writing({ show: "drafts", page: 2 })).toBe("/writing?show=drafts&page=2");
    expect(paths.writing({ show: "private", collection: "night walks" })).toBe(
      "/writing?show=private&collection=night+walks",
    );
  });

  it("keeps the record pages' tag links as they were (encodeURIComponent)", () => {
    expect(paths.blogTag("winter")).toBe("/blog?tag=winter");
    expect(paths.blogTag("short stories")).toBe("/blog?tag=short%20stories");
    expect(paths.archiveTag("a&b")).toBe("/archive?tag=a%26b");
  });
});

describe("withQuery", () => {
  it("adds the given parameters in order and leaves out empty ones", () => {
    expect(withQuery("/blog")).toBe("/blog");
    expect(withQuery("/blog", { tag: null, page: undefined, q: "" })).toBe("/blog");
    expect(withQuery("/blog", { page: 2, tag: "garden" })).toBe("/blog?page=2&tag=garden");
    expect(withQuery("/collections", { page: 0 })).toBe("/collections?page=0");
  });
});

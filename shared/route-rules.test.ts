import { describe, expect, it } from "vitest";
import {
  findRedirect,
  isExternalTarget,
  normalizeRulePath,
  redirectLocation,
  type RedirectRule,
} from "./route-rules.ts";

const rule = (from: string, to: string): RedirectRule => ({ from, to, status: 307 });

describe("route rules", () => {
  const rules = [
    rule("/old", "/new"),
    rule("/docs/**", "https://docs.example.org/"),
    rule("/docs/v2/**", "/blog"),
    rule("/café", "/coffee"),
  ];

  it("matches exact paths, ignoring trailing slashes and percent-encoding", () => {
    expect(findRedirect(rules, "/old")?.to).toBe("/new");
    expect(findRedirect(rules, "/old/")?.to).toBe("/new");
    expect(findRedirect(rules, "/caf%C3%A9")?.to).toBe("/coffee");
    expect(findRedirect(rules, "/older")).toBeUndefined();
    expect(findRedirect(rules, "/old/more")).toBeUndefined();
    expect(findRedirect(rules, "/%E0%A4%A")).toBeUndefined();
  });

  it("matches /** rules on the path and below it, the longest prefix first", () => {
    expect(findRedirect(rules, "/docs")?.to).toBe("https://docs.example.org/");
    expect(findRedirect(rules, "/docs/a/b")?.to).toBe("https://docs.example.org/");
    expect(findRedirect(rules, "/docs/v2")?.to).toBe("/blog");
    expect(findRedirect(rules, "/docs/v2/page")?.to).toBe("/blog");
    expect(findRedirect(rules, "/docsify")).toBeUndefined();
    expect(findRedirect([rule("/**", "https://moved.example")], "/")?.to).toBe(
      "https://moved.example",
    );
  });

  it("keeps the request's query unless the target has its own", () => {
    expect(redirectLocation(rule("/a", "/b"), "?page=2")).toBe("/b?page=2");
    expect(redirectLocation(rule("/a", "/b#top"), "?page=2")).toBe("/b?page=2#top");
    expect(redirectLocation(rule("/a", "/b?x=1"), "?page=2")).toBe("/b?x=1");
    expect(redirectLocation(rule("/a", "https://e.org/"), "")).toBe("https://e.org/");
    expect(redirectLocation(rule("/a", "/b"), "?")).toBe("/b");
  });

  it("tells paths from addresses", () => {
    expect(isExternalTarget("/blog")).toBe(false);
    expect(isExternalTarget("https://example.org")).toBe(true);
    expect(isExternalTarget("//example.org")).toBe(true);
    expect(isExternalTarget("javascript:alert(1)")).toBe(true);
    expect(normalizeRulePath("/")).toBe("/");
    expect(normalizeRulePath("/a//")).toBe("/a");
  });
});

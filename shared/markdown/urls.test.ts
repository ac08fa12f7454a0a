import { describe, expect, it } from "vitest";
import { isExternalUrl, isSafeImageUrl, isSafeLinkUrl, urlScheme } from "./urls.ts";

describe("urlScheme", () => {
  it.each([
    ["https://example.com", "https"],
    ["JaVaScRiPt:alert(1)", "javascript"],
    [" \x01javascript:alert(1)", "javascript"],
    ["java\tscript:alert(1)", "javascript"],
    ["java\nscript:alert(1)", "javascript"],
    ["/path", null],
    ["#anchor", null],
    ["java%09script:alert(1)", null],
  ])("%j → %j", (url, scheme) => {
    expect(urlScheme(url)).toBe(scheme);
  });
});

describe("isSafeLinkUrl", () => {
  it.each([
    "https://example.com/a?b#c",
    "http://example.com",
    "HTTPS://EXAMPLE.COM",
    "mailto:someone@example.com",
    "/entry/ada/notes",
    "../up",
    "relative/path",
    "./a:b",
    "?page=2",
    "#md-notes",
    "//example.com/x",
  ])("allows %j", (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "\x01javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\u0000script:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/png;base64,AAAA",
    "file:///etc/passwd",
    "ftp://example.com",
    "tel:123",
    "java%09script:alert(1)",
    "a:b",
  ])("refuses %j", (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });
});

describe("isSafeImageUrl", () => {
  it.each([
    "https://images.example/a.png",
    "http://images.example/a.png",
    "//images.example/a.png",
    "/api/files/pbc_123/abc/photo.png",
    "/api/files/pbc_123/abc/photo.png?thumb=400x0",
  ])("allows %j", (url) => {
    expect(isSafeImageUrl(url)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "data:image/png;base64,AAAA",
    "mailto:a@b.c",
    "x%22onerror=alert(1)",
    "/entry/ada/notes",
    "relative.png",
    "#x",
  ])("refuses %j", (url) => {
    expect(isSafeImageUrl(url)).toBe(false);
  });
});

describe("isExternalUrl", () => {
  it.each([
    ["https://example.com", true],
    ["http://example.com", true],
    ["//example.com", true],
    ["/\\example.com", true],
    ["/blog", false],
    ["#top", false],
    ["mailto:a@b.c", false],
  ])("%j → %j", (url, external) => {
    expect(isExternalUrl(url)).toBe(external);
  });
});

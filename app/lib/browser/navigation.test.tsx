import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  NavigationError,
  resolveNavigationTarget,
  returnPath,
  useSafeNavigate,
  type SafeNavigate,
} from "./navigation.ts";

const origin = "https://cahier.example";

function refusal(to: string, allowExternal = false): NavigationError {
  try {
    resolveNavigationTarget(to, { origin, allowExternal });
  } catch (error) {
    expect(error).toBeInstanceOf(NavigationError);
    return error as NavigationError;
  }
  throw new Error(`expected ${to} to be refused`);
}

describe("resolveNavigationTarget", () => {
  it("keeps paths of the site inside the app", () => {
    expect(resolveNavigationTarget("/blog?page=2#top", { origin })).toEqual({
      kind: "internal",
      path: "/blog?page=2#top",
    });
    expect(resolveNavigationTarget("https://cahier.example/team", { origin })).toEqual({
      kind: "internal",
      path: "/team",
    });
    expect(resolveNavigationTarget("profile/ada", { origin })).toEqual({
      kind: "internal",
      path: "/profile/ada",
    });
  });

  it("refuses another origin unless explicitly allowed", () => {
    for (const to of [
      "https://elsewhere.example/",
      "//elsewhere.example/x",
      "/\\elsewhere.example",
      "http://cahier.example/",
    ]) {
      const error = refusal(to);
      expect(error.reason).toBe("external");
      expect(error.target).toBe(to);
      expect(error.message).toContain("without explicit allowance");
    }
    expect(
      resolveNavigationTarget("https://elsewhere.example/x", { origin, allowExternal: true }),
    ).toEqual({ kind: "external", url: "https://elsewhere.example/x" });
  });

  it("refuses every protocol but http(s), even when external targets are allowed", () => {
    for (const to of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "file:///etc/passwd",
      "mailto:someone@example.org",
      "blob:https://cahier.example/123",
    ]) {
      const error = refusal(to, true);
      expect(error.reason).toBe("protocol");
      expect(error.message).toContain("disallowed protocol");
    }
  });

  it("refuses what is not a URL", () => {
    expect(refusal("http://[not-a-host", true).reason).toBe("invalid");
  });
});

describe("useSafeNavigate", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function captureSafeNavigate(): SafeNavigate {
    let captured: SafeNavigate | undefined;
    function Probe() {
      captured = useSafeNavigate();
      return null;
    }
    renderToString(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    if (!captured) throw new Error("the hook did not run");
    return captured;
  }

  it("loads allowed external addresses as a new document and refuses the rest", async () => {
    const assign = vi.fn();
    const replace = vi.fn();
    vi.stubGlobal("window", { location: { origin, assign, replace } });
    const navigate = captureSafeNavigate();
    await navigate("https://elsewhere.example/a", { allowExternal: true });
    await navigate("https://elsewhere.example/b", { allowExternal: true, replace: true });
    expect(assign).toHaveBeenCalledWith("https://elsewhere.example/a");
    expect(replace).toHaveBeenCalledWith("https://elsewhere.example/b");
    await expect(navigate("https://elsewhere.example/c")).rejects.toMatchObject({
      reason: "external",
    });
    await expect(navigate("javascript:alert(1)", { allowExternal: true })).rejects.toMatchObject({
      reason: "protocol",
    });
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe("returnPath", () => {
  it("goes back to a page of the site, with its query and fragment", () => {
    expect(returnPath("/i/create")).toBe("/i/create");
    expect(returnPath("/i?status=active&q=lyon#results")).toBe("/i?status=active&q=lyon#results");
    expect(returnPath("/entry/update/alice/first%20light")).toBe(
      "/entry/update/alice/first%20light",
    );
  });

  it("goes home for anything else: nothing, another site, another protocol", () => {
    for (const value of [
      null,
      undefined,
      "",
      "i/create",
      "//evil.example/login",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
    ]) {
      expect(returnPath(value), String(value)).toBe("/");
    }
    // Read as the browser reads it: a tab is dropped, and the path stays on this site.
    expect(returnPath("/\tevil")).toBe("/evil");
  });

  it("goes home when dot segments would collapse into another site's address (issue 23 finding 4)", () => {
    for (const value of [
      "/..//evil.example",
      "/../..//evil.example/login",
      "/./..//evil.example",
      "/a/../..//evil.example",
      "/..%2f/evil.example",
      "/%2e%2e//evil.example",
      "/..\\/evil.example",
      "/../\\evil.example",
    ]) {
      const back = returnPath(value);
      expect(new URL(back, origin).origin, value).toBe(origin);
      expect(back.startsWith("//") || back.startsWith("/\\"), value).toBe(false);
    }
    expect(returnPath("/..//evil.example")).toBe("/");
  });

  it("never leaves the site, whatever encoded, doubled, backslashed or dotted path it is given", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      "/\\",
      ".",
      "..",
      "%2e",
      "%2E%2e",
      "%2f",
      "%5c",
      "%252f",
      "\t",
      "\n",
      "@",
      ":",
      "?",
      "#",
      "evil.example",
      "i",
      "login",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const back = returnPath(`/${pieces.join("")}`);
        // Used as a Location or a link, the answer stays on this origin.
        expect(back.startsWith("/")).toBe(true);
        expect(back.startsWith("//")).toBe(false);
        expect(back.startsWith("/\\")).toBe(false);
        expect(new URL(back, origin).origin).toBe(origin);
        expect(new URL(back, "http://return.invalid").origin).toBe("http://return.invalid");
      }),
      { numRuns: 2_000 },
    );
  });

  it("never returns to the sign-in pages themselves", () => {
    expect(returnPath("/login?redirectTo=%2Fi")).toBe("/");
    expect(returnPath("/signUp")).toBe("/");
  });
});

import { describe, expect, it } from "vitest";
import { colorScheme, themeCookie, themeFromCookie, toTheme } from "./theme.ts";

describe("theme", () => {
  it("reads light and dark from the cookie, anything else as the system's", () => {
    expect(themeFromCookie("locale=fr; theme=dark")).toBe("dark");
    expect(themeFromCookie("theme=light")).toBe("light");
    expect(themeFromCookie("theme=sepia")).toBe("");
    expect(themeFromCookie("theme=Dark")).toBe("");
    expect(themeFromCookie("")).toBe("");
    expect(themeFromCookie(null)).toBe("");
    expect(toTheme(["dark"])).toBe("");
  });

  it("stores a choice for a year and removes the cookie for the system's", () => {
    expect(themeCookie("dark")).toBe("theme=dark; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(themeCookie("")).toBe("theme=; Max-Age=0; Path=/; SameSite=Lax");
  });

  it("names the color-scheme of each theme", () => {
    expect(colorScheme("dark")).toBe("dark");
    expect(colorScheme("light")).toBe("light");
    expect(colorScheme("")).toBe("light dark");
  });
});

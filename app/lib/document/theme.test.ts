import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../api/auth/session.ts";
import { nextTheme, pageTheme } from "./theme.ts";

const account = (collectionName: string, theme: SessionUser["theme"]): SessionUser => ({
  id: "abcdefghijklmno",
  collectionName,
  collectionId: "_pb_users_auth_",
  username: "alice",
  name: "",
  email: "alice@example.com",
  avatar: "",
  role: "",
  verified: true,
  impersonated: false,
  theme,
});

describe("pageTheme", () => {
  it("uses the cookie for guests and superusers", () => {
    expect(pageTheme("theme=dark", null)).toBe("dark");
    expect(pageTheme(null, null)).toBe("");
    expect(pageTheme("theme=light", account("_superusers", ""))).toBe("light");
  });

  it("lets an account's saved theme win over the cookie, the system's included", () => {
    expect(pageTheme("theme=light", account("users", "dark"))).toBe("dark");
    expect(pageTheme("theme=dark", account("users", ""))).toBe("");
  });

  it("keeps a superuser's View as in the browser's theme", () => {
    const viewAs = { ...account("users", "dark"), impersonated: true };
    expect(pageTheme("theme=light", viewAs)).toBe("light");
  });
});

describe("nextTheme", () => {
  it("cycles system, light, dark", () => {
    expect(nextTheme("")).toBe("light");
    expect(nextTheme("light")).toBe("dark");
    expect(nextTheme("dark")).toBe("");
  });
});

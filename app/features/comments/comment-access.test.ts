import { describe, expect, it } from "vitest";
import {
  commentAccess,
  DEFAULT_SITE_RULES,
  effectiveMode,
  stillEditable,
} from "./comment-access.ts";

const NOW = Date.parse("2026-03-10T12:00:00.000Z");

describe("effectiveMode", () => {
  it("takes the record's own mode, else the site's default", () => {
    expect(effectiveMode("members", "", DEFAULT_SITE_RULES, NOW)).toBe("members");
    expect(effectiveMode("", "", { ...DEFAULT_SITE_RULES, defaultMode: "closed" }, NOW)).toBe(
      "closed",
    );
    expect(effectiveMode("bogus", "", DEFAULT_SITE_RULES, NOW)).toBe("open");
  });

  it("closes a record published more than closeAfterDays ago, not a younger one", () => {
    const rules = { ...DEFAULT_SITE_RULES, closeAfterDays: 7 };
    expect(effectiveMode("open", "2026-03-01 12:00:00.000Z", rules, NOW)).toBe("closed");
    expect(effectiveMode("members", "2026-03-05 12:00:00.000Z", rules, NOW)).toBe("members");
    // Never closed by age when the setting is 0, or when the date is unknown.
    expect(effectiveMode("open", "2000-01-01 00:00:00.000Z", DEFAULT_SITE_RULES, NOW)).toBe("open");
    expect(effectiveMode("open", "", rules, NOW)).toBe("open");
  });
});

describe("commentAccess", () => {
  it("offers a member's form, a guest's form where guests may comment, else sign-in", () => {
    const guests = { ...DEFAULT_SITE_RULES, guests: true };
    expect(commentAccess("open", "account", DEFAULT_SITE_RULES)).toBe("member");
    expect(commentAccess("members", "account", guests)).toBe("member");
    expect(commentAccess("open", "guest", guests)).toBe("guest");
    expect(commentAccess("open", "guest", DEFAULT_SITE_RULES)).toBe("signIn");
    expect(commentAccess("members", "guest", guests)).toBe("signIn");
    expect(commentAccess("closed", "account", guests)).toBe("closed");
    // A superuser is signed in without an account that comments: never "sign in".
    expect(commentAccess("open", "superuser", guests)).toBe("superuser");
    expect(commentAccess("closed", "superuser", guests)).toBe("closed");
  });
});

describe("stillEditable", () => {
  it("is true for 15 minutes after the comment was written", () => {
    expect(stillEditable("2026-03-10 11:50:00.000Z", NOW)).toBe(true);
    expect(stillEditable("2026-03-10 11:44:59.000Z", NOW)).toBe(false);
    expect(stillEditable("", NOW)).toBe(false);
  });
});

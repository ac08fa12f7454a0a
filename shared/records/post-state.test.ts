import { describe, expect, it } from "vitest";
import { POST_LIVE_FILTER, postState } from "./post-state.ts";

const now = Date.parse("2025-06-01T12:00:00.000Z");

describe("postState", () => {
  it("a draft is a draft, whatever its date", () => {
    expect(postState({ status: "draft", publishedAt: "" }, now)).toBe("draft");
    expect(postState({ status: "draft", publishedAt: "2020-01-01 00:00:00.000Z" }, now)).toBe(
      "draft",
    );
  });

  it("a published post is live from its date on", () => {
    expect(postState({ status: "published", publishedAt: "2025-06-01 11:59:59.999Z" }, now)).toBe(
      "live",
    );
    expect(postState({ status: "published", publishedAt: "2025-06-01 12:00:00.000Z" }, now)).toBe(
      "live",
    );
  });

  it("a published post with a date to come is scheduled", () => {
    expect(postState({ status: "published", publishedAt: "2025-06-01 12:00:00.001Z" }, now)).toBe(
      "scheduled",
    );
  });

  it("a published post without a date is not live (the filter never lists it)", () => {
    expect(postState({ status: "published", publishedAt: "" }, now)).toBe("scheduled");
  });

  it("takes a Date as well as a timestamp, and defaults to the current time", () => {
    const post = { status: "published", publishedAt: "2025-06-01 12:00:00.000Z" };
    expect(postState(post, new Date(now - 1))).toBe("scheduled");
    expect(postState(post, new Date(now))).toBe("live");
    expect(postState(post)).toBe("live");
  });
});

describe("POST_LIVE_FILTER", () => {
  it("is the clause the posts rules and the web app's listings use", () => {
    expect(POST_LIVE_FILTER).toBe(
      'status = "published" && publishedAt != "" && publishedAt <= @now',
    );
  });
});

/** Robots left out of views, and feed readers' "N subscribers" read from their user agent. */
import { describe, expect, it } from "vitest";
import { isRobot, subscriberReport } from "./reader-agents.ts";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SAFARI_PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

describe("isRobot", () => {
  it("leaves browsers in", () => {
    expect(isRobot(FIREFOX)).toBe(false);
    expect(isRobot(SAFARI_PHONE)).toBe(false);
  });

  it("leaves crawlers, previews, scripts and agentless requests out", () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "curl/8.5.0",
      "python-requests/2.32.3",
      "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; )",
      undefined,
      "",
      "   ",
    ])
      expect(isRobot(agent), String(agent)).toBe(true);
  });
});

describe("subscriberReport", () => {
  it("reads the count and the reader's name of the common feed readers", () => {
    expect(
      subscriberReport("Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; )"),
    ).toEqual({ reader: "Feedly", subscribers: 42 });
    expect(
      subscriberReport("Inoreader/1.0 (+http://www.inoreader.com/feed-fetcher; 7 subscribers; )"),
    ).toEqual({ reader: "Inoreader", subscribers: 7 });
    expect(
      subscriberReport(
        "NewsBlur Feed Fetcher - 12 subscribers - https://www.newsblur.com/site/123/cahier (Mozilla/5.0)",
      ),
    ).toEqual({ reader: "NewsBlur", subscribers: 12 });
    expect(subscriberReport("Feedbin feed-id:1234 - 3 subscribers")).toEqual({
      reader: "Feedbin",
      subscribers: 3,
    });
    expect(subscriberReport("Mozilla/5.0 (compatible; theoldreader.com; 1 subscriber)")).toEqual({
      reader: "Mozilla",
      subscribers: 1,
    });
  });

  it("answers null for agents without a count, a zero or an absurd one", () => {
    expect(subscriberReport(FIREFOX)).toBeNull();
    expect(subscriberReport(undefined)).toBeNull();
    expect(subscriberReport("Feedly/1.0 (0 subscribers)")).toBeNull();
    expect(subscriberReport("Feedly/1.0 (999999999 subscribers)")).toBeNull();
    expect(subscriberReport("42 subscribers")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { deviceName, UNKNOWN_DEVICE } from "./device-name.ts";

describe("deviceName", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Mobile Safari on iOS",
    ],
    ["curl/8.4.0", "curl"],
    ["", UNKNOWN_DEVICE],
    ["   ", UNKNOWN_DEVICE],
    ["<script>", UNKNOWN_DEVICE],
  ])("names %j %j", (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it("keeps long names short", () => {
    expect(deviceName(`${"a".repeat(39)}/1 ${"x".repeat(1000)}`).length).toBeLessThanOrEqual(100);
  });
});

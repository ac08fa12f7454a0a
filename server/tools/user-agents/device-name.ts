/**
 * A readable name for the device behind a user agent, in English: "Firefox on Windows",
 * "Mobile Safari on iOS", "Chrome". Programs that are no browser are named by their first
 * product token ("curl"); an empty or unreadable agent is "Unknown device".
 */
import { UAParser } from "ua-parser-js";

/** The name of a device nothing can be told about. */
export const UNKNOWN_DEVICE = "Unknown device";

/** Longest name returned. */
const MAX_NAME_LENGTH = 100;

/** The readable name of `userAgent`'s device. */
export function deviceName(userAgent: string): string {
  const agent = userAgent.slice(0, 500);
  const { browser, os } = UAParser(agent);
  const name =
    browser.name && os.name
      ? `${browser.name} on ${os.name}`
      : (browser.name ?? os.name ?? productToken(agent));
  return name ? name.slice(0, MAX_NAME_LENGTH) : UNKNOWN_DEVICE;
}

/** `curl/8.4.0 …` → `curl`; "" when the agent does not start with a product token. */
function productToken(agent: string): string {
  return /^([A-Za-z][\w.-]{0,39})(?:\/|\s|$)/.exec(agent.trim())?.[1] ?? "";
}

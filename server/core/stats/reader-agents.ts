/**
 * What a request's `User-Agent` says to the statistics (ADR 070): a robot (crawlers, link
 * previews, monitors, feed fetchers: `isbot`'s list; an empty agent counts as one) is left
 * out of views; a feed reader that fetches for many people says how many in its agent
 * (`Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; )`,
 * `Inoreader/1.0 (+http://www.inoreader.com/feed-fetcher; 7 subscribers; )`,
 * `NewsBlur Feed Fetcher - 12 subscribers - https://www.newsblur.com/site/…`), and that count
 * is kept per reader and feed.
 */
import { isbot } from "isbot";

/** Longest agent read (longer ones are cut: no regular expression runs on more). */
const MAX_AGENT = 512;

/** Whether a request with this agent is a robot's (or has no agent at all). */
export function isRobot(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return isbot(userAgent.slice(0, MAX_AGENT));
}

/** A feed reader's report: its name and the subscribers it fetches for. */
export interface SubscriberReport {
  reader: string;
  subscribers: number;
}

/** Most subscribers believed (a larger number is a typo or a lie). */
const MAX_SUBSCRIBERS = 100_000_000;

const SUBSCRIBERS = /(\d{1,9})\s+(?:subscribers?|readers?)\b/i;
/** The reader's name: the agent's first product token (`Feedly/1.0` → `Feedly`). */
const NAME = /^\s*([A-Za-z][\w.-]{0,39}(?:\s+[A-Z][\w.-]{0,39}){0,2}?)(?=[/\s(;-]|$)/;

/** The subscriber report in a feed reader's agent, or null when it has none. */
export function subscriberReport(userAgent: string | undefined): SubscriberReport | null {
  if (!userAgent) return null;
  const agent = userAgent.slice(0, MAX_AGENT);
  const count = SUBSCRIBERS.exec(agent);
  if (!count?.[1]) return null;
  const subscribers = Number(count[1]);
  if (!(subscribers > 0) || subscribers > MAX_SUBSCRIBERS) return null;
  const name = NAME.exec(agent)?.[1]?.trim();
  if (!name) return null;
  // "NewsBlur Feed Fetcher" and "NewsBlur" are one reader.
  const reader = name.split(/\s+/)[0] ?? name;
  return { reader, subscribers };
}

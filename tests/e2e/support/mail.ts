/**
 * Mail in the browser specs: the messages the app sent to the suite's real SMTP server
 * (`mail-server.ts` writes each one into the run's mail folder), the links and codes in
 * them. Each spec uses its own addresses, so workers never read each other's mail.
 */
import fs from "node:fs";
import path from "node:path";
import type { CaughtMail } from "../../helpers/mail-catcher.ts";
import { mailDir } from "./environment.ts";

/** Every message received so far, oldest first. */
export function allMail(): CaughtMail[] {
  let names: string[];
  try {
    names = fs.readdirSync(mailDir());
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(mailDir(), name), "utf8")) as CaughtMail);
}

/** The messages sent to `to` (case-insensitive), oldest first. */
export function mailTo(to: string): CaughtMail[] {
  const address = to.toLowerCase();
  return allMail().filter((mail) => mail.to.includes(address));
}

/**
 * Waits for message number `count` (1 = the first) to `to` and returns it; fails after
 * `timeoutMs` listing what arrived.
 */
export async function waitForMail(to: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailTo(to)[count - 1];
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = allMail()
        .map((mail) => `${mail.to.join(",")}: ${mail.subject}`)
        .join("; ");
      throw new Error(`no mail #${String(count)} to ${to} (received: ${seen || "nothing"})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The first link of a message to a page of the app (`/passwordReset`, `/login`,
 * `/profileSettings`) carrying query parameter `param`, as an absolute URL.
 */
export function linkIn(mail: CaughtMail, pagePath: string, param: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pagePath && url.searchParams.get(param)) return url.href;
  }
  throw new Error(`no ${pagePath}?${param}= link in:\n${mail.text}`);
}

/** The one-time sign-in code of a message (its first run of 6 to 10 digits). */
export function codeIn(mail: CaughtMail): string {
  const code = /\b(\d{6,10})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.text}`);
  return code;
}

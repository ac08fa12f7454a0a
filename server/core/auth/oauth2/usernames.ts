/**
 * Usernames for accounts created through OAuth2: from the provider's username, else the
 * email's local part, else the name; reduced to `[A-Za-z0-9_.-]`, 3–30 characters, and made
 * unique with a numeric suffix.
 */
import { randomInt } from "node:crypto";

const MIN = 3;
const MAX = 30;
/** Attempts with a random suffix before leaving the field to its autogenerate pattern. */
const ATTEMPTS = 8;

/** Reduces a string to the username alphabet (accents dropped, spaces to `_`). */
export function cleanUsername(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_.-]/g, "")
    .slice(0, MAX);
}

/** The first usable base among the candidates, `""` when none has a character left. */
export function usernameBase(candidates: readonly string[]): string {
  for (const candidate of candidates) {
    const cleaned = cleanUsername(candidate);
    if (cleaned) return cleaned;
  }
  return "";
}

function withSuffix(base: string): string {
  const suffix = String(randomInt(1000, 10000));
  return `${base.slice(0, MAX - suffix.length)}${suffix}`;
}

/**
 * A username not taken yet (`isTaken` checks case-insensitively), or `""` when none was found
 * (the field's autogenerate pattern then applies).
 */
export async function uniqueUsername(
  candidates: readonly string[],
  isTaken: (username: string) => Promise<boolean>,
): Promise<string> {
  const cleaned = usernameBase(candidates);
  const base = cleaned || "user";
  if (cleaned.length >= MIN && !(await isTaken(base))) return base;
  for (let i = 0; i < ATTEMPTS; i++) {
    const candidate = withSuffix(base);
    if (!(await isTaken(candidate))) return candidate;
  }
  return "";
}

/** Another attempt after a race lost on the unique index. */
export function retryUsername(previous: string): string {
  return withSuffix(previous.replace(/\d{4}$/, "") || "user");
}

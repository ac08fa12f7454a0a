/**
 * A seeded pseudo-random generator for the crash tests, so a failing run can be replayed
 * with the seed it printed (`CRASH_SEED=<seed>`).
 */

/** Mulberry32: small, fast and good enough to pick test inputs and kill moments. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** A PocketBase-style record id: 15 characters of `[a-z0-9]`. */
  recordId(): string {
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    let id = "";
    for (let i = 0; i < 15; i++) id += alphabet.charAt(this.int(0, alphabet.length - 1));
    return id;
  }

  /**
   * Text of about `length` characters: words (some accented or non-Latin, so multi-byte
   * UTF-8 crosses page boundaries), spaces and newlines; never starts or ends with blanks.
   */
  text(length: number): string {
    const parts: string[] = [];
    let size = 0;
    while (size < length) {
      const word = this.pick(WORDS);
      const separator = parts.length === 0 ? "" : this.next() < 0.08 ? "\n" : " ";
      parts.push(separator, word);
      size += separator.length + word.length;
    }
    return parts.join("");
  }
}

const WORDS = [
  "journal",
  "matin",
  "café",
  "été",
  "naïve",
  "cœur",
  "river",
  "mountain",
  "letter",
  "quiet",
  "window",
  "日記",
  "雨",
  "Ωmega",
  "emoji🙂",
  "**bold**",
  "`code`",
  "<tag>",
  'quote"d',
  "back\\slash",
  "42",
];

/** A 32-bit seed derived from a base seed and a label (a dialect, a writer number). */
export function deriveSeed(base: number, label: string): number {
  let hash = base >>> 0;
  for (const char of label)
    hash = (Math.imul(hash ^ char.charCodeAt(0), 0x01000193) + 0x9e3779b9) >>> 0;
  return hash;
}

/**
 * Comparing versions of a text for the editor's history, with the `diff` package: a
 * word-level diff to show (what changed between a version and the editor's text) and the
 * number of words a version added and removed. Both are bounded in time, so a huge or wholly
 * rewritten text never freezes the page: past the bound, the diff shows the two texts whole
 * and the count falls back to comparing the words as bags.
 */
import { diffArrays, diffWords } from "diff";
import { wordsOf } from "../markdown/text-stats.ts";

/** One run of a diff: text both sides share, or that only the newer or the older one has. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** A diff to show. */
export interface TextDiff {
  parts: DiffPart[];
  /** False when the texts were too far apart to compare in time (shown whole, old then new). */
  exact: boolean;
}

/** How long a shown diff may take, in milliseconds. */
export const DIFF_TIMEOUT_MS = 400;
/** How long counting one version's changes may take, in milliseconds. */
export const COUNT_TIMEOUT_MS = 40;

/**
 * The word-level diff from `before` to `after` (`removed`: only in `before`; `added`: only
 * in `after`), whitespace and line breaks kept as they are in the texts.
 *
 * @example textDiff("a red kite", "a black kite").parts
 * // [{ kind: "same", text: "a " }, { kind: "removed", text: "red" }, { kind: "added", text: "black" }, { kind: "same", text: " kite" }]
 */
export function textDiff(before: string, after: string, timeout = DIFF_TIMEOUT_MS): TextDiff {
  if (before === after)
    return { parts: before ? [{ kind: "same", text: before }] : [], exact: true };
  const changes = diffWords(before, after, { timeout });
  if (!changes) {
    const parts: DiffPart[] = [];
    if (before) parts.push({ kind: "removed", text: before });
    if (after) parts.push({ kind: "added", text: after });
    return { parts, exact: false };
  }
  return {
    parts: changes.map((change) => ({
      kind: change.added ? "added" : change.removed ? "removed" : "same",
      text: change.value,
    })),
    exact: true,
  };
}

/** Words a version added and removed. */
export interface WordChanges {
  added: number;
  removed: number;
}

/**
 * How many words `after` added to `before` and removed from it (a moved word counts as both,
 * as in the diff shown).
 *
 * @example wordChanges("the red kite", "the black kite flew") // { added: 2, removed: 1 }
 */
export function wordChanges(
  before: string,
  after: string,
  timeout = COUNT_TIMEOUT_MS,
): WordChanges {
  if (before === after) return { added: 0, removed: 0 };
  const old = wordsOf(before);
  const next = wordsOf(after);
  const changes = diffArrays(old, next, { timeout });
  if (!changes) return bagChanges(old, next);
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.added) added += change.count;
    else if (change.removed) removed += change.count;
  }
  return { added, removed };
}

/** The changes between two lists of words compared as bags (order ignored). */
function bagChanges(old: readonly string[], next: readonly string[]): WordChanges {
  const counts = new Map<string, number>();
  for (const word of old) counts.set(word, (counts.get(word) ?? 0) + 1);
  let added = 0;
  for (const word of next) {
    const left = counts.get(word) ?? 0;
    if (left > 0) counts.set(word, left - 1);
    else added += 1;
  }
  let removed = 0;
  for (const left of counts.values()) removed += left;
  return { added, removed };
}

/** The part of a version the list compares: its text and place in the history. */
export interface ComparedVersion {
  version: number;
  content: string;
}

/**
 * What each of `versions` (newest first) changed from the one before it: `older` is the
 * version before the last one, when known. The first version of a record added all its
 * words; for the oldest one shown of a capped history (its predecessor deleted), null.
 */
export function versionChanges(
  versions: readonly ComparedVersion[],
  older: ComparedVersion | null,
): (WordChanges | null)[] {
  return versions.map((version, index) => {
    const before = versions[index + 1] ?? older;
    if (before) return wordChanges(before.content, version.content);
    return version.version <= 1 ? wordChanges("", version.content) : null;
  });
}

/**
 * Three-way merge of a text edited offline (issue 28, ADR 072): the version an edit started
 * from (base), the server's version now and the local one. Line by line (Markdown paragraphs
 * and list items are lines), with the `diff` package the history already uses: each side's
 * changes against the base are hunks of base lines replaced; hunks of the two sides that
 * touch the same base lines (or insert at the same place) overlap, and the merge fails
 * unless both made the same change there.
 */
import { diffArrays } from "diff";

/** Base lines `[start, end)` replaced by `lines`. */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

function splitLines(text: string): string[] {
  return text.split("\n");
}

/** The changes turning `base` into `other`, as hunks over the base's lines. */
function hunks(base: string[], other: string[]): Hunk[] {
  const found: Hunk[] = [];
  let index = 0;
  let open: Hunk | null = null;
  for (const change of diffArrays(base, other)) {
    if (!change.added && !change.removed) {
      if (open) found.push(open);
      open = null;
      index += change.count;
      continue;
    }
    open ??= { start: index, end: index, lines: [] };
    if (change.removed) {
      index += change.count;
      open.end = index;
    } else {
      open.lines.push(...change.value);
    }
  }
  if (open) found.push(open);
  return found;
}

function overlap(a: Hunk, b: Hunk): boolean {
  if (a.start === b.start) return true;
  if (Math.max(a.start, b.start) < Math.min(a.end, b.end)) return true;
  // An insertion strictly inside the other's replaced lines.
  const inside = (point: Hunk, range: Hunk) =>
    point.start === point.end && range.start < point.start && point.start < range.end;
  return inside(a, b) || inside(b, a);
}

const same = (a: Hunk, b: Hunk) =>
  a.start === b.start &&
  a.end === b.end &&
  a.lines.length === b.lines.length &&
  a.lines.every((line, i) => line === b.lines[i]);

/**
 * Merges the local and server changes of a text made from `base`; `null` when they overlap
 * (the caller keeps both versions).
 */
export function mergeText(base: string, server: string, local: string): string | null {
  if (server === local || local === base) return server;
  if (server === base) return local;
  const baseLines = splitLines(base);
  const ours = hunks(baseLines, splitLines(local));
  const theirs = hunks(baseLines, splitLines(server));
  const all: Hunk[] = [];
  for (const hunk of ours) {
    const clash = theirs.find((other) => overlap(hunk, other));
    if (clash && !same(clash, hunk)) return null;
    if (!clash) all.push(hunk);
  }
  all.push(...theirs);
  all.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: string[] = [];
  let index = 0;
  for (const hunk of all) {
    merged.push(...baseLines.slice(index, hunk.start), ...hunk.lines);
    index = hunk.end;
  }
  merged.push(...baseLines.slice(index));
  return merged.join("\n");
}

/** A field's merge: the merged value, or `conflict` when both sides changed it differently. */
export type FieldMerge = { ok: true; value: unknown } | { ok: false };

/**
 * Merges one field of a record: text three ways ({@link mergeText}); any other value is the
 * side that changed it, and a conflict when both changed it differently.
 */
export function mergeField(base: unknown, server: unknown, local: unknown): FieldMerge {
  const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (equal(server, local) || equal(local, base)) return { ok: true, value: server };
  if (equal(server, base)) return { ok: true, value: local };
  if (typeof base === "string" && typeof server === "string" && typeof local === "string") {
    const merged = mergeText(base, server, local);
    return merged === null ? { ok: false } : { ok: true, value: merged };
  }
  return { ok: false };
}

/**
 * Merges the fields of a local edit (`local`, the fields it sends) with the server's record,
 * both made from `base`: the body to send, or null when a field conflicts.
 */
export function mergeRecord(
  base: Record<string, unknown>,
  server: Record<string, unknown>,
  local: Record<string, unknown>,
): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(local)) {
    const merged = mergeField(base[field], server[field], value);
    if (!merged.ok) return null;
    body[field] = merged.value;
  }
  return body;
}

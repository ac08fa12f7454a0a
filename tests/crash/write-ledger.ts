/**
 * What the crash test's writers sent and what the server acknowledged, and the check of a
 * database's final entries against it. A write counts once the client has the server's full
 * answer; a write whose answer never came (the server was killed) may or may not have landed,
 * but if it landed it must have landed whole.
 */
import { isDeepStrictEqual } from "node:util";
import type { RecordData } from "#server/core/records/request-info.ts";

/** The entry fields a writer sets. */
export interface EntryFields {
  title: string;
  content: string;
  tags: string[];
}

/** The body of an entry create (client-chosen id, so a lost create can still be looked up). */
export interface CreateBody extends EntryFields {
  id: string;
  author: string;
  visibility: string;
}

/** A write whose answer never came: the entry may be in the state before or after it. */
export type UnansweredWrite =
  | { kind: "create"; body: CreateBody }
  | { kind: "update"; expected: EntryFields }
  | { kind: "delete" };

/** One entry a writer created; after an unanswered write it is left alone (frozen). */
export interface TrackedEntry {
  id: string;
  writer: number;
  /** The record of the last acknowledged create or update (the server's response body). */
  acknowledged: RecordData | null;
  /** The last write, while (or if) its answer is missing. */
  unanswered: UnansweredWrite | null;
  /** Whether a delete was acknowledged. */
  deleted: boolean;
}

/** Counts of what happened, for the test log. */
export interface LedgerStats {
  creates: number;
  updates: number;
  deletes: number;
  unanswered: number;
}

/** Every entry the writers touched, plus the problems they saw while writing. */
export class WriteLedger {
  readonly entries = new Map<string, TrackedEntry>();
  /** Server answers that were wrong on the spot (bad status, body not as sent, …). */
  readonly problems: string[] = [];
  readonly stats: LedgerStats = { creates: 0, updates: 0, deletes: 0, unanswered: 0 };
  /** Acknowledged writes per writer (index = writer number). */
  readonly acknowledgedByWriter: number[];

  constructor(writers: number) {
    this.acknowledgedByWriter = Array.from({ length: writers }, () => 0);
  }

  /** Starts tracking an entry about to be created. */
  track(writer: number, body: CreateBody): TrackedEntry {
    const entry: TrackedEntry = {
      id: body.id,
      writer,
      acknowledged: null,
      unanswered: { kind: "create", body },
      deleted: false,
    };
    this.entries.set(body.id, entry);
    return entry;
  }

  /** Entries of a writer that exist for sure in a known state (safe to update or delete). */
  settled(writer: number): TrackedEntry[] {
    const out: TrackedEntry[] = [];
    for (const entry of this.entries.values()) {
      if (entry.writer === writer && entry.acknowledged && !entry.unanswered && !entry.deleted) {
        out.push(entry);
      }
    }
    return out;
  }

  /** Records an acknowledged write of a writer. */
  acknowledge(writer: number, kind: "creates" | "updates" | "deletes"): void {
    this.stats[kind] += 1;
    this.acknowledgedByWriter[writer] = (this.acknowledgedByWriter[writer] ?? 0) + 1;
  }

  /** Total acknowledged writes so far. */
  get acknowledged(): number {
    return this.acknowledgedByWriter.reduce((a, b) => a + b, 0);
  }
}

/** A short, readable value for problem messages. */
export function preview(value: unknown): string {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return text.length > 160
    ? `${text.slice(0, 100)}…(${text.length} chars)…${text.slice(-40)}`
    : text;
}

/** Names and values of the keys where two records differ. */
function differences(actual: RecordData, expected: RecordData): string {
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  const parts: string[] = [];
  for (const key of keys) {
    if (!isDeepStrictEqual(actual[key], expected[key])) {
      parts.push(`${key}: stored ${preview(actual[key])}, expected ${preview(expected[key])}`);
    }
  }
  return parts.join("; ");
}

/** Whether a record carries exactly these entry fields. */
function hasFields(record: RecordData, fields: EntryFields): boolean {
  return (
    record.title === fields.title &&
    record.content === fields.content &&
    isDeepStrictEqual(record.tags, fields.tags)
  );
}

/** Checks one tracked entry against its stored record (undefined when absent). */
function checkEntry(entry: TrackedEntry, stored: RecordData | undefined): string | null {
  const { id, acknowledged, unanswered } = entry;
  if (entry.deleted) return stored ? `entry ${id}: deleted (acknowledged) but still present` : null;
  if (!unanswered) {
    if (!acknowledged) return `entry ${id}: tracked without any write`;
    if (!stored) return `entry ${id}: acknowledged but missing`;
    return isDeepStrictEqual(stored, acknowledged)
      ? null
      : `entry ${id}: differs from its last acknowledged state (${differences(stored, acknowledged)})`;
  }
  switch (unanswered.kind) {
    case "create": {
      if (!stored) return null;
      const { body } = unanswered;
      const whole =
        hasFields(stored, body) &&
        stored.author === body.author &&
        stored.visibility === body.visibility &&
        typeof stored.name === "string" &&
        stored.name !== "" &&
        typeof stored.created === "string" &&
        stored.created !== "" &&
        stored.created === stored.updated;
      return whole
        ? null
        : `entry ${id}: unanswered create landed partially (stored ${preview(stored)}, sent ${preview(body)})`;
    }
    case "update": {
      if (!acknowledged) return `entry ${id}: update tracked without an acknowledged create`;
      if (!stored) return `entry ${id}: acknowledged but missing (an update was unanswered)`;
      if (isDeepStrictEqual(stored, acknowledged)) return null;
      const { updated: storedUpdated, ...storedRest } = stored;
      const { updated: ackUpdated, ...ackRest } = acknowledged;
      const afterUpdate = { ...ackRest, ...unanswered.expected };
      const landedWhole =
        isDeepStrictEqual(storedRest, afterUpdate) &&
        typeof storedUpdated === "string" &&
        typeof ackUpdated === "string" &&
        storedUpdated >= ackUpdated;
      return landedWhole
        ? null
        : `entry ${id}: neither its last acknowledged state nor that state after the unanswered update ` +
            `(vs acknowledged: ${differences(stored, acknowledged)}; vs updated: ${differences(storedRest, afterUpdate)})`;
    }
    case "delete": {
      if (!acknowledged) return `entry ${id}: delete tracked without an acknowledged create`;
      if (!stored || isDeepStrictEqual(stored, acknowledged)) return null;
      return `entry ${id}: an unanswered delete left it changed (${differences(stored, acknowledged)})`;
    }
  }
}

/**
 * Compares the stored entries (by id) with the ledger: acknowledged entries are present and
 * exactly as last acknowledged, acknowledged deletes are gone, unanswered writes either did
 * not land or landed whole, and no entry exists that no writer sent. Returns the problems.
 */
export function verifyEntries(
  ledger: WriteLedger,
  stored: ReadonlyMap<string, RecordData>,
): string[] {
  const problems: string[] = [];
  for (const id of stored.keys()) {
    if (!ledger.entries.has(id))
      problems.push(`entry ${id}: present but never written by a writer`);
  }
  for (const entry of ledger.entries.values()) {
    const problem = checkEntry(entry, stored.get(entry.id));
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * Writer loops for the crash test: each creates, updates (content grows, `tags+`/`tags-`
 * modifiers) and sometimes deletes its own entries through the HTTP API, one request at a
 * time, and records every answer in a `WriteLedger`. A `Gate` holds the writers while the
 * server is down.
 */
import type { RecordData } from "#server/core/records/request-info.ts";
import type { Prng } from "./random.ts";
import {
  preview,
  type CreateBody,
  type EntryFields,
  type TrackedEntry,
  type WriteLedger,
} from "./write-ledger.ts";

/** How long one request may take before it counts as a hang (a problem, not a crash). */
const REQUEST_TIMEOUT_MS = 20_000;
/** Content stops growing past this size (the field allows 100 000 characters). */
const MAX_CONTENT = 60_000;
/** Tags stop growing past this count (the field allows 20). */
const MAX_TAGS = 18;

/** Open while the server is up; closing it starts a new generation (a kill is coming). */
export class Gate {
  /** Incremented on every close and open, so a request can tell whether a kill happened meanwhile. */
  generation = 0;
  private opened: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  /** Whether writers may send requests. */
  get isOpen(): boolean {
    return this.release === null;
  }

  /** Holds the writers (call before killing the server). */
  close(): void {
    if (this.release) return;
    this.generation += 1;
    let release: () => void = () => undefined;
    this.opened = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.release = release;
  }

  /** Lets the writers go on (call once the server answers its health check again). */
  open(): void {
    const release = this.release;
    if (!release) return;
    this.generation += 1;
    this.release = null;
    release();
  }

  /** Resolves when the gate is open. */
  whenOpen(): Promise<void> {
    return this.opened;
  }
}

/** What a writer needs. */
export interface WriterOptions {
  /** Writer number (0-based), used in titles and tags. */
  index: number;
  rng: Prng;
  /** Base URL of the server (no trailing slash). */
  url: string;
  /** Auth token of the user who owns the entries. */
  token: string;
  /** Id of that user. */
  authorId: string;
  gate: Gate;
  ledger: WriteLedger;
  /** Whether to stop after the current request. */
  stopped: () => boolean;
}

type Answer =
  | { kind: "answered"; status: number; text: string }
  | { kind: "lost"; reason: string; timedOut: boolean };

async function send(
  options: WriterOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  try {
    const res = await fetch(`${options.url}${path}`, {
      method,
      headers: {
        authorization: options.token,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // Acknowledged only once the whole body is read: a kill mid-body is a lost answer.
    const text = await res.text();
    return { kind: "answered", status: res.status, text };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string; message?: string } };
    const reason = err.cause?.code ?? err.cause?.message ?? err.message;
    return {
      kind: "lost",
      reason: `${err.name}: ${reason}`,
      timedOut: err.name === "TimeoutError",
    };
  }
}

/**
 * Sends one write and sorts out its answer: returns the parsed body when it was
 * acknowledged with `expectedStatus`, null otherwise (a lost answer, or a wrong one, which
 * is logged as a problem unless a kill explains it).
 */
async function write(
  options: WriterOptions,
  label: string,
  method: string,
  path: string,
  expectedStatus: number,
  body?: unknown,
): Promise<{ json: unknown } | null> {
  const { gate, ledger } = options;
  const generation = gate.generation;
  const answer = await send(options, method, path, body);
  if (answer.kind === "answered") {
    if (answer.status === expectedStatus) {
      return { json: answer.text ? (JSON.parse(answer.text) as unknown) : null };
    }
    ledger.problems.push(`${label}: answered ${answer.status} ${preview(answer.text)}`);
    return null;
  }
  ledger.stats.unanswered += 1;
  if (gate.generation === generation && gate.isOpen) {
    // No kill happened during the request: the server failed on its own.
    ledger.problems.push(`${label}: lost with the server up (${answer.reason})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

function createBody(options: WriterOptions, serial: number): CreateBody {
  const { rng, index } = options;
  const large = rng.next() < 0.1;
  const tagCount = rng.int(0, 3);
  return {
    id: rng.recordId(),
    author: options.authorId,
    title: `Writer ${index} entry ${serial} ${rng.text(rng.int(1, 40))}`,
    content: rng.text(large ? rng.int(4_000, 20_000) : rng.int(0, 1_500)),
    tags: Array.from({ length: tagCount }, (_, i) => `w${index}-c${serial}-${i}`),
    visibility: rng.pick(["private", "unlisted", "public"]),
  };
}

/** Whether an answered record carries the fields that were sent. */
function carries(record: RecordData, fields: EntryFields): boolean {
  return (
    record.title === fields.title &&
    record.content === fields.content &&
    JSON.stringify(record.tags) === JSON.stringify(fields.tags)
  );
}

async function createEntry(options: WriterOptions, serial: number): Promise<void> {
  const { ledger, index } = options;
  const body = createBody(options, serial);
  const entry = ledger.track(index, body);
  const label = `writer ${index} create ${body.id}`;
  const result = await write(options, label, "POST", "/api/collections/entries/records", 200, body);
  if (!result) return;
  const record = result.json as RecordData;
  if (record.id !== body.id || record.author !== body.author || !carries(record, body)) {
    ledger.problems.push(`${label}: answer differs from what was sent: ${preview(record)}`);
    return;
  }
  entry.acknowledged = record;
  entry.unanswered = null;
  ledger.acknowledge(index, "creates");
}

async function updateEntry(
  options: WriterOptions,
  entry: TrackedEntry,
  serial: number,
): Promise<void> {
  const { ledger, index, rng } = options;
  const before = entry.acknowledged as RecordData;
  const oldContent = String(before.content);
  const content =
    oldContent.length < MAX_CONTENT
      ? `${oldContent}${oldContent ? "\n" : ""}${rng.text(rng.int(10, 600))}`
      : rng.text(rng.int(10, 600));
  const body: Record<string, unknown> = { content };
  let tags = [...(before.tags as string[])];
  if (tags.length < MAX_TAGS) {
    const tag = `w${index}-u${serial}`;
    body["tags+"] = tag;
    tags.push(tag);
  } else {
    body["tags-"] = tags[0];
    tags = tags.slice(1);
  }
  let title = String(before.title);
  if (rng.next() < 0.3) {
    title = `Writer ${index} entry ${serial} ${rng.text(rng.int(1, 40))}`;
    body.title = title;
  }
  const expected: EntryFields = { title, content, tags };
  entry.unanswered = { kind: "update", expected };
  const label = `writer ${index} update ${entry.id}`;
  const result = await write(
    options,
    label,
    "PATCH",
    `/api/collections/entries/records/${entry.id}`,
    200,
    body,
  );
  if (!result) return;
  const record = result.json as RecordData;
  if (
    record.id !== entry.id ||
    !carries(record, expected) ||
    String(record.updated) < String(before.updated)
  ) {
    ledger.problems.push(`${label}: answer differs from the expected update: ${preview(record)}`);
    return;
  }
  entry.acknowledged = record;
  entry.unanswered = null;
  ledger.acknowledge(index, "updates");
}

async function deleteEntry(options: WriterOptions, entry: TrackedEntry): Promise<void> {
  const { ledger, index } = options;
  entry.unanswered = { kind: "delete" };
  const label = `writer ${index} delete ${entry.id}`;
  const result = await write(
    options,
    label,
    "DELETE",
    `/api/collections/entries/records/${entry.id}`,
    204,
  );
  if (!result) return;
  entry.deleted = true;
  entry.unanswered = null;
  ledger.acknowledge(index, "deletes");
}

/**
 * Runs one writer until `stopped()`: about 40 % creates, 53 % updates, 7 % deletes of its
 * own settled entries, waiting at the gate while the server is down.
 */
export async function runWriter(options: WriterOptions): Promise<void> {
  const { gate, ledger, rng, index } = options;
  let serial = 0;
  while (!options.stopped()) {
    await gate.whenOpen();
    if (options.stopped()) break;
    serial += 1;
    const settled = ledger.settled(index);
    const roll = rng.next();
    if (settled.length < 3 || roll < 0.4) await createEntry(options, serial);
    else if (roll < 0.93) await updateEntry(options, rng.pick(settled), serial);
    else await deleteEntry(options, rng.pick(settled));
  }
}

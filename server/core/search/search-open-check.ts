/**
 * Checks, when the server starts, that each searchable collection's `open` predicate
 * (`SearchSpec.open` in `data/registry/search.ts`, the access key that narrows a search inside
 * the index, ADR 043) agrees with the rules the records API applies to that collection
 * (issue 24). The predicate restates the list rule in JavaScript; this check keeps the two
 * from drifting apart, and a mismatch stops the start with a message naming the record.
 *
 * How: both are evaluated on a representative set of records, the rules by the real rule
 * engine on the real database (each record a virtual row, as create rules are checked). The
 * set is every combination of the sample values (`FieldType.samples`: blank and not, every
 * value of a select, dates past and to come) of the fields the rules read and the fields
 * `open` reads (found by watching it read). The callers are a guest and a signed-in account of
 * each auth collection but the superusers' (whom no rule limits), with every combination of
 * the samples of the `@request.auth.*` fields the rules read. Nobody is the records' owner
 * (relations point at a record that no caller is), and `@request.query` is empty, as a
 * search reads the rules. Two things must hold for every record:
 *
 * 1. A record some caller may find now, or once its dates still to come have passed, is open.
 *    Otherwise that caller's search would miss it (the index is not rewritten when time
 *    passes, so a scheduled post must be open before its time).
 * 2. An open record is found by some caller for some value of its dates. Otherwise the key
 *    opens documents no rule ever shows to anyone but their owner, and guests' searches read
 *    them in the index.
 *
 * What it cannot see: rules that reach into related records (the relations point at no stored
 * record, so `author.role = …` reads as empty) and values beyond the samples. It checks the
 * definitions in code, not the data.
 */
import { sql } from "kysely";
import type { Row } from "../../data/db.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { SEARCH_SPECS, type SearchSpec } from "../../data/registry/search.ts";
import { virtualRowMatches } from "../../data/repositories/record-repository.ts";
import type { FilterNode, Operand } from "../../tools/filter/index.ts";
import type { Sql } from "../../tools/search/index.ts";
import { allCollections, requireCollection } from "../collections/collection-lookup.ts";
import { findField, isAuthCollection, type Collection, type Field } from "../models/collection.ts";
import { fieldType } from "../models/fields/index.ts";
import { parseRule } from "../records/record-field-resolver.ts";
import type { RecordService } from "../records/record-service.ts";
import { guestRequest, type RecordData, type RequestInfo } from "../records/request-info.ts";
import { nowString } from "../records/values.ts";

/** The id of every sample caller (no record's owner). */
const CALLER_ID = "samplecaller000";

/** More records or callers than this: the definition reads too much to be checked. */
const MAX_COMBINATIONS = 4096;

/** A caller of the check: the request and how the message names it. */
interface Caller {
  name: string;
  request: RequestInfo;
}

/** One sample record: its in-memory values and its stored row (what `open` reads). */
interface Sample {
  values: RecordData;
  row: Row;
}

/** The identifiers a parsed rule reads (`visibility`, `author.username`, `@request.auth.id`). */
function identifiers(node: FilterNode | null, out = new Set<string>()): Set<string> {
  const operand = (op: Operand) => {
    if (op.kind === "identifier") out.add(op.name);
    else if (op.kind === "function") op.args.forEach(operand);
  };
  if (node?.type === "compare") {
    operand(node.left);
    operand(node.right);
  } else if (node) for (const child of node.children) identifiers(child, out);
  return out;
}

/** The fields of `collection` that identifiers starting with `prefix` read (modifiers dropped). */
function fieldsRead(collection: Collection, names: Iterable<string>, prefix: string): Field[] {
  const found = new Map<string, Field>();
  for (const name of names) {
    if (prefix ? !name.startsWith(prefix) : name.startsWith("@")) continue;
    const head = (name.slice(prefix.length).split(".")[0] ?? "").split(":")[0] ?? "";
    const field = findField(collection, head);
    if (field) found.set(field.name, field);
  }
  return [...found.values()];
}

/** Every combination of the samples of `varied` over `base`. */
function combinations(base: RecordData, varied: readonly Field[], what: string): RecordData[] {
  let out: RecordData[] = [base];
  for (const field of varied) {
    const samples = fieldType(field).samples(field);
    out = out.flatMap((values) => samples.map((sample) => ({ ...values, [field.name]: sample })));
    if (out.length > MAX_COMBINATIONS)
      throw new Error(`${what}: more than ${MAX_COMBINATIONS} sample combinations to check`);
  }
  return out;
}

/** The stored row of in-memory values. */
function storedRow(collection: Collection, values: RecordData): Row {
  const row: Row = {};
  for (const field of collection.fields)
    row[field.name] = fieldType(field).toStored(field, values[field.name]);
  return row;
}

/** The fields of `collection` that `open` reads from `row`. */
function openReads(spec: SearchSpec, collection: Collection, row: Row): Field[] {
  const read = new Set<string>();
  spec.open(
    new Proxy(row, {
      get(target, key, receiver) {
        if (typeof key === "string") read.add(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    }),
  );
  return fieldsRead(collection, read, "");
}

/** The sample records: every combination of the fields the rules and `open` read. */
function sampleRecords(spec: SearchSpec, collection: Collection, ruleIds: Set<string>): Sample[] {
  const base: RecordData = {};
  for (const field of collection.fields) base[field.name] = fieldType(field).samples(field)[0];
  const varied = new Map(fieldsRead(collection, ruleIds, "").map((f) => [f.name, f]));
  for (;;) {
    const records = combinations(base, [...varied.values()], spec.collection);
    const samples = records.map((values) => ({ values, row: storedRow(collection, values) }));
    const before = varied.size;
    for (const { row } of samples)
      for (const field of openReads(spec, collection, row)) varied.set(field.name, field);
    if (varied.size === before) return samples;
  }
}

/** A guest, then an account of each auth collection for each sample of what the rules read. */
function sampleCallers(ruleIds: Set<string>): Caller[] {
  const callers: Caller[] = [{ name: "a guest", request: guestRequest("GET") }];
  for (const auth of allCollections()) {
    if (!isAuthCollection(auth) || auth.id === SUPERUSERS_COLLECTION_ID) continue;
    const read = fieldsRead(auth, ruleIds, "@request.auth.").filter((f) => f.name !== "id");
    for (const values of combinations({ id: CALLER_ID }, read, `${auth.name} callers`)) {
      const shown = read.map((f) => `${f.name}=${JSON.stringify(values[f.name])}`).join(", ");
      callers.push({
        name: `a ${auth.name} account${shown ? ` (${shown})` : ""}`,
        request: {
          ...guestRequest("GET"),
          auth: { collection: auth, record: storedRow(auth, values), isSuperuser: false },
        },
      });
    }
  }
  return callers;
}

/** Whether `caller` finds the sample record under both read rules, as a search applies them. */
async function finds(
  records: RecordService,
  collection: Collection,
  sample: Sample,
  caller: Caller,
): Promise<boolean> {
  const conditions: Sql[] = [];
  for (const rule of [collection.listRule, collection.viewRule]) {
    if (rule === null) return false;
    if (rule === "") continue;
    const condition = records.ruleCondition(collection, rule, caller.request);
    if (condition === false) return false;
    if (condition !== true) conditions.push(sql`(${condition})`);
  }
  if (conditions.length === 0) return true;
  const db = records.db;
  const columns = collection.fields.map((field) => ({
    name: field.name,
    value: db.dialect.castParam(field, sql`${sample.row[field.name]}`),
  }));
  return virtualRowMatches(db.kysely, columns, sql.join(conditions, sql` AND `));
}

/** The mismatches of one searchable collection (empty when `open` agrees with the rules). */
async function mismatches(records: RecordService, spec: SearchSpec): Promise<string[]> {
  const collection = requireCollection(spec.collection);
  const ruleIds = new Set<string>();
  for (const rule of [collection.listRule, collection.viewRule])
    if (rule) identifiers(parseRule(rule), ruleIds);
  const samples = sampleRecords(spec, collection, ruleIds);
  const callers = sampleCallers(ruleIds);
  const finder = new Map<Sample, string | null>();
  for (const sample of samples) {
    let name: string | null = null;
    for (const caller of callers)
      if (await finds(records, collection, sample, caller)) {
        name = caller.name;
        break;
      }
    finder.set(sample, name);
  }

  // Dates are compared with @now, which moves: a date still to come passes on its own.
  const dates = collection.fields.filter((f) => f.type === "date").map((f) => f.name);
  const now = nowString();
  const future = (v: unknown) => typeof v === "string" && v !== "" && v > now;
  const past = (v: unknown) => typeof v === "string" && v !== "" && v <= now;
  const others = (a: Sample, b: Sample) =>
    Object.keys(a.values).every((k) => dates.includes(k) || a.values[k] === b.values[k]);
  const later = (a: Sample, b: Sample) =>
    others(a, b) &&
    dates.every((d) => a.values[d] === b.values[d] || (future(a.values[d]) && past(b.values[d])));
  const shown = (sample: Sample) =>
    JSON.stringify(
      Object.fromEntries(
        Object.keys(sample.row)
          .filter((k) => samples.some((s) => s.row[k] !== sample.row[k]))
          .map((k) => [k, sample.row[k]]),
      ),
    );

  const problems: string[] = [];
  for (const sample of samples) {
    const open = spec.open(sample.row);
    const finderNow = finder.get(sample) ?? null;
    const eventually = samples.find((s) => s !== sample && later(sample, s) && finder.get(s));
    if (!open && (finderNow || eventually)) {
      const who = finderNow
        ? `${finderNow} may find`
        : `${String(eventually && finder.get(eventually))} may find once its date passes`;
      problems.push(
        `${spec.collection}: open() is false for ${shown(sample)}, which ${who}: searches would miss it`,
      );
    } else if (open && !samples.some((s) => others(sample, s) && finder.get(s))) {
      problems.push(
        `${spec.collection}: open() is true for ${shown(sample)}, which no one but its owner may ever find under the rules: searches would read it in the index`,
      );
    }
  }
  return problems;
}

/**
 * Throws when a searchable collection's `open` predicate disagrees with its rules (see the
 * module comment); run once the database is migrated, before the server answers.
 *
 * @example
 * ```ts
 * await checkSearchOpen(records); // in createApp, after the search module
 * ```
 */
export async function checkSearchOpen(
  records: RecordService,
  specs: readonly SearchSpec[] = SEARCH_SPECS,
): Promise<void> {
  const problems: string[] = [];
  for (const spec of specs) problems.push(...(await mismatches(records, spec)));
  if (problems.length)
    throw new Error(
      `Search's access keys disagree with the records API's rules (SearchSpec.open in server/data/registry/search.ts):\n- ${problems.join("\n- ")}`,
    );
}

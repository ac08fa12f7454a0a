/**
 * In-memory reference evaluator for the filter language: decides, record by record and in
 * plain JavaScript, what the SQL built by `server/tools/search` and the collection-aware
 * resolver (`server/core/records/record-field-resolver.ts`) must return. Property tests
 * compare the two (see `tests/properties/filter-properties.test.ts`).
 *
 * Semantics modelled (docs/decisions/005-filter-language.md and the PocketBase reference §5):
 * - values are SQL values (`string | number | null`); booleans are 1/0;
 * - `=`/`!=` against `""` or `null` match both (`a = ""` ≡ `a = '' OR a IS NULL`); text
 *   compared with text is `COALESCE`d, JSON paths are not;
 * - multi-value operands (lists, `:each`, back-relations, multi relations): plain operators
 *   need ALL values to match, `?`-operators ANY; an empty set behaves like one NULL value;
 * - single relation paths read the related record (NULL when there is none);
 * - `~` is an ASCII case-insensitive LIKE (`likeMatch`), text ordering is by code point;
 * - JSON paths are typed as SQLite's json_extract types them (numbers, booleans as 1/0, text):
 *   against literals and other JSON paths, numbers compare by value and rank below all text;
 *   against text fields they compare as text;
 * - sorting puts NULL first ascending and last descending, numbers before text (`sortIds`);
 * - non-superuser client filters: hidden fields are refused, auth emails read as `""`
 *   unless visible, and every relation hop only sees records the target's list rule allows.
 *
 * What the evaluator cannot decide the same way on both engines (JSON objects and arrays,
 * number fields compared with JSON, `@collection.*`, date macros, functions) throws
 * `ReferenceUnsupported`, so a generator straying there fails loudly instead of passing.
 */
import { findCollection } from "#server/core/collections/collection-lookup.ts";
import {
  findField,
  isMultiValue,
  type Collection,
  type Field,
} from "#server/core/models/collection.ts";
import { MAX_RELATION_DEPTH, parseRule } from "#server/core/records/record-field-resolver.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import type { FilterNode, Operand, Operator } from "#server/tools/filter/index.ts";
import {
  asciiLower,
  compareStatic,
  isNumericText,
  likeMatch,
  likePattern,
  type BaseOperator,
  type StaticValue,
  type ValueType,
} from "#server/tools/search/index.ts";

/** A filter the server must refuse with a 4xx (unknown or hidden field, bad modifier…). */
export class ReferenceFilterError extends Error {
  override name = "ReferenceFilterError";
}

/** A filter outside what the reference models identically for both engines. */
export class ReferenceUnsupported extends Error {
  override name = "ReferenceUnsupported";
}

/** Every record of the database in wire form (as a superuser reads it), by collection name. */
export type ReferenceData = Readonly<Record<string, readonly RecordData[]>>;

/** Who is asking: superusers bypass rules; others see through list rules. */
export interface ReferenceViewer {
  superuser: boolean;
  /** The authenticated record (`null` for guests and for superusers when irrelevant). */
  auth: { collection: string; record: RecordData } | null;
  /** The request's query parameters (`@request.query.*`; a missing key is NULL). */
  query?: Readonly<Record<string, string>>;
}

/** A superuser viewer. */
export const SUPERUSER_VIEWER: ReferenceViewer = { superuser: true, auth: null };

/** Three-valued SQL truth: `null` is UNKNOWN. */
type Truth = boolean | null;

type Resolved =
  | { kind: "static"; value: StaticValue }
  | { kind: "scalar"; value: StaticValue; type: ValueType; nullable: boolean; nonEmpty: boolean }
  | { kind: "multi"; values: StaticValue[]; type: ValueType };

/** One side of a comparison for one row of the joined sets. */
interface Term {
  type: ValueType | "static";
  value: StaticValue;
  nullable: boolean;
  nonEmpty: boolean;
}

interface Context {
  data: ReferenceData;
  viewer: ReferenceViewer;
  mode: "rule" | "clientFilter";
}

/**
 * Ids of the records of `collectionName` a list request returns: the list rule (unless
 * superuser) and the filter (when given) must both hold. Throws `ReferenceFilterError` where
 * the server answers 400/403.
 */
export function listMatchingIds(
  collectionName: string,
  filter: FilterNode | null,
  data: ReferenceData,
  viewer: ReferenceViewer = SUPERUSER_VIEWER,
): string[] {
  const collection = requireCollection(collectionName);
  if (!viewer.superuser && collection.listRule === null) {
    throw new ReferenceFilterError("Only superusers can perform this action.");
  }
  const ctx: Context = { data, viewer, mode: "clientFilter" };
  const records = data[collection.name] ?? [];
  const out: string[] = [];
  for (const record of records) {
    if (!viewer.superuser && !passesListRule(collection, record, ctx)) continue;
    if (filter && !evaluateFilter(filter, collection, record, ctx)) continue;
    out.push(String(record.id));
  }
  return out;
}

/**
 * Orders ids of `collectionName` by a `sort` expression (`-a,b`, scalar fields only; `@rowid`
 * is the order of `data`) the way SQLite does: NULL first ascending, last descending, numbers
 * (by value) before text (by code point). Ties keep the data order, so callers should end with
 * a unique key.
 */
export function sortIds(
  collectionName: string,
  ids: readonly string[],
  sort: string,
  data: ReferenceData,
  viewer: ReferenceViewer = SUPERUSER_VIEWER,
): string[] {
  const collection = requireCollection(collectionName);
  const ctx: Context = { data, viewer, mode: "clientFilter" };
  const records = data[collection.name] ?? [];
  const rowOf = new Map(records.map((r, i) => [String(r.id), i]));
  const keys = sort
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) =>
      s.startsWith("-")
        ? { name: s.slice(1), desc: true }
        : { name: s.replace(/^\+/, ""), desc: false },
    );
  const valueOf = (id: string, name: string): StaticValue => {
    const row = rowOf.get(id) ?? -1;
    if (name === "@rowid") return row;
    const record = records[row];
    if (!record) throw new ReferenceFilterError(`Unknown record ${id}.`);
    const resolved = resolveIdentifier(name, collection, record, ctx);
    if (resolved.kind !== "scalar") throw new ReferenceFilterError(`Invalid sort field "${name}".`);
    return resolved.value;
  };
  return [...ids].sort((a, b) => {
    for (const { name, desc } of keys) {
      const x = valueOf(a, name);
      const y = valueOf(b, name);
      const cmp = x === null ? (y === null ? 0 : -1) : y === null ? 1 : order(x, y, true);
      if (cmp !== 0) return desc ? -cmp : cmp;
    }
    return (rowOf.get(a) ?? 0) - (rowOf.get(b) ?? 0);
  });
}

function requireCollection(name: string): Collection {
  const collection = findCollection(name);
  if (!collection) throw new ReferenceFilterError(`Unknown collection ${name}.`);
  return collection;
}

function passesListRule(collection: Collection, record: RecordData, ctx: Context): boolean {
  if (collection.listRule === null) return false;
  const node = parseRule(collection.listRule);
  if (!node) return true;
  return evaluateFilter(node, collection, record, { ...ctx, mode: "rule" });
}

function evaluateFilter(
  node: FilterNode,
  collection: Collection,
  record: RecordData,
  ctx: Context,
): boolean {
  return evaluate(node, collection, record, ctx) === true;
}

function evaluate(
  node: FilterNode,
  collection: Collection,
  record: RecordData,
  ctx: Context,
): Truth {
  switch (node.type) {
    case "and": {
      let result: Truth = true;
      for (const child of node.children) {
        const t = evaluate(child, collection, record, ctx);
        if (t === false) return false;
        if (t === null) result = null;
      }
      return result;
    }
    case "or": {
      let result: Truth = false;
      for (const child of node.children) {
        const t = evaluate(child, collection, record, ctx);
        if (t === true) return true;
        if (t === null) result = null;
      }
      return result;
    }
    case "compare":
      return evaluateComparison(node.op, node.left, node.right, collection, record, ctx);
  }
}

// ---------------------------------------------------------------------------------------------
// Identifiers
// ---------------------------------------------------------------------------------------------

function splitModifier(segment: string): [string, string | undefined] {
  const i = segment.indexOf(":");
  return i < 0 ? [segment, undefined] : [segment.slice(0, i), segment.slice(i + 1)];
}

function invalid(identifier: string): never {
  throw new ReferenceFilterError(`Invalid filter field "${identifier}".`);
}

function resolveOperand(
  operand: Operand,
  collection: Collection,
  record: RecordData,
  ctx: Context,
): Resolved {
  switch (operand.kind) {
    case "text":
    case "number":
      return { kind: "static", value: operand.value };
    case "function":
      throw new ReferenceFilterError(`Unsupported filter function "${operand.name}".`);
    case "identifier":
      return resolveIdentifier(operand.name, collection, record, ctx);
  }
}

function resolveIdentifier(
  identifier: string,
  collection: Collection,
  record: RecordData,
  ctx: Context,
): Resolved {
  if (identifier.startsWith("@request.")) return resolveRequest(identifier, ctx);
  if (identifier.startsWith("@collection.")) {
    if (ctx.mode === "clientFilter" && !ctx.viewer.superuser) {
      throw new ReferenceFilterError("Only superusers can filter by @collection.");
    }
    throw new ReferenceUnsupported("@collection.* is not modelled");
  }
  if (identifier.startsWith("@")) throw new ReferenceUnsupported(`${identifier} is not modelled`);
  const segments = identifier.split(".");
  if (segments.length === 1 && !findField(collection, splitModifier(identifier)[0])) {
    if (identifier === "null") return { kind: "static", value: null };
    if (identifier === "true") return { kind: "static", value: 1 };
    if (identifier === "false") return { kind: "static", value: 0 };
  }
  return resolvePath(collection, record, segments, 0, ctx);
}

/** Reads `segments` from `record` (null: no row, as when a relation points nowhere). */
function resolvePath(
  collection: Collection,
  record: RecordData | null,
  segments: readonly string[],
  depth: number,
  ctx: Context,
): Resolved {
  const identifier = segments.join(".");
  const [head, modifier] = splitModifier(segments[0] ?? "");
  const rest = segments.slice(1);
  if (depth > MAX_RELATION_DEPTH) throw new ReferenceFilterError("Max relation depth reached.");
  const field = findField(collection, head);

  if (field && rest.length === 0)
    return column(collection, record, field, modifier, identifier, ctx);

  if (field && modifier === undefined && field.type === "json") {
    checkVisible(field, identifier, ctx);
    const last = splitModifier(rest[rest.length - 1] ?? "")[1];
    if (last !== undefined && last !== "lower") invalid(identifier);
    const value = record
      ? jsonPath(
          record[field.name],
          rest.map((s) => splitModifier(s)[0]),
        )
      : null;
    if (last === "lower")
      return {
        kind: "scalar",
        value: value === null ? null : asciiLower(String(value)),
        type: "text",
        nullable: true,
        nonEmpty: false,
      };
    return { kind: "scalar", value, type: "json", nullable: true, nonEmpty: false };
  }

  if (field && field.type === "relation" && modifier === undefined) {
    checkVisible(field, identifier, ctx);
    const target = findCollection(field.collectionId);
    if (!target) invalid(identifier);
    const raw = record ? record[field.name] : null;
    if (rest.length === 1 && rest[0] === "id" && field.maxSelect <= 1) {
      return {
        kind: "scalar",
        value: record ? textOf(raw) : null,
        type: "text",
        nullable: false,
        nonEmpty: field.required === true,
      };
    }
    checkListRule(target, ctx);
    const ids = Array.isArray(raw)
      ? raw.map(String)
      : typeof raw === "string" && raw !== ""
        ? [raw]
        : [];
    const related = ids.flatMap((id) => (ctx.data[target.name] ?? []).filter((r) => r.id === id));
    const visible = related.filter((r) => visibleThroughRelation(target, r, ctx));
    if (field.maxSelect <= 1) {
      const inner = resolvePath(target, visible[0] ?? null, rest, depth + 1, ctx);
      return wrapSingle(inner);
    }
    return wrapMany(
      visible.map((r) => resolvePath(target, r, rest, depth + 1, ctx)),
      () => resolvePath(target, null, rest, depth + 1, ctx),
    );
  }

  const via = /^(\w+)_via_(\w+)$/.exec(head);
  if (via && rest.length > 0 && modifier === undefined) {
    const target = findCollection(via[1] ?? "");
    const relField = target && findField(target, via[2] ?? "");
    if (
      !target ||
      !relField ||
      relField.type !== "relation" ||
      relField.collectionId !== collection.id
    )
      invalid(identifier);
    checkVisible(relField, identifier, ctx);
    checkListRule(target, ctx);
    const id = record ? record.id : undefined;
    const related =
      id === undefined
        ? []
        : (ctx.data[target.name] ?? []).filter((r) => {
            const v = r[relField.name];
            return Array.isArray(v) ? v.includes(id) : v === id;
          });
    const visible = related.filter((r) => visibleThroughRelation(target, r, ctx));
    return wrapMany(
      visible.map((r) => resolvePath(target, r, rest, depth + 1, ctx)),
      () => resolvePath(target, null, rest, depth + 1, ctx),
    );
  }
  return invalid(identifier);
}

/** A value behind a single relation: NULL (or no values) when the relation points nowhere. */
function wrapSingle(inner: Resolved): Resolved {
  switch (inner.kind) {
    case "scalar":
      return {
        kind: "scalar",
        value: inner.value,
        type: inner.type,
        nullable: true,
        nonEmpty: false,
      };
    default:
      return inner;
  }
}

/** Values behind a many-row join: always a set, one entry per related row (and inner value). */
function wrapMany(parts: Resolved[], shape: () => Resolved): Resolved {
  const template = parts[0] ?? shape();
  if (template.kind === "static") return template;
  const values: StaticValue[] = [];
  for (const part of parts) {
    if (part.kind === "scalar") values.push(part.value);
    else if (part.kind === "multi") values.push(...part.values);
  }
  return { kind: "multi", values, type: template.type };
}

/** A client filter reaching into a superuser-only collection is refused, whatever the data. */
function checkListRule(target: Collection, ctx: Context): void {
  if (ctx.mode !== "clientFilter" || ctx.viewer.superuser) return;
  if (target.listRule === null)
    throw new ReferenceFilterError(`Only superusers can filter by ${target.name} fields.`);
}

function visibleThroughRelation(target: Collection, record: RecordData, ctx: Context): boolean {
  if (ctx.mode !== "clientFilter" || ctx.viewer.superuser) return true;
  return passesListRule(target, record, ctx);
}

function checkVisible(field: Field, identifier: string, ctx: Context): void {
  if (field.hidden && ctx.mode === "clientFilter" && !ctx.viewer.superuser) invalid(identifier);
}

function valueType(field: Field): ValueType {
  switch (field.type) {
    case "number":
    case "bool":
      return "number";
    case "json":
      return "json";
    default:
      return "text";
  }
}

function textOf(raw: unknown): string {
  if (raw === null || raw === undefined) return "";
  return typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean"
    ? String(raw)
    : JSON.stringify(raw);
}

/** The SQL value of a single-value field's wire value. */
function sqlValue(field: Field, raw: unknown): StaticValue {
  switch (field.type) {
    case "bool":
      return raw === true ? 1 : 0;
    case "number":
      return typeof raw === "number" ? raw : 0;
    case "json":
      // Only emptiness of a whole JSON column reads the same on both engines (jsonb re-spaces).
      return raw === null || raw === undefined ? null : JSON.stringify(raw);
    default:
      return textOf(raw);
  }
}

function column(
  collection: Collection,
  record: RecordData | null,
  field: Field,
  modifier: string | undefined,
  identifier: string,
  ctx: Context,
): Resolved {
  checkVisible(field, identifier, ctx);
  let raw = record ? record[field.name] : null;
  if (
    record &&
    collection.type === "auth" &&
    field.name === "email" &&
    ctx.mode === "clientFilter" &&
    !ctx.viewer.superuser
  ) {
    const auth = ctx.viewer.auth;
    const self =
      auth !== null && auth.collection === collection.name && auth.record.id === record.id;
    if (record.emailVisibility !== true && !self) raw = "";
  }
  const multi = isMultiValue(field);
  const list = Array.isArray(raw) ? raw.map(String) : [];
  switch (modifier) {
    case undefined:
    case "each":
      if (modifier === "each" && !multi) invalid(identifier);
      break;
    case "lower": {
      if (multi) invalid(identifier);
      if (valueType(field) !== "text")
        throw new ReferenceUnsupported("LOWER of a JSON or number column differs per engine");
      const v = record ? sqlValue(field, raw) : null;
      return {
        kind: "scalar",
        value: v === null ? null : asciiLower(String(v)),
        type: "text",
        nullable: false,
        nonEmpty: false,
      };
    }
    case "length":
      if (!multi) invalid(identifier);
      return {
        kind: "scalar",
        value: record ? list.length : null,
        type: "number",
        nullable: false,
        nonEmpty: false,
      };
    default:
      invalid(identifier);
  }
  if (multi) return { kind: "multi", values: record ? list : [], type: "text" };
  return {
    kind: "scalar",
    value: record ? sqlValue(field, raw) : null,
    type: valueType(field),
    nullable: field.type === "json",
    nonEmpty: field.required === true && field.type !== "bool" && field.type !== "number",
  };
}

/**
 * `json_extract` of strings, numbers and booleans (1 and 0), as SQLite types them; NULL when
 * the path is missing.
 */
function jsonPath(raw: unknown, path: readonly string[]): string | number | null {
  let v: unknown = raw;
  for (const key of path) {
    if (Array.isArray(v) && /^\d+$/.test(key)) v = v[Number(key)];
    else if (v !== null && typeof v === "object" && !Array.isArray(v) && Object.hasOwn(v, key))
      v = (v as Record<string, unknown>)[key];
    else return null;
  }
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") {
    // SQLite and PostgreSQL spell exponents differently as text.
    if (/e/i.test(String(v))) throw new ReferenceUnsupported("exponent numbers read as text");
    return v;
  }
  throw new ReferenceUnsupported("JSON objects and arrays read differently per engine");
}

function resolveRequest(identifier: string, ctx: Context): Resolved {
  if (ctx.mode === "clientFilter" && !ctx.viewer.superuser) {
    throw new ReferenceFilterError("Only superusers can filter by @request.");
  }
  const [area, key, ...more] = identifier.slice("@request.".length).split(".");
  if (area === "query" && key !== undefined && more.length === 0 && !key.includes(":")) {
    const query = ctx.viewer.query ?? {};
    return { kind: "static", value: Object.hasOwn(query, key) ? (query[key] as string) : null };
  }
  if (area !== "auth" || key === undefined || more.length > 0 || key.includes(":")) {
    throw new ReferenceUnsupported(`${identifier} is not modelled`);
  }
  const auth = ctx.viewer.auth;
  if (!auth) return { kind: "static", value: null };
  const authCollection = requireCollection(auth.collection);
  if (key === "collectionName") return { kind: "static", value: authCollection.name };
  if (key === "collectionId") return { kind: "static", value: authCollection.id };
  const field = findField(authCollection, key);
  if (!field) return { kind: "static", value: null };
  if (isMultiValue(field))
    throw new ReferenceUnsupported("multi-value @request.auth fields are not modelled");
  return { kind: "static", value: sqlValue(field, auth.record[key]) };
}

// ---------------------------------------------------------------------------------------------
// Comparisons
// ---------------------------------------------------------------------------------------------

function evaluateComparison(
  op: Operator,
  leftOperand: Operand,
  rightOperand: Operand,
  collection: Collection,
  record: RecordData,
  ctx: Context,
): Truth {
  const anyOf = op.startsWith("?");
  const base = (anyOf ? op.slice(1) : op) as BaseOperator;
  const left = resolveOperand(leftOperand, collection, record, ctx);
  const right = resolveOperand(rightOperand, collection, record, ctx);
  if (left.kind === "static" && right.kind === "static")
    return compareStatic(base, left.value, right.value);

  const term = (r: Resolved, value: StaticValue): Term =>
    r.kind === "static"
      ? { type: "static", value: r.value, nullable: r.value === null, nonEmpty: false }
      : r.kind === "scalar"
        ? { type: r.type, value, nullable: r.nullable, nonEmpty: r.nonEmpty }
        : { type: r.type, value, nullable: true, nonEmpty: false };
  const valuesOf = (r: Resolved): StaticValue[] => (r.kind === "multi" ? r.values : [r.value]);
  const sets = (left.kind === "multi" ? 1 : 0) + (right.kind === "multi" ? 1 : 0);
  if (sets === 0)
    return compareTerms(
      base,
      term(left, valuesOf(left)[0] ?? null),
      term(right, valuesOf(right)[0] ?? null),
    );

  const rows: Truth[] = [];
  for (const l of valuesOf(left)) {
    for (const r of valuesOf(right)) rows.push(compareTerms(base, term(left, l), term(right, r)));
  }
  // An empty set behaves like one NULL value (only when a single set is involved).
  const single = (r: Resolved): StaticValue => (r.kind === "multi" ? null : r.value);
  const emptyCase: Truth =
    sets === 1 ? compareTerms(base, term(left, single(left)), term(right, single(right))) : false;
  if (anyOf) return rows.some((t) => t === true) || (rows.length === 0 && emptyCase === true);
  return !rows.some((t) => t !== true) && (rows.length > 0 || emptyCase === true);
}

function isEmptyStatic(t: Term): boolean {
  return t.type === "static" && (t.value === null || t.value === "");
}

/** `CAST(x AS TEXT)`. */
function toText(t: Term): StaticValue {
  return t.value === null ? null : String(t.value);
}

/** `COALESCE(x, '')` for nullable text. */
function coalesced(t: Term, value: StaticValue): StaticValue {
  return t.nullable && t.type === "text" && value === null ? "" : value;
}

/** Brings a static value to the type of the other side (SQLite affinity, mirrored on PostgreSQL). */
function aligned(self: Term, other: Term): StaticValue {
  const v = self.value;
  if (self.type === "static" && other.type !== "static") {
    if (other.type === "text" && typeof v === "number") return String(v);
    if (other.type === "number" && typeof v === "string" && isNumericText(v)) return Number(v);
  }
  if (
    self.type === "number" &&
    other.type === "static" &&
    typeof other.value === "string" &&
    !isNumericText(other.value)
  ) {
    return toText(self);
  }
  if ((self.type === "number" || self.type === "json") && other.type === "text")
    return toText(self);
  return v;
}

/** Orders strings by code point, as SQLite's BINARY and PostgreSQL's "C" collations do. */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/**
 * Orders two non-NULL values. Numbers meet text only as JSON path values (`typed`), where every
 * number ranks below every text, as in SQLite; elsewhere that is outside what the builder aligns.
 */
function order(x: string | number, y: string | number, typed = false): number {
  if (typeof x === "number" && typeof y === "number") return x === y ? 0 : x < y ? -1 : 1;
  if (typeof x === "string" && typeof y === "string") return compareCodePoints(x, y);
  if (typed) return typeof x === "number" ? -1 : 1;
  throw new ReferenceUnsupported(
    "numbers compared with text outside affinity rules differ per engine",
  );
}

/** A JSON path compared with a literal or another JSON path: typed as json_extract is. */
function isTyped(a: Term, b: Term): boolean {
  const typedOther = (t: Term) => t.type === "json" || t.type === "static";
  return (a.type === "json" && typedOther(b)) || (b.type === "json" && typedOther(a));
}

function compareTerms(op: BaseOperator, a: Term, b: Term): Truth {
  if (a.type === "static" && b.type === "static") return compareStatic(op, a.value, b.value);
  if (op === "=" || op === "!=") {
    if (isEmptyStatic(a) || isEmptyStatic(b)) {
      const t = isEmptyStatic(a) ? b : a;
      if (t.nonEmpty) return op !== "=";
      const v = toText(t);
      const empty = v === null || v === "";
      return op === "=" ? empty : !empty;
    }
    let x = aligned(a, b);
    let y = aligned(b, a);
    if (a.type === "text" || b.type === "text") {
      x = coalesced(a, x);
      y = coalesced(b, y);
      if (x === null || y === null) return null;
      const equal = order(x, y) === 0;
      return op === "=" ? equal : !equal;
    }
    const typed = isTyped(a, b);
    if (op === "=") return x === null || y === null ? null : order(x, y, typed) === 0;
    // Null-safe inequality (`IS NOT` / `IS DISTINCT FROM`).
    if (x === null || y === null) return x !== y;
    return order(x, y, typed) !== 0;
  }
  if (op === "~" || op === "!~") {
    const left = a.type === "text" ? coalesced(a, a.value) : toText(a);
    let pattern: StaticValue;
    if (b.type === "static") {
      pattern = b.value === null ? null : likePattern(String(b.value));
    } else {
      const right = b.type === "text" ? coalesced(b, b.value) : toText(b);
      pattern = right === null ? null : `%${right}%`;
    }
    if (left === null || pattern === null) return null;
    const matched = likeMatch(String(left), pattern);
    return op === "~" ? matched : !matched;
  }
  const x = aligned(a, b);
  const y = aligned(b, a);
  if (x === null || y === null) return null;
  const cmp = order(x, y, isTyped(a, b));
  switch (op) {
    case ">":
      return cmp > 0;
    case ">=":
      return cmp >= 0;
    case "<":
      return cmp < 0;
    case "<=":
      return cmp <= 0;
  }
}

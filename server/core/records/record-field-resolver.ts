/**
 * Resolves identifiers of the filter language against a collection: fields, relation paths
 * (`author.username`), back-relations (`entries_via_author.title`), `@collection.*`,
 * `@request.*`, date macros and modifiers (`:isset :changed :length :each :lower`).
 * Implements `FieldResolver` for `tools/search`.
 */
import { sql } from "kysely";
import { parseFilterCached, type FilterNode } from "../../tools/filter/index.ts";
import {
  buildCondition,
  SearchError,
  type Condition,
  type FieldResolver,
  type ResolvedOperand,
  type SearchDialect,
  type Sql,
  type StaticValue,
} from "../../tools/search/index.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { findField, isMultiValue, type Collection, type Field } from "../models/collection.ts";
import { fieldType } from "../models/fields/index.ts";
import { MACROS } from "./resolver-macros.ts";
import { splitModifier, storedText, toStatic, wrapMulti, wrapSingle } from "./resolver-operands.ts";
import type { RequestInfo } from "./request-info.ts";

/** Max relation hops in one identifier (PocketBase's MaxNestedRels). */
export const MAX_RELATION_DEPTH = 6;

/** How the resolver treats what it resolves. */
export interface ResolverMode {
  /** Rules may use hidden fields and `@request.*`/`@collection.*`; client filters may not. */
  kind: "rule" | "clientFilter";
  /** Superusers may filter by anything. */
  superuser: boolean;
}

/** Parses a registry rule, from the one parsed-filter cache (rules are few and fixed). */
export function parseRule(rule: string): FilterNode | null {
  return parseFilterCached(rule);
}

/** A `FieldResolver` over one collection row aliased `alias`. */
export class RecordFieldResolver implements FieldResolver {
  private readonly aliasCounter: { n: number };
  private readonly now = new Date();
  private readonly collection: Collection;
  private readonly alias: string;
  private readonly dialect: SearchDialect;
  private readonly request: RequestInfo;
  private readonly mode: ResolverMode;

  constructor(
    collection: Collection,
    alias: string,
    dialect: SearchDialect,
    request: RequestInfo,
    mode: ResolverMode,
    aliasCounter?: { n: number },
  ) {
    this.collection = collection;
    this.alias = alias;
    this.dialect = dialect;
    this.request = request;
    this.mode = mode;
    this.aliasCounter = aliasCounter ?? { n: 0 };
  }

  nextAlias(): string {
    this.aliasCounter.n += 1;
    return `_r${this.aliasCounter.n}`;
  }

  resolve(identifier: string): ResolvedOperand {
    if (identifier.startsWith("@request."))
      return this.resolveRequest(identifier.slice("@request.".length));
    if (identifier.startsWith("@collection."))
      return this.resolveCollection(identifier.slice("@collection.".length));
    const macro = MACROS[identifier];
    if (macro) return { kind: "static", value: macro(this.now) };
    const segments = identifier.split(".");
    if (segments.length === 1) {
      const [name] = splitModifier(identifier);
      if (!findField(this.collection, name)) {
        if (identifier === "null") return { kind: "static", value: null };
        if (identifier === "true") return { kind: "static", value: 1 };
        if (identifier === "false") return { kind: "static", value: 0 };
      }
    }
    return this.resolvePath(this.collection, this.alias, segments, 0);
  }

  /** Builds a rule or filter condition over this resolver's row (constants folded). */
  condition(node: FilterNode): Condition {
    return buildCondition(node, this, this.dialect);
  }

  private fail(identifier: string): never {
    throw new SearchError(`Invalid filter field "${identifier}".`);
  }

  /**
   * SECURITY: non-superusers may not filter or sort by hidden fields (password, tokenKey),
   * nor by fields shown only to some (`shownTo`).
   */
  private checkVisible(field: Field, identifier: string): void {
    if (
      (field.hidden || field.shownTo !== undefined) &&
      this.mode.kind === "clientFilter" &&
      !this.mode.superuser
    )
      this.fail(identifier);
  }

  private column(
    collection: Collection,
    alias: string,
    field: Field,
    modifier: string | undefined,
    identifier: string,
  ): ResolvedOperand {
    this.checkVisible(field, identifier);
    let ref: Sql = sql.ref(`${alias}.${field.name}`);
    // Email is only searchable where it is visible.
    if (
      collection.type === "auth" &&
      field.name === "email" &&
      this.mode.kind === "clientFilter" &&
      !this.mode.superuser
    ) {
      const authId =
        this.request.auth && this.request.auth.collection.id === collection.id
          ? String(this.request.auth.record.id)
          : "";
      ref = sql`(CASE WHEN ${sql.ref(`${alias}.emailVisibility`)} = 1 OR ${sql.ref(`${alias}.id`)} = ${authId} THEN ${ref} ELSE '' END)`;
    }
    const multi = isMultiValue(field);
    switch (modifier) {
      case undefined:
        break;
      case "lower":
        if (multi) this.fail(identifier);
        return { kind: "scalar", sql: sql`LOWER(${ref})`, type: "text", nullable: false };
      case "length":
        if (!multi) this.fail(identifier);
        return {
          kind: "scalar",
          sql: this.dialect.jsonArrayLength(ref),
          type: "number",
          nullable: false,
        };
      case "each":
        if (!multi) this.fail(identifier);
        break;
      default:
        this.fail(identifier);
    }
    if (multi) {
      const each = this.dialect.jsonEach(ref, this.nextAlias());
      return { kind: "multi", from: each.from, where: null, value: each.value, type: "text" };
    }
    return { kind: "scalar", sql: ref, ...fieldType(field).filterOperand(field) };
  }

  /** Extra condition a client filter must satisfy when it reaches into another collection. */
  private listRuleFor(target: Collection, alias: string): Sql | null {
    if (this.mode.kind !== "clientFilter" || this.mode.superuser) return null;
    if (target.listRule === null)
      throw new SearchError(
        `Only superusers can filter by ${target.name} fields.`,
        "restricted-field",
      );
    const node = parseRule(target.listRule);
    if (!node) return null;
    const sub = new RecordFieldResolver(
      target,
      alias,
      this.dialect,
      this.request,
      { kind: "rule", superuser: false },
      this.aliasCounter,
    );
    const condition = sub.condition(node);
    if (condition === true) return null;
    return condition === false ? this.dialect.bool(false) : condition;
  }

  private resolvePath(
    collection: Collection,
    alias: string,
    segments: string[],
    depth: number,
  ): ResolvedOperand {
    const identifier = segments.join(".");
    const [head, modifier] = splitModifier(segments[0] as string);
    const rest = segments.slice(1);
    if (depth > MAX_RELATION_DEPTH) throw new SearchError("Max relation depth reached.");

    const field = findField(collection, head);
    if (field && rest.length === 0)
      return this.column(collection, alias, field, modifier, identifier);
    if (field && modifier === undefined && field.type === "json") {
      this.checkVisible(field, identifier);
      const path = rest.map((s) => splitModifier(s)[0]);
      const last = splitModifier(rest[rest.length - 1] as string)[1];
      const column = sql.ref(`${alias}.${field.name}`);
      const extracted = this.dialect.jsonExtract(column, path);
      if (last === "lower")
        return { kind: "scalar", sql: sql`LOWER(${extracted})`, type: "text", nullable: true };
      if (last !== undefined) this.fail(identifier);
      const parts = this.dialect.jsonParts(column, path);
      return {
        kind: "scalar",
        sql: extracted,
        type: "json",
        nullable: true,
        ...(parts ? { parts } : {}),
      };
    }
    if (field && field.type === "relation" && modifier === undefined) {
      this.checkVisible(field, identifier);
      const target = findCollection(field.collectionId);
      if (!target) this.fail(identifier);
      const ref = sql.ref(`${alias}.${field.name}`);
      if (rest.length === 1 && rest[0] === "id" && field.maxSelect <= 1) {
        return {
          kind: "scalar",
          sql: ref,
          type: "text",
          nullable: false,
          nonEmpty: field.required === true,
        };
      }
      const relAlias = this.nextAlias();
      const inner = this.resolvePath(target, relAlias, rest, depth + 1);
      const listRule = this.listRuleFor(target, relAlias);
      if (field.maxSelect <= 1) {
        const join = sql`${sql.ref(`${relAlias}.id`)} = ${ref}`;
        const where = listRule ? sql`${join} AND ${listRule}` : join;
        return wrapSingle(inner, sql`${sql.table(target.name)} AS ${sql.id(relAlias)}`, where);
      }
      const each = this.dialect.jsonEach(ref, this.nextAlias());
      const where = sql`${sql.ref(`${relAlias}.id`)} = ${each.value}${listRule ? sql` AND ${listRule}` : sql``}`;
      return wrapMulti(
        inner,
        sql`${each.from}, ${sql.table(target.name)} AS ${sql.id(relAlias)}`,
        where,
      );
    }
    const via = /^(\w+)_via_(\w+)$/.exec(head);
    if (via && rest.length > 0 && modifier === undefined) {
      const target = findCollection(via[1] as string);
      const relField = target && findField(target, via[2] as string);
      if (
        !target ||
        !relField ||
        relField.type !== "relation" ||
        relField.collectionId !== collection.id
      ) {
        this.fail(identifier);
      }
      this.checkVisible(relField, identifier);
      const relAlias = this.nextAlias();
      const inner = this.resolvePath(target, relAlias, rest, depth + 1);
      const listRule = this.listRuleFor(target, relAlias);
      const back = sql.ref(`${relAlias}.${relField.name}`);
      const id = sql.ref(`${alias}.id`);
      let where: Sql;
      if (relField.maxSelect <= 1) {
        where = sql`${back} = ${id}`;
      } else {
        const each = this.dialect.jsonEach(back, this.nextAlias());
        where = sql`EXISTS (SELECT 1 FROM ${each.from} WHERE ${each.value} = ${id})`;
      }
      if (listRule) where = sql`${where} AND ${listRule}`;
      return wrapMulti(inner, sql`${sql.table(target.name)} AS ${sql.id(relAlias)}`, where);
    }
    this.fail(identifier);
  }

  private resolveCollection(rest: string): ResolvedOperand {
    if (this.mode.kind === "clientFilter" && !this.mode.superuser) {
      throw new SearchError("Only superusers can filter by @collection.", "forbidden");
    }
    const segments = rest.split(".");
    const [name] = splitModifier(segments[0] as string);
    const target = findCollection(name);
    if (!target || segments.length < 2) this.fail(`@collection.${rest}`);
    const relAlias = this.nextAlias();
    const inner = this.resolvePath(target, relAlias, segments.slice(1), 1);
    return wrapMulti(inner, sql`${sql.table(target.name)} AS ${sql.id(relAlias)}`, sql`1 = 1`);
  }

  private resolveRequest(rest: string): ResolvedOperand {
    if (this.mode.kind === "clientFilter" && !this.mode.superuser) {
      throw new SearchError("Only superusers can filter by @request.", "forbidden");
    }
    const segments = rest.split(".");
    const [area, areaModifier] = splitModifier(segments[0] as string);
    const keyPath = segments.slice(1);
    const identifier = `@request.${rest}`;
    switch (area) {
      case "context":
      case "method":
        if (keyPath.length || areaModifier) this.fail(identifier);
        return {
          kind: "static",
          value: area === "context" ? this.request.context : this.request.method,
        };
      case "headers":
      case "query": {
        if (keyPath.length !== 1) this.fail(identifier);
        const [key, modifier] = splitModifier(keyPath[0] as string);
        const source = area === "headers" ? this.request.headers : this.request.query;
        const value = Object.hasOwn(source, key) ? (source[key] as string) : null;
        return this.staticWithModifier(value, modifier, identifier);
      }
      case "auth":
        return this.resolveAuth(keyPath, identifier);
      case "body":
        return this.resolveBody(keyPath, identifier);
      default:
        this.fail(identifier);
    }
  }

  private staticWithModifier(
    value: StaticValue,
    modifier: string | undefined,
    identifier: string,
  ): ResolvedOperand {
    switch (modifier) {
      case undefined:
        return { kind: "static", value };
      case "isset":
        return { kind: "static", value: value === null ? 0 : 1 };
      case "lower":
        return {
          kind: "static",
          value:
            typeof value === "string" ? value.replace(/[A-Z]/g, (c) => c.toLowerCase()) : value,
        };
      default:
        this.fail(identifier);
    }
  }

  private resolveAuth(keyPath: string[], identifier: string): ResolvedOperand {
    const auth = this.request.auth;
    if (keyPath.length === 0) this.fail(identifier);
    const [key, modifier] = splitModifier(keyPath[0] as string);
    if (keyPath.length === 1) {
      if (!auth) {
        return modifier === "length"
          ? { kind: "static", value: 0 }
          : this.staticWithModifier(null, modifier === "isset" ? "isset" : undefined, identifier);
      }
      if (key === "collectionId")
        return this.staticWithModifier(auth.collection.id, modifier, identifier);
      if (key === "collectionName")
        return this.staticWithModifier(auth.collection.name, modifier, identifier);
      const field = findField(auth.collection, key);
      if (!field) return { kind: "static", value: null };
      return this.staticField(field, auth.record[key], modifier, identifier);
    }
    // Relation path from the auth record: resolve through its stored relation value.
    if (!auth) return { kind: "static", value: null };
    const field = findField(auth.collection, key);
    if (!field || field.type !== "relation" || modifier !== undefined)
      return { kind: "static", value: null };
    return this.relationFromStatic(field, auth.record[key], keyPath.slice(1), identifier);
  }

  private resolveBody(keyPath: string[], identifier: string): ResolvedOperand {
    const body = this.request.body ?? {};
    if (keyPath.length === 0) this.fail(identifier);
    const [key, modifier] = splitModifier(keyPath[0] as string);
    const field = findField(this.collection, key);
    const present = Object.hasOwn(body, key);
    if (keyPath.length === 1) {
      if (modifier === "isset") return { kind: "static", value: present ? 1 : 0 };
      if (modifier === "changed") {
        if (!field || !present) return { kind: "static", value: 0 };
        const column = sql.ref(`${this.alias}.${field.name}`);
        const stored = this.dialect.toText(column);
        const submitted = storedText(field, body[key]);
        return {
          kind: "scalar",
          sql: sql`(CASE WHEN ${this.dialect.isDistinct(stored, sql`${submitted}`)} THEN 1 ELSE 0 END)`,
          type: "number",
          nullable: false,
        };
      }
      if (!field) return { kind: "static", value: present ? toStatic(body[key]) : null };
      return this.staticField(field, present ? body[key] : null, modifier, identifier);
    }
    if (!field || field.type !== "relation" || modifier !== undefined || !present)
      return { kind: "static", value: null };
    return this.relationFromStatic(field, body[key], keyPath.slice(1), identifier);
  }

  /** A value known in JavaScript, typed by its field (lists become static lists). */
  private staticField(
    field: Field,
    value: unknown,
    modifier: string | undefined,
    identifier: string,
  ): ResolvedOperand {
    if (isMultiValue(field)) {
      const list = Array.isArray(value)
        ? value.map(toStatic)
        : value === null || value === undefined || value === ""
          ? []
          : [toStatic(value)];
      if (modifier === "length") return { kind: "static", value: list.length };
      if (modifier === "each" || modifier === undefined)
        return { kind: "staticList", values: list };
      this.fail(identifier);
    }
    if (modifier === "length" || modifier === "each") this.fail(identifier);
    return this.staticWithModifier(
      fieldType(field).filterStatic(field, value),
      modifier,
      identifier,
    );
  }

  private relationFromStatic(
    field: Field & { type: "relation" },
    value: unknown,
    rest: string[],
    identifier: string,
  ): ResolvedOperand {
    const target = findCollection(field.collectionId);
    if (!target) this.fail(identifier);
    const ids = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === "string" && v !== "",
    );
    if (ids.length === 0) return { kind: "static", value: null };
    const relAlias = this.nextAlias();
    const inner = this.resolvePath(target, relAlias, rest, 1);
    const from = sql`${sql.table(target.name)} AS ${sql.id(relAlias)}`;
    if (ids.length === 1 && field.maxSelect <= 1) {
      return wrapSingle(inner, from, sql`${sql.ref(`${relAlias}.id`)} = ${ids[0]}`);
    }
    return wrapMulti(inner, from, sql`${sql.ref(`${relAlias}.id`)} IN (${sql.join(ids)})`);
  }
}

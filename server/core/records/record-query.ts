/**
 * Record reads under the collections' API rules: rule and filter conditions, list pages,
 * the visibility of one record or of related records, with PocketBase's semantics (null
 * rule = superusers only, "" = anyone, expression = must match; list filters silently,
 * view/update/delete answer 404).
 */
import { sql } from "kysely";
import { FilterError, parseFilterCached, type FilterNode } from "../../tools/filter/index.ts";
import {
  buildSort,
  parseListParams,
  parseSort,
  SearchError,
  type Condition,
  type Sql,
} from "../../tools/search/index.ts";
import type { Database } from "../../data/db.ts";
import {
  countRows,
  findRowBy,
  findRowsByIds,
  MAIN_ALIAS,
  rowMatches,
  selectRows,
  virtualRowMatches,
  type Row,
} from "../../data/repositories/record-repository.ts";
import { badRequest, CoreError, forbidden, notFound } from "../errors.ts";
import { isAuthCollection, type Collection } from "../models/collection.ts";
import { RecordFieldResolver, parseRule } from "./record-field-resolver.ts";
import type { RecordData, RequestInfo } from "./request-info.ts";
import { toStoredValue } from "./values.ts";

/** Query options of list and view requests. */
export interface ListQuery {
  page?: string;
  perPage?: string;
  skipTotal?: string;
  sort?: string;
  filter?: string;
  expand?: string;
}

/** A list page of stored rows (`totalItems`/`totalPages` are -1 with `skipTotal`). */
export interface RowPage {
  rows: Row[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

/** The rules that guard reading or changing one record. */
export type RecordRuleName = "viewRule" | "updateRule" | "deleteRule";

/** Whether the request is a superuser's (they bypass every rule). */
export function isSuperuser(request: RequestInfo): boolean {
  return request.auth?.isSuperuser === true;
}

function toSql(condition: Condition, db: Database): Sql | null {
  if (condition === true) return null;
  if (condition === false) return db.dialect.bool(false);
  return condition;
}

/** Record reads and rule checks over one database handle (maybe a transaction). */
export class RecordQuery {
  /** The handle every query runs on. */
  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** A rule's condition over the main alias, or true/false when it folds to a constant. */
  ruleCondition(collection: Collection, rule: string, request: RequestInfo): Condition {
    const node = parseRule(rule);
    if (!node) return true;
    return new RecordFieldResolver(collection, MAIN_ALIAS, this.db.dialect, request, {
      kind: "rule",
      superuser: false,
    }).condition(node);
  }

  /**
   * The SQL condition of a client `filter` over the main alias (null when it matches
   * everything), checked as list filters are; for queries beyond records CRUD (log stats).
   */
  clientFilterSql(collection: Collection, filter: string, request: RequestInfo): Sql | null {
    return toSql(this.filterCondition(collection, filter, request), this.db);
  }

  private filterCondition(collection: Collection, filter: string, request: RequestInfo): Condition {
    let node: FilterNode | null;
    try {
      node = parseFilterCached(filter);
    } catch (error) {
      if (error instanceof FilterError) throw badRequest("Invalid filter parameters.");
      throw error;
    }
    if (!node) return true;
    return this.searchGuard(() =>
      new RecordFieldResolver(collection, MAIN_ALIAS, this.db.dialect, request, {
        kind: "clientFilter",
        superuser: isSuperuser(request),
      }).condition(node),
    );
  }

  private searchGuard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof SearchError) {
        if (error.code === "forbidden") throw forbidden(error.message);
        throw badRequest(
          error.code === "restricted-field"
            ? error.message
            : "Something went wrong while processing your request.",
        );
      }
      throw error;
    }
  }

  /** Runs a query built from client input: database type errors become 400s. */
  async guardQuery<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof CoreError) throw error;
      const code = (error as { code?: unknown }).code;
      // PostgreSQL data exceptions (class 22) and SQLite errors from hostile filters.
      if (
        typeof code === "string" &&
        (code.startsWith("22") ||
          code.startsWith("SQLITE_ERROR") ||
          code === "42883" ||
          code === "42804")
      ) {
        throw badRequest();
      }
      throw error;
    }
  }

  /** One page of the rows the list rule and the client `filter` let the request see. */
  async listRows(collection: Collection, request: RequestInfo, query: ListQuery): Promise<RowPage> {
    const superuser = isSuperuser(request);
    if (!superuser && collection.listRule === null)
      throw forbidden("Only superusers can perform this action.");
    for (const [name, value] of [
      ["filter", query.filter],
      ["sort", query.sort],
    ] as const) {
      if (!superuser && value && /@collection\.|@request\./.test(value)) {
        throw forbidden(
          `Only superusers can ${name} by ${value.includes("@collection.") ? "@collection" : "@request"}.`,
        );
      }
    }
    let params;
    try {
      params = parseListParams(query);
    } catch (error) {
      if (error instanceof SearchError) throw badRequest();
      throw error;
    }
    let where: Condition = true;
    if (!superuser && collection.listRule)
      where = this.ruleCondition(collection, collection.listRule, request);
    if (where !== false && query.filter) {
      const filter = this.filterCondition(collection, query.filter, request);
      where =
        where === true
          ? filter
          : filter === true
            ? where
            : filter === false
              ? false
              : sql`(${where} AND ${filter})`;
    }
    const orderBy = this.searchGuard(() => {
      const resolver = new RecordFieldResolver(collection, MAIN_ALIAS, this.db.dialect, request, {
        kind: "clientFilter",
        superuser,
      });
      const fields = parseSort(query.sort ?? "");
      return fields.length
        ? buildSort(fields, resolver, this.db.dialect, MAIN_ALIAS)
        : [this.db.dialect.rowid(MAIN_ALIAS)];
    });
    const { page, perPage, skipTotal } = params;
    if (where === false) {
      const none = skipTotal ? -1 : 0;
      return { rows: [], page, perPage, totalItems: none, totalPages: none };
    }
    const whereSql = toSql(where, this.db);
    const kysely = this.db.kysely;
    const [rows, total] = await this.guardQuery(() =>
      Promise.all([
        selectRows(kysely, collection, {
          where: whereSql,
          orderBy,
          limit: perPage,
          offset: (page - 1) * perPage,
        }),
        skipTotal ? Promise.resolve(-1) : countRows(kysely, collection, whereSql),
      ]),
    );
    const totalPages = total < 0 ? -1 : Math.ceil(total / perPage);
    return { rows, page, perPage, totalItems: total, totalPages };
  }

  /**
   * The stored row `id` when `ruleName` lets the request see it: 403 when the rule is locked
   * to superusers, 404 when the record is missing or the rule hides it.
   */
  async findVisible(
    collection: Collection,
    request: RequestInfo,
    id: string,
    ruleName: RecordRuleName,
  ): Promise<Row> {
    const superuser = isSuperuser(request);
    const rule = collection[ruleName];
    if (!superuser && rule === null) throw forbidden("Only superusers can perform this action.");
    const [row] = await findRowsByIds(this.db.kysely, collection, [id]);
    if (!row) throw notFound();
    if (!superuser && rule) {
      const condition = this.ruleCondition(collection, rule, request);
      if (
        condition === false ||
        (condition !== true && !(await rowMatches(this.db.kysely, collection, id, condition)))
      ) {
        throw notFound();
      }
    }
    return row;
  }

  /** Whether the stored record `id` matches `condition` (client input: type errors are 400s). */
  async rowMatches(collection: Collection, id: string, condition: Condition): Promise<boolean> {
    if (typeof condition === "boolean") return condition;
    return this.guardQuery(() => rowMatches(this.db.kysely, collection, id, condition));
  }

  /** Whether unsaved `values` would match `condition` (a create rule), as a virtual row. */
  async virtualMatches(
    collection: Collection,
    values: RecordData,
    condition: Sql,
  ): Promise<boolean> {
    const columns = collection.fields.map((field) => ({
      name: field.name,
      value: this.db.dialect.castParam(field, sql`${toStoredValue(field, values[field.name])}`),
    }));
    return this.guardQuery(() => virtualRowMatches(this.db.kysely, columns, condition));
  }

  /**
   * Whether the stored record `id` satisfies `rule` for the request (no superuser bypass, no
   * `null` handling: the caller decides what a locked rule means). Used for the authRule.
   */
  async recordMatchesRule(
    collection: Collection,
    rule: string,
    request: RequestInfo,
    id: string,
  ): Promise<boolean> {
    if (rule === "") return true;
    const condition = this.ruleCondition(collection, rule, request);
    if (typeof condition === "boolean") return condition;
    return rowMatches(this.db.kysely, collection, id, condition);
  }

  /** Whether the request matches the auth collection's manageRule for this record. */
  async canManage(collection: Collection, request: RequestInfo, id: string): Promise<boolean> {
    if (isSuperuser(request)) return true;
    if (!isAuthCollection(collection) || !request.auth || collection.auth.manageRule === null)
      return false;
    const condition = this.ruleCondition(collection, collection.auth.manageRule, request);
    if (typeof condition === "boolean") return condition;
    return rowMatches(this.db.kysely, collection, id, condition);
  }

  /**
   * The ids among `rows` that `rule` matches for the request (a field's `shownTo`): all of
   * them when it folds to true, none when it folds to false.
   */
  async matchingIds(
    collection: Collection,
    rows: Row[],
    request: RequestInfo,
    rule: string,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const condition = rule === "" ? true : this.ruleCondition(collection, rule, request);
    if (condition === true) return new Set(rows.map((r) => String(r.id)));
    if (condition === false) return new Set();
    const ids = rows.map((r) => String(r.id));
    const matched = await findRowsByIds(this.db.kysely, collection, ids, condition);
    return new Set(matched.map((r) => String(r.id)));
  }

  /**
   * The ids among `rows` of an auth collection whose manageRule the request matches (their
   * email is shown whatever `emailVisibility` says). Empty for superusers (they see every
   * email anyway), guests and other collections.
   */
  async managedIds(
    collection: Collection,
    rows: Row[],
    request: RequestInfo,
  ): Promise<Set<string>> {
    if (
      !isAuthCollection(collection) ||
      isSuperuser(request) ||
      !request.auth ||
      collection.auth.manageRule === null ||
      rows.length === 0
    )
      return new Set();
    const condition = this.ruleCondition(collection, collection.auth.manageRule, request);
    if (condition === true) return new Set(rows.map((r) => String(r.id)));
    if (condition === false) return new Set();
    const ids = rows.map((r) => String(r.id));
    const matched = await findRowsByIds(this.db.kysely, collection, ids, condition);
    return new Set(matched.map((r) => String(r.id)));
  }

  /**
   * The rows among `ids` the request may see through an expand: those its view rule allows
   * and, for a back-relation (`listed`), its list rule too. SECURITY: a back-relation expand
   * lists the records pointing at a record, so it must never show what the list rule hides
   * (unlisted entries and collections are viewable by link, never listed to others; ADR 015).
   * PocketBase applies only the view rule there.
   */
  async visibleRows(
    collection: Collection,
    ids: string[],
    request: RequestInfo,
    listed = false,
  ): Promise<Row[]> {
    if (ids.length === 0) return [];
    if (isSuperuser(request)) return findRowsByIds(this.db.kysely, collection, ids);
    const rules = listed ? [collection.viewRule, collection.listRule] : [collection.viewRule];
    const conditions: Sql[] = [];
    for (const rule of rules) {
      if (rule === null) return [];
      const condition = rule ? this.ruleCondition(collection, rule, request) : true;
      if (condition === false) return [];
      if (condition !== true) conditions.push(condition);
    }
    const where = conditions.length ? sql`(${sql.join(conditions, sql` AND `)})` : null;
    return findRowsByIds(this.db.kysely, collection, ids, where);
  }

  /**
   * Finds an auth record by identity field. Emails and usernames are unique
   * case-insensitively (their indexes are on `lower(...)`), so they match in any case.
   */
  async findAuthRecord(
    collection: Collection,
    field: string,
    value: string,
  ): Promise<Row | undefined> {
    const lower = field === "username" || field === "email";
    return findRowBy(this.db.kysely, collection, field, value, lower);
  }

  /** Loads a record by id without rules (internal use). */
  async findById(collection: Collection, id: string): Promise<Row | undefined> {
    const [row] = await findRowsByIds(this.db.kysely, collection, [id]);
    return row;
  }
}

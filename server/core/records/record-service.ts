/**
 * Records: list, view, create, update and delete under the collection's API rules, with
 * PocketBase's semantics (null rule = superusers only, "" = anyone, expression = must
 * match; list filters silently, view/update/delete answer 404, create answers 400).
 */
import { sql, type Kysely } from "kysely";
import { FilterError, parseFilterCached, type FilterNode } from "../../tools/filter/index.ts";
import {
  buildSort,
  parseListParams,
  parseSort,
  SearchError,
  type Condition,
  type Sql,
} from "../../tools/search/index.ts";
import type { AnyDB, Database } from "../../data/db.ts";
import {
  countRows,
  deleteRow,
  existsOther,
  findReferencing,
  findRowBy,
  findRowsByIds,
  insertRow,
  lockRow,
  MAIN_ALIAS,
  rowMatches,
  selectRows,
  updateRow,
  virtualRowMatches,
  type Row,
} from "../../data/repositories/record-repository.ts";
import { allCollections, findCollection } from "../collections/collection-lookup.ts";
import {
  badRequest,
  CoreError,
  fieldError,
  forbidden,
  notFound,
  type FieldErrors,
} from "../errors.ts";
import {
  findField,
  isAuthCollection,
  isMultiValue,
  type Collection,
  type Field,
} from "../models/collection.ts";
import { hashPassword, verifyPassword } from "../../tools/security/passwords.ts";
import { fileNames } from "../files/file-input.ts";
import type { RecordFiles } from "../files/record-files.ts";
import type { UploadedFile } from "../../tools/filesystem/index.ts";
import { randomSecret } from "../auth/secrets.ts";
import { applyBody, generateFromPattern } from "./record-input.ts";
import { RecordFieldResolver, parseRule } from "./record-field-resolver.ts";
import { validatePassword, validateRecord } from "./record-validation.ts";
import type { RecordData, RequestInfo } from "./request-info.ts";
import { RecordEvents, type RecordChange } from "./record-events.ts";
import { slugify } from "../../tools/inflector/slugs.ts";
import { SUPERUSERS_COLLECTION_ID as superusersCollectionId } from "../../data/registry/collections.ts";
import { emptyValue, formatDate, nowString, toStoredValue, toWireValue } from "./values.ts";

/** Max nested levels of `expand` (PocketBase's limit). */
export const MAX_EXPAND_DEPTH = 6;
/** Max records fetched for one back-relation expand. */
const MAX_BACK_RELATION_EXPAND = 1000;

/** A list page. */
export interface ListResult {
  items: RecordData[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

/** Query options of list and view requests. */
export interface ListQuery {
  page?: string;
  perPage?: string;
  skipTotal?: string;
  sort?: string;
  filter?: string;
  expand?: string;
}

function isSuperuser(request: RequestInfo): boolean {
  return request.auth?.isSuperuser === true;
}

function toSql(condition: Condition, db: Database): Sql | null {
  if (condition === true) return null;
  if (condition === false) return db.dialect.bool(false);
  return condition;
}

/** Reads a stored row into wire-typed values for every registry field. */
export function rowToRecord(collection: Collection, row: Row): RecordData {
  const record: RecordData = {};
  for (const field of collection.fields) record[field.name] = toWireValue(field, row[field.name]);
  return record;
}

/** Names of files written by an update (to undo) and replaced by it (to delete after commit). */
interface PendingFiles {
  written: string[];
  removed: string[];
}

/**
 * Writes joined into one outer transaction (a batch): what must wait for the commit (change
 * events, removal of replaced files) and what undoes a write's side effects if the whole unit
 * rolls back (its new files).
 */
interface UnitOfWork {
  afterCommit: (() => Promise<void> | void)[];
  afterRollback: (() => Promise<void>)[];
}

/** Record CRUD with access rules. */
export class RecordService {
  readonly db: Database;
  /** Committed changes (create, update, delete). */
  readonly events: RecordEvents;
  /** Storage of file fields' files; null when the service may not store any. */
  readonly files: RecordFiles | null;
  /** Set when this service runs inside an outer transaction ({@link RecordService.batch}). */
  private readonly unit: UnitOfWork | null;

  constructor(
    db: Database,
    events = new RecordEvents(),
    files: RecordFiles | null = null,
    unit: UnitOfWork | null = null,
  ) {
    this.db = db;
    this.events = events;
    this.files = files;
    this.unit = unit;
  }

  /**
   * Runs `work` with a service whose writes all join one transaction: every write commits
   * or none does. Events are emitted, and replaced files removed, only after the commit; a
   * rollback removes the files the writes had stored.
   */
  async batch<T>(work: (scoped: RecordService) => Promise<T>): Promise<T> {
    if (this.unit) return work(this);
    const unit: UnitOfWork = { afterCommit: [], afterRollback: [] };
    let result: T;
    try {
      result = await this.kysely
        .transaction()
        .execute((trx) =>
          work(new RecordService({ ...this.db, kysely: trx }, this.events, this.files, unit)),
        );
    } catch (error) {
      for (const undo of unit.afterRollback) await undo();
      throw error;
    }
    for (const done of unit.afterCommit) await done();
    return result;
  }

  /** Runs `fn` in a transaction of its own, or in the outer one inside a batch. */
  private async transaction<T>(fn: (trx: Kysely<AnyDB>) => Promise<T>): Promise<T> {
    if (this.unit) return fn(this.kysely);
    return this.kysely.transaction().execute(fn);
  }

  /** Runs `fn` now, or once the outer transaction has committed. */
  private async whenCommitted(fn: () => Promise<void> | void): Promise<void> {
    if (this.unit) this.unit.afterCommit.push(fn);
    else await fn();
  }

  /** Inside a batch, registers the undo of a write's side effects for a rollback. */
  private onRollback(fn: () => Promise<void>): void {
    this.unit?.afterRollback.push(fn);
  }

  /** Stores a write's new uploads (before its row is written; see RecordFiles). */
  private async storeUploads(
    collection: Collection,
    id: string,
    uploads: readonly UploadedFile[],
  ): Promise<void> {
    if (uploads.length === 0) return;
    if (!this.files) throw new Error("file uploads need a file storage");
    if (uploads.some((u) => !u.complete)) throw new Error("an incomplete upload cannot be stored");
    await this.files.writeUploads(collection, id, uploads);
  }

  private get kysely(): Kysely<AnyDB> {
    return this.db.kysely;
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

  /** Runs a query built from client input: database type errors become 400s. */
  async guardClientQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.guardQuery(fn);
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

  /** Runs a read; database errors caused by client input (type mismatches) become 400s. */
  private async guardQuery<T>(fn: () => Promise<T>): Promise<T> {
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

  /** Lists records visible to the request. */
  async list(collection: Collection, request: RequestInfo, query: ListQuery): Promise<ListResult> {
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
    if (where === false) {
      return {
        items: [],
        page: params.page,
        perPage: params.perPage,
        totalItems: params.skipTotal ? -1 : 0,
        totalPages: params.skipTotal ? -1 : 0,
      };
    }
    const whereSql = toSql(where, this.db);
    const [rows, total] = await this.guardQuery(() =>
      Promise.all([
        selectRows(this.kysely, collection, {
          where: whereSql,
          orderBy,
          limit: params.perPage,
          offset: (params.page - 1) * params.perPage,
        }),
        params.skipTotal ? Promise.resolve(-1) : countRows(this.kysely, collection, whereSql),
      ]),
    );
    const items = await this.present(collection, rows, request, query.expand);
    // Key order as PocketBase's search.Result: items, page, perPage, totalItems, totalPages.
    return {
      items,
      page: params.page,
      perPage: params.perPage,
      totalItems: total,
      totalPages: total < 0 ? -1 : Math.ceil(total / params.perPage),
    };
  }

  /** Views one record (404 when missing or hidden by the view rule). */
  async view(
    collection: Collection,
    request: RequestInfo,
    id: string,
    expand?: string,
  ): Promise<RecordData> {
    const row = await this.findVisible(collection, request, id, "viewRule");
    const [record] = await this.present(collection, [row], request, expand);
    return record as RecordData;
  }

  private async findVisible(
    collection: Collection,
    request: RequestInfo,
    id: string,
    ruleName: "viewRule" | "updateRule" | "deleteRule",
  ): Promise<Row> {
    const superuser = isSuperuser(request);
    const rule = collection[ruleName];
    if (!superuser && rule === null) throw forbidden("Only superusers can perform this action.");
    const [row] = await findRowsByIds(this.kysely, collection, [id]);
    if (!row) throw notFound();
    if (!superuser && rule) {
      const condition = this.ruleCondition(collection, rule, request);
      if (
        condition === false ||
        (condition !== true && !(await rowMatches(this.kysely, collection, id, condition)))
      ) {
        throw notFound();
      }
    }
    return row;
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
    return rowMatches(this.kysely, collection, id, condition);
  }

  /** Whether the request matches the auth collection's manageRule for this record. */
  async canManage(collection: Collection, request: RequestInfo, id: string): Promise<boolean> {
    if (isSuperuser(request)) return true;
    if (!isAuthCollection(collection) || !request.auth || collection.auth.manageRule === null)
      return false;
    const condition = this.ruleCondition(collection, collection.auth.manageRule, request);
    if (typeof condition === "boolean") return condition;
    return rowMatches(this.kysely, collection, id, condition);
  }

  /** Creates a record. */
  async create(
    collection: Collection,
    request: RequestInfo,
    rawBody: RecordData,
    expand?: string,
  ): Promise<RecordData> {
    const superuser = isSuperuser(request);
    if (!superuser && collection.createRule === null)
      throw forbidden("Only superusers can perform this action.");
    const defaults: RecordData = {};
    for (const field of collection.fields) {
      defaults[field.name] =
        "default" in field && field.default !== undefined ? field.default : emptyValue(field);
    }
    const applied = applyBody(collection, defaults, rawBody, {
      isCreate: true,
      canSetHidden: superuser,
    });
    const values = applied.values;
    if (!values.id) values.id = generateFromPattern("[a-z0-9]{15}");
    await this.fillGenerated(collection, values, null);

    const manager =
      superuser ||
      (isAuthCollection(collection) &&
        request.auth !== null &&
        collection.auth.manageRule !== null &&
        this.ruleCondition(collection, collection.auth.manageRule, {
          ...request,
          body: applied.body,
        }) === true);
    if (!superuser && collection.createRule) {
      const req = { ...request, body: applied.body };
      const condition = this.ruleCondition(collection, collection.createRule, req);
      const virtual = { ...values, ...(collection.type === "auth" ? { verified: false } : {}) };
      const ok =
        condition === true ||
        (condition !== false && (await this.virtualMatches(collection, virtual, condition)));
      if (!ok) throw badRequest("Failed to create record.");
    }

    const errors: FieldErrors = { ...applied.errors, ...validateRecord(collection, values) };
    if (isAuthCollection(collection)) {
      const passwordError = validatePassword(collection, applied.password);
      if (passwordError) errors.password = passwordError;
      if (!applied.passwordConfirm)
        errors.passwordConfirm = fieldError("validation_required", "Cannot be blank.");
      else if (applied.password !== applied.passwordConfirm)
        errors.passwordConfirm = fieldError("validation_values_mismatch", "Values don't match.");
      if (!manager && values.verified === true)
        errors.verified = fieldError("validation_values_mismatch", "Values don't match.");
    }
    await this.checkIdAndRelations(collection, values, errors, true);
    if (Object.keys(errors).length) throw badRequest("Failed to create record.", errors);

    const now = nowString();
    values.created = now;
    values.updated = now;
    if (isAuthCollection(collection)) {
      const passwordField = collection.fields.find((f) => f.type === "password");
      values.password = await hashPassword(
        applied.password as string,
        passwordField?.type === "password" ? passwordField.cost : 10,
      );
      values.tokenKey = randomSecret(50);
    }
    await this.storeUploads(collection, String(values.id), applied.uploads);
    try {
      await this.save(collection, values, null);
    } catch (error) {
      const written = applied.uploads.map((u) => u.name);
      await this.files?.deleteFiles(collection, String(values.id), written);
      throw error;
    }
    this.onRollback(async () => {
      await this.files?.deleteFiles(
        collection,
        String(values.id),
        applied.uploads.map((u) => u.name),
      );
    });
    await this.whenCommitted(() => {
      this.events.emit({ action: "create", collection, id: values.id as string });
    });
    const [created] = await findRowsByIds(this.kysely, collection, [values.id as string]);
    const [record] = await this.present(collection, [created as Row], request, expand);
    return record as RecordData;
  }

  private async virtualMatches(
    collection: Collection,
    values: RecordData,
    condition: Sql,
  ): Promise<boolean> {
    const columns = collection.fields.map((field) => ({
      name: field.name,
      value: this.db.dialect.castParam(field, sql`${toStoredValue(field, values[field.name])}`),
    }));
    return this.guardQuery(() => virtualRowMatches(this.kysely, columns, condition));
  }

  /** Updates a record. */
  async update(
    collection: Collection,
    request: RequestInfo,
    id: string,
    rawBody: RecordData,
    expand?: string,
  ): Promise<RecordData> {
    // Read, apply and write in one transaction: two concurrent PATCHes (e.g. `tags+`) must not
    // lose one another's change.
    const pending: PendingFiles = { written: [], removed: [] };
    // The row before the update, for realtime subscribers who may lose sight of it (ADR 029).
    const before: { row?: Record<string, unknown> } = {};
    let record: RecordData;
    try {
      record = await this.transaction(async (trx) => {
        await lockRow(trx, this.db.dialect, collection, id);
        return new RecordService(
          { ...this.db, kysely: trx },
          this.events,
          this.files,
          this.unit,
        ).updateLocked(collection, request, id, rawBody, expand, pending, before);
      });
    } catch (error) {
      // The row was not written: the new files must not stay behind.
      await this.files?.deleteFiles(collection, id, pending.written);
      throw error;
    }
    this.onRollback(async () => {
      await this.files?.deleteFiles(collection, id, pending.written);
    });
    await this.whenCommitted(async () => {
      this.events.emit({ action: "update", collection, id, previous: before.row });
      // Replaced files go only once the new value is committed.
      await this.files?.deleteFiles(collection, id, pending.removed);
    });
    return record;
  }

  private async updateLocked(
    collection: Collection,
    request: RequestInfo,
    id: string,
    rawBody: RecordData,
    expand: string | undefined,
    pending: PendingFiles,
    before: { row?: Record<string, unknown> },
  ): Promise<RecordData> {
    const superuser = isSuperuser(request);
    if (!superuser && collection.updateRule === null)
      throw forbidden("Only superusers can perform this action.");
    const [row] = await findRowsByIds(this.kysely, collection, [id]);
    if (!row) throw notFound();
    before.row = row;
    const current = rowToRecord(collection, row);
    const applied = applyBody(collection, current, rawBody, {
      isCreate: false,
      canSetHidden: superuser,
    });
    const req = { ...request, body: applied.body };
    if (!superuser && collection.updateRule) {
      const condition = this.ruleCondition(collection, collection.updateRule, req);
      if (
        condition === false ||
        (condition !== true &&
          !(await this.guardQuery(() => rowMatches(this.kysely, collection, id, condition))))
      ) {
        throw notFound();
      }
    }
    const values = applied.values;
    const errors: FieldErrors = {
      ...applied.errors,
      ...validateRecord(collection, values, applied.touched),
    };
    if (Object.hasOwn(rawBody, "id") && rawBody.id !== id) {
      errors.id = fieldError("validation_pk_change", "The record primary key cannot be changed.");
    }
    let newPasswordHash: string | undefined;
    if (isAuthCollection(collection)) {
      const manager = await this.canManage(collection, req, id);
      if (!manager) {
        if (values.email !== current.email)
          errors.email = fieldError("validation_values_mismatch", "Values don't match.");
        if (values.verified !== current.verified)
          errors.verified = fieldError("validation_values_mismatch", "Values don't match.");
      }
      if (applied.password !== undefined && applied.password !== "") {
        const passwordError = validatePassword(collection, applied.password);
        if (passwordError) errors.password = passwordError;
        if (applied.password !== applied.passwordConfirm) {
          errors.passwordConfirm = fieldError("validation_values_mismatch", "Values don't match.");
        }
        if (
          !manager &&
          !(await verifyPassword(applied.oldPassword ?? "", row.password as string))
        ) {
          errors.oldPassword = fieldError(
            "validation_invalid_old_password",
            "Missing or invalid old password.",
          );
        }
        if (!errors.password && !errors.passwordConfirm && !errors.oldPassword) {
          const passwordField = collection.fields.find((f) => f.type === "password");
          newPasswordHash = await hashPassword(
            applied.password,
            passwordField?.type === "password" ? passwordField.cost : 10,
          );
        }
      }
    }
    await this.fillGenerated(collection, values, current);
    await this.checkIdAndRelations(collection, values, errors, false);
    if (Object.keys(errors).length) throw badRequest("Failed to update record.", errors);

    values.updated = nowString();
    if (newPasswordHash !== undefined) values.password = newPasswordHash;
    // SECURITY: a new password or email invalidates every token issued before.
    if (
      newPasswordHash !== undefined ||
      (isAuthCollection(collection) && values.email !== current.email)
    ) {
      values.tokenKey = randomSecret(50);
    }
    await this.storeUploads(collection, id, applied.uploads);
    pending.written.push(...applied.uploads.map((u) => u.name));
    for (const field of collection.fields) {
      if (field.type !== "file") continue;
      const kept = new Set(fileNames(values[field.name]));
      pending.removed.push(...fileNames(current[field.name]).filter((name) => !kept.has(name)));
    }
    await this.save(collection, values, current);
    const [updated] = await findRowsByIds(this.kysely, collection, [id]);
    const [record] = await this.present(collection, [updated as Row], request, expand);
    return record as RecordData;
  }

  /** Deletes a record, cascading to dependants in one transaction. */
  async delete(collection: Collection, request: RequestInfo, id: string): Promise<void> {
    await this.findVisible(collection, request, id, "deleteRule");
    if (
      collection.id === superusersCollectionId &&
      (await countRows(this.kysely, collection, null)) <= 1
    ) {
      throw badRequest("You can't delete the only existing superuser.");
    }
    const changes: RecordChange[] = [];
    await this.transaction(async (trx) => {
      await this.deleteCascade(trx, collection, id, 0, changes);
    });
    await this.whenCommitted(async () => {
      for (const change of changes) this.events.emit(change);
      for (const change of changes) {
        if (change.action === "delete")
          await this.files?.deleteRecordFiles(change.collection, change.id);
      }
    });
  }

  private async deleteCascade(
    trx: Kysely<AnyDB>,
    collection: Collection,
    id: string,
    depth: number,
    changes: RecordChange[],
  ): Promise<void> {
    if (depth > 16) throw badRequest("Failed to delete record.");
    for (const other of allCollections()) {
      for (const field of other.fields) {
        if (field.type !== "relation" || field.collectionId !== collection.id) continue;
        const multi = isMultiValue(field);
        const rows = await findReferencing(trx, this.db.dialect, other, field.name, id, multi);
        for (const row of rows) {
          const rowId = String(row.id);
          if (field.cascadeDelete) {
            await this.deleteCascade(trx, other, rowId, depth + 1, changes);
          } else if (field.required) {
            throw badRequest(
              "Failed to delete record. Make sure that the record is not part of a required relation reference.",
            );
          } else {
            const next = multi ? (toWireValue(field, row[field.name]) as string[]) : [];
            const value = multi ? next.filter((v) => v !== id) : "";
            await updateRow(trx, other, rowId, {
              [field.name]: toStoredValue(field, value),
              updated: nowString(),
            });
            changes.push({ action: "update", collection: other, id: rowId });
          }
        }
      }
    }
    // The row as it was: realtime delivery authorises and presents the deleted record from it.
    const [snapshot] = await findRowsByIds(trx, collection, [id]);
    await deleteRow(trx, collection, id);
    changes.push({ action: "delete", collection, id, record: snapshot });
  }

  /** Server-generated values: slugs from titles, publication dates, autogenerated text. */
  private async fillGenerated(
    collection: Collection,
    values: RecordData,
    current: RecordData | null,
  ): Promise<void> {
    for (const field of collection.fields) {
      if (
        field.type === "text" &&
        field.autogeneratePattern &&
        !field.hidden &&
        field.name !== "id" &&
        values[field.name] === "" &&
        current === null
      ) {
        values[field.name] = generateFromPattern(field.autogeneratePattern);
      }
    }
    const slugField =
      collection.name === "posts"
        ? "slug"
        : collection.name === "entries" || collection.name === "collections"
          ? "name"
          : null;
    const ownerField = collection.name === "collections" ? "owner" : "author";
    if (slugField && values[slugField] === "" && typeof values.title === "string") {
      const base = slugify(values.title) || generateFromPattern("[a-z0-9]{8}");
      let candidate = base;
      for (let n = 2; n < 1000; n++) {
        const taken = await existsOther(
          this.kysely,
          collection,
          [
            { column: ownerField, value: values[ownerField], lower: false },
            { column: slugField, value: candidate, lower: false },
          ],
          String(values.id),
        );
        if (!taken) break;
        candidate = `${base}-${n}`;
      }
      values[slugField] = candidate;
    }
    if (collection.name === "posts" && values.status === "published" && values.publishedAt === "") {
      values.publishedAt = nowString();
    }
    if (collection.name === "entries" && values.date === "" && current === null) {
      const now = new Date();
      values.date = formatDate(
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
      );
    }
  }

  private async checkIdAndRelations(
    collection: Collection,
    values: RecordData,
    errors: FieldErrors,
    isCreate: boolean,
  ): Promise<void> {
    const id = String(values.id);
    if (isCreate && !errors.id) {
      const [existing] = await findRowsByIds(this.kysely, collection, [id]);
      if (existing)
        errors.id = fieldError(
          "validation_pk_invalid",
          "The record primary key is invalid or already exists.",
        );
      else if (isAuthCollection(collection)) {
        for (const other of allCollections()) {
          if (other.id === collection.id || !isAuthCollection(other)) continue;
          const [clash] = await findRowsByIds(this.kysely, other, [id]);
          if (clash)
            errors.id = fieldError(
              "validation_invalid_auth_id",
              "Invalid or duplicated auth record id.",
            );
        }
      }
    }
    for (const index of collection.indexes) {
      if (!index.unique || !index.field || errors[index.field]) continue;
      const columns = index.columns.map((c) => {
        const lower = /^lower\((\w+)\)$/.exec(c);
        const column = lower ? (lower[1] as string) : c;
        return {
          column,
          value: toStoredValue(findField(collection, column) as Field, values[column]),
          lower: Boolean(lower),
        };
      });
      if (index.where && columns.some((c) => c.value === "")) continue;
      if (await existsOther(this.kysely, collection, columns, id)) {
        errors[index.field] = fieldError("validation_not_unique", "Value must be unique.");
      }
    }
    for (const field of collection.fields) {
      if (field.type !== "relation" || errors[field.name]) continue;
      const ids = isMultiValue(field)
        ? (values[field.name] as string[])
        : values[field.name]
          ? [values[field.name] as string]
          : [];
      if (ids.length === 0) continue;
      const target = findCollection(field.collectionId);
      const found = target ? await findRowsByIds(this.kysely, target, ids) : [];
      if (found.length !== new Set(ids).size) {
        errors[field.name] = fieldError(
          "validation_missing_rel_records",
          "Failed to find all relation records with the provided ids.",
        );
      }
    }
  }

  private async save(
    collection: Collection,
    values: RecordData,
    current: RecordData | null,
  ): Promise<void> {
    const stored: Row = {};
    for (const field of collection.fields) {
      const value = values[field.name];
      if (field.type === "password") {
        // The bcrypt hash, written only when it is new.
        if (typeof value === "string" && value !== "" && value !== current?.password)
          stored[field.name] = value;
        continue;
      }
      // Updates write only the columns that changed.
      if (
        current &&
        field.name !== "id" &&
        JSON.stringify(value) === JSON.stringify(current[field.name])
      )
        continue;
      stored[field.name] = toStoredValue(field, value);
    }
    try {
      if (current) {
        delete stored.id;
        await updateRow(this.kysely, collection, String(values.id), stored);
      } else {
        await insertRow(this.kysely, collection, stored);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/UNIQUE|unique|duplicate key/.test(message)) {
        const index = collection.indexes.find(
          (i) =>
            message.includes(i.name) ||
            i.columns.some((c) => message.includes(`${collection.name}.${c}`)),
        );
        throw badRequest(current ? "Failed to update record." : "Failed to create record.", {
          [index?.field ?? "id"]: fieldError("validation_not_unique", "Value must be unique."),
        });
      }
      throw error;
    }
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
    return findRowBy(
      this.kysely,
      collection,
      field,
      value,
      field === "username" || field === "email",
    );
  }

  /** Loads a record by id without rules (internal use). */
  async findById(collection: Collection, id: string): Promise<Row | undefined> {
    const [row] = await findRowsByIds(this.kysely, collection, [id]);
    return row;
  }

  /**
   * Serialises rows for the wire: sorted keys, hidden fields dropped, email only where
   * visible, `expand` resolved under the related collections' view rules.
   */
  async present(
    collection: Collection,
    rows: Row[],
    request: RequestInfo,
    expand?: string,
    depth = 0,
  ): Promise<RecordData[]> {
    const superuser = isSuperuser(request);
    let managed = new Set<string>();
    if (
      isAuthCollection(collection) &&
      !superuser &&
      request.auth &&
      collection.auth.manageRule !== null &&
      rows.length
    ) {
      const condition = this.ruleCondition(collection, collection.auth.manageRule, request);
      if (condition === true) managed = new Set(rows.map((r) => String(r.id)));
      else if (condition !== false) {
        const matched = await findRowsByIds(
          this.kysely,
          collection,
          rows.map((r) => String(r.id)),
          condition,
        );
        managed = new Set(matched.map((r) => String(r.id)));
      }
    }
    const layout = presentedKeys(collection, superuser);
    const records = rows.map((row) => {
      const out: RecordData = {};
      for (const { key, field, value } of layout)
        out[key] = field ? toWireValue(field, row[field.name]) : value;
      if (collection.type === "auth" && !superuser) {
        const self =
          request.auth?.collection.id === collection.id && request.auth.record.id === row.id;
        if (!out.emailVisibility && !self && !managed.has(String(row.id))) delete out.email;
      }
      return out;
    });
    if (expand && depth < MAX_EXPAND_DEPTH) {
      await this.expand(collection, records, expand, request, depth);
      // `expand` joined last: move it to its sorted place.
      return records.map(sortKeys);
    }
    return records;
  }

  private async expand(
    collection: Collection,
    records: RecordData[],
    expand: string,
    request: RequestInfo,
    depth: number,
  ): Promise<void> {
    const groups = new Map<string, string[]>();
    for (const path of expand
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [head, ...rest] = path.split(".");
      if (!head) continue;
      const list = groups.get(head) ?? [];
      if (rest.length) list.push(rest.join("."));
      groups.set(head, list);
    }
    for (const record of records) record.expand ??= {};
    const expandRequest: RequestInfo = { ...request, context: "expand" };
    for (const [head, subPaths] of groups) {
      const sub = subPaths.length ? subPaths.join(",") : undefined;
      const field = findField(collection, head);
      if (field?.type === "relation") {
        const target = findCollection(field.collectionId);
        if (!target) continue;
        const ids = [
          ...new Set(
            records.flatMap((r) =>
              Array.isArray(r[head]) ? (r[head] as string[]) : r[head] ? [r[head] as string] : [],
            ),
          ),
        ];
        const rows = await this.visibleRows(target, ids, expandRequest);
        const presented = await this.present(target, rows, request, sub, depth + 1);
        const byId = new Map(presented.map((p) => [p.id as string, p]));
        for (const record of records) {
          const exp = record.expand as RecordData;
          if (isMultiValue(field)) {
            const list = (record[head] as string[]).map((id) => byId.get(id)).filter(Boolean);
            if (list.length) exp[head] = list;
          } else if (record[head] && byId.has(record[head] as string)) {
            exp[head] = byId.get(record[head] as string);
          }
        }
        continue;
      }
      const via = /^(\w+)_via_(\w+)$/.exec(head);
      const target = via ? findCollection(via[1] as string) : undefined;
      const relField = target && via ? findField(target, via[2] as string) : undefined;
      if (!target || relField?.type !== "relation" || relField.collectionId !== collection.id)
        continue;
      for (const record of records) {
        const rows = await findReferencing(
          this.kysely,
          this.db.dialect,
          target,
          relField.name,
          String(record.id),
          isMultiValue(relField),
        );
        const visible = await this.visibleRows(
          target,
          rows.slice(0, MAX_BACK_RELATION_EXPAND).map((r) => String(r.id)),
          expandRequest,
          true,
        );
        if (visible.length)
          (record.expand as RecordData)[head] = await this.present(
            target,
            visible,
            request,
            sub,
            depth + 1,
          );
      }
    }
  }

  /**
   * The rows among `ids` the request may see through an expand: those its view rule allows
   * and, for a back-relation (`listed`), its list rule too. SECURITY: a back-relation expand
   * lists the records pointing at a record, so it must never show what the list rule hides
   * (unlisted entries and collections are viewable by link, never listed to others; ADR 015).
   * PocketBase applies only the view rule there.
   */
  private async visibleRows(
    collection: Collection,
    ids: string[],
    request: RequestInfo,
    listed = false,
  ): Promise<Row[]> {
    if (ids.length === 0) return [];
    if (isSuperuser(request)) return findRowsByIds(this.kysely, collection, ids);
    const rules = listed ? [collection.viewRule, collection.listRule] : [collection.viewRule];
    const conditions: Sql[] = [];
    for (const rule of rules) {
      if (rule === null) return [];
      const condition = rule ? this.ruleCondition(collection, rule, request) : true;
      if (condition === false) return [];
      if (condition !== true) conditions.push(condition);
    }
    const where = conditions.length ? sql`(${sql.join(conditions, sql` AND `)})` : null;
    return findRowsByIds(this.kysely, collection, ids, where);
  }
}

/** One key of a presented record: a constant, or a field read from the row. */
interface PresentedKey {
  key: string;
  field: Field | null;
  value: unknown;
}

const presentedKeyCache = new WeakMap<
  Collection,
  { guest: PresentedKey[]; superuser: PresentedKey[] }
>();

/**
 * The keys a record of the collection is presented with (password and token key never,
 * hidden fields for superusers only), already sorted: records are built in wire order
 * instead of being sorted one by one. Cached per collection object (registry collections
 * are never mutated).
 */
function presentedKeys(collection: Collection, superuser: boolean): readonly PresentedKey[] {
  let cached = presentedKeyCache.get(collection);
  if (!cached) {
    const build = (forSuperuser: boolean): PresentedKey[] => {
      const keys: PresentedKey[] = [
        { key: "collectionId", field: null, value: collection.id },
        { key: "collectionName", field: null, value: collection.name },
      ];
      for (const field of collection.fields) {
        if (field.type === "password" || field.name === "tokenKey") continue;
        if (field.hidden && !forSuperuser) continue;
        keys.push({ key: field.name, field, value: undefined });
      }
      // The order of `Object.keys(record).sort()`: UTF-16 code units.
      return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    };
    cached = { guest: build(false), superuser: build(true) };
    presentedKeyCache.set(collection, cached);
  }
  return superuser ? cached.superuser : cached.guest;
}

function sortKeys(record: RecordData): RecordData {
  const out: RecordData = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key];
  return out;
}

/**
 * Record writes (create, update, delete with its cascade) under the collections' API rules,
 * each in one transaction with the record lifecycle ({@link RecordHooks}) around it: before
 * hooks, the row, after hooks, then commit or rollback hooks. Inside a batch, every write
 * joins the batch's transaction.
 */
import type { Database } from "../../data/db.ts";
import {
  countRows,
  deleteRow,
  findReferencing,
  findRowsByIds,
  lockRow,
  type Row,
} from "../../data/repositories/record-repository.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import type { UploadedFile } from "../../tools/filesystem/index.ts";
import { hashPassword, verifyPassword } from "../../tools/security/passwords.ts";
import { randomSecret } from "../auth/secrets.ts";
import { allCollections } from "../collections/collection-lookup.ts";
import { badRequest, fieldError, forbidden, notFound, type FieldErrors } from "../errors.ts";
import { fileNames, oversizedImageErrors } from "../files/file-input.ts";
import type { RecordFiles } from "../files/record-files.ts";
import { isAuthCollection, isMultiValue, type Collection } from "../models/collection.ts";
import { RecordExpander } from "./record-expand.ts";
import { rowToRecord } from "./record-export.ts";
import type { RecordAction, RecordEvent, RecordHooks, StandIn } from "./record-hooks.ts";
import { applyBody, generateFromPattern } from "./record-input.ts";
import { isSuperuser, RecordQuery } from "./record-query.ts";
import { checkIdAndRelations, saveRecord } from "./record-store.ts";
import { PendingWrite, runInUnit, type UnitOfWork } from "./record-unit.ts";
import { validatePassword, validateRecord } from "./record-validation.ts";
import type { RecordData, RequestInfo } from "./request-info.ts";
import { emptyValue, nowString, toStoredValue } from "./values.ts";

/** Max depth of a delete cascade. */
const MAX_CASCADE_DEPTH = 16;

/** What a {@link RecordWriter} writes with. */
export interface RecordWriteContext {
  /** The database handle: a transaction's when `unit` is set. */
  readonly db: Database;
  /** The ordinary handle (commit and rollback hooks get it). */
  readonly root: Database;
  /** Storage of file fields' files; null when no file may be stored. */
  readonly files: RecordFiles | null;
  /** The lifecycle hooks. */
  readonly hooks: RecordHooks;
  /** The outer unit of work (a batch) every write joins; null for a transaction per write. */
  readonly unit: UnitOfWork | null;
}

/** The handles of one write's transaction. */
interface Scope {
  db: Database;
  unit: UnitOfWork;
  query: RecordQuery;
  expander: RecordExpander;
}

/** Creates, updates and deletes records. */
export class RecordWriter {
  private readonly ctx: RecordWriteContext;

  constructor(ctx: RecordWriteContext) {
    this.ctx = ctx;
  }

  /** Runs `work` in the outer unit of work, or in a transaction of its own. */
  private async inUnit<T>(work: (scope: Scope) => Promise<T>): Promise<T> {
    const scope = (db: Database, unit: UnitOfWork): Scope => {
      const query = new RecordQuery(db);
      return { db, unit, query, expander: new RecordExpander(query) };
    };
    const outer = this.ctx.unit;
    if (outer) return work(scope(this.ctx.db, outer));
    return runInUnit(this.ctx.db, (db, unit) => work(scope(db, unit)));
  }

  /** Starts the lifecycle of one write (its rollback hooks are armed from here on). */
  private begin(
    scope: Scope,
    action: RecordAction,
    collection: Collection,
    request: RequestInfo,
    values: RecordData,
    old: { record: RecordData; row: Row } | null,
    cascade = false,
    input?: RecordData,
  ): PendingWrite {
    const event: RecordEvent = {
      ...(input ? { input } : {}),
      action,
      collection,
      id: String(values.id),
      request,
      old: old?.record ?? null,
      oldRow: old?.row ?? null,
      values,
      db: scope.db,
      files: { stored: [], replaced: [] },
      cascade,
      updateRelated: (other, otherId, changes) =>
        this.updateRelated(scope, other, otherId, changes, request),
    };
    return new PendingWrite(this.ctx.hooks, scope.unit, this.ctx.root, event, !!this.ctx.unit);
  }

  /** Stores a write's new uploads (before its row is written; see RecordFiles). */
  private async storeUploads(write: PendingWrite, uploads: readonly UploadedFile[]): Promise<void> {
    if (uploads.length === 0) return;
    const files = this.ctx.files;
    if (!files) throw new Error("file uploads need a file storage");
    if (uploads.some((u) => !u.complete)) throw new Error("an incomplete upload cannot be stored");
    const { collection, id } = write.event;
    // All or nothing (a partial write is undone by writeUploads); a rollback deletes them.
    await files.writeUploads(collection, id, uploads);
    write.event.files.stored.push(...uploads.map((u) => u.name));
  }

  /** Writes the row (one place, so tests can make the write fail). */
  private async save(
    scope: Scope,
    collection: Collection,
    values: RecordData,
    current: RecordData | null,
  ): Promise<void> {
    await saveRecord(scope.db, collection, values, current);
  }

  /** Creates a record and presents it to the request. */
  async create(
    collection: Collection,
    request: RequestInfo,
    rawBody: RecordData,
    expand?: string,
  ): Promise<RecordData> {
    return this.inUnit(async (scope) => {
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
      for (const field of collection.fields) {
        if (
          field.type === "text" &&
          field.autogeneratePattern &&
          !field.hidden &&
          field.name !== "id" &&
          values[field.name] === ""
        ) {
          values[field.name] = generateFromPattern(field.autogeneratePattern);
        }
      }
      const req = { ...request, body: applied.body };
      const manager =
        superuser ||
        (isAuthCollection(collection) &&
          request.auth !== null &&
          collection.auth.manageRule !== null &&
          scope.query.ruleCondition(collection, collection.auth.manageRule, req) === true);
      if (!superuser && collection.createRule) {
        const condition = scope.query.ruleCondition(collection, collection.createRule, req);
        const virtual = { ...values, ...(collection.type === "auth" ? { verified: false } : {}) };
        const ok =
          condition === true ||
          (condition !== false &&
            (await scope.query.virtualMatches(collection, virtual, condition)));
        if (!ok) throw badRequest("Failed to create record.");
      }

      const write = this.begin(scope, "create", collection, request, values, null, false, rawBody);
      try {
        await write.before();
        const errors: FieldErrors = { ...applied.errors, ...validateRecord(collection, values) };
        Object.assign(errors, await oversizedImageErrors(applied.fieldUploads, errors));
        if (isAuthCollection(collection)) {
          const passwordError = validatePassword(collection, applied.password);
          if (passwordError) errors.password = passwordError;
          if (!applied.passwordConfirm)
            errors.passwordConfirm = fieldError("validation_required", "Cannot be blank.");
          else if (applied.password !== applied.passwordConfirm)
            errors.passwordConfirm = fieldError(
              "validation_values_mismatch",
              "Values don't match.",
            );
          if (!manager && values.verified === true)
            errors.verified = fieldError("validation_values_mismatch", "Values don't match.");
        }
        await checkIdAndRelations(scope.db, collection, values, errors, true);
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
        const standIn = write.event.standIn;
        if (standIn) return await this.standIn(scope, write, request, standIn, expand);
        await this.storeUploads(write, applied.uploads);
        await this.save(scope, collection, values, null);
        await write.after();
        return await scope.expander.presentById(collection, String(values.id), request, expand);
      } catch (error) {
        await write.failed();
        throw error;
      }
    });
  }

  /**
   * Answers a create that a before hook stood in for (ADR 061): nothing is stored, its
   * rollback hooks run, its `committed` waits for the commit, and the record is presented
   * from its values as the stored one would be.
   */
  private async standIn(
    scope: Scope,
    write: PendingWrite,
    request: RequestInfo,
    standIn: StandIn,
    expand?: string,
  ): Promise<RecordData> {
    await write.discard();
    const { committed } = standIn;
    if (committed)
      scope.unit.afterCommit.push(async () => {
        await committed();
      });
    const { collection } = write.event;
    const values = { ...write.event.values, ...standIn.values };
    const row: Row = {};
    for (const field of collection.fields)
      row[field.name] = toStoredValue(field, values[field.name]);
    const [record] = await scope.expander.present(collection, [row], request, expand);
    return record as RecordData;
  }

  /**
   * Updates a record and presents it to the request. Read, apply and write happen in one
   * transaction on a locked row: two concurrent PATCHes (`tags+`) never lose one another's
   * change.
   */
  async update(
    collection: Collection,
    request: RequestInfo,
    id: string,
    rawBody: RecordData,
    expand?: string,
  ): Promise<RecordData> {
    return this.inUnit(async (scope) => {
      await lockRow(scope.db.kysely, scope.db.dialect, collection, id);
      const superuser = isSuperuser(request);
      if (!superuser && collection.updateRule === null)
        throw forbidden("Only superusers can perform this action.");
      const [row] = await findRowsByIds(scope.db.kysely, collection, [id]);
      if (!row) throw notFound();
      const current = rowToRecord(collection, row);
      const applied = applyBody(collection, current, rawBody, {
        isCreate: false,
        canSetHidden: superuser,
      });
      const req = { ...request, body: applied.body };
      if (!superuser && collection.updateRule) {
        const condition = scope.query.ruleCondition(collection, collection.updateRule, req);
        if (!(await scope.query.rowMatches(collection, id, condition))) throw notFound();
      }
      const values = applied.values;
      const old = { record: current, row };
      const write = this.begin(scope, "update", collection, request, values, old, false, rawBody);
      try {
        await write.before();
        const errors: FieldErrors = {
          ...applied.errors,
          ...validateRecord(collection, values, applied.touched),
        };
        Object.assign(errors, await oversizedImageErrors(applied.fieldUploads, errors));
        if (Object.hasOwn(rawBody, "id") && rawBody.id !== id) {
          errors.id = fieldError(
            "validation_pk_change",
            "The record primary key cannot be changed.",
          );
        }
        let newPasswordHash: string | undefined;
        if (isAuthCollection(collection)) {
          const manager = await scope.query.canManage(collection, req, id);
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
              errors.passwordConfirm = fieldError(
                "validation_values_mismatch",
                "Values don't match.",
              );
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
        await checkIdAndRelations(scope.db, collection, values, errors, false);
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
        await this.storeUploads(write, applied.uploads);
        for (const field of collection.fields) {
          if (field.type !== "file") continue;
          const kept = new Set(fileNames(values[field.name]));
          const dropped = fileNames(current[field.name]).filter((name) => !kept.has(name));
          write.event.files.replaced.push(...dropped);
        }
        await this.save(scope, collection, values, current);
        await write.after();
        return await scope.expander.presentById(collection, id, request, expand);
      } catch (error) {
        await write.failed();
        throw error;
      }
    });
  }

  /** Deletes a record, cascading to dependants in the same transaction. */
  async delete(collection: Collection, request: RequestInfo, id: string): Promise<void> {
    await this.inUnit(async (scope) => {
      const row = await scope.query.findVisible(collection, request, id, "deleteRule");
      if (
        collection.id === SUPERUSERS_COLLECTION_ID &&
        (await countRows(scope.db.kysely, collection, null)) <= 1
      ) {
        throw badRequest("You can't delete the only existing superuser.");
      }
      await this.deleteRecord(scope, collection, request, row, 0);
    });
  }

  /**
   * Deletes one record: its before hooks, then its dependants (cascaded deletes, or references
   * to it removed), the row, its after hooks.
   */
  private async deleteRecord(
    scope: Scope,
    collection: Collection,
    request: RequestInfo,
    row: Row,
    depth: number,
  ): Promise<void> {
    if (depth > MAX_CASCADE_DEPTH) throw badRequest("Failed to delete record.");
    const id = String(row.id);
    const record = rowToRecord(collection, row);
    const write = this.begin(
      scope,
      "delete",
      collection,
      request,
      record,
      { record, row },
      depth > 0,
    );
    try {
      await write.before();
      for (const other of allCollections()) {
        for (const field of other.fields) {
          if (field.type !== "relation" || field.collectionId !== collection.id) continue;
          const multi = isMultiValue(field);
          const { kysely, dialect } = scope.db;
          const rows = await findReferencing(kysely, dialect, other, field.name, id, multi);
          for (const referencing of rows) {
            if (field.cascadeDelete) {
              // A row reached twice through the cascade is deleted once.
              const [still] = await findRowsByIds(kysely, other, [String(referencing.id)]);
              if (still) await this.deleteRecord(scope, other, request, still, depth + 1);
            } else if (field.required) {
              throw badRequest(
                "Failed to delete record. Make sure that the record is not part of a required relation reference.",
              );
            } else {
              await this.removeReference(scope, other, field.name, referencing, id, request);
            }
          }
        }
      }
      // The row as it was just before the delete: realtime delivery authorises and presents
      // the deleted record from it.
      const [snapshot] = await findRowsByIds(scope.db.kysely, collection, [id]);
      write.event.oldRow = snapshot ?? row;
      await deleteRow(scope.db.kysely, collection, id);
      await write.after();
    } catch (error) {
      await write.failed();
      throw error;
    }
  }

  /** Drops `id` from a reference of another record (an update with its own lifecycle). */
  private async removeReference(
    scope: Scope,
    collection: Collection,
    fieldName: string,
    row: Row,
    id: string,
    request: RequestInfo,
  ): Promise<void> {
    const value = rowToRecord(collection, row)[fieldName];
    const changes = { [fieldName]: Array.isArray(value) ? value.filter((v) => v !== id) : "" };
    await this.cascadeUpdate(scope, collection, row, changes, request);
  }

  /** {@link RecordEvent.updateRelated}: a cascaded update of another record, on its locked row. */
  private async updateRelated(
    scope: Scope,
    collection: Collection,
    id: string,
    changes: Readonly<RecordData>,
    request: RequestInfo,
  ): Promise<void> {
    await lockRow(scope.db.kysely, scope.db.dialect, collection, id);
    const [row] = await findRowsByIds(scope.db.kysely, collection, [id]);
    if (row) await this.cascadeUpdate(scope, collection, row, changes, request);
  }

  /** Writes `changes` over a stored row, as a cascaded update with its own lifecycle. */
  private async cascadeUpdate(
    scope: Scope,
    collection: Collection,
    row: Row,
    changes: Readonly<RecordData>,
    request: RequestInfo,
  ): Promise<void> {
    const current = rowToRecord(collection, row);
    const values: RecordData = { ...current, ...changes, updated: nowString() };
    const old = { record: current, row };
    const write = this.begin(scope, "update", collection, request, values, old, true);
    try {
      await write.before();
      await this.save(scope, collection, values, current);
      await write.after();
    } catch (error) {
      await write.failed();
      throw error;
    }
  }
}

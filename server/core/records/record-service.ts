/**
 * Records: list, view, create, update and delete under the collection's API rules, with
 * PocketBase's semantics (null rule = superusers only, "" = anyone, expression = must
 * match; list filters silently, view/update/delete answer 404, create answers 400).
 *
 * A facade over the parts that do the work: {@link RecordQuery} (reads, rules, visibility),
 * {@link RecordWriter} (writes in transactions, with the record lifecycle {@link RecordHooks}),
 * {@link RecordExpander} (records as a viewer sees them, `expand`).
 */
import type { Database } from "../../data/db.ts";
import type { RecordFiles } from "../files/record-files.ts";
import type { Collection } from "../models/collection.ts";
import { registerRecordHooks } from "./hooks/register-hooks.ts";
import { RecordEvents } from "./record-events.ts";
import { RecordExpander } from "./record-expand.ts";
import { RecordHooks } from "./record-hooks.ts";
import { RecordQuery, type ListQuery } from "./record-query.ts";
import { runInUnit, type UnitOfWork } from "./record-unit.ts";
import { RecordWriter } from "./record-write.ts";
import type { RecordData, RequestInfo } from "./request-info.ts";

export { MAX_EXPAND_DEPTH } from "./record-expand.ts";
export { rowToRecord } from "./record-export.ts";
export type { ListQuery } from "./record-query.ts";

/** A list page. */
export interface ListResult {
  items: RecordData[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

/** What a transaction-scoped copy of the service shares with its parent. */
interface Scope {
  unit: UnitOfWork;
  hooks: RecordHooks;
  root: Database;
}

/** Record CRUD with access rules. */
export class RecordService {
  /** The database handle (a transaction's, in the service a batch hands out). */
  readonly db: Database;
  /** Committed changes (create, update, delete). */
  readonly events: RecordEvents;
  /** Storage of file fields' files; null when the service may not store any. */
  readonly files: RecordFiles | null;
  /**
   * The record lifecycle: feature modules register their hooks here at start-up (revision
   * history, pending edits, search index, cache invalidation). The built-in ones (change
   * events, file clean-up, slugs, dates) are registered by the constructor.
   */
  readonly hooks: RecordHooks;
  /** A rule's condition over the main alias, or true/false when it folds to a constant. */
  readonly ruleCondition: RecordQuery["ruleCondition"];
  /**
   * The SQL condition of a client `filter` over the main alias (null when it matches
   * everything), checked as list filters are; for queries beyond records CRUD (log stats).
   */
  readonly clientFilterSql: RecordQuery["clientFilterSql"];
  /**
   * Whether the stored record `id` satisfies `rule` for the request (no superuser bypass, no
   * `null` handling: the caller decides what a locked rule means). Used for the authRule.
   */
  readonly recordMatchesRule: RecordQuery["recordMatchesRule"];
  /** Whether the request matches the auth collection's manageRule for this record. */
  readonly canManage: RecordQuery["canManage"];
  /**
   * Finds an auth record by identity field. Emails and usernames are unique
   * case-insensitively (their indexes are on `lower(...)`), so they match in any case.
   */
  readonly findAuthRecord: RecordQuery["findAuthRecord"];
  /** Loads a record by id without rules (internal use). */
  readonly findById: RecordQuery["findById"];
  /** Creates a record (in a transaction, with its lifecycle hooks) and presents it. */
  readonly create: RecordWriter["create"];
  /** Updates a record (in a transaction, with its lifecycle hooks) and presents it. */
  readonly update: RecordWriter["update"];
  /** Deletes a record, cascading to dependants in one transaction (hooks run for each). */
  readonly delete: RecordWriter["delete"];
  /**
   * Serialises rows for the wire: sorted keys, hidden fields dropped, email only where
   * visible, `expand` resolved under the related collections' view rules.
   */
  readonly present: RecordExpander["present"];
  private readonly scope: Scope | null;
  private readonly query: RecordQuery;
  private readonly expander: RecordExpander;
  private readonly writer: RecordWriter;

  /**
   * @param scope internal: set for the transaction-scoped copy {@link RecordService.batch}
   *   hands out
   */
  constructor(
    db: Database,
    events = new RecordEvents(),
    files: RecordFiles | null = null,
    scope: Scope | null = null,
  ) {
    this.db = db;
    this.events = events;
    this.files = files;
    this.scope = scope;
    if (scope) {
      this.hooks = scope.hooks;
    } else {
      this.hooks = new RecordHooks();
      registerRecordHooks(this.hooks, { events, files });
    }
    this.query = new RecordQuery(db);
    this.expander = new RecordExpander(this.query);
    this.writer = new RecordWriter({
      db,
      root: scope?.root ?? db,
      files,
      hooks: this.hooks,
      unit: scope?.unit ?? null,
    });
    // The facade's plain delegations, bound once.
    const { query, writer, expander } = this;
    this.ruleCondition = query.ruleCondition.bind(query);
    this.clientFilterSql = query.clientFilterSql.bind(query);
    this.recordMatchesRule = query.recordMatchesRule.bind(query);
    this.canManage = query.canManage.bind(query);
    this.findAuthRecord = query.findAuthRecord.bind(query);
    this.findById = query.findById.bind(query);
    this.create = writer.create.bind(writer);
    this.update = writer.update.bind(writer);
    this.delete = writer.delete.bind(writer);
    this.present = expander.present.bind(expander);
  }

  /**
   * Runs `work` with a service whose writes all join one transaction: every write commits
   * or none does. Each write runs its own lifecycle hooks inside that transaction; commit
   * hooks (events, removal of replaced files) run only after the commit, rollback hooks
   * (removal of the files the writes had stored) only after a rollback.
   */
  async batch<T>(work: (scoped: RecordService) => Promise<T>): Promise<T> {
    if (this.scope) return work(this);
    return runInUnit(this.db, (trx, unit) =>
      work(
        new RecordService(trx, this.events, this.files, {
          unit,
          hooks: this.hooks,
          root: this.db,
        }),
      ),
    );
  }

  /** Runs a query built from client input: database type errors become 400s. */
  async guardClientQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.query.guardQuery(fn);
  }

  /** Lists records visible to the request. */
  async list(collection: Collection, request: RequestInfo, query: ListQuery): Promise<ListResult> {
    const { rows, ...paging } = await this.query.listRows(collection, request, query);
    const items = await this.expander.present(collection, rows, request, query.expand);
    return { items, ...paging };
  }

  /** Views one record (404 when missing or hidden by the view rule). */
  async view(
    collection: Collection,
    request: RequestInfo,
    id: string,
    expand?: string,
  ): Promise<RecordData> {
    const row = await this.query.findVisible(collection, request, id, "viewRule");
    const [record] = await this.expander.present(collection, [row], request, expand);
    return record as RecordData;
  }
}

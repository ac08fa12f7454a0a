/**
 * Keeps the full-text index in step with the records (ADR 042, ADR 043): `after*` hooks of the
 * searchable collections write a record's document in the write's own transaction, so a saved
 * entry is found at once and an edit, a visibility change or a delete applies at once (batches
 * and cascades run the same hooks). A change to a related record's watched fields (an entry's
 * collection: its title, visibility, owner) rewrites the documents of the records pointing at it.
 *
 * `rebuild` re-indexes everything (`npx cahier reindex`) while the server keeps serving and
 * writing: into fresh tables swapped in at the end where the engine rebuilds that way (SQLite),
 * in place in small transactions otherwise (PostgreSQL).
 */
import type { Database } from "../../data/db.ts";
import { SEARCH_KINDS, SEARCH_SPECS, findSearchSpec } from "../../data/registry/search.ts";
import {
  countDocuments,
  createStagedIndex,
  dropStagedIndex,
  idsRelatedTo,
  idsToCatchUp,
  indexRecords,
  optimizeSearchIndex,
  recordIdsAfter,
  removeDocuments,
  removeOrphanDocuments,
  stageDocuments,
  swapStagedIndex,
} from "../../data/repositories/search-repository.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import { formatDate } from "../records/values.ts";

/** Records re-indexed per transaction by {@link SearchIndex.rebuild}. */
export const REINDEX_BATCH_SIZE = 500;

/**
 * How far before a staged rebuild's start its catch-up looks for changed records: a write
 * whose autodate was taken just before the start may commit just after it.
 */
const CATCH_UP_MARGIN_MS = 60_000;

/** Records re-written per statement by a staged rebuild's catch-up. */
const CATCH_UP_CHUNK = 500;

/** What a rebuild did. */
export interface ReindexReport {
  /** Documents written, per searchable collection. */
  documents: Record<string, number>;
  /** Wall time, in milliseconds. */
  ms: number;
}

/** The index's upkeep: lifecycle hooks and full rebuilds. */
export class SearchIndex {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Registers the index's hooks on a record lifecycle (once, at start-up). */
  register(hooks: RecordHooks): void {
    const related = [
      ...new Set(SEARCH_SPECS.flatMap((s) => (s.related ? [s.related.collection] : []))),
    ];
    hooks.on(["afterCreate", "afterUpdate"], (e) => this.written(e), { collections: SEARCH_KINDS });
    hooks.on("afterDelete", (e) => removeDocuments(e.db, e.collection.name, [e.id]), {
      collections: SEARCH_KINDS,
    });
    hooks.on("afterUpdate", (e) => this.relatedChanged(e), { collections: related });
  }

  /** Writes the document of a created or updated record, in its transaction. */
  private async written(event: RecordEvent): Promise<void> {
    const spec = findSearchSpec(event.collection.name);
    if (spec) await indexRecords(event.db, spec, [event.id]);
  }

  /** Rewrites the documents that borrow text from an updated record, when that text changed. */
  private async relatedChanged(event: RecordEvent): Promise<void> {
    for (const spec of SEARCH_SPECS) {
      const related = spec.related;
      if (related?.collection !== event.collection.name || !event.old) continue;
      const old = event.old;
      if (related.watched.every((field) => old[field] === event.values[field])) continue;
      await indexRecords(event.db, spec, await idsRelatedTo(event.db, spec, event.id));
    }
  }

  /**
   * Re-indexes every record, {@link REINDEX_BATCH_SIZE} at a time, then compacts the index.
   * Searches meanwhile read the current index; writes meanwhile are never lost (see
   * {@link rebuildStaged} and {@link rebuildInPlace}).
   */
  async rebuild(batchSize = REINDEX_BATCH_SIZE): Promise<ReindexReport> {
    const started = performance.now();
    const documents = (await createStagedIndex(this.db))
      ? await this.rebuildStaged(batchSize)
      : await this.rebuildInPlace(batchSize);
    await optimizeSearchIndex(this.db);
    return { documents, ms: performance.now() - started };
  }

  /**
   * Writes every document into fresh tables, then, in one transaction, swaps them in and
   * re-writes the records changed since the rebuild began (or whose related record changed,
   * or without a document) and drops the documents of records deleted meanwhile: the index
   * ends exactly as the records are, whatever was written during the rebuild.
   */
  private async rebuildStaged(batchSize: number): Promise<Record<string, number>> {
    const since = formatDate(new Date(Date.now() - CATCH_UP_MARGIN_MS));
    try {
      let nextId = 1;
      for (const spec of SEARCH_SPECS) {
        let after = "";
        for (;;) {
          const ids = await recordIdsAfter(this.db, spec.collection, after, batchSize);
          const last = ids[ids.length - 1];
          if (last === undefined) break;
          nextId += await stageDocuments(this.db, spec, ids, nextId);
          after = last;
        }
      }
      await this.db.kysely.transaction().execute(async (trx) => {
        const scoped = { ...this.db, kysely: trx };
        await swapStagedIndex(scoped);
        for (const spec of SEARCH_SPECS) {
          const changed = await idsToCatchUp(scoped, spec, since);
          for (let i = 0; i < changed.length; i += CATCH_UP_CHUNK)
            await indexRecords(scoped, spec, changed.slice(i, i + CATCH_UP_CHUNK));
          await removeOrphanDocuments(scoped, spec.collection);
        }
      });
    } catch (error) {
      await dropStagedIndex(this.db);
      throw error;
    }
    return countDocuments(this.db);
  }

  /**
   * Re-writes every document in place, one transaction per batch (each batch locks the rows
   * it reads where the engine needs it, so a concurrent write is never overwritten by an
   * older document), then drops the documents of records that no longer exist.
   */
  private async rebuildInPlace(batchSize: number): Promise<Record<string, number>> {
    const documents: Record<string, number> = {};
    for (const spec of SEARCH_SPECS) {
      let after = "";
      let written = 0;
      for (;;) {
        const batch = await this.db.kysely.transaction().execute(async (trx) => {
          const scoped = { ...this.db, kysely: trx };
          const ids = await recordIdsAfter(scoped, spec.collection, after, batchSize);
          return { ids, written: await indexRecords(scoped, spec, ids, true) };
        });
        const last = batch.ids[batch.ids.length - 1];
        if (last === undefined) break;
        written += batch.written;
        after = last;
      }
      await this.db.kysely
        .transaction()
        .execute((trx) => removeOrphanDocuments({ ...this.db, kysely: trx }, spec.collection));
      documents[spec.collection] = written;
    }
    return documents;
  }

  /** How many documents the index holds, per collection. */
  count(): Promise<Record<string, number>> {
    return countDocuments(this.db);
  }
}

/**
 * Keeps the full-text index in step with the records (ADR 042, ADR 043): `after*` hooks of the
 * searchable collections write a record's document in the write's own transaction, so a saved
 * entry is found at once and an edit, a visibility change or a delete applies at once (batches
 * and cascades run the same hooks). A change to a related record's watched fields (an entry's
 * collection: its title, visibility, owner) rewrites the documents of the records pointing at it.
 *
 * `rebuild` re-indexes everything in small transactions (`npx cahier reindex`), while the
 * server keeps serving and writing.
 */
import type { Database } from "../../data/db.ts";
import { SEARCH_KINDS, SEARCH_SPECS, findSearchSpec } from "../../data/registry/search.ts";
import {
  countDocuments,
  idsRelatedTo,
  indexRecords,
  optimizeSearchIndex,
  recordIdsAfter,
  removeDocuments,
  removeOrphanDocuments,
} from "../../data/repositories/search-repository.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";

/** Records re-indexed per transaction by {@link SearchIndex.rebuild}. */
export const REINDEX_BATCH_SIZE = 500;

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
   * Re-indexes every record, {@link REINDEX_BATCH_SIZE} per transaction (each batch locks the
   * rows it reads where the engine needs it, so a concurrent write is never overwritten by an
   * older document), then drops the documents of records that no longer exist.
   */
  async rebuild(batchSize = REINDEX_BATCH_SIZE): Promise<ReindexReport> {
    const started = performance.now();
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
    await optimizeSearchIndex(this.db);
    return { documents, ms: performance.now() - started };
  }

  /** How many documents the index holds, per collection. */
  count(): Promise<Record<string, number>> {
    return countDocuments(this.db);
  }
}

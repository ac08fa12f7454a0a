/**
 * The revision history of entries and posts (issue 13, ADR 041), written from the record
 * lifecycle in the write's own transaction: a failing revision write rolls the record write
 * back, and deleting a record deletes its history (Recently deleted keeps a copy of it until
 * the record is restored or purged, ADR 067; a restore brings the rows back and adds none).
 *
 * Each create, save, publish and restore adds a revision. Autosaves coalesce per editing
 * session: an editing session is a run of consecutive autosaves of one record, with no other
 * revision between them, that started less than {@link AUTOSAVE_SESSION_MS} ago. While the
 * record's newest revision is such an autosave, the next autosave rewrites it (its `created`
 * stays the session's start, its `updated` moves); otherwise the autosave starts a new
 * revision (and a new session). An update that changes nothing stored adds no revision; if
 * it is explicit (not an autosave), it ends the open session: that autosave becomes a `save`.
 */
import {
  deleteHistory,
  deleteRevisionsUpTo,
  findNewestRevision,
  type HistoryKey,
} from "../../data/repositories/revision-repository.ts";
import { REVISIONED_COLLECTIONS, revisionsCollection } from "../../data/registry/revisions.ts";
import type { Database } from "../../data/db.ts";
import { rowToRecord } from "../records/record-export.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import { generateFromPattern } from "../records/record-input.ts";
import { saveRecord } from "../records/record-store.ts";
import type { RecordData } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";
import { readMarker, revisionKind } from "./revision-kind.ts";
import { DEFAULT_REVISION_SETTINGS, type RevisionSettings } from "./revision-settings.ts";
import { sameState, snapshotOf } from "./revision-snapshot.ts";

/** How long an editing session of autosaves lasts, from its first autosave: 10 minutes. */
export const AUTOSAVE_SESSION_MS = 10 * 60 * 1000;

/** Parses a stored date (`YYYY-MM-DD HH:MM:SS.sssZ`) into milliseconds. */
const millis = (stored: unknown): number =>
  typeof stored === "string" ? Date.parse(stored.replace(" ", "T")) : Number.NaN;

/** Writes and trims revision histories; register it on a record lifecycle once. */
export class RevisionHistory {
  /** The settings in force (the cap); unbounded until the settings service is bound. */
  settings: () => RevisionSettings = () => DEFAULT_REVISION_SETTINGS;
  /** The time source of `created`/`updated` and of the session window (settable in tests). */
  now: () => Date = () => new Date();

  /** Registers the history's hooks for `entries` and `posts` on `hooks`. */
  register(hooks: RecordHooks): void {
    const only = { collections: REVISIONED_COLLECTIONS };
    // An unknown marker is refused before anything is written.
    hooks.on(
      ["beforeCreate", "beforeUpdate"],
      (e) => {
        if (!e.cascade) readMarker(e.request, e.action === "create" ? "create" : "update");
      },
      only,
    );
    hooks.on(["afterCreate", "afterUpdate"], (e) => this.record(e), only);
    hooks.on("afterDelete", (e) => this.forget(e), only);
  }

  /**
   * Writes one revision row: inserts it (`current` null) or rewrites it. The one place rows
   * are written, so tests can make it fail.
   */
  async save(db: Database, values: RecordData, current: RecordData | null): Promise<void> {
    await saveRecord(db, revisionsCollection, values, current);
  }

  /** Records the state a create or update left, in its transaction. */
  private async record(event: RecordEvent): Promise<void> {
    // A restored record comes back with its own history (ADR 067).
    if (event.restored) return;
    const { db, values } = event;
    const key: HistoryKey = { collection: event.collection.name, record: event.id };
    const kind = revisionKind(event);
    const now = this.now();
    const stamp = formatDate(now);
    // A new record has no history yet: its first revision needs no lookup.
    const newestRow = event.old ? await findNewestRevision(db.kysely, key) : undefined;
    const newest = newestRow ? rowToRecord(revisionsCollection, newestRow) : null;
    const state = {
      author: typeof values.author === "string" ? values.author : "",
      ...snapshotOf(event.collection, values),
    };

    if (event.old && sameState(event.collection, event.old, values)) {
      if (kind !== "autosave" && newest?.kind === "autosave")
        await this.save(db, { ...newest, kind: "save", updated: stamp }, newest);
      return;
    }
    if (
      kind === "autosave" &&
      newest?.kind === "autosave" &&
      now.getTime() - millis(newest.created) < AUTOSAVE_SESSION_MS
    ) {
      await this.save(db, { ...newest, ...state, updated: stamp }, newest);
      return;
    }
    // `created` never goes backwards within a history (the newest is found by it).
    const created =
      typeof newest?.created === "string" && newest.created > stamp ? newest.created : stamp;
    const version = (typeof newest?.version === "number" ? newest.version : 0) + 1;
    await this.save(
      db,
      {
        id: generateFromPattern("[a-z0-9]{15}"),
        record: event.id,
        recordCollection: event.collection.name,
        kind,
        version,
        ...state,
        created,
        updated: stamp,
      },
      null,
    );
    const cap = this.settings().maxPerRecord;
    if (cap > 0 && version > cap) await deleteRevisionsUpTo(db.kysely, key, version - cap);
  }

  /** Deletes a deleted record's history, in the delete's transaction. */
  private async forget(event: RecordEvent): Promise<void> {
    await deleteHistory(event.db.kysely, { collection: event.collection.name, record: event.id });
  }
}

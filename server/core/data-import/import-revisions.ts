/**
 * Version histories read back from a Cahier export (issue 25): `revisions/<record id>.json`
 * beside the manifest, each record's revisions oldest first. They are written once the
 * records are, under the record the import made from the exported one, before the revision
 * the import itself made (its version moves up), keeping their kind, title, text, other
 * fields and times; so the history panel lists them and any of them can be restored.
 * SECURITY: only under records the importing account owns and that this import created (a
 * record imported back where it still is keeps its own history), always in that account's
 * name. A history already imported (its key `cahier:revisions:<record id>`) is not written
 * again. A dry run writes none.
 */
import { findImported, saveImported } from "../../data/repositories/import-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { shiftRevisionVersions } from "../../data/repositories/revision-repository.ts";
import { REVISION_KINDS, revisionsCollection } from "../../data/registry/revisions.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { generateFromPattern } from "../models/fields/text.ts";
import { saveRecord } from "../records/record-store.ts";
import type { RecordService } from "../records/record-service.ts";
import { nowString } from "../records/values.ts";
import type { ImportSource } from "./import-source.ts";
import { clamp, pbDate, str } from "./import-values.ts";

const ID = /^[a-z0-9]{15}$/;
/** Most revisions one import reads. */
export const MAX_IMPORTED_REVISIONS = 50_000;
/** A revision's text and title, as the collection takes them. */
const MAX_CONTENT = 200_000;
const MAX_TITLE = 200;

/** One exported revision. */
export interface PlannedRevision {
  kind: string;
  version: number;
  title: string;
  content: string;
  data: unknown;
  created: string;
  updated: string;
}

/** The history of one exported record. */
export interface PlannedHistory {
  /** The exported record's id and collection. */
  record: string;
  recordCollection: "posts" | "entries";
  revisions: PlannedRevision[];
}

/** The histories of the export whose manifest sits in `base`. */
export async function readRevisions(source: ImportSource, base: string): Promise<PlannedHistory[]> {
  const prefix = base ? `${base}/revisions/` : "revisions/";
  const out: PlannedHistory[] = [];
  let count = 0;
  for (const name of source.names().filter((n) => n.startsWith(prefix) && n.endsWith(".json"))) {
    const items: unknown = await source.readJson(name);
    if (!Array.isArray(items)) continue;
    let history: PlannedHistory | null = null;
    for (const item of items as unknown[]) {
      if (!item || typeof item !== "object" || count >= MAX_IMPORTED_REVISIONS) continue;
      const r = item as Record<string, unknown>;
      const collection = str(r.recordCollection);
      if (!ID.test(str(r.record))) continue;
      if (collection !== "posts" && collection !== "entries") continue;
      history ??= { record: str(r.record), recordCollection: collection, revisions: [] };
      if (history.record !== str(r.record)) continue;
      const created = pbDate(r.created);
      if (!created) continue;
      history.revisions.push({
        kind: REVISION_KINDS.some((kind) => kind === r.kind) ? str(r.kind) : "save",
        version: typeof r.version === "number" && r.version > 0 ? Math.floor(r.version) : 0,
        title: clamp(str(r.title), MAX_TITLE),
        content: clamp(str(r.content), MAX_CONTENT),
        data: r.data !== null && typeof r.data === "object" ? r.data : null,
        created,
        updated: pbDate(r.updated) || created,
      });
      count += 1;
    }
    if (history && history.revisions.length > 0) out.push(history);
  }
  return out;
}

/**
 * Writes the planned histories into `owner`'s records (see the module comment); answers how
 * many revisions were written.
 */
export async function writeRevisions(
  records: RecordService,
  owner: string,
  planned: readonly PlannedHistory[],
): Promise<number> {
  const kysely = records.db.kysely;
  let written = 0;
  for (const history of planned) {
    const key = `cahier:revisions:${history.record}`;
    if (await findImported(kysely, owner, key)) continue;
    const imported = await findImported(
      kysely,
      owner,
      `cahier:${history.recordCollection}:${history.record}`,
    );
    // A record imported back where it still is already has its history.
    if (!imported || imported.recordRef === history.record) continue;
    const collection = requireCollection(history.recordCollection);
    const [target] = await findRowsByIds(kysely, collection, [imported.recordRef]);
    if (target?.author !== owner) continue;
    const revisions = [...history.revisions].sort(
      (a, b) => a.version - b.version || a.created.localeCompare(b.created),
    );
    await records.batch(async (scoped) => {
      const db = scoped.db;
      const historyKey = { collection: history.recordCollection, record: imported.recordRef };
      await shiftRevisionVersions(db.kysely, historyKey, revisions.length);
      for (const [index, revision] of revisions.entries()) {
        await saveRecord(
          db,
          revisionsCollection,
          {
            id: generateFromPattern("[a-z0-9]{15}"),
            record: imported.recordRef,
            recordCollection: history.recordCollection,
            author: owner,
            kind: revision.kind,
            version: index + 1,
            title: revision.title,
            content: revision.content,
            data: revision.data,
            created: revision.created,
            updated: revision.updated,
          },
          null,
        );
      }
      await saveImported(
        db.kysely,
        owner,
        key,
        { recordCollection: revisionsCollection.id, recordRef: imported.recordRef },
        nowString(),
      );
    });
    written += revisions.length;
  }
  return written;
}

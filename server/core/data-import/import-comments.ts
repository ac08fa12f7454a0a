/**
 * Comments read back from a Cahier export (ADR 065): `comments/<record id>.json` beside the
 * manifest. They are written once the records are, as the operator (a comment keeps its
 * status, name and text; the rules would make the importer its author), under the record the
 * import made from the exported one (or that record itself, imported back where it still
 * is). SECURITY: only under the importing account's own records, and never in another
 * account's name: the exporter's own comments become the importing account's, the others
 * keep the commenter's name alone (an archive could name anyone). A comment whose id is
 * already stored is already imported. A dry run writes none.
 */
import { findImported, saveImported } from "../../data/repositories/import-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import { generateFromPattern } from "../models/fields/text.ts";
import { operatorRequest } from "../records/request-info.ts";
import { nowString } from "../records/values.ts";
import type { ImportSource } from "./import-source.ts";
import { str } from "./import-values.ts";

const ID = /^[a-z0-9]{15}$/;
const STATUSES = new Set(["pending", "approved", "rejected", "spam"]);
/** Most comments one import reads. */
export const MAX_IMPORTED_COMMENTS = 20_000;

/** A comment of an export, to write under the record imported from `record`. */
export interface PlannedComment {
  id: string;
  /** The exported record's id and collection. */
  record: string;
  recordCollection: "posts" | "entries";
  parent: string;
  /** The exporter's own comment (it becomes the importing account's). */
  own: boolean;
  author: string;
  authorName: string;
  content: string;
  status: string;
  notifyReplies: boolean;
}

/** The comments of the export whose manifest sits in `base` (exported by `exporter`). */
export async function readComments(
  source: ImportSource,
  base: string,
  exporter: string,
): Promise<PlannedComment[]> {
  const prefix = base ? `${base}/comments/` : "comments/";
  const out: PlannedComment[] = [];
  for (const name of source.names().filter((n) => n.startsWith(prefix) && n.endsWith(".json"))) {
    const items: unknown = await source.readJson(name);
    if (!Array.isArray(items)) continue;
    for (const item of items as unknown[]) {
      if (!item || typeof item !== "object" || out.length >= MAX_IMPORTED_COMMENTS) continue;
      const c = item as Record<string, unknown>;
      const collection = str(c.recordCollection);
      if (!ID.test(str(c.id)) || !ID.test(str(c.record))) continue;
      if (collection !== "posts" && collection !== "entries") continue;
      const author = str(c.author);
      out.push({
        id: str(c.id),
        record: str(c.record),
        recordCollection: collection,
        parent: ID.test(str(c.parent)) ? str(c.parent) : "",
        own: author !== "" && author === exporter,
        author,
        authorName: str(c.authorName),
        content: str(c.content),
        status: STATUSES.has(str(c.status)) ? str(c.status) : "pending",
        notifyReplies: c.notifyReplies === true,
      });
    }
  }
  return out;
}

/**
 * Writes the planned comments into `owner`'s records (parents before replies: the export
 * lists each record's comments oldest first); answers how many were written. A comment keeps
 * its id where it is free, else gets a new one; its import key (`cahier:comments:<id>`)
 * makes a second import of the same archive write nothing again.
 */
export async function writeComments(
  records: RecordService,
  owner: string,
  planned: readonly PlannedComment[],
): Promise<number> {
  const comments = requireCollection("comments");
  const kysely = records.db.kysely;
  const ids = new Map<string, string>();
  let written = 0;
  for (const comment of planned) {
    const key = `cahier:comments:${comment.id}`;
    const known = await findImported(kysely, owner, key);
    if (known) {
      ids.set(comment.id, known.recordRef);
      continue;
    }
    const imported = await findImported(
      kysely,
      owner,
      `cahier:${comment.recordCollection}:${comment.record}`,
    );
    const collection = requireCollection(comment.recordCollection);
    const record = imported?.recordRef ?? comment.record;
    const [target] = await findRowsByIds(kysely, collection, [record]);
    if (target?.author !== owner) continue;
    const taken = (await findRowsByIds(kysely, comments, [comment.id])).length > 0;
    const id = taken ? generateFromPattern("[a-z0-9]{15}") : comment.id;
    const parent = ids.get(comment.parent) ?? "";
    await records.batch(async (scoped) => {
      await scoped.create(comments, operatorRequest(), {
        id,
        record,
        recordCollection: comment.recordCollection,
        parent,
        author: comment.own ? owner : "",
        authorName: comment.authorName,
        content: comment.content,
        status: comment.status,
        notifyReplies: comment.notifyReplies,
      });
      await saveImported(
        scoped.db.kysely,
        owner,
        key,
        { recordCollection: comments.id, recordRef: id },
        nowString(),
      );
    });
    ids.set(comment.id, id);
    written += 1;
  }
  return written;
}

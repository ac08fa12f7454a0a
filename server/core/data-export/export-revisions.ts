/**
 * The version history of an export (issue 25): `revisions/<record id>.json` per entry or post
 * of the account, each a JSON array of its revisions, oldest first (`version` ascending), as
 * the history panel lists them. Read through the records service with the export's request
 * (the rules show a history to its author alone). The import reads them back
 * (`data-import/import-revisions.ts`).
 */
import type { RecordService } from "../records/record-service.ts";
import type { RequestInfo } from "../records/request-info.ts";
import type { ZipStreamSource } from "../../tools/archive/zip-stream.ts";
import { groupedFiles } from "./export-grouped.ts";

const ID_PATTERN = /^[a-z0-9]+$/;
/** The fields a revision is exported with. */
const EXPORTED = [
  "id",
  "record",
  "recordCollection",
  "kind",
  "version",
  "title",
  "content",
  "data",
  "created",
  "updated",
] as const;

/** The archive path of a record's revisions. */
export function revisionsPath(recordId: string): string {
  return `revisions/${recordId}.json`;
}

/** The export's revision files, one per record, in record order. */
export async function* revisionFiles(
  records: RecordService,
  request: RequestInfo,
  owner: string,
): AsyncGenerator<ZipStreamSource> {
  if (!ID_PATTERN.test(owner)) return;
  yield* groupedFiles(records, request, {
    collection: "revisions",
    filter: `author = "${owner}"`,
    sort: "record,version,id",
    fields: EXPORTED,
    path: revisionsPath,
  });
}

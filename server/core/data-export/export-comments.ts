/**
 * The comments of an export (ADR 065): `comments/<record id>.json` per record, each a JSON
 * array, oldest first, of the approved comments on the account's records and of every
 * comment the account wrote. Read through the records service with the export's request
 * (the rules apply); guests' addresses are left out: they are other people's data.
 */
import type { RecordService } from "../records/record-service.ts";
import type { RequestInfo } from "../records/request-info.ts";
import type { ZipStreamSource } from "../../tools/archive/zip-stream.ts";
import { groupedFiles } from "./export-grouped.ts";

const ID_PATTERN = /^[a-z0-9]+$/;
/** The fields a comment is exported with. */
const EXPORTED = [
  "id",
  "record",
  "recordCollection",
  "parent",
  "author",
  "authorName",
  "content",
  "status",
  "source",
  "remoteUrl",
  "remoteActor",
  "remoteAuthorUrl",
  "remoteAvatar",
  "notifyReplies",
  "created",
  "updated",
] as const;

/** The archive path of a record's comments. */
export function commentsPath(recordId: string): string {
  return `comments/${recordId}.json`;
}

/** The export's comment files, one per record, in record order. */
export async function* commentFiles(
  records: RecordService,
  request: RequestInfo,
  owner: string,
): AsyncGenerator<ZipStreamSource> {
  if (!ID_PATTERN.test(owner)) return;
  yield* groupedFiles(records, request, {
    collection: "comments",
    filter: `(recordAuthor = "${owner}" && status = "approved") || author = "${owner}"`,
    sort: "record,created,id",
    fields: EXPORTED,
    path: commentsPath,
  });
}

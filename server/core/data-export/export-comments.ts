/**
 * The comments of an export (ADR 065): `comments/<record id>.json` per record, each a JSON
 * array, oldest first, of the approved comments on the account's records and of every
 * comment the account wrote. Read through the records service with the export's request
 * (the rules apply); guests' addresses are left out: they are other people's data.
 */
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import type { ZipStreamSource } from "../../tools/archive/zip-stream.ts";

/** Comments read per query. */
const PAGE_SIZE = 200;
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
  const comments = requireCollection("comments");
  const filter = `(recordAuthor = "${owner}" && status = "approved") || author = "${owner}"`;
  let current = "";
  let batch: RecordData[] = [];
  const flush = (): ZipStreamSource => ({
    name: commentsPath(current),
    content: new TextEncoder().encode(`${JSON.stringify(batch, null, 1)}\n`),
    compress: true,
  });
  for (let page = 1; ; page += 1) {
    const list = await records.list(comments, request, {
      filter,
      sort: "record,created,id",
      page: String(page),
      perPage: String(PAGE_SIZE),
      skipTotal: "true",
    });
    for (const item of list.items) {
      const record = String(item.record);
      if (record !== current && batch.length > 0) yield flush();
      if (record !== current) batch = [];
      current = record;
      batch.push(Object.fromEntries(EXPORTED.map((key) => [key, item[key]])));
    }
    if (list.items.length < PAGE_SIZE) break;
  }
  if (batch.length > 0) yield flush();
}

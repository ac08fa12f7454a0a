/**
 * JSON files of an export that hold, per record, the rows of another collection about it
 * (its comments, its revisions): one file per record, a JSON array in the given order. Read
 * through the records service with the export's request, so the rules decide what is in it.
 */
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import type { ZipStreamSource } from "../../tools/archive/zip-stream.ts";

/** Rows read per query. */
const PAGE_SIZE = 200;

/** What {@link groupedFiles} reads and writes. */
export interface GroupedRows {
  /** The collection read (its rows have a `record` field). */
  collection: string;
  filter: string;
  /** Must start with `record,` so that each record's rows come together. */
  sort: `record,${string}`;
  /** The fields each row is written with. */
  fields: readonly string[];
  /** The archive path of a record's file. */
  path: (recordId: string) => string;
}

/** The files of `rows`, one per record, in record order. */
export async function* groupedFiles(
  records: RecordService,
  request: RequestInfo,
  rows: GroupedRows,
): AsyncGenerator<ZipStreamSource> {
  const collection = requireCollection(rows.collection);
  let current = "";
  let batch: RecordData[] = [];
  const flush = (): ZipStreamSource => ({
    name: rows.path(current),
    content: new TextEncoder().encode(`${JSON.stringify(batch, null, 1)}\n`),
    compress: true,
  });
  for (let page = 1; ; page += 1) {
    const list = await records.list(collection, request, {
      filter: rows.filter,
      sort: rows.sort,
      page: String(page),
      perPage: String(PAGE_SIZE),
      skipTotal: "true",
    });
    for (const item of list.items) {
      const record = String(item.record);
      if (record !== current && batch.length > 0) yield flush();
      if (record !== current) batch = [];
      current = record;
      batch.push(Object.fromEntries(rows.fields.map((key) => [key, item[key]])));
    }
    if (list.items.length < PAGE_SIZE) break;
  }
  if (batch.length > 0) yield flush();
}

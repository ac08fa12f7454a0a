/**
 * Records on the wire, PocketBase-style: core hands over records as the viewer may see them
 * (hidden fields dropped, emails and expands authorised: `RecordExpander`); this presenter
 * gives them their HTTP shape. List answers keep PocketBase's `search.Result` key order;
 * `?fields=` is applied by the router to every JSON answer, and here only where a record is
 * nested in another answer (batch results).
 */
import type { ListResult } from "../../core/records/record-service.ts";
import type { RecordData } from "../../core/records/request-info.ts";
import { pickFields } from "./fields.ts";

/** A records list answer: `items, page, perPage, totalItems, totalPages`, in that order. */
export function presentRecordList(result: ListResult): ListResult {
  const { items, page, perPage, totalItems, totalPages } = result;
  return { items, page, perPage, totalItems, totalPages };
}

/**
 * A record answer. `fields` (a `?fields=` value) is for records nested in another answer
 * (a batch result): top-level answers are picked by the router.
 */
export function presentRecord(record: RecordData, fields?: string): unknown {
  return fields ? pickFields(record, fields) : record;
}

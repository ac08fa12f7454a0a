/**
 * Reads of the records API (`/api/collections/{collection}/records`) as the app's features
 * ask them: a page of a list, a whole list, a count, one record. The caller names the
 * collection and the record type it reads; filters are written with {@link filterExpression},
 * which binds every value as a literal of the filter language (never concatenated). The
 * writes are `record-writes.ts` (a page loads only the requests it makes).
 *
 * @example
 * const page = await listRecords<PostRecord>(api, "posts", 1, 30, {
 *   filter: filterExpression(api, "author = {:id}", { id }),
 *   sort: "-publishedAt",
 * });
 */
import type { ListResult, RecordListOptions, RecordOptions } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { ApiRecord } from "./records.ts";

/** One page of a list: its items and where it stands (totals are -1 with `skipTotal`). */
export type ListPage<R> = ListResult<R>;

/** How a list is asked: filter, sort, expand, fields, skipTotal, query parameters. */
export type ListOptions = RecordListOptions;

/** How one record is read or written: expand, fields, query parameters (`?revision=`). */
export type RecordRequestOptions = RecordOptions;

/**
 * A filter of the API's filter language with `{:name}` placeholders bound to `params`
 * (strings quoted and escaped, dates in the API's format): what a visitor typed can never
 * change the expression.
 *
 * @example filterExpression(api, "tags ?= {:tag}", { tag }) // `tags ?= "a \"b\""`
 */
export function filterExpression(
  api: ApiClient,
  raw: string,
  params: Record<string, unknown>,
): string {
  return sdk(api).filter(raw, params);
}

/** A page of a collection's records. */
export function listRecords<R = ApiRecord>(
  api: ApiClient,
  collection: string,
  page: number,
  perPage: number,
  options?: ListOptions,
): Promise<ListPage<R>> {
  return sdk(api).collection(collection).getList<R>(page, perPage, options);
}

/** Every record of a list (the SDK asks page after page). */
export function listAllRecords<R = ApiRecord>(
  api: ApiClient,
  collection: string,
  options?: ListOptions,
): Promise<R[]> {
  return sdk(api).collection(collection).getFullList<R>(options);
}

/** How many records a filter lists. */
export async function countRecords(
  api: ApiClient,
  collection: string,
  filter: string,
): Promise<number> {
  const list = await listRecords(api, collection, 1, 1, { filter, fields: "id" });
  return list.totalItems;
}

/** One record by id (the API's 404 when the visitor may not see it). */
export function getRecord<R = ApiRecord>(
  api: ApiClient,
  collection: string,
  id: string,
  options?: RecordRequestOptions,
): Promise<R> {
  return sdk(api).collection(collection).getOne<R>(id, options);
}

/**
 * The URL query of the admin lists (`/i`, `/admin/users`): search, filters, sort, direction
 * and page, read leniently (a missing or unknown value means the default, never an error, so
 * any shared or reloaded link opens a page) and turned into an API filter and sort. Every
 * value the visitor typed reaches the filter through `filterExpression` placeholders only.
 */
import { pageParam } from "../../lib/routes/query-params.ts";
import { filterExpression } from "../../api/records/record-reads.ts";
import { type ApiClient } from "../../api/client/api-client.ts";

/** Longest search text kept (longer text is cut, not refused). */
export const MAX_SEARCH_LENGTH = 100;
/** Longest tag the API stores (the `tags` fields' `maxLength`). */
const MAX_TAG_LENGTH = 40;

/** Sort direction. */
export type SortDirection = "asc" | "desc";

/** What every admin list reads from its URL. */
export interface BaseListQuery<Sort extends string> {
  /** Page number, from 1. */
  page: number;
  /** Search text, trimmed, `""` for none. */
  q: string;
  sort: Sort;
  dir: SortDirection;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function baseQuery<Sort extends string>(
  url: URL,
  sorts: readonly Sort[],
  defaultSort: Sort,
  defaultDir: SortDirection,
): BaseListQuery<Sort> {
  return {
    page: pageParam(url),
    q: Array.from((url.searchParams.get("q") ?? "").trim())
      .slice(0, MAX_SEARCH_LENGTH)
      .join(""),
    sort: oneOf(url.searchParams.get("sort"), sorts, defaultSort),
    dir: oneOf(url.searchParams.get("dir"), ["asc", "desc"] as const, defaultDir),
  };
}

/** The API sort expression of a field and direction (`-name` for descending). */
export function sortExpression(sort: string, dir: SortDirection): string {
  return `${dir === "desc" ? "-" : ""}${sort}`;
}

/** ANDs the non-empty parts of a filter (`""` when none). */
function allOf(parts: string[]): string {
  return parts
    .filter(Boolean)
    .map((part) => `(${part})`)
    .join(" && ");
}

/** Sort fields of the items list. */
export const ITEM_SORTS = ["name", "code", "created", "updated"] as const;
/** Status filter values of the items list (`""`: any). */
export const ITEM_STATUSES = ["active", "archived"] as const;

/** The items list query. */
export interface ItemsQuery extends BaseListQuery<(typeof ITEM_SORTS)[number]> {
  status: "" | (typeof ITEM_STATUSES)[number];
  tag: string;
}

/** Reads the items list query (default: by name, ascending). */
export function itemsQuery(url: URL): ItemsQuery {
  const tag = (url.searchParams.get("tag") ?? "").trim();
  return {
    ...baseQuery(url, ITEM_SORTS, "name", "asc"),
    status: oneOf(url.searchParams.get("status"), ["", ...ITEM_STATUSES] as const, ""),
    tag: Array.from(tag).length <= MAX_TAG_LENGTH ? tag : "",
  };
}

/** The API filter of an items list query. */
export function itemsFilter(api: ApiClient, query: ItemsQuery): string {
  return allOf([
    query.q
      ? filterExpression(api, "code ~ {:q} || name ~ {:q} || description ~ {:q}", { q: query.q })
      : "",
    query.status ? filterExpression(api, "status = {:status}", { status: query.status }) : "",
    query.tag ? filterExpression(api, "tags ?= {:tag}", { tag: query.tag }) : "",
  ]);
}

/** Sort fields of the users list. */
export const USER_SORTS = ["username", "name", "email", "created"] as const;
/** Role filter values of the users list (`user`: no role; `""`: any). */
export const USER_ROLE_FILTERS = ["user", "writer", "admin"] as const;

/** The users list query. */
export interface UsersQuery extends BaseListQuery<(typeof USER_SORTS)[number]> {
  role: "" | (typeof USER_ROLE_FILTERS)[number];
}

/** Reads the users list query (default: newest first). */
export function usersQuery(url: URL): UsersQuery {
  return {
    ...baseQuery(url, USER_SORTS, "created", "desc"),
    role: oneOf(url.searchParams.get("role"), ["", ...USER_ROLE_FILTERS] as const, ""),
  };
}

/** The API filter of a users list query. */
export function usersFilter(api: ApiClient, query: UsersQuery): string {
  const role = query.role === "user" ? "" : query.role;
  return allOf([
    query.q
      ? filterExpression(api, "username ~ {:q} || name ~ {:q} || email ~ {:q}", { q: query.q })
      : "",
    query.role ? filterExpression(api, "role = {:role}", { role }) : "",
  ]);
}

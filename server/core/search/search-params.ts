/**
 * The query parameters of `GET /api/search`, checked: `q` (required, at most 500 characters),
 * `kind` (a comma list of searchable collections), the filters `collection`, `tag`, `author`,
 * `from`, `to`, and paging (`page`, `perPage`, `skipTotal`) as lists read it. Bad values are
 * PocketBase-shaped 400s with the offending parameter in `data`.
 */
import { SEARCH_KINDS } from "../../data/registry/search.ts";
import { parseListParams, SearchError } from "../../tools/search/index.ts";
import { badRequest, fieldError, type FieldErrors } from "../errors.ts";
import { parseDateInput } from "../records/values.ts";

/** Longest `q`, in characters. */
export const MAX_QUERY_LENGTH = 500;
/** `perPage` values above this are clamped (results carry snippets and whole records). */
export const MAX_SEARCH_PER_PAGE = 100;

/** Checked search parameters. */
export interface SearchParams {
  q: string;
  /** Searchable collection names, in the registry's order. */
  kinds: string[];
  /** A `collections` id: entries of that collection only. */
  collection?: string;
  /** Records carrying this exact tag (entries and posts). */
  tag?: string;
  /** A user's id or username (any case): their records only. */
  author?: string;
  /** PocketBase dates; `to` given as a day means the end of that day. */
  from?: string;
  to?: string;
  page: number;
  perPage: number;
  skipTotal: boolean;
  /** Passed on to the records' presentation, as on a record GET. */
  expand?: string;
}

const DAY_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

function optional(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function date(
  raw: string | undefined,
  name: "from" | "to",
  errors: FieldErrors,
): string | undefined {
  const value = optional(raw);
  if (value === undefined) return undefined;
  const parsed = parseDateInput(value);
  if (!parsed) {
    errors[name] = fieldError("validation_invalid_date", "Must be a valid date.");
    return undefined;
  }
  // A day alone reaches to its last millisecond when it ends a range.
  return name === "to" && DAY_ONLY.test(value) ? parsed.replace(/ .*$/, " 23:59:59.999Z") : parsed;
}

/**
 * Reads the search parameters of a request's query (single values).
 *
 * @throws CoreError 400 naming each bad parameter
 */
export function parseSearchParams(query: Record<string, string | undefined>): SearchParams {
  const errors: FieldErrors = {};
  const q = query.q ?? "";
  if (q.trim() === "") {
    errors.q = fieldError("validation_required", "Cannot be blank.");
  } else if (Array.from(q).length > MAX_QUERY_LENGTH) {
    errors.q = fieldError("validation_length_too_long", "The length must be no more than {max}.", {
      max: MAX_QUERY_LENGTH,
    });
  }
  const requested = (query.kind ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (requested.some((k) => !SEARCH_KINDS.includes(k)))
    errors.kind = fieldError("validation_in_invalid", "Must be a valid value.");
  const kinds = requested.length
    ? SEARCH_KINDS.filter((k) => requested.includes(k))
    : [...SEARCH_KINDS];
  const from = date(query.from, "from", errors);
  const to = date(query.to, "to", errors);
  if (Object.keys(errors).length) throw badRequest("Invalid search parameters.", errors);
  let paging;
  try {
    paging = parseListParams(query);
  } catch (error) {
    if (error instanceof SearchError) throw badRequest();
    throw error;
  }
  const params: SearchParams = {
    q,
    kinds,
    page: paging.page,
    perPage: Math.min(paging.perPage, MAX_SEARCH_PER_PAGE),
    skipTotal: paging.skipTotal,
  };
  const collection = optional(query.collection);
  const tag = optional(query.tag);
  const author = optional(query.author);
  const expand = optional(query.expand);
  if (collection !== undefined) params.collection = collection;
  if (tag !== undefined) params.tag = tag;
  if (author !== undefined) params.author = author;
  if (from !== undefined) params.from = from;
  if (to !== undefined) params.to = to;
  if (expand !== undefined) params.expand = expand;
  return params;
}

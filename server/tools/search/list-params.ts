/** Parses the paging query parameters of list endpoints with PocketBase's defaults. */
import { SearchError } from "./types.ts";

/** Default `perPage`. */
export const DEFAULT_PER_PAGE = 30;
/** `perPage` values above this are clamped (not rejected). */
export const MAX_PER_PAGE = 1000;

/** Normalised paging parameters. */
export interface ListParams {
  page: number;
  perPage: number;
  skipTotal: boolean;
}

function parseIntParam(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw new SearchError(`Invalid ${name} parameter.`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new SearchError(`Invalid ${name} parameter.`);
  return n;
}

function parseBoolParam(raw: string | undefined): boolean {
  if (raw === undefined || raw === "") return false;
  const v = raw.trim().toLowerCase();
  if (v === "1" || v === "true" || v === "t") return true;
  if (v === "0" || v === "false" || v === "f") return false;
  throw new SearchError("Invalid skipTotal parameter.");
}

/** Reads `page`, `perPage` and `skipTotal`; bad values throw `SearchError`. */
export function parseListParams(query: {
  page?: string;
  perPage?: string;
  skipTotal?: string;
}): ListParams {
  const page = parseIntParam(query.page, "page") ?? 1;
  const perPage = parseIntParam(query.perPage, "perPage") ?? DEFAULT_PER_PAGE;
  return {
    page: page <= 0 ? 1 : page,
    perPage: perPage <= 0 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE),
    skipTotal: parseBoolParam(query.skipTotal),
  };
}

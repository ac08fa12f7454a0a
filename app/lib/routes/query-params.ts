/** Reading a page's query parameters leniently: a missing or malformed value is the default. */

/**
 * The page number of a `?page=` query, or of another parameter `name` (a page with two
 * lists), 1 when absent or invalid.
 */
export function pageParam(url: URL, name = "page"): number {
  const page = Number(url.searchParams.get(name) ?? "1");
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * Canonical URLs of pages: the address search engines and feed readers should keep for a
 * page, whatever query noise or client-side data request (`.data`) reached it.
 */

/**
 * The absolute canonical URL of `path` on the request's origin, with the given query
 * parameters (empty or missing ones left out, in the order given).
 *
 * @example canonicalUrl(request, "/blog", { tag: "garden", page: 2 })
 * // "https://cahier.example/blog?tag=garden&page=2"
 */
export function canonicalUrl(
  request: Request,
  path: string,
  query: Record<string, string | number | null | undefined> = {},
): string {
  const url = new URL(path, new URL(request.url).origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "")
      url.searchParams.set(key, String(value));
  }
  return url.href;
}

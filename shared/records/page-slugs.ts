/**
 * Standalone pages' addresses (ADR 075): `/page/<slug>`, the slug lowercase words joined by
 * hyphens, unique on the site. A few words are kept for the app's own addresses beside pages
 * (an editor or a feed under `/page/`), and refused as slugs.
 */

/** Slugs no page may take. */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  "create",
  "new",
  "edit",
  "update",
  "delete",
  "preview",
  "feed",
  "rss",
  "atom",
  "index",
];

/** Whether `slug` is kept for the app. */
export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.includes(slug.toLowerCase());
}

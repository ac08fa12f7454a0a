/**
 * When the next scheduled post goes live: the earliest `publishedAt` still to come among
 * published posts (`POST_DUE_LATER_FILTER`, the one definition of a live post in
 * `shared/records/post-state.ts`). No write happens at that moment, yet the blog, the home
 * page, the author's profile, feeds and the sitemap change: the page cache forgets everything
 * then, so the post appears on time.
 */
import { POST_DUE_LATER_FILTER } from "#shared/records/post-state.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import type { RecordEvent } from "../records/record-hooks.ts";
import { operatorRequest } from "../records/request-info.ts";
import type { RecordService } from "../records/record-service.ts";

/** The collection whose records go live at a time of their own. */
export const SCHEDULED_COLLECTION = "posts";

/** The fields that decide when a post goes live. */
const SCHEDULE_FIELDS = ["status", "publishedAt"] as const;

/** Milliseconds since the epoch of a PocketBase date (`2025-01-31 08:00:00.000Z`), or null. */
function parseDate(value: unknown): number | null {
  if (typeof value !== "string" || value === "") return null;
  const time = Date.parse(value.replace(" ", "T"));
  return Number.isNaN(time) ? null : time;
}

/** Whether a committed write may have moved the next publication time. */
export function changesSchedule(
  event: Pick<RecordEvent, "action" | "collection" | "old" | "values">,
): boolean {
  if (event.collection.name !== SCHEDULED_COLLECTION) return false;
  if (event.action !== "update" || !event.old) return true;
  const old = event.old;
  return SCHEDULE_FIELDS.some((field) => old[field] !== event.values[field]);
}

/**
 * The time (ms since the epoch) the next scheduled post goes live, or null when none is
 * scheduled. Reads as an operator: the rules hide scheduled posts from everyone but their
 * author.
 */
export async function nextPublication(
  records: Pick<RecordService, "list">,
): Promise<number | null> {
  const posts = findCollection(SCHEDULED_COLLECTION);
  if (!posts) return null;
  const page = await records.list(posts, operatorRequest(), {
    filter: POST_DUE_LATER_FILTER,
    sort: "publishedAt",
    perPage: "1",
    skipTotal: "1",
  });
  return parseDate(page.items[0]?.publishedAt);
}

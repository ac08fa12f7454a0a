/**
 * The record a comment is written under (ADR 065): whether readers can see it (a live post, a
 * public entry), who wrote it (the moderator) and who may comment on it now: its own
 * `comments` mode, else the site's default, and `closed` once `closeAfterDays` have passed
 * since it was published (a post's `publishedAt`, an entry's `date`, else its `created`).
 */
import { findRowsByIds, type Row } from "../../data/repositories/record-repository.ts";
import { COMMENT_MODES, type CommentMode } from "../../../shared/records/comment-mode.ts";
import { postState } from "../../../shared/records/post-state.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import type { Database } from "../../data/db.ts";
import type { CommentSettings } from "./comment-settings.ts";

const DAY_MS = 24 * 60 * 60_000;
const RECORD_ID = /^[a-z0-9]{15}$/;

/** A commented record, as the comments module reads it. */
export interface CommentTarget {
  collection: "posts" | "entries";
  id: string;
  /** Its author: who moderates its comments. */
  author: string;
  /** A live post or a public entry. */
  readable: boolean;
  /** When it was published (ms), or null when it has no date. */
  publishedAt: number | null;
  /** Its own `comments` field ("" follows the site's default). */
  mode: string;
  /** Its title, for mails. */
  title: string;
  /** What its address is made of: the author's username and the slug or name. */
  slug: string;
  /** A post's language (`lang`), "" for an entry or a post without one. */
  lang: string;
}

/** A stored PocketBase date (`2025-01-31 08:00:00.000Z`) in milliseconds, or null. */
export function dateMs(value: unknown): number | null {
  if (typeof value !== "string" || value === "") return null;
  const ms = Date.parse(value.replace(" ", "T"));
  return Number.isFinite(ms) ? ms : null;
}

/** Reads the record `id` of `collection` (`posts` or `entries`), or null when there is none. */
export async function findTarget(
  db: Database,
  collection: unknown,
  id: unknown,
  now: number,
): Promise<CommentTarget | null> {
  if ((collection !== "posts" && collection !== "entries") || typeof id !== "string") return null;
  if (!RECORD_ID.test(id)) return null;
  const registry = findCollection(collection);
  if (!registry) return null;
  const [row] = await findRowsByIds(db.kysely, registry, [id]);
  return row ? targetOf(collection, row, now) : null;
}

/** The commented record of a stored post or entry row. */
export function targetOf(collection: "posts" | "entries", row: Row, now: number): CommentTarget {
  const text = (key: string) => {
    const value = row[key];
    return typeof value === "string" ? value : "";
  };
  if (collection === "posts") {
    const state = postState({ status: text("status"), publishedAt: text("publishedAt") }, now);
    return {
      collection,
      id: text("id"),
      author: text("author"),
      readable: state === "live",
      publishedAt: dateMs(row.publishedAt),
      mode: text("comments"),
      title: text("title"),
      slug: text("slug"),
      lang: text("lang"),
    };
  }
  return {
    collection,
    id: text("id"),
    author: text("author"),
    readable: row.visibility === "public",
    publishedAt: dateMs(row.date) ?? dateMs(row.created),
    mode: text("comments"),
    title: text("title"),
    slug: text("name"),
    lang: "",
  };
}

/** Who may comment on `target` at `now`, under the site's comment settings. */
export function commentMode(
  target: CommentTarget,
  settings: CommentSettings,
  now: number,
): CommentMode {
  const own = (COMMENT_MODES as readonly string[]).includes(target.mode)
    ? (target.mode as CommentMode)
    : settings.defaultMode;
  if (own === "closed") return own;
  const days = settings.closeAfterDays;
  if (days > 0 && target.publishedAt !== null && now > target.publishedAt + days * DAY_MS)
    return "closed";
  return own;
}

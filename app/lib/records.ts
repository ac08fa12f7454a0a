/**
 * Wire types of the records the web app reads (`server/data/registry/collections.ts` is
 * the source of truth) and small helpers to read them through the SDK.
 */
import type PocketBase from "pocketbase";
import type { RecordModel } from "pocketbase";

/** Default list page size (spec §9). */
export const PAGE_SIZE = 30;

/** Posts readers see on the blog: published and due (an author's drafts excluded). */
export const PUBLISHED_FILTER = 'status = "published" && publishedAt != "" && publishedAt <= @now';

/** A `users` record as anyone may see it. */
export interface UserRecord extends RecordModel {
  username: string;
  name: string;
  avatar: string;
  role: "" | "writer" | "admin";
  bio: string;
  locale: string;
  created: string;
}

/** Visibility of entries and collections. */
export type Visibility = "private" | "unlisted" | "public";

/** A journal entry. */
export interface EntryRecord extends RecordModel {
  author: string;
  name: string;
  title: string;
  content: string;
  collection: string;
  visibility: Visibility;
  tags: string[];
  date: string;
  /** Stored file names (protected: a private entry's need a file token). */
  attachments: string[];
  created: string;
  updated: string;
  expand?: { author?: UserRecord; collection?: CollectionRecord };
}

/** A blog post. */
export interface PostRecord extends RecordModel {
  author: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  /** Stored cover image name, `""` when none. */
  cover: string;
  tags: string[];
  status: "draft" | "published";
  publishedAt: string;
  lang: string;
  created: string;
  updated: string;
  expand?: { author?: UserRecord };
}

/** A collection (notebook) of entries. */
export interface CollectionRecord extends RecordModel {
  owner: string;
  name: string;
  title: string;
  description: string;
  visibility: Visibility;
  created: string;
  updated: string;
  expand?: { owner?: UserRecord };
}

/** An item of the instances area. */
export interface ItemRecord extends RecordModel {
  code: string;
  name: string;
  description: string;
  status: "active" | "archived";
  tags: string[];
  data: unknown;
  created: string;
  updated: string;
}

/** The page number of a `?page=` query (1 when absent or invalid). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Finds a user by username (case-insensitive, as the API compares usernames). */
export function findUserByUsername(pb: PocketBase, username: string): Promise<UserRecord> {
  return pb
    .collection("users")
    .getFirstListItem<UserRecord>(pb.filter("username = {:username}", { username }));
}

/**
 * Finds an entry by its author's username and its name. The `author` and `name` query
 * parameters name the link, which is what lets an unlisted entry through the list rule
 * (ADR 017); other lists never show unlisted entries.
 */
export function findEntry(pb: PocketBase, username: string, name: string): Promise<EntryRecord> {
  return pb
    .collection("entries")
    .getFirstListItem<EntryRecord>(
      pb.filter("author.username = {:username} && name = {:name}", { username, name }),
      { expand: "author,collection", query: { author: username, name } },
    );
}

/** Finds a post by its author's username and its slug (the `{title}` URL segment). */
export function findPost(pb: PocketBase, username: string, slug: string): Promise<PostRecord> {
  return pb
    .collection("posts")
    .getFirstListItem<PostRecord>(
      pb.filter("author.username = {:username} && slug = {:slug}", { username, slug }),
      { expand: "author" },
    );
}

/** Finds a collection by its owner's username and its name. */
export function findCollection(
  pb: PocketBase,
  username: string,
  name: string,
): Promise<CollectionRecord> {
  return pb
    .collection("collections")
    .getFirstListItem<CollectionRecord>(
      pb.filter("owner.username = {:username} && name = {:name}", { username, name }),
      { expand: "owner" },
    );
}

/** Finds an item by code. */
export function findItem(pb: PocketBase, code: string): Promise<ItemRecord> {
  return pb.collection("items").getFirstListItem<ItemRecord>(pb.filter("code = {:code}", { code }));
}

/** Splits a comma-separated tag list. */
export function parseTags(value: string): string[] {
  return value
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

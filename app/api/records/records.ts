/**
 * Wire types of the records the web app reads (`server/data/registry/collections.ts` is
 * the source of truth) and small helpers to read them through the SDK.
 */
import type PocketBase from "pocketbase";
import { ClientResponseError, type RecordModel } from "pocketbase";
import { POST_LIVE_FILTER } from "#shared/records/post-state.ts";

/** Default list page size (spec §9). */
export const PAGE_SIZE = 30;

/** Posts readers see on the blog: published and due (an author's drafts excluded). */
export const PUBLISHED_FILTER = POST_LIVE_FILTER;

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

/**
 * The page number of a `?page=` query, or of another parameter `name` (a page with two
 * lists), 1 when absent or invalid.
 */
export function pageParam(url: URL, name = "page"): number {
  const page = Number(url.searchParams.get(name) ?? "1");
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** How many users starting with a username are searched for its other-case spelling. */
const USERNAME_CANDIDATES = 100;

/**
 * Finds a user by username in any case: usernames are unique case-insensitively (ADR 011),
 * so `/profile/ALICE` names the same person as `/profile/alice`. The exact spelling is tried
 * first; otherwise the users whose username starts with it (LIKE ignores ASCII case on both
 * engines) are searched for the one equal to it. The record carries the canonical spelling,
 * which pages redirect to (ADR 034). Rejects with the API's 404 when nobody has it.
 */
export async function findUserByUsername(pb: PocketBase, username: string): Promise<UserRecord> {
  const users = pb.collection("users");
  try {
    return await users.getFirstListItem<UserRecord>(
      pb.filter("username = {:username}", { username }),
    );
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status !== 404) throw error;
    const wanted = asciiLower(username);
    // `%` at the end makes a prefix pattern; `\` escapes LIKE's own wildcards in the name.
    const pattern = `${username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const candidates = await users.getList<UserRecord>(1, USERNAME_CANDIDATES, {
      filter: pb.filter("username ~ {:pattern}", { pattern }),
      sort: "username",
      skipTotal: true,
    });
    const found = candidates.items.find((user) => asciiLower(user.username) === wanted);
    if (found) return found;
    throw error;
  }
}

/** What {@link readByUsername} found, and under which spelling of the username. */
export interface ReadByUsername<T> {
  value: T;
  /** The stored spelling: differs from the URL's when the page should redirect to it. */
  username: string;
}

/**
 * Reads a record that a URL names by its owner's username (an entry, a post, a collection,
 * their feeds) in any case (ADR 034, ADR 037). The URL's spelling is read first (the common
 * case, one request); when that finds nothing (the API's 404), the user is looked up in any
 * case and, if their stored spelling differs, the read is repeated with it. Rejects with the
 * API's 404 when neither finds anything, so a redirect never leads to a missing page.
 */
export async function readByUsername<T>(
  pb: PocketBase,
  username: string,
  read: (username: string) => Promise<T>,
): Promise<ReadByUsername<T>> {
  try {
    return { value: await read(username), username };
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status !== 404) throw error;
    let user: UserRecord;
    try {
      user = await findUserByUsername(pb, username);
    } catch (lookup) {
      if (lookup instanceof ClientResponseError && lookup.status === 404) throw error;
      throw lookup;
    }
    if (user.username === username) throw error;
    return { value: await read(user.username), username: user.username };
  }
}

/** Lower-cases ASCII letters only, as the username index does (ADR 011). */
function asciiLower(value: string): string {
  return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
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

/**
 * Finds a collection by its owner's username and its name. The `owner` and `name` query
 * parameters name the link, which lets an unlisted collection through the list rule
 * (ADR 033); other lists never show unlisted collections.
 */
export function findCollection(
  pb: PocketBase,
  username: string,
  name: string,
): Promise<CollectionRecord> {
  return pb
    .collection("collections")
    .getFirstListItem<CollectionRecord>(
      pb.filter("owner.username = {:username} && name = {:name}", { username, name }),
      { expand: "owner", query: { owner: username, name } },
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

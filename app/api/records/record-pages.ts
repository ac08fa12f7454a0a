/**
 * The record a page's URL names (an entry, a post, a collection, an item, a profile's user),
 * read by its owner's username in any case and its own URL key; and the one write of an
 * entry's or post's page, its author deleting it. That delete is the same request as
 * `record-writes.ts`'s, kept here so a reader's page loads no other write (ADR 059).
 */
import { ClientResponseError } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import { failedWith } from "../client/api-errors.ts";
import type {
  CollectionRecord,
  EntryRecord,
  ItemRecord,
  PostRecord,
  UserRecord,
} from "./records.ts";

/** How many users starting with a username are searched for its other-case spelling. */
const USERNAME_CANDIDATES = 100;

/**
 * Finds a user by username in any case: usernames are unique case-insensitively (ADR 011),
 * so `/profile/ALICE` names the same person as `/profile/alice`. The exact spelling is tried
 * first; otherwise the users whose username starts with it (LIKE ignores ASCII case on both
 * engines) are searched for the one equal to it. The record carries the canonical spelling,
 * which pages redirect to (ADR 034). Rejects with the API's 404 when nobody has it.
 */
export async function findUserByUsername(api: ApiClient, username: string): Promise<UserRecord> {
  const pb = sdk(api);
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
  api: ApiClient,
  username: string,
  read: (username: string) => Promise<T>,
): Promise<ReadByUsername<T>> {
  try {
    return { value: await read(username), username };
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status !== 404) throw error;
    let user: UserRecord;
    try {
      user = await findUserByUsername(api, username);
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
export function findEntry(api: ApiClient, username: string, name: string): Promise<EntryRecord> {
  const pb = sdk(api);
  return pb
    .collection("entries")
    .getFirstListItem<EntryRecord>(
      pb.filter("author.username = {:username} && name = {:name}", { username, name }),
      { expand: "author,collection", query: { author: username, name } },
    );
}

/**
 * Finds a post by its author's username and its slug (the `{title}` URL segment), or by one
 * of its former slugs: its `slug` then differs from the one asked for, and the page
 * redirects to its address.
 */
export async function findPost(
  api: ApiClient,
  username: string,
  slug: string,
): Promise<PostRecord> {
  const pb = sdk(api);
  const posts = pb.collection("posts");
  try {
    return await posts.getFirstListItem<PostRecord>(
      pb.filter("author.username = {:username} && slug = {:slug}", { username, slug }),
      { expand: "author" },
    );
  } catch (error) {
    if (!failedWith(error, 404)) throw error;
    // An earlier address of a post whose slug changed (issue 25): the caller redirects.
    return posts.getFirstListItem<PostRecord>(
      pb.filter("author.username = {:username} && formerSlugs ?= {:slug}", { username, slug }),
      { expand: "author", sort: "-updated" },
    );
  }
}

/**
 * Finds a collection by its owner's username and its name. The `owner` and `name` query
 * parameters name the link, which lets an unlisted collection through the list rule
 * (ADR 033); other lists never show unlisted collections.
 */
export function findCollection(
  api: ApiClient,
  username: string,
  name: string,
): Promise<CollectionRecord> {
  const pb = sdk(api);
  return pb
    .collection("collections")
    .getFirstListItem<CollectionRecord>(
      pb.filter("owner.username = {:username} && name = {:name}", { username, name }),
      { expand: "owner", query: { owner: username, name } },
    );
}

/** Finds an item by code. */
export function findItem(api: ApiClient, code: string): Promise<ItemRecord> {
  const pb = sdk(api);
  return pb.collection("items").getFirstListItem<ItemRecord>(pb.filter("code = {:code}", { code }));
}

/** Deletes an entry or a post (its author, from its page). */
export async function deleteEntryOrPost(
  api: ApiClient,
  collection: "entries" | "posts",
  id: string,
): Promise<void> {
  await sdk(api).collection(collection).delete(id);
}

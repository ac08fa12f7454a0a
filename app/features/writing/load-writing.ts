/**
 * The data of "My writing": the signed-in person's own entries and posts, the last edited
 * first, 30 per page, with their counts by state and their collections. Read through the
 * person's API client, so the API's rules apply on top of the `author` filters below: nothing
 * here is anything the person could not list themselves.
 */
import {
  POST_DRAFT_FILTER,
  POST_LIVE_FILTER,
  POST_SCHEDULED_FILTER,
} from "#shared/records/post-state.ts";
import { mergedPage, pagedSource } from "../../lib/records/merged-page.ts";
import {
  PAGE_SIZE,
  type CollectionRecord,
  type EntryRecord,
  type PostRecord,
} from "../../api/records/records.ts";
import { isWriter, type SessionUser } from "../../api/auth/session.ts";
import { entryRow, postRow, type CollectionChoice, type WritingItem } from "./writing-item.ts";
import {
  POST_SHOWS,
  showsEntries,
  showsPosts,
  type WritingQuery,
  type WritingShow,
} from "./writing-query.ts";
import {
  countRecords,
  filterExpression,
  listAllRecords,
  listRecords,
} from "../../api/records/record-reads.ts";
import { type ApiClient } from "../../api/client/api-client.ts";

/** How many records of each state the person has (entries within the chosen collection). */
export interface WritingCounts {
  private: number;
  unlisted: number;
  public: number;
  drafts: number;
  scheduled: number;
  published: number;
}

/** One page of "My writing". */
export interface WritingPage {
  /** The query as applied: an unknown collection, or posts for someone without any, dropped. */
  query: WritingQuery;
  /** The chosen collection, `null` for any. */
  collection: CollectionChoice | null;
  /** The person's collections, by title. */
  collections: CollectionChoice[];
  counts: WritingCounts;
  /** Whether the person may write and publish posts (writer or admin role). */
  canPost: boolean;
  /** Whether the page offers posts: the person may write them, or has some. */
  withPosts: boolean;
  items: WritingItem[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** Last edit first; the id breaks ties, so the order is total (as the merge needs). */
const SORT = "-updated,-id";

/** The fields a row needs (the text for its excerpt). */
const ENTRY_FIELDS = "id,collectionId,name,title,content,visibility,collection,updated";
const POST_FIELDS = "id,collectionId,slug,title,excerpt,content,status,publishedAt,lang,updated";

/** The filter of each post state. */
const POST_STATE_FILTERS = {
  drafts: POST_DRAFT_FILTER,
  scheduled: POST_SCHEDULED_FILTER,
  published: POST_LIVE_FILTER,
} as const;

/** The person's entries that `show` lists, within a collection (its id) when given. */
export function writingEntriesFilter(
  api: ApiClient,
  userId: string,
  show: WritingShow,
  collectionId = "",
): string {
  const parts = [filterExpression(api, "author = {:me}", { me: userId })];
  if (collectionId)
    parts.push(filterExpression(api, "collection = {:collection}", { collection: collectionId }));
  if (show === "private" || show === "unlisted" || show === "public")
    parts.push(filterExpression(api, "visibility = {:visibility}", { visibility: show }));
  return parts.join(" && ");
}

/** The person's posts that `show` lists. */
export function writingPostsFilter(api: ApiClient, userId: string, show: WritingShow): string {
  const mine = filterExpression(api, "author = {:me}", { me: userId });
  return show === "drafts" || show === "scheduled" || show === "published"
    ? `${mine} && (${POST_STATE_FILTERS[show]})`
    : mine;
}

/** The counts of every state (entries within `collectionId` when given). */
async function loadCounts(
  api: ApiClient,
  userId: string,
  collectionId: string,
): Promise<WritingCounts> {
  const entries = (show: WritingShow) =>
    countRecords(api, "entries", writingEntriesFilter(api, userId, show, collectionId));
  const posts = (show: WritingShow) =>
    countRecords(api, "posts", writingPostsFilter(api, userId, show));
  const [priv, unlisted, pub, drafts, scheduled, published] = await Promise.all([
    entries("private"),
    entries("unlisted"),
    entries("public"),
    posts("drafts"),
    posts("scheduled"),
    posts("published"),
  ]);
  return { private: priv, unlisted, public: pub, drafts, scheduled, published };
}

/** How many entries `show` lists, given the counts. */
function entryTotal(counts: WritingCounts, show: WritingShow): number {
  if (show === "private" || show === "unlisted" || show === "public") return counts[show];
  return showsEntries(show) ? counts.private + counts.unlisted + counts.public : 0;
}

/** How many posts `show` lists, given the counts. */
function postTotal(counts: WritingCounts, show: WritingShow): number {
  if (show === "drafts" || show === "scheduled" || show === "published") return counts[show];
  return show === "all" || show === "posts"
    ? counts.drafts + counts.scheduled + counts.published
    : 0;
}

type Tagged = { kind: "entry"; record: EntryRecord } | { kind: "post"; record: PostRecord };

/** Last edited first, as both lists are sorted (`-updated,-id`). */
function editedLater(x: Tagged, y: Tagged): boolean {
  if (x.record.updated !== y.record.updated) return x.record.updated > y.record.updated;
  return x.record.id > y.record.id;
}

/** Loads one page of "My writing" for `user` (an account of `users`). */
export async function loadWriting(
  api: ApiClient,
  user: SessionUser,
  asked: WritingQuery,
): Promise<WritingPage> {
  const collectionList = await listAllRecords<CollectionRecord>(api, "collections", {
    filter: filterExpression(api, "owner = {:me}", { me: user.id }),
    sort: "title,id",
    fields: "id,name,title",
  });
  const collections = collectionList.map(({ id, name, title }) => ({ id, name, title }));
  const collection = collections.find((c) => c.name === asked.collection) ?? null;
  const counts = await loadCounts(api, user.id, collection?.id ?? "");
  const canPost = isWriter(user);
  const withPosts = canPost || postTotal(counts, "posts") > 0;
  const show =
    !withPosts && (POST_SHOWS as readonly string[]).includes(asked.show) ? "all" : asked.show;
  const query: WritingQuery = { show, collection: collection?.name ?? "", page: asked.page };

  const entriesFilter = writingEntriesFilter(api, user.id, show, collection?.id);
  const postsFilter = writingPostsFilter(api, user.id, show);
  const read =
    <R extends EntryRecord | PostRecord>(name: string, filter: string, fields: string) =>
    (page: number, perPage: number) =>
      listRecords<R>(api, name, page, perPage, {
        filter,
        sort: SORT,
        fields: perPage === 1 ? "id,updated" : fields,
        skipTotal: true,
      }).then((list) => list.items);
  const readEntries = read<EntryRecord>("entries", entriesFilter, ENTRY_FIELDS);
  const readPosts = read<PostRecord>("posts", postsFilter, POST_FIELDS);

  const entries = entryTotal(counts, show);
  const posts = showsPosts(show, query.collection) ? postTotal(counts, show) : 0;
  const offset = (query.page - 1) * PAGE_SIZE;
  let page: Tagged[] = [];
  if (offset < entries + posts) {
    if (posts === 0)
      page = (await readEntries(query.page, PAGE_SIZE)).map((record) => ({
        kind: "entry",
        record,
      }));
    else if (entries === 0)
      page = (await readPosts(query.page, PAGE_SIZE)).map((record) => ({ kind: "post", record }));
    else
      page = await mergedPage<Tagged>(
        pagedSource(entries, PAGE_SIZE, async (n, size) =>
          (await readEntries(n, size)).map((record) => ({ kind: "entry", record })),
        ),
        pagedSource(posts, PAGE_SIZE, async (n, size) =>
          (await readPosts(n, size)).map((record) => ({ kind: "post", record })),
        ),
        editedLater,
        offset,
        PAGE_SIZE,
      );
  }

  const byId = new Map(collections.map((c) => [c.id, c]));
  const now = Date.now();
  const totalItems = entries + posts;
  return {
    query,
    collection,
    collections,
    counts,
    canPost,
    withPosts,
    items: page.map((item) =>
      item.kind === "entry"
        ? entryRow(item.record, user.username, byId)
        : postRow(item.record, user.username, now),
    ),
    page: query.page,
    totalPages: Math.ceil(totalItems / PAGE_SIZE),
    totalItems,
  };
}

/**
 * The archive's data: public entries and published posts, plus the signed-in person's own
 * private and unlisted entries, newest first, 30 per page, optionally one kind and one tag.
 * Read through the visitor's API client, so the API's rules apply as well as the filters
 * below (which keep others' private entries out even for a superuser, who bypasses rules).
 */
import {
  entrySummary,
  type EntrySummary,
  type PostSummary,
} from "../../components/records/summaries.ts";
import { postSummary } from "../../components/records/summaries.server.ts";
import {
  PAGE_SIZE,
  PUBLISHED_FILTER,
  type EntryRecord,
  type PostRecord,
} from "../../api/records/records.ts";
import type { SessionUser } from "../../api/auth/session.ts";
import type { ListingQuery } from "./listing-query.ts";
import { mergedPage, pagedSource } from "../../lib/records/merged-page.ts";
import { filterExpression, type ListPage, listRecords } from "../../api/records/record-reads.ts";
import { withCommentCounts } from "../../api/comments/comments.ts";
import { type ApiClient } from "../../api/client/api-client.ts";
import { oneWorkPerLanguageFilter } from "#shared/records/post-state.ts";
import type { Locale } from "#shared/i18n/locales.ts";

/** One page of the archive. */
export interface ArchivePage {
  items: (EntrySummary | PostSummary)[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** Sort of entries: the day they are about, then creation, then id (a total order). */
const ENTRY_SORT = "-date,-created,-id";
/** Sort of posts: publication, then creation, then id. */
const POST_SORT = "-publishedAt,-created,-id";

/** The filter of entries the archive lists for `user`. */
export function archiveEntriesFilter(api: ApiClient, user: SessionUser | null, tag: string) {
  const own = user && user.collectionName === "users";
  const visible = own
    ? filterExpression(api, '(visibility = "public" || author = {:me})', { me: user.id })
    : 'visibility = "public"';
  return tag ? `${visible} && ${filterExpression(api, "tags ?= {:tag}", { tag })}` : visible;
}

/**
 * The filter of posts the archive and the blog list: live ones, each work once in the
 * reader's language `lang` when it exists in it (issue 29).
 */
export function publishedPostsFilter(api: ApiClient, tag: string, lang: Locale) {
  const live = `(${PUBLISHED_FILTER}) && ${oneWorkPerLanguageFilter(lang)}`;
  return tag ? `${live} && ${filterExpression(api, "tags ?= {:tag}", { tag })}` : live;
}

type Tagged = { kind: "entry"; record: EntryRecord } | { kind: "post"; record: PostRecord };

/** The sort key of an archive item, as the API sorts it. */
function sortKey(item: Tagged): [string, string, string] {
  const { record } = item;
  const primary = item.kind === "entry" ? item.record.date : item.record.publishedAt;
  return [primary, record.created, record.id];
}

/** Newest first, as both lists are sorted (same fields, same order). */
function newerFirst(x: Tagged, y: Tagged): boolean {
  const a = sortKey(x);
  const b = sortKey(y);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return (a[i] ?? "") > (b[i] ?? "");
  }
  return false;
}

/** Loads one page of the archive. */
export async function loadArchive(
  api: ApiClient,
  user: SessionUser | null,
  query: ListingQuery,
  lang: Locale,
): Promise<ArchivePage> {
  const entries = (page: number, perPage: number, skipTotal = true) =>
    listRecords<EntryRecord>(api, "entries", page, perPage, {
      filter: archiveEntriesFilter(api, user, query.tag),
      sort: ENTRY_SORT,
      expand: perPage === 1 ? undefined : "author",
      fields: perPage === 1 ? "id,date,created" : undefined,
      skipTotal,
    });
  const posts = (page: number, perPage: number, skipTotal = true) =>
    listRecords<PostRecord>(api, "posts", page, perPage, {
      filter: publishedPostsFilter(api, query.tag, lang),
      sort: POST_SORT,
      expand: perPage === 1 ? undefined : "author",
      fields: perPage === 1 ? "id,publishedAt,created" : undefined,
      skipTotal,
    });

  if (query.kind !== "all") {
    const list: ListPage<EntryRecord | PostRecord> =
      query.kind === "entries"
        ? await entries(query.page, PAGE_SIZE, false)
        : await posts(query.page, PAGE_SIZE, false);
    return {
      items: await withCommentCounts(
        api,
        list.items.map((record) =>
          query.kind === "entries"
            ? entrySummary(record as EntryRecord)
            : postSummary(record as PostRecord),
        ),
      ),
      page: query.page,
      totalPages: list.totalPages,
      totalItems: list.totalItems,
    };
  }

  // Both kinds: the first pages give the totals (and page 1 itself, without more requests).
  const [firstEntries, firstPosts] = await Promise.all([
    entries(1, PAGE_SIZE, false),
    posts(1, PAGE_SIZE, false),
  ]);
  const entrySource = pagedSource<Tagged>(
    firstEntries.totalItems,
    PAGE_SIZE,
    async (page, perPage) => {
      const list =
        page === 1 && perPage === PAGE_SIZE ? firstEntries : await entries(page, perPage);
      return list.items.map((record) => ({ kind: "entry", record }));
    },
  );
  const postSource = pagedSource<Tagged>(
    firstPosts.totalItems,
    PAGE_SIZE,
    async (page, perPage) => {
      const list = page === 1 && perPage === PAGE_SIZE ? firstPosts : await posts(page, perPage);
      return list.items.map((record) => ({ kind: "post", record }));
    },
  );
  const totalItems = firstEntries.totalItems + firstPosts.totalItems;
  const merged = await mergedPage(
    entrySource,
    postSource,
    newerFirst,
    (query.page - 1) * PAGE_SIZE,
    PAGE_SIZE,
  );
  return {
    items: await withCommentCounts(
      api,
      merged.map((item) =>
        item.kind === "entry" ? entrySummary(item.record) : postSummary(item.record),
      ),
    ),
    page: query.page,
    totalPages: Math.ceil(totalItems / PAGE_SIZE),
    totalItems,
  };
}

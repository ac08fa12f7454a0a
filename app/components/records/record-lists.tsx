/** Lists of entries, posts and collections shared by several pages. */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import type { CollectionRecord, EntryRecord, PostRecord } from "../../lib/records.ts";
import { FormattedDate } from "../ui/formatted-date.tsx";

function authorName(record: { expand?: { author?: { name: string; username: string } } }) {
  const author = record.expand?.author;
  return author ? author.name || author.username : "";
}

/** The URL of an entry. */
export function entryHref(entry: EntryRecord, username?: string): string {
  const owner = username ?? entry.expand?.author?.username ?? "";
  return `/entry/${encodeURIComponent(owner)}/${encodeURIComponent(entry.name)}`;
}

/** The URL of a post. */
export function postHref(post: PostRecord, username?: string): string {
  const owner = username ?? post.expand?.author?.username ?? "";
  return `/post/${encodeURIComponent(owner)}/${encodeURIComponent(post.slug)}`;
}

/** The URL of a collection. */
export function collectionHref(collection: CollectionRecord, username?: string): string {
  const owner = username ?? collection.expand?.owner?.username ?? "";
  return `/collection/${encodeURIComponent(owner)}/${encodeURIComponent(collection.name)}`;
}

/** A list of entries (title, date, author), or `empty` when there is none. */
export function EntryList(props: { entries: EntryRecord[]; empty: string; username?: string }) {
  const { t } = useAppTranslation();
  if (props.entries.length === 0) return <p className="text-stone-700">{props.empty}</p>;
  return (
    <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
      {props.entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3">
          <Link
            to={entryHref(entry, props.username)}
            className="font-semibold text-stone-900 underline-offset-4 hover:underline"
          >
            {entry.title}
          </Link>
          <p className="text-sm text-stone-600">
            <FormattedDate value={entry.date || entry.created} />
            {authorName(entry) && <> · {t("records:meta.by", { name: authorName(entry) })}</>}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A list of posts (title, excerpt, date, author), or `empty` when there is none. */
export function PostList(props: { posts: PostRecord[]; empty: string; username?: string }) {
  const { t } = useAppTranslation();
  if (props.posts.length === 0) return <p className="text-stone-700">{props.empty}</p>;
  return (
    <ul className="grid gap-4">
      {props.posts.map((post) => (
        <li key={post.id}>
          <article className="rounded border border-stone-200 bg-white p-4">
            <h3 className="font-serif text-xl font-semibold">
              <Link
                to={postHref(post, props.username)}
                className="underline-offset-4 hover:underline"
              >
                {post.title}
              </Link>
            </h3>
            <p className="text-sm text-stone-600">
              <FormattedDate value={post.publishedAt || post.created} />
              {authorName(post) && <> · {t("records:meta.by", { name: authorName(post) })}</>}
            </p>
            {post.excerpt && <p className="mt-2 text-stone-800">{post.excerpt}</p>}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** A list of collections (title, description), or `empty` when there is none. */
export function CollectionList(props: { collections: CollectionRecord[]; empty: string }) {
  if (props.collections.length === 0) return <p className="text-stone-700">{props.empty}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {props.collections.map((collection) => (
        <li key={collection.id} className="rounded border border-stone-200 bg-white p-4">
          <h2 className="font-serif text-lg font-semibold">
            <Link to={collectionHref(collection)} className="underline-offset-4 hover:underline">
              {collection.title}
            </Link>
          </h2>
          {collection.description && (
            <p className="mt-1 line-clamp-3 text-stone-700">{collection.description}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Previous/next links for a paginated list. */
export function Pagination(props: { page: number; totalPages: number }) {
  const { t } = useAppTranslation();
  if (props.totalPages <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-6 flex items-center gap-4">
      {props.page > 1 && (
        <Link to={`?page=${props.page - 1}`} className="underline underline-offset-4">
          {t("actions.previous")}
        </Link>
      )}
      <span className="text-sm text-stone-700">
        {t("pagination.page", { page: props.page, total: props.totalPages })}
      </span>
      {props.page < props.totalPages && (
        <Link to={`?page=${props.page + 1}`} className="underline underline-offset-4">
          {t("actions.next")}
        </Link>
      )}
    </nav>
  );
}

/**
 * Lists of entries, posts and collections shared by several pages (blog, archive, home,
 * collections, profiles), and their pagination. Cards take the summaries loaders make
 * (`summaries.ts`); the older record-based entry list maps records to summaries itself.
 */
import { Link, useLocation } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { CollectionRecord, EntryRecord, PostRecord } from "../../api/records/records.ts";
import { Avatar } from "../ui/avatar.tsx";
import { FormattedDate } from "../ui/formatted-date.tsx";
import { EmptyState } from "./empty-state.tsx";
import {
  entrySummary,
  personName,
  type CollectionSummary,
  type EntrySummary,
  type PersonSummary,
  type PostSummary,
} from "./summaries.ts";
import { paths } from "../../lib/paths.ts";

/** The URL of an entry. */
export function entryHref(entry: EntryRecord, username?: string): string {
  return entrySummary(entry, username).href;
}

/** The URL of a post. */
export function postHref(post: PostRecord, username?: string): string {
  const owner = username ?? post.expand?.author?.username ?? "";
  return paths.post(owner, post.slug);
}

/** The URL of a collection. */
export function collectionHref(collection: CollectionRecord, username?: string): string {
  const owner = username ?? collection.expand?.owner?.username ?? "";
  return paths.collection(owner, collection.name);
}

/** Where a tag leads: the blog for posts, the archive for entries. */
export function tagHref(kind: "post" | "entry", tag: string): string {
  return kind === "post" ? paths.blog({ tag }) : paths.archive({ tag });
}

const linkClass = "underline-offset-4 hover:underline focus-visible:underline";

/**
 * Tags as links to everything else carrying them: the blog's or the archive's tag filter,
 * or where `href` says.
 */
export function TagLinks(props: {
  tags: string[];
  kind: "post" | "entry";
  href?: (tag: string) => string;
}) {
  const { t } = useAppTranslation();
  if (props.tags.length === 0) return null;
  return (
    <ul aria-label={t("listings:meta.tags")} className="flex flex-wrap gap-2">
      {props.tags.map((tag) => (
        <li key={tag}>
          <Link
            to={props.href ? props.href(tag) : tagHref(props.kind, tag)}
            title={t("listings:meta.tagLink", { tag })}
            className="inline-block rounded-full bg-stone-100 px-3 py-0.5 text-sm text-stone-800 hover:bg-stone-200 focus-visible:bg-stone-200 [overflow-wrap:anywhere]"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "By {name}" with the avatar, linking to the profile. */
function Byline({ person }: { person: PersonSummary }) {
  const { t } = useAppTranslation();
  return (
    <span className="inline-flex items-center gap-2">
      <Avatar user={person} size="small" loading="lazy" />
      <Link to={paths.profile(person.username)} className={linkClass}>
        {t("listings:meta.by", { name: personName(person) })}
      </Link>
    </span>
  );
}

/** "3 comments", linking to a record's comments; nothing without any (ADR 065). */
export function CommentCount({ href, count }: { href: string; count: number | undefined }) {
  const { t } = useAppTranslation();
  if (!count) return null;
  return (
    <Link to={`${href}#comments`} className={linkClass}>
      {t("comments:section.title", { count })}
    </Link>
  );
}

/** A post on a card: cover, title, author, date, reading time, excerpt, tags. */
export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const { t } = useAppTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full w-full flex-col overflow-hidden rounded border border-stone-200 bg-white">
      {post.cover && (
        <img
          src={post.cover}
          alt=""
          width={600}
          height={315}
          loading="lazy"
          decoding="async"
          className="aspect-[600/315] w-full bg-stone-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading
          lang={post.lang}
          className="font-serif text-xl font-semibold text-stone-900 [overflow-wrap:anywhere]"
        >
          <Link to={post.href} className={linkClass}>
            {post.title}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          {post.author && <Byline person={post.author} />}
          <FormattedDate value={post.date} />
          <span>{t("listings:meta.readingTime", { count: post.readingMinutes })}</span>
          <CommentCount href={post.href} count={post.comments} />
        </p>
        {post.excerpt && (
          <p lang={post.lang} className="text-stone-800 [overflow-wrap:anywhere]">
            {post.excerpt}
          </p>
        )}
        <TagLinks tags={post.tags} kind="post" />
      </div>
    </article>
  );
}

/**
 * Post cards in a grid. The cards of a row are equally tall (the grid stretches each item and
 * the card fills it), so a short card or one without a cover leaves no hole beside a taller
 * neighbour; covers share one aspect ratio, cropped (`object-cover`), so rows line up.
 */
export function PostCards(props: { posts: PostSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {props.posts.map((post) => (
        <li key={post.id} className="flex">
          <PostCard post={post} headingLevel={props.headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One row of an entry list: title, date, and (as asked) its author, its visibility when it
 * is not public, and its tags.
 */
export function EntryRow(props: { entry: EntrySummary; showAuthor?: boolean }) {
  const { t } = useAppTranslation();
  const { entry } = props;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Link
          to={entry.href}
          className={`min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere] ${linkClass}`}
        >
          {entry.title}
        </Link>
        <span className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <FormattedDate value={entry.date} />
          {entry.visibility !== "public" && <VisibilityBadge visibility={entry.visibility} />}
        </span>
      </div>
      {props.showAuthor && entry.author && (
        <p className="text-sm text-stone-700">
          <Link to={paths.profile(entry.author.username)} className={linkClass}>
            {t("listings:meta.by", { name: personName(entry.author) })}
          </Link>
        </p>
      )}
      <TagLinks tags={entry.tags} kind="entry" />
    </div>
  );
}

/** "Private" or "Unlisted" (or "Public") as a small label. */
export function VisibilityBadge({ visibility }: { visibility: EntrySummary["visibility"] }) {
  const { t } = useAppTranslation();
  return (
    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
      {t(`common:visibility.${visibility}`)}
    </span>
  );
}

/** Entry rows in a bordered list. */
export function EntryRows(props: { entries: EntrySummary[]; showAuthor?: boolean }) {
  return (
    <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
      {props.entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3">
          <EntryRow entry={entry} showAuthor={props.showAuthor} />
        </li>
      ))}
    </ul>
  );
}

/** Collection cards: title, owner, description excerpt, visibility when asked. */
export function CollectionCards(props: {
  collections: CollectionSummary[];
  showOwner?: boolean;
  showVisibility?: boolean;
}) {
  const { t } = useAppTranslation();
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {props.collections.map((collection) => (
        <li key={collection.id} className="grid gap-2 rounded border border-stone-200 bg-white p-4">
          <h2 className="font-serif text-lg font-semibold [overflow-wrap:anywhere]">
            <Link to={collection.href} className={linkClass}>
              {collection.title}
            </Link>
          </h2>
          {(props.showOwner === true || props.showVisibility === true) && (
            <p className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
              {props.showOwner && collection.owner && (
                <Link to={paths.profile(collection.owner.username)} className={linkClass}>
                  {t("listings:meta.by", { name: personName(collection.owner) })}
                </Link>
              )}
              {props.showVisibility && <VisibilityBadge visibility={collection.visibility} />}
            </p>
          )}
          {collection.description && (
            <p className="line-clamp-3 text-stone-700 [overflow-wrap:anywhere]">
              {collection.description}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A list of entries (title, date, author), or `empty` when there is none. */
export function EntryList(props: { entries: EntryRecord[]; empty: string; username?: string }) {
  if (props.entries.length === 0) return <EmptyState text={props.empty} />;
  return (
    <EntryRows
      entries={props.entries.map((entry) => entrySummary(entry, props.username))}
      showAuthor={props.username === undefined}
    />
  );
}

/** Page numbers to show: the first, the last, and two on each side of the current one. */
export function pageWindow(page: number, totalPages: number): (number | "gap")[] {
  const shown = new Set([1, totalPages]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= totalPages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

/**
 * Page links of a paginated list: previous, numbered pages (the current one marked with
 * `aria-current="page"`), next. Links keep the page's other query parameters (filters). A
 * page with two lists gives the second its own query parameter (`param`) and each its own
 * `label`, so the two navigation landmarks are told apart.
 */
export function Pagination(props: {
  page: number;
  totalPages: number;
  /** The query parameter holding the page number (default `page`). */
  param?: string;
  /** The name of the navigation landmark (default "Pages"). */
  label?: string;
}) {
  const { t } = useAppTranslation();
  const location = useLocation();
  const { page, totalPages } = props;
  const param = props.param ?? "page";
  if (totalPages <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete(param);
    else params.set(param, String(n));
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "" };
  };
  const itemClass =
    "inline-flex min-h-10 min-w-10 items-center justify-center rounded border px-3 py-1";
  return (
    <nav aria-label={props.label ?? t("listings:pagination.label")} className="mt-8 grid gap-3">
      <p className="text-sm text-stone-700">
        {t("listings:pagination.summary", { page, total: totalPages })}
      </p>
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link
              to={to(page - 1)}
              rel="prev"
              aria-label={t("listings:pagination.previousLabel")}
              className={`${itemClass} border-stone-300 bg-white font-semibold text-stone-900 hover:bg-stone-100`}
            >
              {t("listings:pagination.previous")}
            </Link>
          </li>
        )}
        {pageWindow(page, totalPages).map((n, index) =>
          n === "gap" ? (
            <li key={`gap-${String(index)}`} aria-hidden="true" className="px-1 text-stone-700">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                aria-label={t("listings:pagination.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
                className={`${itemClass} ${
                  n === page
                    ? "border-amber-800 bg-amber-800 font-semibold text-white"
                    : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link
              to={to(page + 1)}
              rel="next"
              aria-label={t("listings:pagination.nextLabel")}
              className={`${itemClass} border-stone-300 bg-white font-semibold text-stone-900 hover:bg-stone-100`}
            >
              {t("listings:pagination.next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

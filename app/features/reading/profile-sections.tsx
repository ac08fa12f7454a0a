/**
 * The lists of a profile page (`/profile/{username}`, the route composes them): published
 * posts and entries a page at a time, each with its own page links, and collections; what an
 * empty list says (and, to the owner, what to do next); the owner's unlisted items marked.
 */
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Pagination } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { isWriter } from "../../api/auth/session.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** The query parameter of the entries' page (the posts' is `page`). */
export const ENTRY_PAGE = "entryPage";

/** Where a list stands: its page, how many pages and items it has. */
interface ListPages {
  page: number;
  totalPages: number;
  totalItems: number;
}

/** What the profile's lists show (the page's loader makes it). */
export interface ProfileLists {
  /** The visitor is the profile's owner. */
  own: boolean;
  posts: {
    id: string;
    href: string;
    title: string;
    lang: string | undefined;
    date: string;
    excerpt: string;
  }[];
  postPages: ListPages;
  entries: { id: string; href: string; title: string; date: string; unlisted: boolean }[];
  entryPages: ListPages;
  collections: { id: string; href: string; title: string; excerpt: string; unlisted: boolean }[];
}

/** A titled section of the profile. */
function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="mb-4 font-serif text-2xl font-semibold text-stone-900">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** What an empty list says, and, for the owner, what to do next. */
function Empty(props: { text: string; action?: ReactNode }) {
  return (
    <div className="rounded border border-dashed border-stone-300 bg-white p-5">
      <p className="text-stone-700">{props.text}</p>
      {props.action && <div className="mt-3">{props.action}</div>}
    </div>
  );
}

/** A page number past the end of a list: says so, with the way to its first page. */
function OutOfRange(props: { page: number; param: string }) {
  const { t } = useAppTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(props.param);
  const search = params.toString();
  return (
    <Empty
      text={t("listings:empty.outOfRange", { page: props.page })}
      action={
        <ButtonLink to={`${location.pathname}${search ? `?${search}` : ""}`}>
          {t("listings:empty.firstPage")}
        </ButtonLink>
      }
    />
  );
}

/** The "Unlisted" mark of an item only its owner sees listed. */
function UnlistedBadge() {
  const { t } = useAppTranslation();
  return (
    <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
      {t("profile:unlisted")}
    </span>
  );
}

const itemLink =
  "font-semibold text-stone-900 underline-offset-4 [overflow-wrap:anywhere] hover:underline";

/** The published posts, a page at a time (`?page=`). */
export function ProfilePosts({ data, name }: { data: ProfileLists; name: string }) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  return (
    <Section id="profile-posts" title={t("profile:posts.title")}>
      {data.posts.length === 0 && data.postPages.totalItems > 0 ? (
        <OutOfRange page={data.postPages.page} param="page" />
      ) : data.posts.length === 0 ? (
        <Empty
          text={data.own ? t("profile:posts.emptyOwn") : t("profile:posts.empty", { name })}
          action={
            data.own && isWriter(user) ? (
              <ButtonLink to={paths.postCreate()}>{t("profile:posts.write")}</ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <ul className="grid gap-4">
          {data.posts.map((post) => (
            <li key={post.id}>
              <article className="rounded border border-stone-200 bg-white p-4">
                <h3 lang={post.lang} className="font-serif text-xl font-semibold">
                  <Link to={post.href} className={itemLink}>
                    {post.title}
                  </Link>
                </h3>
                <p className="text-sm text-stone-700">
                  <FormattedDate value={post.date} />
                </p>
                {post.excerpt && (
                  <p lang={post.lang} className="mt-2 text-stone-800">
                    {post.excerpt}
                  </p>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={data.postPages.page}
        totalPages={data.postPages.totalPages}
        label={t("profile:posts.pages", { name })}
      />
    </Section>
  );
}

/** The entries the visitor may see listed, a page at a time (`?entryPage=`). */
export function ProfileEntries({ data, name }: { data: ProfileLists; name: string }) {
  const { t } = useAppTranslation();
  return (
    <Section id="profile-entries" title={t("profile:entries.title")}>
      {data.entries.length === 0 && data.entryPages.totalItems > 0 ? (
        <OutOfRange page={data.entryPages.page} param={ENTRY_PAGE} />
      ) : data.entries.length === 0 ? (
        <Empty
          text={data.own ? t("profile:entries.emptyOwn") : t("profile:entries.empty", { name })}
          action={
            data.own ? (
              <ButtonLink to={paths.entryCreate()}>{t("profile:entries.write")}</ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
          {data.entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <Link to={entry.href} className={itemLink}>
                {entry.title}
              </Link>
              <span className="flex items-center gap-3 text-sm text-stone-700">
                <FormattedDate value={entry.date} />
                {entry.unlisted && <UnlistedBadge />}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={data.entryPages.page}
        totalPages={data.entryPages.totalPages}
        param={ENTRY_PAGE}
        label={t("profile:entries.pages", { name })}
      />
    </Section>
  );
}

/** The collections the visitor may see listed. */
export function ProfileCollections({ data, name }: { data: ProfileLists; name: string }) {
  const { t } = useAppTranslation();
  return (
    <Section id="profile-collections" title={t("profile:collections.title")}>
      {data.collections.length === 0 ? (
        <Empty
          text={
            data.own ? t("profile:collections.emptyOwn") : t("profile:collections.empty", { name })
          }
          action={
            data.own ? (
              <ButtonLink to={paths.collectionCreate()}>
                {t("profile:collections.create")}
              </ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {data.collections.map((collection) => (
            <li key={collection.id} className="rounded border border-stone-200 bg-white p-4">
              <h3 className="flex flex-wrap items-center gap-2 font-serif text-lg font-semibold">
                <Link to={collection.href} className={itemLink}>
                  {collection.title}
                </Link>
                {collection.unlisted && <UnlistedBadge />}
              </h3>
              {collection.excerpt && <p className="mt-1 text-stone-700">{collection.excerpt}</p>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

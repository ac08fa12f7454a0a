/**
 * `/profile/{username}`: who someone is (avatar, name, username, role, member since, their
 * biography in Markdown) and what they share: published posts, public entries and public
 * collections, with the author's feeds. The owner also sees a link to their settings and
 * their unlisted entries and collections, marked as such; private entries, drafts and
 * scheduled posts never appear here. Posts and entries come 30 a page, each list with its own
 * page links (`?page=` for posts, `?entryPage=` for entries). Someone who cannot post (no
 * writer or admin role) and has no post gets no Posts section and no feed links: nothing to
 * promise there. Unknown users get the 404 page; another spelling of a username
 * (`/profile/ALICE`) is redirected to the canonical one.
 */
import type { ReactNode } from "react";
import { Link, redirect, useLocation } from "react-router";
import { Rss } from "lucide-react";
import type { Route } from "./+types/profile";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { Markdown } from "../../components/records/markdown.tsx";
import {
  collectionHref,
  entryHref,
  Pagination,
  postHref,
} from "../../components/records/record-lists.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate, formatDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import {
  type CollectionRecord,
  type EntryRecord,
  PAGE_SIZE,
  type PostRecord,
  PUBLISHED_FILTER,
} from "../../api/records/records.ts";
import { findUserByUsername } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { findOr404, routeContext, appName } from "../../lib/routes/route-data.ts";
import { isWriter } from "../../api/auth/session.ts";
import { files, withQuery } from "../../lib/paths.ts";
import { pageParam } from "../../lib/routes/query-params.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { authorFeedBase, authorFeedLinks, FEED_FORMATS, feedPath } from "../feeds/feed-links.ts";
import { paths } from "../../lib/paths.ts";
import { addDays, dayOf, HEATMAP_DAYS } from "../../features/remember/journal-days.ts";
import { loadJournalDays } from "../../features/remember/load-remember.ts";
import { YearHeatmap } from "../../features/remember/year-heatmap.tsx";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";

/** Length of the meta description and of post and collection excerpts, in characters. */
const DESCRIPTION_LENGTH = 160;
const EXCERPT_LENGTH = 220;
/** Most collections listed. */
const MAX_COLLECTIONS = 100;
/** The query parameter of the entries' page (the posts' is `page`). */
const ENTRY_PAGE = "entryPage";

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description, canonical URL, Open Graph profile, and the author's feeds. */
export function meta(args: Route.MetaArgs) {
  // Undefined when the loader threw (the 404 page of an unknown user).
  const data = args.loaderData as typeof args.loaderData | undefined;
  if (!data) return pageMeta(args);
  return [
    // The canonical link comes with `pageMeta` (the loader's `canonical`).
    ...pageMeta(args),
    { property: "og:type", content: "profile" },
    { property: "og:title", content: data.title },
    { property: "og:description", content: data.description },
    { property: "og:url", content: data.canonical },
    ...(data.image ? [{ property: "og:image", content: data.image }] : []),
    { property: "profile:username", content: data.profile.username },
    { name: "twitter:card", content: "summary" },
    // The post feeds, of someone who may post (or did).
    ...(data.showsPosts ? authorFeedLinks(args) : []),
  ];
}

/** The user, their published posts, and their public (or, for the owner, unlisted) items. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const url = new URL(request.url);
  const profile = await findOr404(context, url, () => findUserByUsername(api, params.username));
  // Another spelling of the username: one address per person (ADR 034).
  if (profile.username !== params.username)
    throw redirect(`${paths.profile(profile.username)}${url.search}`, 301);
  const own = user?.id === profile.id && user.collectionName === "users";
  // SECURITY: the filters say what a profile shows; the API's rules only ever narrow it.
  const shared = own ? 'visibility != "private"' : 'visibility = "public"';
  const postPage = pageParam(url);
  const entryPage = pageParam(url, ENTRY_PAGE);
  const today = dayOf(Date.now());
  const [posts, entries, collections, days] = await Promise.all([
    listRecords<PostRecord>(api, "posts", postPage, PAGE_SIZE, {
      filter: filterExpression(api, `author = {:id} && ${PUBLISHED_FILTER}`, { id: profile.id }),
      sort: "-publishedAt,-created,-id",
    }),
    listRecords<EntryRecord>(api, "entries", entryPage, PAGE_SIZE, {
      filter: filterExpression(api, `author = {:id} && ${shared}`, { id: profile.id }),
      sort: "-date,-created,-id",
    }),
    listRecords<CollectionRecord>(api, "collections", 1, MAX_COLLECTIONS, {
      filter: filterExpression(api, `owner = {:id} && ${shared}`, { id: profile.id }),
      sort: "title",
      skipTotal: true,
    }),
    // The year heatmap: one's own profile only (the endpoint counts the caller's entries).
    own ? loadJournalDays(api, addDays(today, -(HEATMAP_DAYS - 1)), today) : null,
  ]);
  const origin = siteOrigin(context, request);
  const name = profile.name || profile.username;
  const { id, collectionId, username, avatar, role, bio, created } = profile;
  const image = files.avatar(profile);
  const page = postPage > 1 ? postPage : entryPage > 1 ? entryPage : 1;
  return {
    title: page > 1 ? `${name} (${t("listings:pagination.page", { page })})` : name,
    description: bio
      ? excerpt(bio, DESCRIPTION_LENGTH)
      : t("profile:description", { name, app: appName(context) }),
    canonical: absoluteUrl(
      origin,
      withQuery(paths.profile(username), {
        page: postPage > 1 ? postPage : null,
        [ENTRY_PAGE]: entryPage > 1 ? entryPage : null,
      }),
    ),
    image: image ? absoluteUrl(origin, image) : null,
    own,
    heatmap: days ? { days, today } : null,
    profile: { id, collectionId, username, name: profile.name, avatar, role, created },
    // The biography travels as the server's HTML (ADR 050).
    bioHtml: markdownHtml(context, bio),
    // Whether the person may post (writer or admin): else no promise of posts is made.
    showsPosts: role === "writer" || role === "admin" || posts.totalItems > 0,
    postPages: { page: postPage, totalPages: posts.totalPages, totalItems: posts.totalItems },
    entryPages: { page: entryPage, totalPages: entries.totalPages, totalItems: entries.totalItems },
    posts: posts.items.map((post) => ({
      id: post.id,
      href: postHref(post, username),
      title: post.title,
      lang: post.lang || undefined,
      date: post.publishedAt || post.created,
      excerpt: excerpt(post.excerpt || post.content, EXCERPT_LENGTH),
    })),
    entries: entries.items.map((entry) => ({
      id: entry.id,
      href: entryHref(entry, username),
      title: entry.title,
      date: entry.date || entry.created,
      unlisted: entry.visibility !== "public",
    })),
    collections: collections.items.map((collection) => ({
      id: collection.id,
      href: collectionHref(collection, username),
      title: collection.title,
      excerpt: excerpt(collection.description, EXCERPT_LENGTH),
      unlisted: collection.visibility !== "public",
    })),
  };
}

type ProfileData = Route.ComponentProps["loaderData"];

/** The profile page. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { profile, own } = loaderData;
  const name = profile.name || profile.username;
  return (
    <>
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar user={profile} size={112} loading="eager" />
        <div className="min-w-0 flex-1">
          <h1 className="font-serif text-3xl font-bold text-stone-900 [overflow-wrap:anywhere]">
            {name}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-stone-700">
            <span className="[overflow-wrap:anywhere]">@{profile.username}</span>
            {profile.role && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
                {t(`common:roles.${profile.role}`)}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-stone-700">
            {t("profile:memberSince", { date: formatDate(profile.created, locale) })}
          </p>
        </div>
        {own && (
          <ButtonLink to={paths.profileSettings()} variant="secondary">
            {t("profile:editProfile")}
          </ButtonLink>
        )}
      </header>
      {own && (
        <p className="mb-6 rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          {t("profile:ownerNote")}
        </p>
      )}
      {loaderData.bioHtml && (
        <section aria-label={t("profile:about", { name })} className="mb-8">
          <Markdown html={loaderData.bioHtml} />
        </section>
      )}
      {loaderData.showsPosts && <FeedLinks username={profile.username} name={name} />}
      {loaderData.heatmap && <YearHeatmap {...loaderData.heatmap} />}
      <div className="mt-10 grid gap-12">
        {loaderData.showsPosts && <Posts data={loaderData} name={name} />}
        <Entries data={loaderData} name={name} />
        <Collections data={loaderData} name={name} />
      </div>
    </>
  );
}

/** Links to the author's feeds (plain links: they are files, not pages). */
function FeedLinks(props: { username: string; name: string }) {
  const { t } = useAppTranslation();
  const base = authorFeedBase(props.username);
  return (
    <nav
      aria-label={t("profile:feeds.label", { name: props.name })}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
    >
      <Rss aria-hidden="true" className="size-4 text-amber-800" />
      {FEED_FORMATS.map((format) => (
        <a
          key={format}
          href={feedPath(base, format)}
          className="font-semibold text-amber-900 underline underline-offset-4 hover:text-amber-950"
        >
          {t(`profile:feeds.${format}`)}
        </a>
      ))}
    </nav>
  );
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

function Posts({ data, name }: { data: ProfileData; name: string }) {
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

function Entries({ data, name }: { data: ProfileData; name: string }) {
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

function Collections({ data, name }: { data: ProfileData; name: string }) {
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

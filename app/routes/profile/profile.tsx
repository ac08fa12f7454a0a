/**
 * `/profile/{username}`: who someone is (avatar, name, username, role, member since, their
 * biography in Markdown) and what they share: published posts, public entries and public
 * collections, with the author's feeds. The owner also sees a link to their settings and
 * their unlisted entries and collections, marked as such; private entries, drafts and
 * scheduled posts never appear here. Posts and entries come 30 a page, each list with its own
 * page links (`?page=` for posts, `?entryPage=` for entries). Someone who cannot post (no
 * writer or admin role) and has no post gets no Posts section and no feed links: nothing to
 * promise there. Unknown users get the 404 page; another spelling of a username
 * (`/profile/ALICE`) is redirected to the canonical one. Someone who may post also gets the
 * email subscribe form for their posts (its action: a plain POST, ADR 065).
 */
import { oneWorkPerLanguageFilter } from "#shared/records/post-state.ts";
import { redirect } from "react-router";
import { Rss } from "lucide-react";
import type { Route } from "./+types/profile";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { Markdown } from "../../components/records/markdown.tsx";
import { collectionHref, entryHref, postHref } from "../../components/records/record-lists.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { formatDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { socialImageUrl } from "../../lib/routes/site-identity.server.ts";
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
import { files, withQuery } from "../../lib/paths.ts";
import { pageParam } from "../../lib/routes/query-params.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { authorFeedBase, authorFeedLinks, FEED_FORMATS, feedPath } from "../feeds/feed-links.ts";
import { paths } from "../../lib/paths.ts";
import { addDays, dayOf, HEATMAP_DAYS } from "../../features/remember/journal-days.ts";
import { loadJournalDays } from "../../features/remember/load-remember.ts";
import { YearHeatmap } from "../../features/remember/year-heatmap.tsx";
import {
  ENTRY_PAGE,
  ProfileCollections,
  ProfileEntries,
  ProfilePosts,
} from "../../features/reading/profile-sections.tsx";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { SubscribeForm } from "../../features/subscriptions/subscribe-form.tsx";
import { FediverseHandle } from "../../features/fediverse/fediverse-handle.tsx";
import { subscribeOnlyAction } from "../../features/subscriptions/subscribe-action.server.ts";

/** Length of the meta description and of post and collection excerpts, in characters. */
const DESCRIPTION_LENGTH = 160;
const EXCERPT_LENGTH = 220;
/** Most collections listed. */
const MAX_COLLECTIONS = 100;

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
  const { api, user, t, locale } = routeContext(context);
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
      filter: filterExpression(
        api,
        `author = {:id} && (${PUBLISHED_FILTER}) && ${oneWorkPerLanguageFilter(locale)}`,
        { id: profile.id },
      ),
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
    // The avatar, else the site's social image (ADR 069).
    image: image ? absoluteUrl(origin, image) : socialImageUrl(context, origin) || null,
    own,
    heatmap: days ? { days, today } : null,
    profile: { id, collectionId, username, name: profile.name, avatar, role, created },
    // The biography travels as the server's HTML (ADR 050).
    bioHtml: markdownHtml(context, bio),
    // A writer's fediverse handle (ADR 071): `@username@host`.
    handle: role === "writer" || role === "admin" ? `@${username}@${new URL(origin).host}` : null,
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

/** The email subscribe form's submission (post/redirect/get). */
export function action(args: Route.ActionArgs) {
  return subscribeOnlyAction(args);
}

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
      {loaderData.handle && <FediverseHandle handle={loaderData.handle} />}
      {loaderData.heatmap && <YearHeatmap {...loaderData.heatmap} />}
      <div className="mt-10 grid gap-12">
        {loaderData.showsPosts && <ProfilePosts data={loaderData} name={name} />}
        <ProfileEntries data={loaderData} name={name} />
        <ProfileCollections data={loaderData} name={name} />
      </div>
      {loaderData.showsPosts && (
        <SubscribeForm target={`author:${profile.id}`} kind="author" name={name} />
      )}
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

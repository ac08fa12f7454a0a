/**
 * `/`: for visitors, what Cahier is, the latest posts and the ways in (sign up, log in, read
 * the blog); for signed-in users, a greeting, a prominent "New entry", their recent entries
 * (private ones included) and the latest posts. Every list says what to do when it is empty.
 * The greeting says "Welcome back" to someone who has written here before, "Welcome" to a
 * newcomer (right after signing up) and to superusers, who write nothing.
 */
import { oneWorkPerLanguageFilter } from "#shared/records/post-state.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BookLock, Feather, PenLine, Server } from "lucide-react";
import type { Route } from "./+types/home";
import { EmptyState } from "../components/records/empty-state.tsx";
import { EntryRows, PostCards } from "../components/records/record-lists.tsx";
import { entrySummary } from "../components/records/summaries.ts";
import { postSummary } from "../components/records/summaries.server.ts";
import { ButtonLink } from "../components/ui/button-link.tsx";
import { useSession } from "../components/session-provider.tsx";
import { canonicalUrl, siteOrigin } from "../lib/routes/site-url.ts";
import { useAppTranslation } from "../lib/i18n/i18n.ts";
import { pageMeta } from "../lib/routes/meta.ts";
import { siteData, siteIdentity, websiteOpenGraph } from "../lib/routes/site-identity.server.ts";
import { blogFeedLinks } from "./feeds/feed-links.ts";
import { PUBLISHED_FILTER, type EntryRecord, type PostRecord } from "../api/records/records.ts";
import { appName, routeContext } from "../lib/routes/route-data.ts";
import { displayName, isAdmin, isSuperuser, isWriter } from "../api/auth/session.ts";
import { LiveIndicator, NewItemsNotice, useHeldItems } from "../components/live/live-indicator.tsx";
import type { LiveStatus } from "../components/live/live-session.ts";
import { useLiveRecords, type LiveTopic } from "../components/live/use-live-records.ts";
import { paths } from "../lib/paths.ts";
import { dayOf } from "../features/remember/journal-days.ts";
import { loadOnThisDay, loadStreak } from "../features/remember/load-remember.ts";
import { RememberDesk, type RememberData } from "../features/remember/remember-desk.tsx";
import type { IntentHandle } from "../lib/document/hydrate-on-intent.ts";
import { filterExpression, listRecords } from "../api/records/record-reads.ts";

/** What the home page listens to: posts, and the signed-in person's entries. */
const POST_TOPICS: LiveTopic[] = [{ collection: "posts", topic: "*" }];
const DESK_TOPICS: LiveTopic[] = [...POST_TOPICS, { collection: "entries", topic: "*" }];

/** How many posts and entries the home page shows. */
const LATEST_POSTS = 4;
const RECENT_ENTRIES = 5;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description and canonical URL; the blog feeds (autodiscovery). */
export function meta(args: Route.MetaArgs) {
  // Undefined when the loader threw (the error page).
  const data = args.loaderData as typeof args.loaderData | undefined;
  return [...pageMeta(args), ...(data?.openGraph ?? []), ...blogFeedLinks(args)];
}

/** The latest published posts, and the signed-in user's recent entries (private included). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user, t, locale } = routeContext(context);
  const ownsEntries = user !== null && !isSuperuser(user);
  const today = dayOf(Date.now());
  const [posts, entries, streak, onThisDay] = await Promise.all([
    listRecords<PostRecord>(api, "posts", 1, LATEST_POSTS, {
      filter: `(${PUBLISHED_FILTER}) && ${oneWorkPerLanguageFilter(locale)}`,
      sort: "-publishedAt,-created",
      expand: "author",
      skipTotal: true,
    }),
    ownsEntries
      ? listRecords<EntryRecord>(api, "entries", 1, RECENT_ENTRIES, {
          filter: filterExpression(api, "author = {:id}", { id: user.id }),
          sort: "-date,-created,-id",
          skipTotal: true,
        })
      : null,
    ownsEntries ? loadStreak(api, today) : 0,
    ownsEntries ? loadOnThisDay(api, user.id, today) : [],
  ]);
  // The site's own description (ADR 069), else Cahier's.
  const site = siteData(siteIdentity(context), locale);
  const description = site.description ?? t("content:home.description");
  const canonical = canonicalUrl(siteOrigin(context, request), "/");
  const remember: RememberData | null = ownsEntries
    ? {
        streak,
        wroteToday: entries?.items.some((entry) => entry.date.startsWith(today)) ?? false,
        onThisDay,
        username: user.username,
      }
    : null;
  return {
    title: t("content:home.title"),
    description,
    canonical,
    openGraph: websiteOpenGraph({
      title: appName(context),
      description,
      url: canonical,
      siteName: appName(context),
      locale,
      site,
    }),
    posts: posts.items.map((post) => postSummary(post)),
    entries: (entries?.items ?? []).map((entry) => entrySummary(entry, user?.username)),
    // Someone with entries has been here before; the greeting says so.
    returning: (entries?.items.length ?? 0) > 0,
    remember,
  };
}

/** One post of the latest posts: title, author with avatar, date, excerpt. */
type HomePost = Route.ComponentProps["loaderData"]["posts"][number];

/** The home page; its lists are kept live. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const ownsEntries = user !== null && !isSuperuser(user);
  const live = useLiveRecords({ topics: ownsEntries ? DESK_TOPICS : POST_TOPICS });
  return (
    <div className="grid gap-14">
      {user ? <Desk entries={loaderData.entries} returning={loaderData.returning} /> : <Welcome />}
      {user && loaderData.remember && <RememberDesk data={loaderData.remember} />}
      <LatestPosts posts={loaderData.posts} live={live.status} />
    </div>
  );
}

/** The visitor's first impression: what Cahier is, and the ways in. */
function Welcome() {
  const { t } = useAppTranslation();
  const features: { key: "journal" | "blog" | "selfHosted"; icon: ReactNode }[] = [
    { key: "journal", icon: <BookLock aria-hidden="true" className="size-6" /> },
    { key: "blog", icon: <Feather aria-hidden="true" className="size-6" /> },
    { key: "selfHosted", icon: <Server aria-hidden="true" className="size-6" /> },
  ];
  return (
    <>
      <section aria-labelledby="home-title" className="pt-4 sm:pt-10">
        <p className="text-sm font-semibold tracking-wide text-amber-900 uppercase">
          {t("content:home.hero.eyebrow")}
        </p>
        <h1
          id="home-title"
          className="mt-3 max-w-3xl font-serif text-4xl leading-tight font-bold text-stone-900 sm:text-5xl"
        >
          {t("content:home.hero.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-stone-700">{t("content:home.hero.text")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={paths.signUp()}>{t("content:home.hero.signUp")}</ButtonLink>
          <ButtonLink to={paths.login()} variant="secondary">
            {t("content:home.hero.logIn")}
          </ButtonLink>
          <Link
            to={paths.blog()}
            className="inline-flex items-center px-2 py-2 font-semibold text-amber-900 underline underline-offset-4 hover:text-amber-950"
          >
            {t("content:home.hero.readBlog")}
          </Link>
        </div>
      </section>
      <section aria-label={t("content:home.features.label")}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {features.map(({ key, icon }) => (
            <li key={key} className="rounded border border-stone-200 bg-white p-5">
              <span className="inline-flex rounded-full bg-amber-100 p-2 text-amber-900">
                {icon}
              </span>
              <h2 className="mt-3 font-serif text-lg font-semibold text-stone-900">
                {t(`content:home.features.${key}.title`)}
              </h2>
              <p className="mt-1 text-stone-700">{t(`content:home.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The signed-in user's desk: greeting, actions, recent entries. */
function Desk(props: {
  entries: Route.ComponentProps["loaderData"]["entries"];
  /** Whether the person has written here before ("Welcome back"). */
  returning: boolean;
}) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const list = useHeldItems(props.entries, (entry) => entry.id, "desk");
  if (!user) return null;
  const superuser = isSuperuser(user);
  return (
    <section aria-labelledby="home-title" className="grid gap-8">
      <div>
        <h1 id="home-title" className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">
          {t(props.returning ? "content:home.greeting" : "content:home.greetingNew", {
            name: displayName(user),
          })}
        </h1>
        <p className="mt-2 text-lg text-stone-700">
          {superuser
            ? t("content:home.superuserText")
            : props.returning
              ? t("content:home.greetingText")
              : t("content:home.greetingNewText")}
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {!superuser && (
            <Link
              to={paths.entryCreate()}
              className="inline-flex items-center gap-2 rounded bg-amber-800 px-5 py-3 text-lg font-semibold text-white shadow-sm hover:bg-amber-900"
            >
              <PenLine aria-hidden="true" className="size-5" />
              {t("content:home.newEntry")}
            </Link>
          )}
          {isWriter(user) && (
            <ButtonLink to={paths.postCreate()} variant="secondary">
              {t("content:home.newPost")}
            </ButtonLink>
          )}
          {isAdmin(user) && (
            <ButtonLink to={paths.items()} variant="secondary">
              {t("content:home.instances")}
            </ButtonLink>
          )}
          <ButtonLink to={paths.archive()} variant="secondary">
            {t("content:home.archive")}
          </ButtonLink>
        </div>
      </div>
      {!superuser && (
        <div>
          <h2 className="mb-4 font-serif text-2xl font-semibold text-stone-900">
            {t("content:home.recentEntries")}
          </h2>
          <NewItemsNotice count={list.held.length} kind="entries" onShow={list.show} />
          {list.shown.length === 0 && list.held.length === 0 ? (
            <EmptyState text={t("content:home.noEntries")}>
              <ButtonLink to={paths.entryCreate()}>{t("content:home.writeFirstEntry")}</ButtonLink>
            </EmptyState>
          ) : (
            <div id={list.listId} tabIndex={-1} className="outline-none">
              <EntryRows entries={list.shown} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** The latest published posts, with a way forward when there are none. */
function LatestPosts(props: { posts: HomePost[]; live: LiveStatus }) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const list = useHeldItems(props.posts, (post) => post.id, "latest");
  return (
    <section aria-labelledby="latest-posts">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-posts" className="font-serif text-2xl font-semibold text-stone-900">
          {t("content:home.latestPosts")}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <LiveIndicator status={props.live} />
          {props.posts.length > 0 && (
            <Link
              to={paths.blog()}
              className="text-sm font-semibold text-amber-900 underline underline-offset-4"
            >
              {t("content:home.allPosts")}
            </Link>
          )}
        </div>
      </div>
      <NewItemsNotice count={list.held.length} kind="posts" onShow={list.show} />
      {props.posts.length === 0 ? (
        isWriter(user) ? (
          <EmptyState text={t("content:home.noPostsWriter")}>
            <ButtonLink to={paths.postCreate()}>{t("content:home.writeFirstPost")}</ButtonLink>
          </EmptyState>
        ) : user ? (
          <EmptyState text={t("content:home.noPosts")} />
        ) : (
          <EmptyState text={t("content:home.noPostsVisitor")}>
            <ButtonLink to={paths.signUp()}>{t("content:home.hero.signUp")}</ButtonLink>
          </EmptyState>
        )
      ) : (
        <div id={list.listId} tabIndex={-1} className="outline-none">
          <PostCards posts={list.shown} />
        </div>
      )}
    </section>
  );
}

/** `/profile/{username}`: a user's name, role, biography, posts and public entries. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/profile";
import { Markdown } from "../../components/records/markdown.tsx";
import { EntryList, PostList } from "../../components/records/record-lists.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { formatDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { pageMeta } from "../../lib/meta.ts";
import {
  findUserByUsername,
  PUBLISHED_FILTER,
  type EntryRecord,
  type PostRecord,
} from "../../lib/records.ts";
import { findOr404, routeContext } from "../../lib/route-data.ts";

/** Title: the user's name. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The user, their published posts and their public entries. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb } = routeContext(context);
  const profile = await findOr404(context, new URL(request.url), () =>
    findUserByUsername(pb, params.username),
  );
  const [posts, entries] = await Promise.all([
    pb.collection("posts").getList<PostRecord>(1, 10, {
      filter: pb.filter(`author = {:id} && ${PUBLISHED_FILTER}`, { id: profile.id }),
      sort: "-publishedAt",
      skipTotal: true,
    }),
    pb.collection("entries").getList<EntryRecord>(1, 10, {
      filter: pb.filter('author = {:id} && visibility = "public"', { id: profile.id }),
      sort: "-date,-created",
      skipTotal: true,
    }),
  ]);
  const { id, collectionId, username, name, avatar, role, bio, created } = profile;
  return {
    title: name || username,
    description: bio.slice(0, 160),
    profile: { id, collectionId, username, name, avatar, role, bio, created },
    posts: posts.items,
    entries: entries.items,
  };
}

/** The profile page. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user, locale } = useSession();
  const { profile, posts, entries } = loaderData;
  return (
    <>
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar user={profile} size={96} />
        <div className="flex-1">
          <h1 className="font-serif text-3xl font-bold">{profile.name || profile.username}</h1>
          <p className="text-stone-700">
            @{profile.username}
            {profile.role && <> · {t(`common:roles.${profile.role}`)}</>}
          </p>
          <p className="text-sm text-stone-600">
            {t("records:profile.memberSince", { date: formatDate(profile.created, locale) })}
          </p>
        </div>
        {user?.id === profile.id && (
          <ButtonLink to="/profileSettings" variant="secondary">
            {t("records:profile.settingsLink")}
          </ButtonLink>
        )}
      </header>
      {profile.bio && <Markdown text={profile.bio} />}
      <section aria-labelledby="profile-posts" className="mt-10">
        <h2 id="profile-posts" className="mb-4 font-serif text-2xl font-semibold">
          {t("records:profile.posts")}
        </h2>
        <PostList posts={posts} empty={t("records:profile.noPosts")} username={profile.username} />
      </section>
      <section aria-labelledby="profile-entries" className="mt-10">
        <h2 id="profile-entries" className="mb-4 font-serif text-2xl font-semibold">
          {t("records:profile.entries")}
        </h2>
        <EntryList
          entries={entries}
          empty={t("records:profile.noEntries")}
          username={profile.username}
        />
      </section>
    </>
  );
}

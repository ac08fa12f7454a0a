/** `/`: a first impression for visitors (latest posts), a desk for signed-in users. */
import { useAppTranslation } from "../lib/i18n.ts";
import type { Route } from "./+types/home";
import { EntryList, PostList } from "../components/records/record-lists.tsx";
import { ButtonLink } from "../components/ui/button-link.tsx";
import { pageMeta } from "../lib/meta.ts";
import { PUBLISHED_FILTER, type EntryRecord, type PostRecord } from "../lib/records.ts";
import { routeContext } from "../lib/route-data.ts";
import { displayName } from "../lib/session.ts";

/** Title and description. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The latest posts, and the signed-in user's recent entries. */
export async function loader({ context }: Route.LoaderArgs) {
  const { pb, user, t } = routeContext(context);
  const posts = await pb.collection("posts").getList<PostRecord>(1, 5, {
    filter: PUBLISHED_FILTER,
    sort: "-publishedAt",
    expand: "author",
    skipTotal: true,
  });
  const entries =
    user && user.collectionName === "users"
      ? (
          await pb.collection("entries").getList<EntryRecord>(1, 5, {
            filter: pb.filter("author = {:id}", { id: user.id }),
            sort: "-date,-created",
            expand: "author",
            skipTotal: true,
          })
        ).items
      : [];
  return {
    title: t("pages:home.title"),
    description: t("common:app.tagline"),
    posts: posts.items,
    entries,
    name: user ? displayName(user) : null,
  };
}

/** The home page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { posts, entries, name } = loaderData;
  return (
    <div className="grid gap-12">
      {name ? (
        <section aria-labelledby="home-title">
          <h1 id="home-title" className="font-serif text-3xl font-bold sm:text-4xl">
            {t("pages:home.welcome", { name })}
          </h1>
          <p className="mt-2 text-stone-700">{t("pages:home.welcomeText")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/entry/create">{t("common:nav.newEntry")}</ButtonLink>
            <ButtonLink to="/archive" variant="secondary">
              {t("pages:home.seeArchive")}
            </ButtonLink>
          </div>
          <h2 className="mt-10 mb-4 font-serif text-2xl font-semibold">
            {t("pages:home.recentEntries")}
          </h2>
          <EntryList entries={entries} empty={t("pages:home.noEntries")} />
        </section>
      ) : (
        <section aria-labelledby="home-title" className="py-6">
          <h1
            id="home-title"
            className="max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl"
          >
            {t("pages:home.heroTitle")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">{t("pages:home.heroText")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/signUp">{t("pages:home.signUp")}</ButtonLink>
            <ButtonLink to="/blog" variant="secondary">
              {t("pages:home.readBlog")}
            </ButtonLink>
          </div>
        </section>
      )}
      <section aria-labelledby="latest-posts">
        <h2 id="latest-posts" className="mb-4 font-serif text-2xl font-semibold">
          {t("pages:home.latestPosts")}
        </h2>
        <PostList posts={posts} empty={t("pages:home.noPosts")} />
      </section>
    </div>
  );
}

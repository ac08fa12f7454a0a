/**
 * `/tags` (issue 25): every tag of the blog's posts, most used first, each a link to the
 * blog's posts with that tag and saying how many there are. The same page for everyone (the
 * API counts the posts readers can see), so a guest's is kept in the page cache; plain links,
 * so it needs no script.
 */
import { Link } from "react-router";
import type { Route } from "./+types/tags";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { postTags } from "../../api/records/post-tags.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The live posts' tags. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  return {
    title: t("listings:tags.title"),
    description: t("listings:tags.description"),
    canonical: canonicalUrl(siteOrigin(context, request), paths.tags(), {}),
    tags: await postTags(api),
  };
}

/** The tags page. */
export default function Tags({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { tags } = loaderData;
  return (
    <>
      <PageHeader title={t("listings:tags.title")} intro={t("listings:tags.description")} />
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-3" data-testid="tag-index">
          {tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link
                to={paths.blogTag(tag)}
                className="inline-flex items-baseline gap-2 rounded-full bg-stone-100 px-4 py-1.5 text-stone-900 hover:bg-stone-200 focus-visible:bg-stone-200 [overflow-wrap:anywhere]"
              >
                {tag}
                <span className="text-sm text-stone-700">
                  {t("listings:tags.count", { count })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t("listings:tags.empty")}>
          <ButtonLink to={paths.blog()}>{t("listings:blog.allPosts")}</ButtonLink>
        </EmptyState>
      )}
    </>
  );
}

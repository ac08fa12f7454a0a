/** `/post/{username}/{title}`: one post (published, or the author's own draft), else 404. */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import type { Route } from "./+types/post";
import { Markdown } from "../../components/records/markdown.tsx";
import { TagList } from "../../components/records/record-body.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findPost } from "../../lib/records.ts";
import { findOr404, routeContext } from "../../lib/route-data.ts";

/** Title and description: the post's. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The post, through the API's view rule. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb } = routeContext(context);
  const post = await findOr404(context, new URL(request.url), () =>
    findPost(pb, params.username, params.title),
  );
  return { title: post.title, description: post.excerpt, post, username: params.username };
}

/** The post page. */
export default function Post({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { post, username } = loaderData;
  const author = post.expand?.author;
  return (
    <article className="mx-auto max-w-prose" lang={post.lang || undefined}>
      <header className="mb-6">
        <h1 className="font-serif text-3xl font-bold sm:text-4xl">{post.title}</h1>
        <p className="mt-2 text-stone-700">
          {post.status === "published" ? (
            <FormattedDate value={post.publishedAt} />
          ) : (
            t("records:post.draft")
          )}
          {author && (
            <>
              {" · "}
              <Link
                to={`/profile/${encodeURIComponent(author.username)}`}
                className="underline underline-offset-4"
              >
                {t("records:meta.by", { name: author.name || author.username })}
              </Link>
            </>
          )}
        </p>
        {post.excerpt && <p className="mt-4 text-lg text-stone-800">{post.excerpt}</p>}
      </header>
      <Markdown text={post.content} lang={post.lang} />
      <footer className="mt-8 flex flex-wrap items-center gap-4">
        <TagList tags={post.tags} label={t("records:meta.tags")} />
        {user?.id === post.author && (
          <ButtonLink
            to={`/post/update/${encodeURIComponent(username)}/${encodeURIComponent(post.slug)}`}
            variant="secondary"
          >
            {t("records:post.editLink")}
          </ButtonLink>
        )}
      </footer>
    </article>
  );
}

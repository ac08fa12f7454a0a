/** `/post/update/{username}/{title}` (signed in, the author only): edits a post. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/post-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { PostEditor } from "../../features/editor/post-editor.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findPost } from "../../lib/records.ts";
import { findOr404, requireUser, routeContext, throwForbidden } from "../../lib/route-data.ts";

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The post (404 when unreadable, 403 when someone else's). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb, t, locale } = routeContext(context);
  const user = requireUser(context);
  const post = await findOr404(context, new URL(request.url), () =>
    findPost(pb, params.username, params.title),
  );
  if (post.author !== user.id) throwForbidden(context);
  return {
    title: t("records:post.updateTitle"),
    post,
    author: { id: user.id, username: post.expand?.author?.username ?? params.username },
    locale,
  };
}

/** The edit-post page. */
export default function PostUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { post, author, locale } = loaderData;
  return (
    <div>
      <PageHeader title={t("records:post.updateTitle")} intro={post.title} />
      <PostEditor key={post.id} author={author} post={post} lang={locale} />
    </div>
  );
}

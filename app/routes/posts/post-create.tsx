/** `/post/create` (writers and admins): drafts a new post. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/post-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { PostEditor } from "../../features/editor/post-editor.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { requireUser, requireWriter, routeContext } from "../../lib/route-data.ts";

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The author (a writer or an admin; others get the 403 page). */
export function loader({ context }: Route.LoaderArgs) {
  const { t, locale } = routeContext(context);
  requireUser(context);
  const user = requireWriter(context);
  return {
    title: t("records:post.createTitle"),
    author: { id: user.id, username: user.username },
    locale,
  };
}

/** The new-post page. */
export default function PostCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { author, locale } = loaderData;
  return (
    <div>
      <PageHeader title={t("records:post.createTitle")} />
      <PostEditor author={author} lang={locale} />
    </div>
  );
}

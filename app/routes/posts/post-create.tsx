/**
 * `/post/create` (writers and admins): drafts a new post. A superuser, who owns no posts, gets
 * a notice instead of the form.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/post-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { translationCandidates } from "../../api/records/post-translations.ts";
import { PostEditor } from "../../features/editor/post/post-editor.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireUser, requireWriter, routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The author (a writer or an admin; a superuser gets the notice, others the 403 page). */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  if (isSuperuser(requireUser(context)))
    return { title: t("records:post.createTitle"), superuser: true as const };
  const user = requireWriter(context);
  return {
    superuser: false as const,
    title: t("records:post.createTitle"),
    author: { id: user.id, username: user.username },
    locale,
    translationCandidates: await translationCandidates(api, user.id),
  };
}

/** The new-post page. */
export default function PostCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("records:post.createTitle")} />;
  const { author, locale, translationCandidates: candidates } = loaderData;
  return (
    <div>
      <PageHeader title={t("records:post.createTitle")} />
      <PostEditor author={author} lang={locale} translationCandidates={candidates} />
    </div>
  );
}

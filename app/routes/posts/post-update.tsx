/** `/post/update/{username}/{title}` (signed in, the author only): edits a post. */

import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/post-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { translationCandidates } from "../../api/records/post-translations.ts";
import { PostEditor } from "../../features/editor/post/post-editor.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findPost } from "../../api/records/record-pages.ts";
import {
  requireUser,
  routeContext,
  throwForbidden,
  readNamedOr404,
  respelledPath,
} from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The post (404 when unreadable, 403 when someone else's). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  const user = requireUser(context);
  const url = new URL(request.url);
  // Another spelling of the username redirects: the canonical address (ADR 037).
  const post = await readNamedOr404(context, url, params.username, 3, (username) =>
    findPost(api, username, params.title),
  );
  // A former address of the post (its slug changed): the editor of its current one.
  if (post.slug !== params.title) throw redirect(respelledPath(url, 4, post.slug), 301);
  // A superuser passes every rule but owns nothing, and the form saves the signed-in account
  // as the author: it gets the notice rather than a form whose save would fail.
  if (isSuperuser(user)) return { title: t("records:post.updateTitle"), superuser: true as const };
  if (post.author !== user.id) throwForbidden(context);
  return {
    title: t("records:post.updateTitle"),
    superuser: false as const,
    post,
    author: { id: user.id, username: post.expand?.author?.username ?? params.username },
    locale,
    translationCandidates: await translationCandidates(api, user.id),
  };
}

/** The edit-post page. */
export default function PostUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("records:post.updateTitle")} />;
  const { post, author, locale, translationCandidates: candidates } = loaderData;
  return (
    <div>
      <PageHeader title={t("records:post.updateTitle")} intro={post.title} />
      <PostEditor
        key={post.id}
        author={author}
        post={post}
        lang={locale}
        translationCandidates={candidates}
      />
    </div>
  );
}

/** `/post/update/{username}/{title}` (signed in, the author only): edits a post. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/post-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { postFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findPost } from "../../lib/records.ts";
import { findOr404, requireUser, routeContext, throwForbidden } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The post (404 when unreadable, 403 when someone else's). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const user = requireUser(context);
  const post = await findOr404(context, new URL(request.url), () =>
    findPost(pb, params.username, params.title),
  );
  if (post.author !== user.id) throwForbidden(context);
  return { title: t("records:post.updateTitle"), post, username: params.username };
}

/** The edit-post page. */
export default function PostUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { post, username } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:post.updateTitle")} intro={post.title} />
      <RecordForm
        collection="posts"
        recordId={post.id}
        fields={postFields(t, post)}
        submitLabel={t("common:actions.save")}
        redirectTo={(record) =>
          `/post/${encodeURIComponent(username)}/${encodeURIComponent(String(record.slug))}`
        }
      />
    </div>
  );
}

/** `/post/create` (writers and admins): drafts a new post. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/post-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { postFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { requireUser, requireWriter, routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The author. */
export function loader({ context }: Route.LoaderArgs) {
  const { t, locale } = routeContext(context);
  requireUser(context);
  const user = requireWriter(context);
  return {
    title: t("records:post.createTitle"),
    authorId: user.id,
    username: user.username,
    locale,
  };
}

/** The new-post page. */
export default function PostCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { authorId, username, locale } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:post.createTitle")} />
      <RecordForm
        collection="posts"
        fields={postFields(t)}
        extra={{ author: authorId, lang: locale }}
        submitLabel={t("common:actions.create")}
        redirectTo={(record) =>
          `/post/${encodeURIComponent(username)}/${encodeURIComponent(String(record.slug))}`
        }
      />
    </div>
  );
}

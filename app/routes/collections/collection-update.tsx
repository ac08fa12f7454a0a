/** `/collection/update/{username}/{name}` (signed in, the owner only): edits a collection. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/collection-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { collectionFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findCollection } from "../../lib/records.ts";
import { findOr404, requireUser, routeContext, throwForbidden } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The collection (404 when unreadable, 403 when someone else's). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const user = requireUser(context);
  const collection = await findOr404(context, new URL(request.url), () =>
    findCollection(pb, params.username, params.name),
  );
  if (collection.owner !== user.id) throwForbidden(context);
  return { title: t("records:collection.updateTitle"), collection, username: params.username };
}

/** The edit-collection page. */
export default function CollectionUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { collection, username } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:collection.updateTitle")} intro={collection.title} />
      <RecordForm
        collection="collections"
        recordId={collection.id}
        fields={collectionFields(t, collection)}
        submitLabel={t("common:actions.save")}
        redirectTo={(record) =>
          `/collection/${encodeURIComponent(username)}/${encodeURIComponent(String(record.name))}`
        }
      />
    </div>
  );
}

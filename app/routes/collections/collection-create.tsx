/** `/collection/create` (signed in): a new collection, private by default. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/collection-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { collectionFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { requireUser, routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The owner. */
export function loader({ context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const user = requireUser(context);
  return { title: t("records:collection.createTitle"), ownerId: user.id, username: user.username };
}

/** The new-collection page. */
export default function CollectionCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { ownerId, username } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:collection.createTitle")} />
      <RecordForm
        collection="collections"
        fields={collectionFields(t)}
        extra={{ owner: ownerId }}
        submitLabel={t("common:actions.create")}
        redirectTo={(record) =>
          `/collection/${encodeURIComponent(username)}/${encodeURIComponent(String(record.name))}`
        }
      />
    </div>
  );
}

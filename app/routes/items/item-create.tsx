/** `/i/create` (admins and superusers): a new item. */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/item-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { itemFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireAdmin, routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The page title. */
export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { t } = routeContext(context);
  return { title: t("records:items.createTitle") };
}

/** The new-item page. */
export default function ItemCreate() {
  const { t } = useAppTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:items.createTitle")} />
      <RecordForm
        collection="items"
        fields={itemFields(t)}
        submitLabel={t("common:actions.create")}
        redirectTo={(record) => paths.item(String(record.code))}
      />
    </div>
  );
}

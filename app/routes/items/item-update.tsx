/** `/i/update/{code}` (admins and superusers): edits an item. */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/item-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { itemFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findItem } from "../../api/records/record-pages.ts";
import { findOr404, requireAdmin, requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The item. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(context);
  requireAdmin(context);
  const { api, t } = routeContext(context);
  const item = await findOr404(context, new URL(request.url), () => findItem(api, params.code));
  return { title: t("records:items.updateTitle"), item };
}

/** The edit-item page. */
export default function ItemUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { item } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:items.updateTitle")} intro={item.name} />
      <RecordForm
        collection="items"
        recordId={item.id}
        fields={itemFields(t, item)}
        submitLabel={t("common:actions.save")}
        redirectTo={(record) => paths.item(String(record.code))}
      />
    </div>
  );
}

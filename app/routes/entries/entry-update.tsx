/** `/entry/update/{username}/{name}` (signed in, the author only): edits an entry. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/entry-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { entryFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findEntry, type CollectionRecord } from "../../lib/records.ts";
import { findOr404, requireUser, routeContext, throwForbidden } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The entry (404 when unreadable, 403 when someone else's) and the author's collections. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const user = requireUser(context);
  const entry = await findOr404(context, new URL(request.url), () =>
    findEntry(pb, params.username, params.name),
  );
  if (entry.author !== user.id) throwForbidden(context);
  const collections = await pb.collection("collections").getFullList<CollectionRecord>({
    filter: pb.filter("owner = {:id}", { id: user.id }),
    sort: "title",
    fields: "id,title",
    batch: 500,
  });
  return {
    title: t("records:entry.updateTitle"),
    entry,
    username: params.username,
    collections: collections.map(({ id, title }) => ({ id, title })),
  };
}

/** The edit-entry page. */
export default function EntryUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { entry, username, collections } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:entry.updateTitle")} intro={entry.title} />
      <RecordForm
        collection="entries"
        recordId={entry.id}
        fields={entryFields(t, collections, entry)}
        submitLabel={t("common:actions.save")}
        redirectTo={(record) =>
          `/entry/${encodeURIComponent(username)}/${encodeURIComponent(String(record.name))}`
        }
      />
    </div>
  );
}

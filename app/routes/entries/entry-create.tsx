/** `/entry/create` (signed in): writes a new entry; private by default. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/entry-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { entryFields } from "../../features/records/fields.ts";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import type { CollectionRecord } from "../../lib/records.ts";
import { requireUser, routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The author's collections, to file the entry in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const user = requireUser(context);
  const collections = await pb.collection("collections").getFullList<CollectionRecord>({
    filter: pb.filter("owner = {:id}", { id: user.id }),
    sort: "title",
    fields: "id,title",
    batch: 500,
  });
  return {
    title: t("records:entry.createTitle"),
    authorId: user.id,
    username: user.username,
    collections: collections.map(({ id, title }) => ({ id, title })),
  };
}

/** The new-entry page. */
export default function EntryCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { authorId, username, collections } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:entry.createTitle")} />
      <RecordForm
        collection="entries"
        fields={entryFields(t, collections)}
        extra={{ author: authorId }}
        submitLabel={t("common:actions.create")}
        redirectTo={(record) =>
          `/entry/${encodeURIComponent(username)}/${encodeURIComponent(String(record.name))}`
        }
      />
    </div>
  );
}

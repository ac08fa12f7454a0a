/**
 * `/entry/create` (signed in): writes a new entry; private by default. A superuser, who owns
 * no entries, gets a notice instead of the form.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/entry-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EntryEditor } from "../../features/editor/entry/entry-editor.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import type { CollectionRecord } from "../../api/records/records.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { filterExpression, listAllRecords } from "../../api/records/record-reads.ts";

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The author and their collections, to file the entry in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  const user = requireUser(context);
  if (isSuperuser(user)) return { title: t("records:entry.createTitle"), superuser: true as const };
  const collections = await listAllRecords<CollectionRecord>(api, "collections", {
    filter: filterExpression(api, "owner = {:id}", { id: user.id }),
    sort: "title",
    fields: "id,title",
    batch: 500,
  });
  return {
    title: t("records:entry.createTitle"),
    superuser: false as const,
    author: { id: user.id, username: user.username },
    collections: collections.map(({ id, title }) => ({ id, title })),
    today: new Date().toISOString().slice(0, 10),
  };
}

/** The new-entry page. */
export default function EntryCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("records:entry.createTitle")} />;
  const { author, collections, today } = loaderData;
  return (
    <div>
      <PageHeader title={t("records:entry.createTitle")} intro={t("editor:entry.createIntro")} />
      <EntryEditor author={author} collections={collections} today={today} />
    </div>
  );
}

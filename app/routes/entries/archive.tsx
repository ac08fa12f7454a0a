/** `/archive`: every entry the visitor may read (public ones and their own), newest first. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/archive";
import { EntryList, Pagination } from "../../components/records/record-lists.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { PAGE_SIZE, pageParam, type EntryRecord } from "../../lib/records.ts";
import { routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of entries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const page = pageParam(new URL(request.url));
  const list = await pb.collection("entries").getList<EntryRecord>(page, PAGE_SIZE, {
    sort: "-date,-created",
    expand: "author",
  });
  return {
    title: t("records:archive.title"),
    description: t("records:archive.intro"),
    entries: list.items,
    page: list.page,
    totalPages: list.totalPages,
  };
}

/** The archive. */
export default function Archive({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <PageHeader title={t("records:archive.title")} intro={t("records:archive.intro")} />
      <EntryList entries={loaderData.entries} empty={t("records:archive.empty")} />
      <Pagination page={loaderData.page} totalPages={loaderData.totalPages} />
    </>
  );
}

/** `/i` (admins and superusers): the items of the instances area. */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import type { Route } from "./+types/items";
import { Pagination } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { PAGE_SIZE, pageParam, type ItemRecord } from "../../lib/records.ts";
import { requireAdmin, routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of items. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { pb, t } = routeContext(context);
  const page = pageParam(new URL(request.url));
  const list = await pb.collection("items").getList<ItemRecord>(page, PAGE_SIZE, { sort: "code" });
  return {
    title: t("records:items.title"),
    items: list.items,
    page: list.page,
    totalPages: list.totalPages,
  };
}

/** The items table. */
export default function Items({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <PageHeader
        title={t("records:items.title")}
        intro={t("records:items.intro")}
        actions={<ButtonLink to="/i/create">{t("records:items.create")}</ButtonLink>}
      />
      {loaderData.items.length === 0 ? (
        <p className="text-stone-700">{t("records:items.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-100">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t("records:items.code")}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t("records:items.name")}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t("records:items.status")}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t("records:meta.date")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {loaderData.items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-2 font-mono">
                    <Link
                      to={`/i/${encodeURIComponent(item.code)}`}
                      className="underline underline-offset-4"
                    >
                      {item.code}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{item.name}</td>
                  <td className="px-4 py-2">{t(`records:items.${item.status}`)}</td>
                  <td className="px-4 py-2">
                    <FormattedDate value={item.updated} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={loaderData.page} totalPages={loaderData.totalPages} />
    </>
  );
}

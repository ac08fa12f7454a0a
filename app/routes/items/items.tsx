/**
 * `/i` (admins and superusers): the items of the instances area, 30 per page, with search
 * (code, name, description), status and tag filters and a sort (name, code, created, updated;
 * either direction), all in the URL so the list works without JavaScript and survives a
 * reload; kept live while open.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { Link } from "react-router";
import type { Route } from "./+types/items";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ListFilters, SelectFilter, TextFilter } from "../../features/admin/list-filters.tsx";
import { ListResults } from "../../features/admin/list-table.tsx";
import { itemsFilter, itemsQuery, sortExpression } from "../../features/admin/list-query.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { PAGE_SIZE, type ItemRecord } from "../../api/records/records.ts";
import { requireAdmin, routeContext } from "../../lib/routes/route-data.ts";
import { LiveIndicator } from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { paths } from "../../lib/paths.ts";
import { listRecords } from "../../api/records/record-reads.ts";

/** The items table listens to every item change. */
const ITEM_TOPICS = [{ collection: "items", topic: "*" }];

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of items for the URL's query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { api, t } = routeContext(context);
  const query = itemsQuery(new URL(request.url));
  const list = await listRecords<ItemRecord>(api, "items", query.page, PAGE_SIZE, {
    filter: itemsFilter(api, query),
    // The id breaks ties, so paging never repeats or skips an item.
    sort: `${sortExpression(query.sort, query.dir)},id`,
  });
  return {
    title: t("records:items.title"),
    query,
    items: list.items,
    page: list.page,
    totalPages: list.totalPages,
    totalItems: list.totalItems,
  };
}

const cell = "px-4 py-2 align-top";

/** The items table. */
export default function Items({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { query } = loaderData;
  const live = useLiveRecords({ topics: ITEM_TOPICS });
  return (
    <>
      <PageHeader
        title={t("records:items.title")}
        intro={t("records:items.intro")}
        actions={
          <>
            <LiveIndicator status={live.status} />
            <ButtonLink to={paths.itemCreate()}>{t("records:items.create")}</ButtonLink>
          </>
        }
      />
      <ListFilters
        q={query.q}
        searchHint={t("admin:items.searchHint")}
        sort={query.sort}
        dir={query.dir}
        sortOptions={[
          { value: "name", label: t("admin:items.sortName") },
          { value: "code", label: t("admin:items.sortCode") },
          { value: "created", label: t("admin:items.sortCreated") },
          { value: "updated", label: t("admin:items.sortUpdated") },
        ]}
      >
        <SelectFilter
          name="status"
          label={t("admin:items.status")}
          value={query.status}
          options={[
            { value: "", label: t("admin:items.anyStatus") },
            { value: "active", label: t("records:items.active") },
            { value: "archived", label: t("records:items.archived") },
          ]}
        />
        <TextFilter
          name="tag"
          label={t("admin:items.tag")}
          hint={t("admin:items.tagHint")}
          value={query.tag}
          maxLength={40}
        />
      </ListFilters>
      <ListResults
        totalItems={loaderData.totalItems}
        page={loaderData.page}
        totalPages={loaderData.totalPages}
        shown={loaderData.items.length}
        emptyText={
          loaderData.totalItems === 0 && !query.q && !query.status && !query.tag
            ? t("records:items.empty")
            : t("admin:list.noMatch")
        }
        testId="items-table"
        caption={t("records:items.title")}
        columns={[
          t("records:items.code"),
          t("records:items.name"),
          t("records:items.status"),
          t("admin:items.tags"),
          t("records:meta.date"),
        ]}
        cellClassName={cell}
      >
        {loaderData.items.map((item) => (
          <tr key={item.id}>
            <td className={`${cell} font-mono whitespace-nowrap`}>
              <Link to={paths.item(item.code)} className="underline underline-offset-4">
                {item.code}
              </Link>
            </td>
            <td className={`${cell} min-w-40 break-words`}>{item.name}</td>
            <td className={`${cell} whitespace-nowrap`}>{t(`records:items.${item.status}`)}</td>
            <td className={`${cell} min-w-32 break-words`}>{item.tags.join(", ")}</td>
            <td className={`${cell} whitespace-nowrap`}>
              <FormattedDate value={item.updated} />
            </td>
          </tr>
        ))}
      </ListResults>
    </>
  );
}

/**
 * `/admin/users` (admins and superusers): every account, 30 per page, with search (username,
 * name, email), a role filter and a sort, all in the URL; per user the actions of
 * `features/admin/user-actions.tsx`.
 */
import { Link } from "react-router";
import type { Route } from "./+types/users";
import { Avatar } from "../../components/ui/avatar.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ListFilters, SelectFilter } from "../../features/admin/list-filters.tsx";
import { ListResults } from "../../features/admin/list-table.tsx";
import { sortExpression, usersFilter, usersQuery } from "../../features/admin/list-query.ts";
import { roleLabel, UserActions, type ManagedUser } from "../../features/admin/user-actions.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { PAGE_SIZE } from "../../api/records/records.ts";
import { requireAdmin, routeContext } from "../../lib/routes/route-data.ts";
import { LiveIndicator } from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { paths } from "../../lib/paths.ts";
import { listRecords } from "../../api/records/record-reads.ts";

/** The users list listens to every change of a user the viewer may list. */
const USER_TOPICS = [{ collection: "users", topic: "*" }];

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of users for the URL's query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(context);
  const { api, t } = routeContext(context);
  const query = usersQuery(new URL(request.url));
  const list = await listRecords<ManagedUser>(api, "users", query.page, PAGE_SIZE, {
    filter: usersFilter(api, query),
    sort: `${sortExpression(query.sort, query.dir)},id`,
  });
  return {
    title: t("admin:users.title"),
    viewer,
    query,
    users: list.items,
    page: list.page,
    totalPages: list.totalPages,
    totalItems: list.totalItems,
  };
}

const cell = "px-3 py-2 align-top";

/** The users page. */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const live = useLiveRecords({ topics: USER_TOPICS });
  const { query, viewer, users } = loaderData;
  return (
    <>
      <PageHeader
        title={t("admin:users.title")}
        intro={t("admin:users.intro")}
        actions={<LiveIndicator status={live.status} />}
      />
      <ListFilters
        q={query.q}
        searchHint={t("admin:users.searchHint")}
        sort={query.sort}
        dir={query.dir}
        sortOptions={[
          { value: "username", label: t("admin:users.sortUsername") },
          { value: "name", label: t("admin:users.sortName") },
          { value: "email", label: t("admin:users.sortEmail") },
          { value: "created", label: t("admin:users.sortCreated") },
        ]}
      >
        <SelectFilter
          name="role"
          label={t("admin:users.role")}
          value={query.role}
          options={[
            { value: "", label: t("admin:users.anyRole") },
            { value: "user", label: t("admin:users.roleUser") },
            { value: "writer", label: t("admin:users.roleWriter") },
            { value: "admin", label: t("admin:users.roleAdmin") },
          ]}
        />
      </ListFilters>
      <ListResults
        totalItems={loaderData.totalItems}
        page={loaderData.page}
        totalPages={loaderData.totalPages}
        shown={users.length}
        emptyText={t("admin:list.noMatch")}
        testId="users-table"
        caption={t("admin:users.title")}
        columns={[
          t("admin:users.columnUser"),
          t("admin:users.columnEmail"),
          t("admin:users.columnRole"),
          t("admin:users.columnVerified"),
          t("admin:users.columnCreated"),
          t("admin:users.columnActions"),
        ]}
        cellClassName={cell}
      >
        {users.map((user) => (
          <tr key={user.id} data-username={user.username}>
            <th scope="row" className={`${cell} font-normal`}>
              <Link
                to={paths.profile(user.username)}
                className="flex items-center gap-2 underline underline-offset-4"
              >
                <Avatar user={user} />
                <span>
                  <span className="block font-semibold">@{user.username}</span>
                  {user.name && <span className="block text-stone-700">{user.name}</span>}
                </span>
              </Link>
              {user.id === viewer.id && (
                <span className="text-stone-700"> {t("admin:users.you")}</span>
              )}
              {user.suspended && (
                <span className="mt-1 inline-block rounded border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900">
                  {t("admin:users.suspendedBadge")}
                </span>
              )}
            </th>
            <td className={`${cell} whitespace-nowrap`}>{user.email}</td>
            <td className={`${cell} whitespace-nowrap`}>{roleLabel(t, user.role)}</td>
            <td className={`${cell} whitespace-nowrap`}>
              {user.verified ? t("admin:users.verifiedYes") : t("admin:users.verifiedNo")}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              <FormattedDate value={user.created} />
            </td>
            <td className={cell}>
              <UserActions viewer={viewer} user={user} />
            </td>
          </tr>
        ))}
      </ListResults>
    </>
  );
}

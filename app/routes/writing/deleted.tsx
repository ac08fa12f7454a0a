/**
 * `/writing/deleted` ("Recently deleted", ADR 067): the signed-in person's deleted entries and
 * posts, newest first, 30 a page, each with when it was deleted and when it goes for good;
 * Restore brings one back where it was (the page then says so, with a link to it), "Delete
 * forever" asks first and deletes it with its files and history. Works without JavaScript
 * (forms posting to the action, post/redirect/get) and with it. Linked from `/writing`. The
 * signed-in guard sends visitors to `/login`; a superuser, who owns no entry, gets a notice.
 */
import type { Route } from "./+types/deleted";
import { Pagination } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { deletedAction, loadDeleted } from "../../features/writing/deleted-data.server.ts";
import {
  DeletedConfirm,
  DeletedList,
  DeletedOutcome,
} from "../../features/writing/deleted-list.tsx";
import { isSuperuser } from "../../api/auth/session.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";

/** Title and description; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** One page of the list and the outcome of the last action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { t, locale } = routeContext(context);
  const user = requireUser(context, request);
  const heading = t("writing:deleted.title");
  if (isSuperuser(user)) return { superuser: true as const, title: heading };
  const url = new URL(request.url);
  const loaded = await loadDeleted(context, user, url);
  return {
    superuser: false as const,
    title:
      loaded.page > 1
        ? `${heading} (${t("listings:pagination.page", { page: loaded.page })})`
        : heading,
    description: t("writing:deleted.description"),
    locale,
    ...loaded,
  };
}

/** Restores an item, or deletes it for good. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  return deletedAction(context, request);
}

/** The page: a notice for a superuser, else the list. */
export default function Deleted({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("writing:deleted.title")} />;
  return (
    <>
      <PageHeader
        title={t("writing:deleted.title")}
        intro={t("writing:deleted.intro")}
        actions={
          <ButtonLink to={paths.writing()} variant="secondary">
            {t("writing:deleted.back")}
          </ButtonLink>
        }
      />
      {actionData?.message && (
        <div className="mb-6">
          <FormMessage kind="error">{actionData.message}</FormMessage>
        </div>
      )}
      <DeletedOutcome restored={loaderData.restored} purged={loaderData.purged} />
      {loaderData.confirming && (
        <DeletedConfirm item={loaderData.confirming} page={loaderData.page} />
      )}
      <DeletedList
        items={loaderData.items}
        page={loaderData.page}
        totalItems={loaderData.totalItems}
        locale={loaderData.locale}
      />
      <Pagination page={loaderData.page} totalPages={loaderData.totalPages} />
    </>
  );
}

/**
 * `/admin/jobs` (superusers): the job queue (ADR 060), its counts by state, a page of jobs of
 * one state or all (`?state=`, `?page=`), and retrying or discarding failed ones.
 */
import type { Route } from "./+types/jobs";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { JobsPanel } from "../../features/admin-system/jobs-panel.tsx";
import { parseJobQuery } from "../../features/admin-system/jobs-query.ts";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { listJobs } from "../../api/system/jobs.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireSuperuser, routeContext } from "../../lib/routes/route-data.ts";

/** Jobs per page. */
const PER_PAGE = 30;

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** A page of the jobs the query string asks for, and the counts of every state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperuser(context);
  const { api, t } = routeContext(context);
  const query = parseJobQuery(new URL(request.url).searchParams);
  const list = await listJobs(api, { state: query.state, page: query.page, perPage: PER_PAGE });
  return { title: t("adminSystem:jobs.title"), query, list };
}

/** The jobs page. */
export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <PageHeader title={t("adminSystem:jobs.title")} intro={t("adminSystem:jobs.intro")} />
      <SystemNav />
      <JobsPanel list={loaderData.list} query={loaderData.query} />
    </>
  );
}

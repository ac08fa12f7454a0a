/** `/admin/backups` (superusers): create, upload, download, restore and delete backups. */
import type { Route } from "./+types/backups";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BackupsPanel } from "../../features/admin-system/backups-panel.tsx";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { listBackups } from "../../api/system/backups.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireSuperuser, routeContext } from "../../lib/routes/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The stored backups, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  requireSuperuser(context);
  const { api, t } = routeContext(context);
  const backups = await listBackups(api);
  return { title: t("adminSystem:backups.title"), backups };
}

/** The backups page. */
export default function Backups({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <PageHeader title={t("adminSystem:backups.title")} intro={t("adminSystem:backups.intro")} />
      <SystemNav />
      <BackupsPanel backups={loaderData.backups} />
    </>
  );
}

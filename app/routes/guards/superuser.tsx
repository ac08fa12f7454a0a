/**
 * Guard layout: the system pages (`/admin/settings`, `/admin/logs`, `/admin/backups`) send a
 * signed-out visitor to `/login` (and back here once signed in) and answer 403 to every
 * account but superusers, admin-role accounts included (the APIs behind them are
 * superuser-only, as in PocketBase).
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/superuser";
import { requireSuperuser } from "../../lib/routes/route-data.ts";

/** Login for guests, 403 for accounts but superusers (also on client-side navigations, through the data request). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireSuperuser(context, request);
  return null;
}

/** The guarded page. */
export default function SuperuserOnly() {
  return <Outlet />;
}

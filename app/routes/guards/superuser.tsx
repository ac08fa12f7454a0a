/**
 * Guard layout: the system pages (`/admin/settings`, `/admin/logs`, `/admin/backups`) answer
 * 403 to everyone but superusers, admin-role accounts included (the APIs behind them are
 * superuser-only, as in PocketBase).
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/superuser";
import { requireSuperuser } from "../../lib/route-data.ts";

/** Answers 403 to everyone but superusers (also on client-side navigations, through the data request). */
export function loader({ context }: Route.LoaderArgs) {
  requireSuperuser(context);
  return null;
}

/** The guarded page. */
export default function SuperuserOnly() {
  return <Outlet />;
}

/** Guard layout: the instances area (`/i`) answers 403 to everyone but admins and superusers. */
import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdmin } from "../../lib/route-data.ts";

/** Answers 403 to everyone but admins and superusers (also on client-side navigations, through the data request). */
export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return null;
}

/** The guarded page. */
export default function AdminOnly() {
  return <Outlet />;
}

/**
 * Guard layout: the instances area (`/i`) and the admin sections (`/admin`) send a signed-out
 * visitor to `/login` (and back here once signed in), like every page that needs an account,
 * and answer 403 to accounts that are neither admins nor superusers.
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdmin } from "../../lib/routes/route-data.ts";

/** Login for guests, 403 for other accounts (also on client-side navigations, through the data request). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

/** The guarded page. */
export default function AdminOnly() {
  return <Outlet />;
}

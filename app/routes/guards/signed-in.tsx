/**
 * Guard layout: pages for signed-in accounts send visitors to `/login`, which brings them back
 * here once signed in.
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in";
import { requireUser } from "../../lib/routes/route-data.ts";

/** Redirects a signed-out visitor to `/login` (also on client-side navigations, through the data request). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

/** The guarded page. */
export default function SignedIn() {
  return <Outlet />;
}

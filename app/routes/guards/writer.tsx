/**
 * Guard layout: pages for writers (and admins) answer 403 to other accounts, except
 * superusers, to whom the page itself explains that they don't write.
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/writer";
import { requireUser, requireWriter } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";

/** Answers 403 to accounts without the writer or admin role (also on client-side navigations, through the data request). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!isSuperuser(requireUser(context, request))) requireWriter(context);
  return null;
}

/** The guarded page. */
export default function WriterOnly() {
  return <Outlet />;
}

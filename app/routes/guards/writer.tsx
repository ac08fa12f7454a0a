/** Guard layout: pages for writers (and admins) answer 403 to other accounts. */
import { Outlet } from "react-router";
import type { Route } from "./+types/writer";
import { requireWriter } from "../../lib/route-data.ts";

/** Answers 403 to accounts without the writer or admin role (also on client-side navigations, through the data request). */
export function loader({ context }: Route.LoaderArgs) {
  requireWriter(context);
  return null;
}

/** The guarded page. */
export default function WriterOnly() {
  return <Outlet />;
}

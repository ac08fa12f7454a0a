/** Any unmatched path: the 404 error page, 'Page not found: {path}'. */
import type { Route } from "./+types/not-found";
import { throwNotFound } from "../lib/routes/route-data.ts";

/** Always a 404. */
export function loader({ request, context }: Route.LoaderArgs): never {
  throwNotFound(context, new URL(request.url));
}

/** Never rendered: the loader always throws to the error page. */
export default function NotFound() {
  return null;
}

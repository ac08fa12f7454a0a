/**
 * `/writing/subscribers/export?target=`: the CSV of one target's subscribers (ADR 065), a
 * download for its owner or an admin. A resource route: it asks `GET /api/subscriptions/export`
 * with the visitor's session and hands the file on; the API decides who may have it (its
 * refusal comes back as a short text with its status). A visitor goes to `/login`.
 */
import type { Route } from "./+types/subscribers-export";
import {
  exportSubscribers,
  isSubscriptionTarget,
  SubscriberExportRefused,
} from "../../api/subscriptions/subscriptions.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";

/** The statuses of the API's refusal passed on; anything else is a 400. */
const PASSED_ON = new Set([400, 401, 403, 404, 429]);

/** A short text answer (a refusal). */
function refusal(message: string, status: number): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** The file, or why not. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  requireUser(context, request);
  const target = new URL(request.url).searchParams.get("target") ?? "";
  if (!isSubscriptionTarget(target)) return refusal(t("subscriptions:subscribers.badTarget"), 400);
  try {
    const csv = await exportSubscribers(api, target);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="subscribers-${target.replace(":", "-")}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof SubscriberExportRefused)) throw error;
    const status = PASSED_ON.has(error.status) ? error.status : 400;
    return refusal(t("subscriptions:subscribers.exportRefused"), status);
  }
}

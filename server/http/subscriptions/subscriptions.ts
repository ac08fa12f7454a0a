/**
 * Email subscriptions (ADR 065):
 * - `POST /api/subscriptions` `{email, target, locale}`: 204 whether or not the address is
 *   known; mails a confirmation link (a signed-in reader's own verified address is confirmed
 *   at once); rate-limited as `subscriptions:create`;
 * - `POST /api/subscriptions/confirm` `{token}`: confirms (the app's confirm page posts it);
 * - `POST /api/subscriptions/unsubscribe?token=…`: unsubscribes at once, the
 *   `List-Unsubscribe` target of every mail (RFC 8058); no `GET`, so link scanners change nothing;
 * - `GET /api/subscriptions/manage?token=…`: the address's subscriptions; `POST
 *   /api/subscriptions/manage` `{token, id, status?, frequency?}` changes one;
 * - `GET /api/subscriptions/export?target=…`: the target's subscribers as CSV, for its owner
 *   or an admin.
 */
import type { FastifyInstance } from "fastify";
import type { SubscriptionService } from "../../core/subscriptions/subscription-service.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { bindBody } from "../records/record-auth-body.ts";
import { queryOf } from "../request-context.ts";

/** Registers the subscription routes. */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  subscriptions: SubscriptionService,
): void {
  app.post("/api/subscriptions", rateLimited("create", "subscriptions"), async (request, reply) => {
    const body = await bindBody(request, { email: "string", target: "string", locale: "string" });
    await subscriptions.subscribe(body, request.auth);
    return reply.code(204).send();
  });

  app.post("/api/subscriptions/confirm", async (request, reply) => {
    const { token } = await bindBody(request, { token: "string" });
    await subscriptions.confirm(token);
    return reply.code(204).send();
  });

  app.post("/api/subscriptions/unsubscribe", async (request, reply) => {
    // RFC 8058: the token is in the address; the body is `List-Unsubscribe=One-Click`.
    const token = queryOf(request).token ?? (await bindBody(request, { token: "string" })).token;
    await subscriptions.unsubscribe(token);
    return reply.code(204).send();
  });

  app.get("/api/subscriptions/manage", async (request) => {
    return subscriptions.manageList(queryOf(request).token);
  });

  app.post("/api/subscriptions/manage", async (request) => {
    const body = await bindBody(request, {
      token: "string",
      id: "string",
      status: "string",
      frequency: "string",
    });
    return subscriptions.manageUpdate(body.token, body);
  });

  app.get("/api/subscriptions/export", async (request, reply) => {
    const csv = await subscriptions.exportCsv(request.auth, queryOf(request).target ?? "");
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="subscribers.csv"')
      .header("cache-control", "no-store")
      .send(csv);
  });
}

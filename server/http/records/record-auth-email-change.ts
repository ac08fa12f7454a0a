/** `request-email-change` and `confirm-email-change` (PocketBase's `record_auth_email_change_*.go`). */
import type { FastifyInstance } from "fastify";
import type { EmailChangeFlow } from "../../core/auth/email-change-flow.ts";
import { requestInfo } from "../request-context.ts";
import { bindBody, MISSING_COLLECTION } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the email change routes. */
export function registerRecordAuthEmailChangeRoutes(
  app: FastifyInstance,
  emailChange: EmailChangeFlow,
): void {
  const base = "/api/collections/:collection";

  app.post(`${base}/request-email-change`, async (request, reply) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    await emailChange.request(collection, requestInfo(request), () =>
      bindBody(request, { newEmail: "string" }),
    );
    return reply.status(204).send();
  });

  app.post(`${base}/confirm-email-change`, async (request, reply) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    await emailChange.confirm(collection, () =>
      bindBody(request, { token: "string", password: "string" }),
    );
    return reply.status(204).send();
  });
}

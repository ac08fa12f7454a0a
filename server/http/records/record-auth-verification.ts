/** `request-verification` and `confirm-verification` (PocketBase's `record_auth_verification_*.go`). */
import type { FastifyInstance } from "fastify";
import type { VerificationFlow } from "../../core/auth/verification-flow.ts";
import { bindBody, MISSING_COLLECTION } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the email verification routes. */
export function registerRecordAuthVerificationRoutes(
  app: FastifyInstance,
  verification: VerificationFlow,
): void {
  const base = "/api/collections/:collection";

  app.post(`${base}/request-verification`, async (request, reply) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    await verification.request(collection, () => bindBody(request, { email: "string" }));
    return reply.status(204).send();
  });

  app.post(`${base}/confirm-verification`, async (request, reply) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    await verification.confirm(collection, () => bindBody(request, { token: "string" }));
    return reply.status(204).send();
  });
}

/** `request-password-reset` and `confirm-password-reset` (PocketBase's `record_auth_password_reset_*.go`). */
import type { FastifyInstance } from "fastify";
import type { PasswordResetFlow } from "../../core/auth/password-reset-flow.ts";
import { bindBody, MISSING_COLLECTION } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the password reset routes. */
export function registerRecordAuthPasswordResetRoutes(
  app: FastifyInstance,
  passwordReset: PasswordResetFlow,
): void {
  const base = "/api/collections/:collection";

  app.post(`${base}/request-password-reset`, async (request, reply) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    await passwordReset.request(collection, () => bindBody(request, { email: "string" }));
    return reply.status(204).send();
  });

  app.post(`${base}/confirm-password-reset`, async (request, reply) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    await passwordReset.confirm(collection, () =>
      bindBody(request, { token: "string", password: "string", passwordConfirm: "string" }),
    );
    return reply.status(204).send();
  });
}

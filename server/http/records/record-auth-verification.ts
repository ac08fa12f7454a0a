/** `request-verification` and `confirm-verification` (PocketBase's `record_auth_verification_*.go`). */
import type { FastifyInstance } from "fastify";
import type { VerificationFlow } from "../../core/auth/verification-flow.ts";
import { bindBody, registerAuthAction } from "./record-auth-body.ts";

/** Registers the email verification routes. */
export function registerRecordAuthVerificationRoutes(
  app: FastifyInstance,
  verification: VerificationFlow,
): void {
  registerAuthAction(app, "request-verification", "requestVerification", (collection, request) =>
    verification.request(collection, () => bindBody(request, { email: "string" })),
  );

  registerAuthAction(app, "confirm-verification", "confirmVerification", (collection, request) =>
    verification.confirm(
      collection,
      () => bindBody(request, { token: "string" }),
      // A signed-in browser confirming the link keeps its session (ADR 056).
      request.auth,
    ),
  );
}

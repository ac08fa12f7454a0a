/** `request-password-reset` and `confirm-password-reset` (PocketBase's `record_auth_password_reset_*.go`). */
import type { FastifyInstance } from "fastify";
import type { PasswordResetFlow } from "../../core/auth/password-reset-flow.ts";
import { bindBody, registerAuthAction } from "./record-auth-body.ts";

/** Registers the password reset routes. */
export function registerRecordAuthPasswordResetRoutes(
  app: FastifyInstance,
  passwordReset: PasswordResetFlow,
): void {
  registerAuthAction(app, "request-password-reset", "requestPasswordReset", (collection, request) =>
    passwordReset.request(collection, () => bindBody(request, { email: "string" })),
  );

  registerAuthAction(app, "confirm-password-reset", "confirmPasswordReset", (collection, request) =>
    passwordReset.confirm(collection, () =>
      bindBody(request, { token: "string", password: "string", passwordConfirm: "string" }),
    ),
  );
}

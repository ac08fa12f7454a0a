/** `request-email-change` and `confirm-email-change` (PocketBase's `record_auth_email_change_*.go`). */
import type { FastifyInstance } from "fastify";
import type { EmailChangeFlow } from "../../core/auth/email-change-flow.ts";
import { requestInfo } from "../request-context.ts";
import { bindBody, registerAuthAction } from "./record-auth-body.ts";

/** Registers the email change routes. */
export function registerRecordAuthEmailChangeRoutes(
  app: FastifyInstance,
  emailChange: EmailChangeFlow,
): void {
  registerAuthAction(app, "request-email-change", "requestEmailChange", (collection, request) =>
    emailChange.request(collection, requestInfo(request), () =>
      bindBody(request, { newEmail: "string" }),
    ),
  );

  registerAuthAction(app, "confirm-email-change", "confirmEmailChange", (collection, request) =>
    emailChange.confirm(collection, () =>
      bindBody(request, { token: "string", password: "string" }),
    ),
  );
}

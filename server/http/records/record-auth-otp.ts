/** `request-otp` and `auth-with-otp` (PocketBase's `record_auth_otp_request.go`, `record_auth_with_otp.go`). */
import type { FastifyInstance } from "fastify";
import type { OtpFlow } from "../../core/auth/otp-flow.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, registerAuthAction } from "./record-auth-body.ts";

/** Registers the one-time password routes. */
export function registerRecordAuthOtpRoutes(app: FastifyInstance, otp: OtpFlow): void {
  registerAuthAction(app, "request-otp", "requestOTP", (collection, request) =>
    otp.request(collection, () => bindBody(request, { email: "string" })),
  );

  registerAuthAction(app, "auth-with-otp", "authWithOTP", (collection, request) =>
    otp.authenticate(
      collection,
      requestInfo(request, "otp"),
      () => bindBody(request, { otpId: "string", password: "string", mfaId: "string" }),
      queryOf(request).expand,
    ),
  );
}

/** `request-otp` and `auth-with-otp` (PocketBase's `record_auth_otp_request.go`, `record_auth_with_otp.go`). */
import type { FastifyInstance } from "fastify";
import type { OtpFlow } from "../../core/auth/otp-flow.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, MISSING_COLLECTION } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the one-time password routes. */
export function registerRecordAuthOtpRoutes(app: FastifyInstance, otp: OtpFlow): void {
  const base = "/api/collections/:collection";

  app.post(`${base}/request-otp`, async (request) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    return otp.request(collection, () => bindBody(request, { email: "string" }));
  });

  app.post(`${base}/auth-with-otp`, async (request) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    return otp.authenticate(
      collection,
      requestInfo(request, "otp"),
      () => bindBody(request, { otpId: "string", password: "string" }),
      queryOf(request).expand,
    );
  });
}

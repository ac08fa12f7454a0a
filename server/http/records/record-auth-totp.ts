/**
 * Two-factor sign-in with an authenticator app (ADR 046): `auth-with-totp` (the second step of
 * PocketBase's MFA flow) and the signed-in account's enrolment: `GET totp`, `POST totp/setup`,
 * `totp/enable`, `totp/disable` and `totp/recovery-codes`, and a superuser's `totp/reset/{id}`.
 * PocketBase has no TOTP; the paths follow its auth routes.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TwoFactor } from "../../core/auth/totp/two-factor.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, MISSING_COLLECTION, registerAuthAction } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Whether the request runs on an impersonation token (the only non-refreshable ones). */
function impersonated(request: FastifyRequest): boolean {
  return request.authToken?.claims.refreshable === false;
}

/** Registers the TOTP routes. */
export function registerRecordAuthTotpRoutes(app: FastifyInstance, twoFactor: TwoFactor): void {
  const { enrolment, signIn } = twoFactor;
  const proof = (request: FastifyRequest) => () =>
    bindBody(request, { password: "string", code: "string" });

  registerAuthAction(app, "auth-with-totp", "authWithTOTP", (collection, request) =>
    signIn.authenticate(
      collection,
      requestInfo(request, "totp"),
      () => bindBody(request, { mfaId: "string", code: "string" }),
      queryOf(request).expand,
    ),
  );

  app.get("/api/collections/:collection/totp", rateLimited("manageTOTP"), async (request) =>
    enrolment.status(
      collectionParam(request, MISSING_COLLECTION),
      requestInfo(request),
      impersonated(request),
    ),
  );

  registerAuthAction(app, "totp/setup", "manageTOTP", (collection, request) =>
    enrolment.setup(collection, requestInfo(request), impersonated(request)),
  );

  registerAuthAction(app, "totp/enable", "manageTOTP", (collection, request) =>
    enrolment.enable(collection, requestInfo(request), impersonated(request), () =>
      bindBody(request, { code: "string" }),
    ),
  );

  registerAuthAction(app, "totp/disable", "manageTOTP", (collection, request) =>
    enrolment.disable(collection, requestInfo(request), impersonated(request), proof(request)),
  );

  registerAuthAction(app, "totp/reset/:id", "manageTOTP", (collection, request) => {
    const { id } = request.params as { id: string };
    return enrolment.reset(collection, requestInfo(request), id);
  });

  registerAuthAction(app, "totp/recovery-codes", "manageTOTP", (collection, request) =>
    enrolment.regenerateRecoveryCodes(
      collection,
      requestInfo(request),
      impersonated(request),
      proof(request),
    ),
  );
}

/**
 * The routes of every second factor (ADR 046, ADR 066), registered from the server's list of
 * them (`second-factor-list.ts`) and named by `shared/auth/second-factors.ts`:
 *
 * - `POST /api/collections/{collection}/auth-with-{method}` `{mfaId, …proof}`: the second
 *   step of PocketBase's MFA flow, labelled `authWith{Name}` and tagged `auth`;
 * - `GET /api/collections/{collection}/{method}`: the signed-in account's state of it;
 * - `POST /api/collections/{collection}/{method}/{action}`: its enrolment routes (TOTP's
 *   `setup`, `enable`, `disable`, `recovery-codes` and a superuser's `reset/{id}`).
 *
 * The status and enrolment routes are labelled `manage{Name}`. PocketBase has no second factor
 * of its own beyond a second sign-in method; the paths follow its auth routes.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { secondFactorActions, secondFactorOf } from "#shared/auth/second-factors.ts";
import type {
  FactorRequest,
  SecondFactor,
  SecondFactors,
} from "../../core/auth/mfa/second-factor.ts";
import type { Collection } from "../../core/models/collection.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, MISSING_COLLECTION, registerAuthAction } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Whether the request runs on an impersonation token (the only non-refreshable ones). */
function impersonated(request: FastifyRequest): boolean {
  return request.authToken?.claims.refreshable === false;
}

/** Reads the body's `fields` as text (PocketBase's `BindBody` into string fields). */
function bindText(request: FastifyRequest, fields: readonly string[]) {
  return bindBody(request, Object.fromEntries(fields.map((field) => [field, "string" as const])));
}

/** The request as a factor's enrolment route sees it. */
function factorRequest(
  collection: Collection,
  request: FastifyRequest,
  fields: readonly string[],
): FactorRequest {
  return {
    collection,
    info: requestInfo(request),
    impersonated: impersonated(request),
    params: request.params as Record<string, string>,
    read: () => bindText(request, fields),
  };
}

/** Registers one factor's routes. */
function registerFactorRoutes(
  app: FastifyInstance,
  factors: SecondFactors,
  factor: SecondFactor,
): void {
  const { method } = factor;
  const labels = secondFactorActions(secondFactorOf(method));

  registerAuthAction(app, `auth-with-${method}`, labels.signIn, (collection, request) =>
    factors.authenticate(
      factor,
      collection,
      requestInfo(request, method),
      () => bindText(request, ["mfaId", ...factor.proof]),
      queryOf(request).expand,
    ),
  );

  app.get(`/api/collections/:collection/${method}`, rateLimited(labels.manage), async (request) =>
    factor.status(factorRequest(collectionParam(request, MISSING_COLLECTION), request, [])),
  );

  for (const action of factor.actions) {
    registerAuthAction(app, `${method}/${action.path}`, labels.manage, (collection, request) =>
      action.run(factorRequest(collection, request, action.fields)),
    );
  }
}

/** Registers the routes of every second factor. */
export function registerRecordAuthSecondFactorRoutes(
  app: FastifyInstance,
  factors: SecondFactors,
): void {
  for (const factor of factors.list) registerFactorRoutes(app, factors, factor);
}

/** `impersonate/{id}` (PocketBase's `record_auth_impersonate.go`). */
import type { FastifyInstance } from "fastify";
import type { Impersonation } from "../../core/auth/impersonation.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, registerAuthAction } from "./record-auth-body.ts";

/** Registers the impersonation route. */
export function registerRecordAuthImpersonateRoutes(
  app: FastifyInstance,
  impersonation: Impersonation,
): void {
  registerAuthAction(app, "impersonate/:id", null, (collection, request) => {
    const { id } = request.params as { id: string };
    return impersonation.impersonate(
      collection,
      requestInfo(request),
      id,
      () => bindBody(request, { duration: "int" }),
      queryOf(request).expand,
    );
  });
}

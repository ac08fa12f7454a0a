/** `impersonate/{id}` (PocketBase's `record_auth_impersonate.go`). */
import type { FastifyInstance } from "fastify";
import type { Impersonation } from "../../core/auth/impersonation.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, MISSING_COLLECTION } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the impersonation route. */
export function registerRecordAuthImpersonateRoutes(
  app: FastifyInstance,
  impersonation: Impersonation,
): void {
  app.post("/api/collections/:collection/impersonate/:id", async (request) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
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

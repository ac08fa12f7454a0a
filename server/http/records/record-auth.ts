/** Auth endpoints of auth collections: auth-methods, auth-with-password, auth-refresh. */
import type { FastifyInstance } from "fastify";
import type { AuthService } from "../../core/auth/auth-service.ts";
import { readBody } from "../middlewares/body.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { collectionParam } from "./record-crud.ts";

/** How PocketBase's auth routes word an unknown collection (its rate-limit middleware answers). */
const MISSING_COLLECTION = "Missing or invalid collection context.";

/** Registers the password auth routes. */
export function registerRecordAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  const base = "/api/collections/:collection";

  app.get(`${base}/auth-methods`, async (request) =>
    auth.authMethods(collectionParam(request, MISSING_COLLECTION)),
  );

  app.post(`${base}/auth-with-password`, async (request) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    const body = await readBody(request, "An error occurred while loading the submitted data.");
    return auth.authWithPassword(
      collection,
      body,
      requestInfo(request, "password"),
      queryOf(request).expand,
    );
  });

  app.post(`${base}/auth-refresh`, async (request) => {
    const collection = collectionParam(request, MISSING_COLLECTION);
    return auth.authRefresh(
      collection,
      requestInfo(request),
      request.authToken,
      queryOf(request).expand,
    );
  });
}

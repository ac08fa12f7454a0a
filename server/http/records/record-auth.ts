/** Auth endpoints of auth collections: auth-methods, auth-with-password, auth-refresh. */
import type { FastifyInstance } from "fastify";
import type { AuthService } from "../../core/auth/auth-service.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { MISSING_COLLECTION, registerAuthAction, signInAttempt } from "./record-auth-body.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the password auth routes. */
export function registerRecordAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  app.get(
    "/api/collections/:collection/auth-methods",
    rateLimited("listAuthMethods"),
    async (request) => auth.authMethods(collectionParam(request, MISSING_COLLECTION)),
  );

  registerAuthAction(app, "auth-with-password", "authWithPassword", async (collection, request) =>
    auth.authWithPassword(await signInAttempt(collection, request, "password")),
  );

  registerAuthAction(app, "auth-refresh", "authRefresh", (collection, request) =>
    auth.authRefresh(
      collection,
      requestInfo(request),
      request.authToken,
      queryOf(request).expand,
      request.authRefusal,
    ),
  );
}

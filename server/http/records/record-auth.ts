/** Auth endpoints of auth collections: auth-methods, auth-with-password, auth-refresh. */
import type { FastifyInstance } from "fastify";
import type { AuthService } from "../../core/auth/auth-service.ts";
import { readBody } from "../middlewares/body.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the password auth routes. */
export function registerRecordAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  const base = "/api/collections/:collection";

  app.get(`${base}/auth-methods`, async (request) => auth.authMethods(collectionParam(request)));

  app.post(`${base}/auth-with-password`, async (request) => {
    const collection = collectionParam(request);
    const body = await readBody(request, "An error occurred while loading the submitted data.");
    return auth.authWithPassword(collection, body, requestInfo(request, "password"), queryOf(request).expand);
  });

  app.post(`${base}/auth-refresh`, async (request) => {
    const collection = collectionParam(request);
    return auth.authRefresh(collection, requestInfo(request), request.authToken, queryOf(request).expand);
  });
}

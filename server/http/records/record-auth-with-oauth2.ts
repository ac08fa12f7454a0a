/** `POST /api/collections/{collection}/auth-with-oauth2` (PocketBase's apis/record_auth_with_oauth2.go). */
import type { FastifyInstance } from "fastify";
import type { OAuth2Service } from "../../core/auth/oauth2/oauth2-service.ts";
import { readBody } from "../middlewares/body.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { collectionParam } from "./record-crud.ts";

/** Registers the OAuth2 sign-in route. */
export function registerRecordAuthWithOAuth2Routes(
  app: FastifyInstance,
  oauth2: OAuth2Service,
): void {
  app.post("/api/collections/:collection/auth-with-oauth2", async (request) => {
    const collection = collectionParam(request, "Missing or invalid collection context.");
    const body = await readBody(request, "An error occurred while loading the submitted data.");
    return oauth2.authWithOAuth2(
      collection,
      body,
      requestInfo(request, "oauth2"),
      queryOf(request).expand,
    );
  });
}

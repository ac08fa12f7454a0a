/** `POST /api/collections/{collection}/auth-with-oauth2` (PocketBase's apis/record_auth_with_oauth2.go). */
import type { FastifyInstance } from "fastify";
import type { OAuth2Service } from "../../core/auth/oauth2/oauth2-service.ts";
import { registerAuthAction, signInAttempt } from "./record-auth-body.ts";

/** Registers the OAuth2 sign-in route. */
export function registerRecordAuthWithOAuth2Routes(
  app: FastifyInstance,
  oauth2: OAuth2Service,
): void {
  registerAuthAction(app, "auth-with-oauth2", "authWithOAuth2", async (collection, request) =>
    oauth2.authWithOAuth2(await signInAttempt(collection, request, "oauth2")),
  );
}

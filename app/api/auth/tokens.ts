/**
 * The API's tokens (auth, file and link tokens are JWTs): their claims, read without checking
 * the signature (only the server's check makes a token valid; the app reads claims to decide
 * when to renew one or what a link is about), and new file tokens (`POST /api/files/token`):
 * a short-lived token (180 s) that lets the signed-in account read its protected files (a
 * private entry's attachments) through `?token=`.
 */
import { getTokenPayload } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** A token's claims (its payload); `{}` for no token or an unreadable one. */
export const tokenClaims: (token: string) => Record<string, unknown> = getTokenPayload;

/** A new file token for the client's session (`""` for a guest). */
export function newFileToken(api: ApiClient): Promise<string> {
  return sdk(api).files.getToken();
}

/**
 * Signing in with a password (`auth-with-password`) to `users`, or to `_superusers`. The
 * session goes into the client's auth store; a first factor of an account with two-step
 * verification is refused with `401 {mfaId}` instead (`mfa.ts`). The other ways in: an emailed
 * code (`otp.ts`), an OAuth2 provider (`oauth2.ts`), a passkey (`passkeys.ts`).
 */
import type { AuthRecord } from "./auth-store.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Signs in with a password (`auth-with-password`) to `users`, or to `_superusers`. */
export async function signInWithPassword(
  api: ApiClient,
  identity: string,
  password: string,
  collection: "users" | "_superusers" = "users",
): Promise<AuthRecord> {
  const answer = await sdk(api).collection(collection).authWithPassword(identity, password);
  return answer.record;
}

/**
 * The confirmation of an account's address (`confirm-verification`): the emailed link's token
 * confirms it; the signed-in account is read again then. The link itself is asked for by the
 * page shell (`session.ts`).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/**
 * Confirms an address with the link's token (`confirm-verification`); the SDK marks the
 * stored record verified when the token is the session's own.
 */
export async function confirmVerification(api: ApiClient, token: string): Promise<void> {
  await sdk(api).collection("users").confirmVerification(token);
}

/** Reads the signed-in account again as the API sees it now (`auth-refresh`, saved). */
export async function refreshAccount(api: ApiClient): Promise<void> {
  await sdk(api).collection("users").authRefresh();
}

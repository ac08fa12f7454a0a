/**
 * Signing in with an OAuth2 provider (ADR 020): the providers `auth-methods` offers, then the
 * code the provider sent back exchanged with `auth-with-oauth2` (a new account is created
 * then). The session goes into the client's auth store (or `401 {mfaId}`, `mfa.ts`).
 */
import type { AuthProviderInfo } from "pocketbase";
import type { AuthRecord } from "./auth-store.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** An OAuth2 provider as `auth-methods` offers it, with a fresh state and PKCE verifier. */
export type OAuth2Provider = AuthProviderInfo;

/** The OAuth2 providers offered (`auth-methods`), `null` when OAuth2 is off. */
export async function oauth2Providers(api: ApiClient): Promise<OAuth2Provider[] | null> {
  const methods = await sdk(api).collection("users").listAuthMethods({ requestKey: null });
  return methods.oauth2.enabled ? methods.oauth2.providers : null;
}

/** A provider as a page shows it before its sign-in state exists (no state, no verifier). */
export interface OAuth2ProviderName {
  name: string;
  displayName: string;
}

/**
 * The names of the OAuth2 providers offered, for a server-rendered page to keep their
 * buttons' place (a page may be cached and shared: the state and PKCE verifier each browser
 * needs are fetched by that browser).
 */
export async function oauth2ProviderNames(api: ApiClient): Promise<OAuth2ProviderName[]> {
  const offered = await oauth2Providers(api);
  return (offered ?? []).map(({ name, displayName }) => ({ name, displayName }));
}

/**
 * Signs in with the code an OAuth2 provider sent back (`auth-with-oauth2`); a new account
 * is created with `createData`. Answers the record and whether the account is new.
 */
export async function signInWithOAuth2Code(
  api: ApiClient,
  login: { provider: string; code: string; codeVerifier: string; redirectUrl: string },
  createData: Record<string, unknown>,
): Promise<{ record: AuthRecord; isNew: boolean }> {
  const answer = await sdk(api)
    .collection("users")
    .authWithOAuth2Code(
      login.provider,
      login.code,
      login.codeVerifier,
      login.redirectUrl,
      createData,
      { requestKey: null },
    );
  const isNew = (answer.meta as { isNew?: unknown } | undefined)?.isNew === true;
  return { record: answer.record, isNew };
}

/**
 * What every OAuth2 provider offers: an authorization URL for the browser, and the exchange
 * of the returned code (with the PKCE verifier) for the signed-in person's identity.
 */

/** The identity a provider vouches for (PocketBase's `auth.AuthUser`). */
export interface OAuth2User {
  /** The provider's stable id of the person (`sub`, GitHub's numeric id). */
  id: string;
  name: string;
  username: string;
  /**
   * SECURITY: only an address the provider says is verified; `""` otherwise. Accounts are
   * linked and created from this value alone.
   */
  email: string;
  avatarURL: string;
  accessToken: string;
  refreshToken: string;
  /** Access token expiry in PocketBase's date format, `""` when unknown. */
  expiry: string;
  /** The provider's user data as received (id_token claims, `/user` answer). */
  rawUser: Record<string, unknown>;
}

/** Why a provider step failed; the API answers 400 with PocketBase's message for each. */
export class OAuth2ProviderError extends Error {
  override name = "OAuth2ProviderError";
  /** `token`: the code exchange failed; `user`: the identity could not be read or verified. */
  readonly step: "token" | "user";

  constructor(step: "token" | "user", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.step = step;
  }
}

/** Input of an authorization URL. */
export interface AuthUrlInput {
  state: string;
  codeChallenge: string;
  /** Sent to OpenID Connect providers only. */
  nonce: string;
}

/** Input of a code exchange. */
export interface ExchangeInput {
  code: string;
  codeVerifier: string;
  redirectURL: string;
  /** The nonce the id_token must carry (OpenID Connect providers). */
  nonce: string;
}

/** One configured provider. */
export interface OAuth2Provider {
  /** Name in the API (`github`, `google`, an OpenID Connect provider's name). */
  readonly name: string;
  readonly displayName: string;
  /**
   * The authorization URL without `redirect_uri` (the caller appends `&redirect_uri=`, as
   * PocketBase does). Rejects when the provider's metadata cannot be loaded.
   */
  authUrl(input: AuthUrlInput): Promise<string>;
  /** Exchanges a code for the person's identity; throws an {@link OAuth2ProviderError}. */
  authenticate(input: ExchangeInput): Promise<OAuth2User>;
}

/**
 * Builds an authorization URL as Go's `oauth2.Config.AuthCodeURL` does: the parameters
 * sorted by name and form-encoded, after `?` (or `&` when the endpoint has a query already).
 */
export function buildAuthUrl(endpoint: string, params: Record<string, string>): string {
  const query = new URLSearchParams(
    Object.keys(params)
      .sort()
      .map((key): [string, string] => [key, params[key] as string]),
  ).toString();
  return `${endpoint}${endpoint.includes("?") ? "&" : "?"}${query}`;
}

/**
 * The authorization URL of the code flow with PKCE (S256) every provider uses; `nonce` is
 * sent to OpenID Connect providers only.
 */
export function codeFlowAuthUrl(
  endpoint: string,
  client: { clientId: string; scope: string; nonce?: string },
  input: Pick<AuthUrlInput, "state" | "codeChallenge">,
): string {
  return buildAuthUrl(endpoint, {
    client_id: client.clientId,
    code_challenge: input.codeChallenge,
    code_challenge_method: "S256",
    ...(client.nonce === undefined ? {} : { nonce: client.nonce }),
    response_type: "code",
    scope: client.scope,
    state: input.state,
  });
}

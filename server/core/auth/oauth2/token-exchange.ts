/**
 * The authorization-code exchange (RFC 6749 §4.1.3 with PKCE, RFC 7636 §4.5), shared by every
 * provider.
 */
import { formatDate } from "../../records/values.ts";
import { OAuth2ProviderError, type ExchangeInput } from "./provider.ts";
import { parseProviderJson, providerRequest } from "./provider-http.ts";

/** How the client authenticates at the token endpoint. */
export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "none";

/** The client's credentials. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  method: ClientAuthMethod;
}

/** A successful token response. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** PocketBase date of the access token's expiry, `""` when the provider gives none. */
  expiry: string;
  /** The OpenID Connect id_token, `""` when absent. */
  idToken: string;
}

/** RFC 6749 §2.3.1: both parts form-encoded before Basic encoding. */
function basicAuth(id: string, secret: string): string {
  const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString("base64")}`;
}

/** Exchanges an authorization code; throws an {@link OAuth2ProviderError} (`token`). */
export async function exchangeCode(
  tokenEndpoint: string,
  client: ClientCredentials,
  input: ExchangeInput,
): Promise<TokenSet> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectURL,
    code_verifier: input.codeVerifier,
  });
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
  };
  if (client.method === "client_secret_basic") {
    headers.Authorization = basicAuth(client.clientId, client.clientSecret);
  } else {
    form.set("client_id", client.clientId);
    if (client.method === "client_secret_post") form.set("client_secret", client.clientSecret);
  }
  let json: unknown;
  try {
    const response = await providerRequest(tokenEndpoint, {
      method: "POST",
      headers,
      body: form.toString(),
    });
    json = parseProviderJson(response, "token endpoint");
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`token endpoint answered ${response.status}`);
    }
  } catch (error) {
    throw new OAuth2ProviderError("token", "the token request failed", { cause: error });
  }
  const body = (json && typeof json === "object" ? json : {}) as Record<string, unknown>;
  // GitHub answers 200 with {"error": "bad_verification_code"} for a bad code.
  if (typeof body.error === "string" || typeof body.access_token !== "string" || !body.access_token)
    throw new OAuth2ProviderError("token", "the token response has no access token");
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : "",
    expiry:
      Number.isFinite(expiresIn) && expiresIn > 0
        ? formatDate(new Date(Date.now() + expiresIn * 1000))
        : "",
    idToken: typeof body.id_token === "string" ? body.id_token : "",
  };
}

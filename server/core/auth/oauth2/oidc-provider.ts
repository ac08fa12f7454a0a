/**
 * An OpenID Connect provider (any issuer, and Google): discovery from
 * `<issuer>/.well-known/openid-configuration` (or known metadata), the code exchange with PKCE,
 * and an id_token verified before anything in it is believed (checklist B3, ASVS 10.5):
 * signature with the issuer's published keys (RS256 or ES256 only), issuer, audience (and
 * `azp`), expiry and issue time, and the nonce of this login attempt.
 */
import {
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from "jose";
import { isLoopbackHost, type OAuth2ProviderConfig, type OidcMetadata } from "./oauth2-config.ts";
import {
  codeFlowAuthUrl,
  OAuth2ProviderError,
  type AuthUrlInput,
  type ExchangeInput,
  type OAuth2Provider,
  type OAuth2User,
} from "./provider.ts";
import { getProviderJson, isJsonObject } from "./provider-http.ts";
import { exchangeCode, type ClientAuthMethod } from "./token-exchange.ts";

/** Signature algorithms accepted for id_tokens (no `none`, no HMAC: B3). */
export const ID_TOKEN_ALGORITHMS = ["RS256", "ES256"];
/** Clock skew tolerated on `exp`, `iat` and `nbf`. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** How long discovered metadata and keys are trusted before they are fetched again. */
const METADATA_MAX_AGE_MS = 60 * 60 * 1000;
const KEYS_MAX_AGE_MS = 10 * 60 * 1000;
/** After a failed fetch (or an unknown key id), wait this long before asking again. */
const COOLDOWN_MS = 30 * 1000;

type OidcConfig = Extract<OAuth2ProviderConfig, { kind: "oidc" }>;

/** Whether a metadata endpoint is acceptable: https, or http on a loopback host. */
function isEndpoint(value: unknown): value is string {
  if (typeof value !== "string" || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}

/** Checks a discovery document against the configured issuer (OpenID Discovery §4.3). */
export function validateMetadata(doc: unknown, issuer: string): OidcMetadata {
  if (!isJsonObject(doc)) throw new Error("the discovery document is not a JSON object");
  const trim = (v: string) => v.replace(/\/+$/, "");
  if (typeof doc.issuer !== "string" || trim(doc.issuer) !== trim(issuer))
    throw new Error(`the discovery document names another issuer (${String(doc.issuer)})`);
  for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (!isEndpoint(doc[key])) throw new Error(`the discovery document has no valid ${key}`);
  }
  const methods = doc.token_endpoint_auth_methods_supported;
  return {
    issuer: doc.issuer,
    authorization_endpoint: doc.authorization_endpoint as string,
    token_endpoint: doc.token_endpoint as string,
    jwks_uri: doc.jwks_uri as string,
    ...(isEndpoint(doc.userinfo_endpoint) ? { userinfo_endpoint: doc.userinfo_endpoint } : {}),
    ...(Array.isArray(methods)
      ? { token_endpoint_auth_methods_supported: methods.filter((m) => typeof m === "string") }
      : {}),
  };
}

/** A value fetched from the provider, kept for a while, fetched again after a failure only after a pause. */
class Cached<T> {
  private value: T | null = null;
  private fetchedAt = 0;
  private failedAt = 0;
  private failure: Error | null = null;
  private pending: Promise<T> | null = null;
  private readonly load: () => Promise<T>;
  private readonly maxAge: number;

  constructor(load: () => Promise<T>, maxAge: number) {
    this.load = load;
    this.maxAge = maxAge;
  }

  /** The cached value, loading it when missing or stale. */
  get(): Promise<T> {
    const now = Date.now();
    if (this.value !== null && now - this.fetchedAt < this.maxAge)
      return Promise.resolve(this.value);
    if (this.failure !== null && now - this.failedAt < COOLDOWN_MS)
      return Promise.reject(this.failure);
    return this.refresh();
  }

  /** Loads again unless a load happened within the cooldown; returns whether it did. */
  async refreshIfCool(): Promise<boolean> {
    if (Date.now() - this.fetchedAt < COOLDOWN_MS) return false;
    await this.refresh();
    return true;
  }

  private refresh(): Promise<T> {
    this.pending ??= this.load().then(
      (value) => {
        this.value = value;
        this.fetchedAt = Date.now();
        this.failure = null;
        this.pending = null;
        return value;
      },
      (error: unknown) => {
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.failedAt = Date.now();
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }
}

/** Whether an `email_verified` claim says yes (a boolean, or the string "true" some send). */
function isTrue(value: unknown): boolean {
  return value === true || value === "true";
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** An OpenID Connect provider. */
export class OidcProvider implements OAuth2Provider {
  readonly name: string;
  readonly displayName: string;
  private readonly config: OidcConfig;
  private readonly metadata: Cached<OidcMetadata>;
  private keys: Cached<ReturnType<typeof createLocalJWKSet>> | null = null;
  private keysUri = "";

  constructor(config: OidcConfig) {
    this.name = config.name;
    this.displayName = config.displayName;
    this.config = config;
    const known = config.metadata;
    this.metadata = new Cached(
      async () =>
        known ??
        validateMetadata(
          await getProviderJson(
            `${config.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
            {},
            "discovery",
          ),
          config.issuer,
        ),
      METADATA_MAX_AGE_MS,
    );
  }

  /** The provider's metadata (discovered once, then cached). */
  getMetadata(): Promise<OidcMetadata> {
    return this.metadata.get();
  }

  private keySet(uri: string): Cached<ReturnType<typeof createLocalJWKSet>> {
    if (!this.keys || this.keysUri !== uri) {
      this.keysUri = uri;
      this.keys = new Cached(async () => {
        const jwks = await getProviderJson(uri, {}, "jwks");
        if (!isJsonObject(jwks) || !Array.isArray(jwks.keys))
          throw new Error("the key set is not a JWKS");
        return createLocalJWKSet(jwks as unknown as JSONWebKeySet);
      }, KEYS_MAX_AGE_MS);
    }
    return this.keys;
  }

  /** Authorization URL with PKCE and the nonce. */
  async authUrl(input: AuthUrlInput): Promise<string> {
    const metadata = await this.getMetadata();
    const { clientId, scopes } = this.config;
    const scope = scopes.join(" ");
    return codeFlowAuthUrl(
      metadata.authorization_endpoint,
      { clientId, scope, nonce: input.nonce },
      input,
    );
  }

  private authMethod(metadata: OidcMetadata): ClientAuthMethod {
    if (!this.config.clientSecret) return "none";
    // OpenID Discovery: client_secret_basic is the default when the list is absent.
    const methods = metadata.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    return methods.includes("client_secret_basic") ? "client_secret_basic" : "client_secret_post";
  }

  /**
   * Verifies an id_token (signature, issuer, audience, authorized party, times, nonce) and
   * returns its claims; throws an {@link OAuth2ProviderError} (`user`).
   */
  async verifyIdToken(idToken: string, nonce: string): Promise<JWTPayload> {
    if (!idToken) throw new OAuth2ProviderError("user", "the token response has no id_token");
    const metadata = await this.getMetadata();
    const keys = this.keySet(metadata.jwks_uri);
    const verify = async () =>
      jwtVerify(idToken, await keys.get(), {
        issuer: metadata.issuer,
        audience: this.config.clientId,
        algorithms: ID_TOKEN_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["sub", "iat", "exp"],
      });
    let payload: JWTPayload;
    try {
      try {
        ({ payload } = await verify());
      } catch (error) {
        // A key rotated at the provider: fetch the key set again (at most every 30 s).
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || !(await keys.refreshIfCool()))
          throw error;
        ({ payload } = await verify());
      }
    } catch (error) {
      throw new OAuth2ProviderError("user", "the id_token is invalid", { cause: error });
    }
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== this.config.clientId)
      throw new OAuth2ProviderError("user", "the id_token was issued to another party (azp)");
    if (typeof payload.nonce !== "string" || payload.nonce !== nonce)
      throw new OAuth2ProviderError("user", "the id_token nonce does not match this login");
    if (typeof payload.sub !== "string" || payload.sub === "")
      throw new OAuth2ProviderError("user", "the id_token has no subject");
    return payload;
  }

  /** Code exchange, id_token verification, and user info when the id_token lacks the email. */
  async authenticate(input: ExchangeInput): Promise<OAuth2User> {
    let metadata: OidcMetadata;
    try {
      metadata = await this.getMetadata();
    } catch (error) {
      throw new OAuth2ProviderError("token", "the provider metadata is unavailable", {
        cause: error,
      });
    }
    const tokens = await exchangeCode(
      metadata.token_endpoint,
      {
        clientId: this.config.clientId,
        clientSecret: this.config.clientSecret,
        method: this.authMethod(metadata),
      },
      input,
    );
    const claims: Record<string, unknown> = {
      ...(await this.verifyIdToken(tokens.idToken, input.nonce)),
    };
    if (claims.email === undefined && metadata.userinfo_endpoint) {
      let info: unknown;
      try {
        info = await getProviderJson(
          metadata.userinfo_endpoint,
          { Authorization: `Bearer ${tokens.accessToken}` },
          "userinfo",
        );
      } catch (error) {
        throw new OAuth2ProviderError("user", "the user info request failed", { cause: error });
      }
      // OpenID Connect Core §5.3.2: the answer is about the id_token's subject or ignored.
      if (!isJsonObject(info) || info.sub !== claims.sub)
        throw new OAuth2ProviderError("user", "the user info is about another subject");
      for (const [key, value] of Object.entries(info)) if (!(key in claims)) claims[key] = value;
    }
    return {
      id: text(claims.sub),
      name: text(claims.name),
      username: text(claims.preferred_username),
      email: isTrue(claims.email_verified) ? text(claims.email) : "",
      avatarURL: text(claims.picture),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiry: tokens.expiry,
      rawUser: claims,
    };
  }
}

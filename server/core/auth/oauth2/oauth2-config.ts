/**
 * OAuth2 / OpenID Connect providers configured by environment variables (design §7):
 *
 * - GitHub: `OAUTH2_GITHUB_CLIENT_ID` and `OAUTH2_GITHUB_CLIENT_SECRET` (both or neither);
 *   optional `OAUTH2_GITHUB_URL` (default `https://github.com`) and `OAUTH2_GITHUB_API_URL`
 *   (default `https://api.github.com`) for GitHub Enterprise Server, and
 *   `OAUTH2_GITHUB_DISPLAY_NAME`.
 * - Google: `OAUTH2_GOOGLE_CLIENT_ID` and `OAUTH2_GOOGLE_CLIENT_SECRET`, optional
 *   `OAUTH2_GOOGLE_DISPLAY_NAME`.
 * - Any number of OpenID Connect issuers, one `<NAME>` each (letters, digits, underscores):
 *   `OAUTH2_OIDC_<NAME>_ISSUER` and `OAUTH2_OIDC_<NAME>_CLIENT_ID` (required),
 *   `OAUTH2_OIDC_<NAME>_CLIENT_SECRET` (optional: public clients rely on PKCE alone),
 *   `OAUTH2_OIDC_<NAME>_DISPLAY_NAME` and `OAUTH2_OIDC_<NAME>_SCOPES` (space-separated,
 *   default `openid email profile`). The provider is called `<name>` in the API: `<NAME>`
 *   lower-cased with `_` turned into `-` (`OAUTH2_OIDC_MY_IDP_ISSUER` → `my-idp`).
 *
 * Empty values count as unset. Endpoints must be https, except on loopback hosts (local
 * development and tests). Any other `OAUTH2_*` variable is an error, so a typo never leaves a
 * provider silently off.
 */

/** One configured provider. */
export type OAuth2ProviderConfig =
  | {
      kind: "github";
      name: "github";
      displayName: string;
      clientId: string;
      clientSecret: string;
      /** Web base URL (`https://github.com`): `/login/oauth/authorize` and `/access_token`. */
      webUrl: string;
      /** REST API base URL (`https://api.github.com`): `/user`, `/user/emails`. */
      apiUrl: string;
    }
  | {
      kind: "oidc";
      name: string;
      displayName: string;
      clientId: string;
      /** Empty for a public client. */
      clientSecret: string;
      /** The issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
      issuer: string;
      scopes: string[];
      /** Known endpoints (Google): no discovery request. */
      metadata?: OidcMetadata;
    };

/** The parts of an OpenID Provider's metadata Cahier uses. */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** Google's OpenID Provider metadata (stable; saves a discovery request). */
export const GOOGLE_METADATA: OidcMetadata = {
  issuer: "https://accounts.google.com",
  authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  token_endpoint: "https://oauth2.googleapis.com/token",
  jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
  userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
  token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
};

/** Result of reading the environment: the providers, or one message per bad variable. */
export interface OAuth2ConfigResult {
  providers: OAuth2ProviderConfig[];
  errors: string[];
}

const OIDC_SUFFIXES = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "DISPLAY_NAME", "SCOPES"] as const;
type OidcSuffix = (typeof OIDC_SUFFIXES)[number];
const GITHUB_KEYS = ["CLIENT_ID", "CLIENT_SECRET", "URL", "API_URL", "DISPLAY_NAME"] as const;
const GOOGLE_KEYS = ["CLIENT_ID", "CLIENT_SECRET", "DISPLAY_NAME"] as const;
const RESERVED_NAMES = new Set(["github", "google"]);
const MAX_DISPLAY_NAME = 60;

/** Whether a host name is a loopback address (http is accepted there only). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Checks an endpoint URL: absolute, https (http on loopback only), no credentials or fragment. */
function endpointError(value: string): string | null {
  if (!URL.canParse(value)) return "must be an absolute URL";
  const url = new URL(value);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname)))
    return "must be an https URL (http only on localhost or 127.0.0.1)";
  if (url.username || url.password) return "must not contain credentials";
  if (url.hash) return "must not contain a fragment";
  return null;
}

function trimmed(value: string | undefined): string {
  return (value ?? "").trim();
}

/**
 * Stores `value` under the key of `OAUTH2_<rest>` (`rest` is `<PROVIDER>_<KEY>`) when KEY is
 * one of the provider's `keys`; answers `""`, or the error for an unknown variable.
 */
function readProviderKey<K extends string>(
  provider: string,
  keys: readonly K[],
  rest: string,
  value: string,
  into: Partial<Record<K, string>>,
): string {
  const sub = rest.slice(provider.length + 1);
  if (!(keys as readonly string[]).includes(sub))
    return `unknown variable (expected OAUTH2_${provider}_${keys.join(", _")})`;
  into[sub as K] = value;
  return "";
}

/** Reads the OAuth2 providers from an environment object. */
export function parseOAuth2Env(env: Record<string, string | undefined>): OAuth2ConfigResult {
  const errors: string[] = [];
  const providers: OAuth2ProviderConfig[] = [];
  const github: Partial<Record<(typeof GITHUB_KEYS)[number], string>> = {};
  const google: Partial<Record<(typeof GOOGLE_KEYS)[number], string>> = {};
  const oidc = new Map<string, Partial<Record<OidcSuffix, string>>>();

  for (const key of Object.keys(env).sort()) {
    if (!key.startsWith("OAUTH2_")) continue;
    const value = trimmed(env[key]);
    if (value === "") continue;
    const rest = key.slice("OAUTH2_".length);
    const error = rest.startsWith("GITHUB_")
      ? readProviderKey("GITHUB", GITHUB_KEYS, rest, value, github)
      : rest.startsWith("GOOGLE_")
        ? readProviderKey("GOOGLE", GOOGLE_KEYS, rest, value, google)
        : undefined;
    if (error !== undefined) {
      if (error) errors.push(`${key}: ${error}`);
      continue;
    }
    if (rest.startsWith("OIDC_")) {
      const body = rest.slice("OIDC_".length);
      const suffix = OIDC_SUFFIXES.find((s) => body.endsWith(`_${s}`));
      const name = suffix ? body.slice(0, -(suffix.length + 1)) : "";
      if (!suffix || !/^[A-Z0-9]+(?:_[A-Z0-9]+)*$/.test(name)) {
        errors.push(
          `${key}: unknown variable (expected OAUTH2_OIDC_<NAME>_${OIDC_SUFFIXES.join(", _")}, <NAME> in A-Z, 0-9 and _)`,
        );
        continue;
      }
      const entry = oidc.get(name) ?? {};
      entry[suffix] = value;
      oidc.set(name, entry);
      continue;
    }
    errors.push(
      `${key}: unknown OAuth2 provider (expected OAUTH2_GITHUB_*, OAUTH2_GOOGLE_* or OAUTH2_OIDC_<NAME>_*)`,
    );
  }

  const displayName = (key: string, value: string | undefined, fallback: string): string => {
    const text = value ?? fallback;
    if (text.length > MAX_DISPLAY_NAME) {
      errors.push(`${key}: must be at most ${MAX_DISPLAY_NAME} characters`);
    }
    return text;
  };
  const checkedUrl = (key: string, value: string): string => {
    const problem = endpointError(value);
    if (problem) errors.push(`${key}: ${problem}`);
    return value.replace(/\/+$/, "");
  };

  /**
   * Adds a built-in provider when its variables are set: `config` builds it from the client
   * credentials, which must be set together (an error otherwise).
   */
  const builtIn = (
    provider: "GITHUB" | "GOOGLE",
    entry: { CLIENT_ID?: string; CLIENT_SECRET?: string },
    config: (client: { clientId: string; clientSecret: string }) => OAuth2ProviderConfig,
  ): void => {
    if (!Object.keys(entry).length) return;
    if (entry.CLIENT_ID && entry.CLIENT_SECRET) {
      providers.push(config({ clientId: entry.CLIENT_ID, clientSecret: entry.CLIENT_SECRET }));
      return;
    }
    const prefix = `OAUTH2_${provider}`;
    errors.push(
      `${prefix}_*: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`,
    );
  };

  builtIn("GITHUB", github, (client) => ({
    kind: "github",
    name: "github",
    displayName: displayName("OAUTH2_GITHUB_DISPLAY_NAME", github.DISPLAY_NAME, "GitHub"),
    ...client,
    webUrl: checkedUrl("OAUTH2_GITHUB_URL", github.URL ?? "https://github.com"),
    apiUrl: checkedUrl("OAUTH2_GITHUB_API_URL", github.API_URL ?? "https://api.github.com"),
  }));
  builtIn("GOOGLE", google, (client) => ({
    kind: "oidc",
    name: "google",
    displayName: displayName("OAUTH2_GOOGLE_DISPLAY_NAME", google.DISPLAY_NAME, "Google"),
    ...client,
    issuer: GOOGLE_METADATA.issuer,
    scopes: ["openid", "email", "profile"],
    metadata: GOOGLE_METADATA,
  }));

  for (const [upper, entry] of oidc) {
    const prefix = `OAUTH2_OIDC_${upper}`;
    const name = upper.toLowerCase().replace(/_/g, "-");
    if (RESERVED_NAMES.has(name)) {
      errors.push(`${prefix}_*: the name ${name} is taken by the built-in provider`);
      continue;
    }
    if (name.length > 40) {
      errors.push(`${prefix}_*: <NAME> must be at most 40 characters`);
      continue;
    }
    const missing = (["ISSUER", "CLIENT_ID"] as const).filter((s) => !entry[s]);
    if (missing.length) {
      errors.push(`${prefix}_*: ${missing.map((s) => `${prefix}_${s}`).join(" and ")} must be set`);
      continue;
    }
    // The issuer is an identifier compared as written (a trailing slash included).
    const issuer = entry.ISSUER as string;
    const issuerProblem = endpointError(issuer);
    if (issuerProblem) errors.push(`${prefix}_ISSUER: ${issuerProblem}`);
    const scopes = (entry.SCOPES ?? "openid email profile").split(/\s+/).filter(Boolean);
    if (!scopes.includes("openid")) errors.push(`${prefix}_SCOPES: must include openid`);
    if (scopes.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)))
      errors.push(`${prefix}_SCOPES: scopes are space-separated printable ASCII words`);
    providers.push({
      kind: "oidc",
      name,
      displayName: displayName(`${prefix}_DISPLAY_NAME`, entry.DISPLAY_NAME, upper),
      clientId: entry.CLIENT_ID as string,
      clientSecret: entry.CLIENT_SECRET ?? "",
      issuer,
      scopes,
    });
  }

  return { providers: errors.length ? [] : providers, errors };
}

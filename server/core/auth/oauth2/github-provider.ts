/**
 * GitHub (github.com or GitHub Enterprise Server): OAuth2 with PKCE, then the REST API for
 * the person (`/user`) and their addresses (`/user/emails`). Only the primary address, and
 * only when GitHub has verified it, counts as the person's email.
 */
import type { OAuth2ProviderConfig } from "./oauth2-config.ts";
import {
  codeFlowAuthUrl,
  OAuth2ProviderError,
  type AuthUrlInput,
  type ExchangeInput,
  type OAuth2Provider,
  type OAuth2User,
} from "./provider.ts";
import { getProviderJson, isJsonObject } from "./provider-http.ts";
import { exchangeCode } from "./token-exchange.ts";

type GitHubConfig = Extract<OAuth2ProviderConfig, { kind: "github" }>;

/** Scopes: the profile and the email addresses. */
const GITHUB_SCOPES = "read:user user:email";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** GitHub as an OAuth2 provider. */
export class GitHubProvider implements OAuth2Provider {
  readonly name = "github";
  readonly displayName: string;
  private readonly config: GitHubConfig;

  constructor(config: GitHubConfig) {
    this.displayName = config.displayName;
    this.config = config;
  }

  /** Authorization URL with PKCE. */
  authUrl(input: AuthUrlInput): Promise<string> {
    const { webUrl, clientId } = this.config;
    return Promise.resolve(
      codeFlowAuthUrl(`${webUrl}/login/oauth/authorize`, { clientId, scope: GITHUB_SCOPES }, input),
    );
  }

  /** Code exchange, then `/user` and the verified primary address from `/user/emails`. */
  async authenticate(input: ExchangeInput): Promise<OAuth2User> {
    const tokens = await exchangeCode(
      `${this.config.webUrl}/login/oauth/access_token`,
      {
        clientId: this.config.clientId,
        clientSecret: this.config.clientSecret,
        method: "client_secret_post",
      },
      input,
    );
    const headers = {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${tokens.accessToken}`,
      "User-Agent": "Cahier",
    };
    let user: unknown;
    let emails: unknown;
    try {
      [user, emails] = await Promise.all([
        getProviderJson(`${this.config.apiUrl}/user`, headers, "GitHub /user"),
        getProviderJson(`${this.config.apiUrl}/user/emails`, headers, "GitHub /user/emails"),
      ]);
    } catch (error) {
      throw new OAuth2ProviderError("user", "the GitHub user could not be read", { cause: error });
    }
    if (!isJsonObject(user) || (typeof user.id !== "number" && typeof user.id !== "string"))
      throw new OAuth2ProviderError("user", "the GitHub user has no id");
    const list: unknown[] = Array.isArray(emails) ? emails : [];
    const primary = list.find((e) => isJsonObject(e) && e.primary === true && e.verified === true);
    return {
      id: String(user.id),
      name: text(user.name),
      username: text(user.login),
      email: isJsonObject(primary) ? text(primary.email) : "",
      avatarURL: text(user.avatar_url),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiry: tokens.expiry,
      rawUser: user,
    };
  }
}

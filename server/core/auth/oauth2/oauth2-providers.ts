/**
 * The configured providers and the `oauth2` part of `auth-methods`: for each provider a fresh
 * `state`, PKCE verifier and challenge, and its authorization URL ending with
 * `&redirect_uri=` (the client appends its own callback URL), as PocketBase answers.
 */
import type { Collection } from "../../models/collection.ts";
import { USERS_COLLECTION_ID } from "../../../data/registry/collections.ts";
import { GitHubProvider } from "./github-provider.ts";
import type { OAuth2ProviderConfig } from "./oauth2-config.ts";
import { OidcProvider } from "./oidc-provider.ts";
import { codeChallenge, nonceFor, randomCodeVerifier, randomState } from "./pkce.ts";
import type { OAuth2Provider } from "./provider.ts";

/** One provider in `auth-methods` (PocketBase's `providerInfo`, in its key order). */
export interface ProviderInfo {
  name: string;
  displayName: string;
  state: string;
  authURL: string;
  /** Deprecated alias of `authURL`, kept for older SDKs. */
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** The `oauth2` part of `auth-methods`. */
export interface OAuth2Methods {
  enabled: boolean;
  providers: ProviderInfo[];
}

/** Reports a problem that must not fail the request (an unreachable issuer). */
export type OAuth2Logger = (error: unknown, message: string) => void;

/** Builds the provider of a configuration entry. */
export function createProvider(config: OAuth2ProviderConfig): OAuth2Provider {
  return config.kind === "github" ? new GitHubProvider(config) : new OidcProvider(config);
}

/** The configured providers. OAuth2 sign-in is offered to the `users` collection only. */
export class OAuth2Providers {
  private readonly providers: readonly OAuth2Provider[];
  private readonly log: OAuth2Logger;

  constructor(providers: readonly OAuth2Provider[], log: OAuth2Logger = () => undefined) {
    this.providers = providers;
    this.log = log;
  }

  /** Providers from configuration entries. */
  static fromConfig(configs: readonly OAuth2ProviderConfig[], log?: OAuth2Logger): OAuth2Providers {
    return new OAuth2Providers(configs.map(createProvider), log);
  }

  /**
   * Whether the collection accepts OAuth2 sign-in: `users` with at least one provider.
   * SECURITY: never `_superusers` (operators sign in with their password only).
   */
  enabledFor(collection: Collection): boolean {
    return collection.id === USERS_COLLECTION_ID && this.providers.length > 0;
  }

  /** A provider of the collection by name, if configured. */
  find(collection: Collection, name: string): OAuth2Provider | undefined {
    if (!this.enabledFor(collection)) return undefined;
    return this.providers.find((p) => p.name === name);
  }

  /**
   * The `oauth2` part of `auth-methods`. A provider whose metadata cannot be loaded right now
   * is left out (and logged), as PocketBase skips a provider that fails to initialise.
   */
  async authMethods(collection: Collection): Promise<OAuth2Methods> {
    if (!this.enabledFor(collection)) return { enabled: false, providers: [] };
    const settled = await Promise.allSettled(
      this.providers.map(async (provider): Promise<ProviderInfo> => {
        const state = randomState();
        const codeVerifier = randomCodeVerifier();
        const challenge = codeChallenge(codeVerifier);
        const url = `${await provider.authUrl({
          state,
          codeChallenge: challenge,
          nonce: nonceFor(codeVerifier),
        })}&redirect_uri=`;
        return {
          name: provider.name,
          displayName: provider.displayName || provider.name,
          state,
          authURL: url,
          authUrl: url,
          codeVerifier,
          codeChallenge: challenge,
          codeChallengeMethod: "S256",
        };
      }),
    );
    const providers: ProviderInfo[] = [];
    settled.forEach((result, index) => {
      if (result.status === "fulfilled") providers.push(result.value);
      else
        this.log(
          result.reason,
          `OAuth2 provider ${this.providers[index]?.name ?? "?"} is unavailable`,
        );
    });
    return { enabled: true, providers };
  }
}

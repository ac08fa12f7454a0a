/**
 * PKCE (RFC 7636, S256) and the OpenID Connect nonce. The nonce is derived from the PKCE
 * verifier, so the server needs no state between `auth-methods` and `auth-with-oauth2`
 * (several instances behind a load balancer agree on it) and an id_token is bound to the one
 * login attempt whose verifier the browser kept.
 */
import { createHash } from "node:crypto";
import { randomSecret } from "../secrets.ts";

/** PocketBase's lengths: a 30-character state and a 43-character verifier (`[a-zA-Z0-9]`). */
export const STATE_LENGTH = 30;
export const CODE_VERIFIER_LENGTH = 43;

/** RFC 7636 §4.1: 43–128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** A random `state` value. */
export function randomState(): string {
  return randomSecret(STATE_LENGTH);
}

/** A random PKCE code verifier. */
export function randomCodeVerifier(): string {
  return randomSecret(CODE_VERIFIER_LENGTH);
}

function base64urlSha256(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

/** The S256 code challenge of a verifier: `BASE64URL(SHA256(verifier))`. */
export function codeChallenge(verifier: string): string {
  return base64urlSha256(verifier);
}

/**
 * The nonce sent with an authorization request and expected back in the id_token. It is a
 * hash of the verifier under another label than the challenge, so neither reveals the other
 * and an id_token minted for another attempt (another verifier) never matches.
 */
export function nonceFor(verifier: string): string {
  return base64urlSha256(`cahier-oidc-nonce\u0000${verifier}`);
}

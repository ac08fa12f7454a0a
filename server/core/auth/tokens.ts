/**
 * PocketBase-compatible JWTs: HS256, claims `{id, type, collectionId, refreshable?, exp}`
 * (plus `email`/`newEmail` for email tokens, `device` for auth tokens of a recorded device,
 * ADR 053), signed with `record.tokenKey + secret`.
 */
import { decodeJwt, jwtVerify, SignJWT } from "jose";
import type { TokenType } from "./secrets.ts";

/** Claims of a Cahier/PocketBase token. */
export interface TokenClaims {
  id: string;
  type: TokenType;
  collectionId: string;
  refreshable?: boolean;
  email?: string;
  newEmail?: string;
  /** The `devices` record an auth token was issued to (ADR 053). */
  device?: string;
  exp?: number;
}

const encoder = new TextEncoder();

/** Signs a token valid for `durationSeconds`. */
export async function signToken(
  claims: Omit<TokenClaims, "exp">,
  key: string,
  durationSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime(Math.floor(Date.now() / 1000) + durationSeconds)
    .sign(encoder.encode(key));
}

/** Reads claims without checking the signature (to find the record whose key signs it). */
export function readUnverifiedClaims(token: string): TokenClaims | null {
  try {
    const claims = decodeJwt(token) as Partial<TokenClaims>;
    if (
      typeof claims.id !== "string" ||
      typeof claims.collectionId !== "string" ||
      typeof claims.type !== "string"
    ) {
      return null;
    }
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

/** Verifies signature (HS256 only) and expiry; returns the claims or null. */
export async function verifyToken(token: string, key: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(key), { algorithms: ["HS256"] });
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}

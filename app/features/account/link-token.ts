/**
 * Reading the tokens of emailed links (`/passwordReset?token=…`, `/login?verify=…`,
 * `/profileSettings?emailChange=…`) to shape the page: which account, which address, and
 * whether the link has already expired. SECURITY: the claims are read, never trusted; only
 * the API verifies a token's signature, when the page submits it.
 */
import { tokenClaims } from "../../api/auth/tokens.ts";

/** Token types of PocketBase's emailed links. */
export type LinkTokenType = "passwordReset" | "verification" | "emailChange";

/** What a page may show about an emailed link before submitting it. */
export interface LinkToken {
  /** The token has the expected type and names an account. */
  wellFormed: boolean;
  /** Its `exp` claim is in the past (or missing). */
  expired: boolean;
  /** The account's id (`""` when unknown). */
  id: string;
  /** The account's email when the link was sent (`""` when unknown). */
  email: string;
  /** The new email of an email change (`""` otherwise). */
  newEmail: string;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Reads an emailed link's token. A token that cannot be decoded, has another type or no
 * account id is not `wellFormed`; `now` is in milliseconds.
 *
 * @example readLinkToken(url.searchParams.get("token") ?? "", "passwordReset").email
 */
export function readLinkToken(token: string, type: LinkTokenType, now = Date.now()): LinkToken {
  const claims = tokenClaims(token);
  const id = text(claims.id);
  const exp = typeof claims.exp === "number" ? claims.exp : 0;
  return {
    wellFormed: claims.type === type && id !== "",
    expired: exp * 1000 <= now,
    id,
    email: text(claims.email),
    newEmail: text(claims.newEmail),
  };
}

/** Whether a link can still be used: well formed and not expired. */
export function usableLink(token: LinkToken): boolean {
  return token.wellFormed && !token.expired;
}

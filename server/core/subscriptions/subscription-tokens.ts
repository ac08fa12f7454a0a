/**
 * The signed links of subscription mail (ADR 065): confirm a subscription, unsubscribe at
 * once (the `List-Unsubscribe` target, RFC 8058), manage every subscription of an address.
 * A token is its claims (purpose, address, targets, expiry) in base64url and their
 * HMAC-SHA256 with the instance's subscription secret (`_params`, made once), so a link
 * proves the address received it and nothing else is stored.
 *
 * SECURITY: the purpose is signed too: a manage link never confirms, an unsubscribe link
 * never manages. Comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** What a token is for. */
export type TokenPurpose = "confirm" | "unsubscribe" | "manage";

/** What a token says. */
export interface TokenClaims {
  purpose: TokenPurpose;
  /** The address (lower-cased). */
  email: string;
  /** The targets it acts on (`confirm`, `unsubscribe`); empty for `manage` (every one). */
  targets: string[];
  /** Expiry, milliseconds since the epoch. */
  expires: number;
}

const DAY_MS = 86_400_000;
/** How long each kind of link works: a confirmation a week, the others two years. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm: 7 * DAY_MS,
  unsubscribe: 730 * DAY_MS,
  manage: 730 * DAY_MS,
};

/** Signs and reads subscription tokens with one secret. */
export class SubscriptionTokens {
  private readonly secret: string;
  private readonly now: () => number;

  constructor(secret: string, now: () => number = Date.now) {
    this.secret = secret;
    this.now = now;
  }

  private sign(body: string): string {
    return createHmac("sha256", this.secret).update(body).digest("base64url");
  }

  /** A token for `email` and `targets`, valid for its purpose's lifetime. */
  issue(purpose: TokenPurpose, email: string, targets: readonly string[] = []): string {
    const claims = {
      p: purpose,
      e: email,
      t: targets,
      x: this.now() + TOKEN_LIFETIME_MS[purpose],
    };
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return `${body}.${this.sign(body)}`;
  }

  /** The claims of a valid, unexpired token of `purpose`, else null. */
  read(token: unknown, purpose: TokenPurpose): TokenClaims | null {
    if (typeof token !== "string" || token.length > 4096) return null;
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    if (!claims || typeof claims !== "object") return null;
    const { p, e, t, x } = claims as Record<string, unknown>;
    if (p !== purpose || typeof e !== "string" || typeof x !== "number") return null;
    if (!Array.isArray(t) || !t.every((v) => typeof v === "string")) return null;
    if (x < this.now()) return null;
    return { purpose, email: e, targets: t, expires: x };
  }
}

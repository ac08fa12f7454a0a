/**
 * A guest's proof of work (ADR 065): an ALTCHA challenge (`altcha-lib`, its v1 protocol, the
 * one the ALTCHA widget and `solveChallenge` speak), signed with a key derived from the
 * instance's secret so every instance checks the others' challenges, valid 10 minutes. A
 * solved challenge is taken once per instance: its signature is remembered until it expires.
 */
import { createHmac } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { BoundedCache } from "../../tools/cache/bounded-cache.ts";

/** How long a challenge may be solved and sent. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** The largest number a challenge hides (about a second of work in a browser). */
export const CHALLENGE_MAX_NUMBER = 100_000;
/** Most spent solutions remembered (a guest's comments are rate-limited anyway). */
const SPENT_MAX = 50_000;

/** A challenge as `GET /api/comments/challenge` answers it. */
export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** Options of {@link CommentProof}. */
export interface CommentProofOptions {
  /** The instance's secret the signing key is derived from. */
  secret: string;
  /** The clock (tests). */
  now?: () => number;
  /** Hardness (tests lower it). */
  maxNumber?: number;
}

/** Makes and checks the guests' proof-of-work challenges. */
export class CommentProof {
  private readonly key: string;
  private readonly now: () => number;
  /** The largest number a new challenge hides (tests lower it). */
  maxNumber: number;
  private readonly spent = new BoundedCache<string, true>({
    max: SPENT_MAX,
    ttlMs: CHALLENGE_TTL_MS,
  });

  constructor(options: CommentProofOptions) {
    this.key = createHmac("sha256", options.secret).update("comments.altcha").digest("hex");
    this.now = options.now ?? Date.now;
    this.maxNumber = options.maxNumber ?? CHALLENGE_MAX_NUMBER;
  }

  /** A fresh challenge. */
  async challenge(): Promise<Challenge> {
    const made = await createChallenge({
      hmacKey: this.key,
      maxNumber: this.maxNumber,
      expires: new Date(this.now() + CHALLENGE_TTL_MS),
    });
    return {
      algorithm: made.algorithm,
      challenge: made.challenge,
      maxnumber: made.maxnumber ?? this.maxNumber,
      salt: made.salt,
      signature: made.signature,
    };
  }

  /**
   * Whether `payload` (the widget's base64 JSON, or the object) solves a challenge of this
   * site that has not expired and was not used before; a good one is spent.
   */
  async verify(payload: unknown): Promise<boolean> {
    if (typeof payload !== "string" || payload.length === 0 || payload.length > 2000) return false;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    } catch {
      return false;
    }
    if (!parsed || typeof parsed !== "object") return false;
    const signature = (parsed as { signature?: unknown }).signature;
    if (typeof signature !== "string" || this.spent.has(signature)) return false;
    if (!this.notExpired(parsed)) return false;
    let ok: boolean;
    try {
      ok = await verifySolution(payload, this.key, false);
    } catch {
      return false;
    }
    if (ok) this.spent.set(signature, true);
    return ok;
  }

  /** The `expires` parameter of the salt is in the future (read against this clock). */
  private notExpired(parsed: object): boolean {
    if (!("salt" in parsed)) return false;
    if (typeof parsed.salt !== "string") return false;
    const query = parsed.salt.split("?")[1] ?? "";
    const expires = Number(new URLSearchParams(query).get("expires"));
    return Number.isFinite(expires) && expires > 0 && expires * 1000 > this.now();
  }
}

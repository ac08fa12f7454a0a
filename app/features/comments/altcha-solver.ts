/**
 * A small altcha proof-of-work solver on Web Crypto (no third-party script, ADR 065): finds
 * the number `n` for which the challenge's hash of `salt + n` is `challenge`, and answers the
 * payload altcha-lib's `verifySolution` reads (base64 of its JSON). Loaded only when a guest
 * starts a comment, so readers who never comment never download it.
 *
 * @example
 * const payload = await solveChallenge(challenge, controller.signal);
 */
import type { CommentChallenge } from "../../api/comments/comments.ts";

/** Hashes computed at once: Web Crypto digests are asynchronous, a batch keeps them busy. */
const BATCH = 500;

/** Web Crypto's names of the algorithms altcha uses. */
const ALGORITHMS: Record<string, string> = {
  "SHA-1": "SHA-1",
  "SHA-256": "SHA-256",
  "SHA-384": "SHA-384",
  "SHA-512": "SHA-512",
};

/** Lower-case hex of a digest. */
function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Solves `challenge`; rejects when `signal` aborts or no number up to `maxnumber` (1,000,000
 * by default, altcha's) matches.
 */
export async function solveChallenge(
  challenge: CommentChallenge,
  signal?: AbortSignal,
): Promise<string> {
  const algorithm = ALGORITHMS[challenge.algorithm.toUpperCase()];
  if (!algorithm) throw new Error(`Unsupported altcha algorithm: ${challenge.algorithm}`);
  const max = challenge.maxnumber ?? 1_000_000;
  const encoder = new TextEncoder();
  const wanted = challenge.challenge.toLowerCase();
  const started = Date.now();
  for (let start = 0; start <= max; start += BATCH) {
    signal?.throwIfAborted();
    const numbers = Array.from({ length: Math.min(BATCH, max - start + 1) }, (_, i) => start + i);
    const digests = await Promise.all(
      numbers.map((n) => crypto.subtle.digest(algorithm, encoder.encode(`${challenge.salt}${n}`))),
    );
    const found = digests.findIndex((digest) => hex(digest) === wanted);
    if (found >= 0) {
      return btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number: numbers[found],
          salt: challenge.salt,
          signature: challenge.signature,
          took: Date.now() - started,
        }),
      );
    }
  }
  throw new Error("The altcha challenge has no solution in its range.");
}

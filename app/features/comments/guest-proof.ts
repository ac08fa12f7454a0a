/**
 * A guest's proof of work (ADR 065), loaded when a guest first focuses the comment form: asks
 * the API for an altcha challenge and solves it in the background, so it is ready (or nearly)
 * when they send. Imported dynamically: its code is a chunk of its own.
 */
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { commentChallenge } from "../../api/comments/comments.ts";
import { solveChallenge } from "./altcha-solver.ts";

/** A fresh challenge of the API, solved: the `altcha` value of a guest's comment. */
export async function proveGuest(signal?: AbortSignal): Promise<string> {
  const challenge = await commentChallenge(getBrowserClient());
  return solveChallenge(challenge, signal);
}

/**
 * `GET /api/comments/challenge` (ADR 065): a fresh ALTCHA proof-of-work challenge
 * (`{algorithm, challenge, maxnumber, salt, signature}`) a guest solves before commenting; the
 * solution goes in the comment's body as `altcha`. Never cached: each one is used once.
 */
import type { FastifyInstance } from "fastify";
import type { CommentProof } from "../../core/comments/comment-proof.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";

/** Registers `GET /api/comments/challenge`. */
export function registerCommentChallengeRoute(app: FastifyInstance, proof: CommentProof): void {
  app.get("/api/comments/challenge", rateLimited("view", "comments"), async (_request, reply) => {
    void reply.header("cache-control", "no-store");
    return proof.challenge();
  });
}

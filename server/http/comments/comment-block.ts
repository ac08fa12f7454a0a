/**
 * `POST /api/comments/{id}/block` (ADR 065): the record's author (or an admin) marks the
 * comment as spam and blocks its commenter (their account, or a guest's address) on their
 * records (every record when an admin blocks); the commenter's later comments there go
 * straight to spam. 204; 401 for a guest; 404 for a comment the requester cannot read; 403
 * for one they read but do not moderate (superusers too: a block belongs to an account).
 */
import type { FastifyInstance } from "fastify";
import type { CommentService } from "../../core/comments/comment-service.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { requestInfo } from "../request-context.ts";

/** Registers `POST /api/comments/{id}/block`. */
export function registerCommentBlockRoute(app: FastifyInstance, comments: CommentService): void {
  app.post<{ Params: { id: string } }>(
    "/api/comments/:id/block",
    rateLimited("update", "comments"),
    async (request, reply) => {
      await comments.block(requestInfo(request), request.params.id);
      return reply.status(204).send();
    },
  );
}

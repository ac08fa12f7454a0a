/**
 * `GET /api/comments/counts?records=id1,id2` (ADR 065): how many approved comments each
 * record has, `{"<id>": n}`, for blog cards and archive rows. Only records readers can see (a
 * live post, a public entry) are answered, 0 when they have none; others are left out, so the
 * answer is the same for everyone and tells nothing of drafts or pending comments. 400 for a
 * missing list, a malformed id or more than 100 ids.
 */
import type { FastifyInstance } from "fastify";
import { MAX_COUNTED_RECORDS, type CommentService } from "../../core/comments/comment-service.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf } from "../request-context.ts";
import { recordIdsParam } from "../record-ids-param.ts";

/** Registers `GET /api/comments/counts`. */
export function registerCommentCountsRoute(app: FastifyInstance, comments: CommentService): void {
  app.get("/api/comments/counts", rateLimited("list", "comments"), async (request) =>
    comments.commentCounts(recordIdsParam(queryOf(request).records, MAX_COUNTED_RECORDS)),
  );
}

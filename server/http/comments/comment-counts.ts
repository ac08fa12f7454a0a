/**
 * `GET /api/comments/counts?records=id1,id2` (ADR 065): how many approved comments each
 * record has, `{"<id>": n}`, for blog cards and archive rows. Only records readers can see (a
 * live post, a public entry) are answered, 0 when they have none; others are left out, so the
 * answer is the same for everyone and tells nothing of drafts or pending comments. 400 for a
 * missing list, a malformed id or more than 100 ids.
 */
import type { FastifyInstance } from "fastify";
import { MAX_COUNTED_RECORDS, type CommentService } from "../../core/comments/comment-service.ts";
import { badRequest, fieldError } from "../../core/errors.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf } from "../request-context.ts";

const RECORD_ID = /^[a-z0-9]{15}$/;

/** The ids of `?records=`, or a 400. */
function recordIds(value: string | undefined): string[] {
  const ids = (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const invalid = (message: string) =>
    badRequest("Invalid records list.", {
      records: fieldError("validation_invalid_value", message),
    });
  if (ids.length === 0) throw invalid("Cannot be blank.");
  if (ids.length > MAX_COUNTED_RECORDS)
    throw invalid(`At most ${String(MAX_COUNTED_RECORDS)} records at once.`);
  if (!ids.every((id) => RECORD_ID.test(id)))
    throw invalid("Each record id has 15 letters or digits.");
  return ids;
}

/** Registers `GET /api/comments/counts`. */
export function registerCommentCountsRoute(app: FastifyInstance, comments: CommentService): void {
  app.get("/api/comments/counts", rateLimited("list", "comments"), async (request) =>
    comments.commentCounts(recordIds(queryOf(request).records)),
  );
}

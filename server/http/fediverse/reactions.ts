/**
 * `GET /api/fediverse/reactions?records=id1,id2` (issue 27 item 4, ADR 071): the likes and
 * boosts each post got from the fediverse, `{"<id>": {likes, boosts}}`, beside
 * `/api/comments/counts`. Only posts readers can see are answered (0 and 0 when none came);
 * others are left out, so the answer is the same for everyone. Who liked or boosted is never
 * answered. 400 for a missing list, a malformed id or more than 100 ids.
 */
import type { FastifyInstance } from "fastify";
import { badRequest, fieldError } from "../../core/errors.ts";
import { MAX_COUNTED_POSTS, type FediverseReplies } from "../../core/fediverse/replies.ts";
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
  if (ids.length > MAX_COUNTED_POSTS)
    throw invalid(`At most ${String(MAX_COUNTED_POSTS)} records at once.`);
  if (!ids.every((id) => RECORD_ID.test(id)))
    throw invalid("Each record id has 15 letters or digits.");
  return ids;
}

/** Registers `GET /api/fediverse/reactions`. */
export function registerReactionsRoute(app: FastifyInstance, replies: FediverseReplies): void {
  app.get("/api/fediverse/reactions", rateLimited("list", "posts"), async (request) =>
    replies.liveCounts(recordIds(queryOf(request).records)),
  );
}

/**
 * `GET /api/fediverse/reactions?records=id1,id2` (issue 27 item 4, ADR 071): the likes and
 * boosts each post got from the fediverse, `{"<id>": {likes, boosts}}`, beside
 * `/api/comments/counts`. Only posts readers can see are answered (0 and 0 when none came);
 * others are left out, so the answer is the same for everyone. Who liked or boosted is never
 * answered. 400 for a missing list, a malformed id or more than 100 ids.
 */
import type { FastifyInstance } from "fastify";
import { MAX_COUNTED_POSTS, type FediverseReplies } from "../../core/fediverse/replies.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf } from "../request-context.ts";
import { recordIdsParam } from "../record-ids-param.ts";

/** Registers `GET /api/fediverse/reactions`. */
export function registerReactionsRoute(app: FastifyInstance, replies: FediverseReplies): void {
  app.get("/api/fediverse/reactions", rateLimited("list", "posts"), async (request) =>
    replies.liveCounts(recordIdsParam(queryOf(request).records, MAX_COUNTED_POSTS)),
  );
}

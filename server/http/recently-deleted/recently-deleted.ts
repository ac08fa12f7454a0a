/**
 * Recently deleted (issue 25, ADR 067), for the author of the kept records (and superusers,
 * for anyone's); a guest gets 401, anyone else 404:
 * - `GET /api/deleted?page=&perPage=`: the caller's deleted entries and posts, newest first,
 *   paged as PocketBase pages records (`page`, `perPage`, `totalItems`, `totalPages`,
 *   `items`: `id`, `recordCollection`, `record`, `title`, `author`, `deleted`, `expires`);
 * - `POST /api/deleted/{id}/restore`: the record back under its id, with its files, history
 *   and comments: `{recordCollection, record, renamed}` (`renamed` says which slug it got
 *   when its own was taken meanwhile, else null); 403 when the collection's create rule
 *   refuses it (a post of an account that is no longer a writer), 400 when its id is taken;
 * - `DELETE /api/deleted/{id}`: deleted for good, files and history too: 204.
 * No PocketBase counterpart: the names follow the records API's.
 */
import type { FastifyInstance } from "fastify";
import type { RecentlyDeleted } from "../../core/recently-deleted/recently-deleted.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";

/** Registers the Recently deleted routes. */
export function registerRecentlyDeletedRoutes(
  app: FastifyInstance,
  deleted: RecentlyDeleted,
): void {
  app.get("/api/deleted", rateLimited("list"), async (request) => {
    const query = queryOf(request);
    return deleted.list(requestInfo(request), { page: query.page, perPage: query.perPage });
  });
  app.post<{ Params: { id: string } }>(
    "/api/deleted/:id/restore",
    rateLimited("create"),
    async (request) => deleted.restore(requestInfo(request), request.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    "/api/deleted/:id",
    rateLimited("delete"),
    async (request, reply) => {
      await deleted.deleteForever(requestInfo(request), request.params.id);
      return reply.code(204).send();
    },
  );
}

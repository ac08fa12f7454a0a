/**
 * A draft's private preview link (issue 25, `core/posts/post-preview.ts`):
 * - `POST /api/posts/{id}/preview`: a new secret, `{"previewToken": "…"}` (the old link stops);
 * - `DELETE /api/posts/{id}/preview`: 204, the link stops;
 * both for whoever may change the post (401 for a guest, 404 for anyone else, as for a post
 * that does not exist);
 * - `GET /api/posts/preview?token=…`: the post the secret names (with `expand.author`), 404
 *   for any other secret. Rate-limited as a view of a post (`posts:view`).
 * The web app shows it at `/post/{username}/{slug}?preview=…`.
 */
import type { FastifyInstance } from "fastify";
import type { RecordService } from "../../core/records/record-service.ts";
import { PostPreviews } from "../../core/posts/post-preview.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";

/** Registers the preview link routes. */
export function registerPostPreviewRoutes(app: FastifyInstance, records: RecordService): void {
  const previews = new PostPreviews(records);
  app.get("/api/posts/preview", rateLimited("view", "posts"), async (request) =>
    previews.read(queryOf(request).token ?? ""),
  );
  app.post<{ Params: { id: string } }>(
    "/api/posts/:id/preview",
    rateLimited("update", "posts"),
    async (request) => previews.make(requestInfo(request), request.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    "/api/posts/:id/preview",
    rateLimited("update", "posts"),
    async (request, reply) => {
      await previews.stop(requestInfo(request), request.params.id);
      return reply.code(204).send();
    },
  );
}

/**
 * `GET /api/posts/tags` (issue 25): the tags of the posts readers can see, each with its
 * number of posts, most used first, `{"items": [{"tag": "garden", "count": 3}]}`; the same
 * answer for everyone (`core/tags/post-tags.ts`). `?limit=N` (1–1000) keeps the N most used.
 * 400 naming `limit` when it is not a whole number in that range. Rate-limited as a list of
 * posts (`posts:list`).
 */
import type { FastifyInstance } from "fastify";
import { badRequest, fieldError } from "../../core/errors.ts";
import type { RecordService } from "../../core/records/record-service.ts";
import { PostTags, type PostTagsAnswer } from "../../core/tags/post-tags.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf } from "../request-context.ts";

/** The most tags `?limit=` may ask for. */
export const MAX_TAGS_LIMIT = 1000;

/** The `limit` parameter, or null when absent; a 400 when it is not 1–1000. */
function readLimit(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= MAX_TAGS_LIMIT))
    throw badRequest("Invalid limit.", {
      limit: fieldError(
        "validation_invalid_value",
        `Must be a whole number from 1 to ${String(MAX_TAGS_LIMIT)}.`,
      ),
    });
  return limit;
}

/** Registers `GET /api/posts/tags`. */
export function registerPostTagsRoute(app: FastifyInstance, records: RecordService): void {
  const tags = new PostTags(records);
  app.addHook("onClose", () => {
    tags.close();
  });
  app.get(
    "/api/posts/tags",
    rateLimited("list", "posts"),
    async (request): Promise<PostTagsAnswer> => {
      const limit = readLimit(queryOf(request).limit);
      const { items } = await tags.tags();
      return { items: limit === null ? items : items.slice(0, limit) };
    },
  );
}

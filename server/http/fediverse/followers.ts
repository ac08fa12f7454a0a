/**
 * The writer's followers on the fediverse (ADR 071), for their own actor (admins also for the
 * blog's, `?actor=blog`):
 * - `GET /api/fediverse/followers?page=&perPage=&status=` → `{page, perPage, totalItems,
 *   pending, items: [{id, name, handle, avatar, url, status, created}]}`;
 * - `POST /api/fediverse/followers/approve` `{follower}` → 204 (a held follow accepted);
 * - `POST /api/fediverse/followers/remove` `{follower}` → 204 (404 when not a follower);
 * - `GET /api/fediverse/blocks` → `{items: [{kind, value, created}]}`;
 * - `POST /api/fediverse/blocks` `{kind: "actor" | "domain", value}` → 200 the block;
 * - `DELETE /api/fediverse/blocks?kind=&value=` → 204 (404 when there was none);
 * - `GET`/`PATCH /api/fediverse/settings` `{approveFollowers}`.
 * 401 for a guest, 403 for an account without the writer role (or another's actor).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FollowersService } from "../../core/fediverse/followers-service.ts";
import { badRequest } from "../../core/errors.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { requestInfo } from "../request-context.ts";

type Query = Record<string, string>;

/** The JSON body of a request (400 when it is not an object). */
function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body))
    throw badRequest("Failed to load the submitted data due to invalid formatting.");
  return body as Record<string, unknown>;
}

/** Registers the routes. */
export function registerFollowerRoutes(app: FastifyInstance, followers: FollowersService): void {
  const actorOf = (request: FastifyRequest<{ Querystring: Query }>) =>
    followers.actorOf(requestInfo(request), request.query.actor);

  app.get<{ Querystring: Query }>(
    "/api/fediverse/followers",
    rateLimited("list"),
    async (request) => followers.list(actorOf(request), request.query),
  );
  app.post<{ Querystring: Query }>(
    "/api/fediverse/followers/approve",
    rateLimited("update"),
    async (request, reply) => {
      await followers.approve(actorOf(request), bodyOf(request));
      return reply.status(204).send();
    },
  );
  app.post<{ Querystring: Query }>(
    "/api/fediverse/followers/remove",
    rateLimited("update"),
    async (request, reply) => {
      await followers.remove(actorOf(request), bodyOf(request));
      return reply.status(204).send();
    },
  );
  app.get<{ Querystring: Query }>(
    "/api/fediverse/blocks",
    rateLimited("list"),
    async (request) => ({ items: await followers.blocks(actorOf(request)) }),
  );
  app.post<{ Querystring: Query }>(
    "/api/fediverse/blocks",
    rateLimited("create"),
    async (request) => followers.block(actorOf(request), bodyOf(request)),
  );
  app.delete<{ Querystring: Query }>(
    "/api/fediverse/blocks",
    rateLimited("delete"),
    async (request, reply) => {
      await followers.unblock(actorOf(request), request.query);
      return reply.status(204).send();
    },
  );
  app.get<{ Querystring: Query }>("/api/fediverse/settings", rateLimited("view"), async (request) =>
    followers.settings(actorOf(request)),
  );
  app.patch<{ Querystring: Query }>(
    "/api/fediverse/settings",
    rateLimited("update"),
    async (request) => followers.updateSettings(actorOf(request), bodyOf(request)),
  );
}

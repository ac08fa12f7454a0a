/**
 * The job queue for superusers (ADR 060): `GET /api/jobs` (a page of jobs, `?state=` one
 * state, with the counts of every state), `GET /api/jobs/{id}`, `POST /api/jobs/{id}/retry`
 * and `DELETE /api/jobs/{id}` (a failed job only).
 */
import type { FastifyInstance } from "fastify";
import type { JobAdmin } from "../../core/jobs/job-admin.ts";
import { queryOf } from "../request-context.ts";
import { requireSuperuser } from "../superuser.ts";

/** Registers the jobs API. */
export function registerJobRoutes(app: FastifyInstance, jobs: JobAdmin): void {
  app.get("/api/jobs", async (request) => {
    requireSuperuser(request);
    const query = queryOf(request) as Record<string, string | undefined>;
    return jobs.list({ state: query.state, page: query.page, perPage: query.perPage });
  });

  app.get("/api/jobs/:id", async (request) => {
    requireSuperuser(request);
    const { id } = request.params as { id: string };
    return jobs.view(id);
  });

  app.post("/api/jobs/:id/retry", async (request, reply) => {
    requireSuperuser(request);
    const { id } = request.params as { id: string };
    await jobs.retry(id);
    return reply.code(204).send();
  });

  app.delete("/api/jobs/:id", async (request, reply) => {
    requireSuperuser(request);
    const { id } = request.params as { id: string };
    await jobs.discard(id);
    return reply.code(204).send();
  });
}

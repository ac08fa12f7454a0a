/** `GET|HEAD /api/health`: liveness plus the status of the database (and later Redis). */
import type { FastifyInstance } from "fastify";

/** What health reports on. */
export interface HealthProbe {
  /** Database engine name. */
  engine: string;
  /** Resolves true when the database answers. */
  ping(): Promise<boolean>;
}

/** Registers the health route. */
export function registerHealthRoutes(app: FastifyInstance, probe: HealthProbe): void {
  app.route({
    method: ["GET", "HEAD"],
    url: "/api/health",
    handler: async (request, reply) => {
      if (!(await probe.ping())) {
        return reply
          .status(503)
          .send({ code: 503, data: { database: "unavailable" }, message: "API is unhealthy." });
      }
      const data: Record<string, unknown> = {};
      if (request.auth?.isSuperuser) {
        data.canBackup = true;
        data.database = probe.engine;
        data.possibleProxyHeader = request.headers["x-forwarded-for"] ? "X-Forwarded-For" : "";
        data.realIP = request.ip;
      }
      return { code: 200, data, message: "API is healthy." };
    },
  });
}

/**
 * `GET|HEAD /api/health`: liveness plus the status of the database, of the data folder and,
 * when used, Redis.
 */
import type { FastifyInstance } from "fastify";

/** What health reports on. */
export interface HealthProbe {
  /** Database engine name. */
  engine: string;
  /**
   * Whether the database takes writes, checked without waiting: `"ok"`, or what is wrong
   * (`"unavailable"`, `"locked"` by another process, `"readonly"`, `"full"`).
   */
  database(): Promise<string>;
  /**
   * The data folder, when the database or uploaded files live there: `"ok"`, or what is
   * wrong (`"full"`, `"readonly"`, `"unavailable"`).
   */
  disk?: (() => Promise<string>) | undefined;
  /** Redis, when `REDIS_URL` is in use: resolves true when it answers `PING`. */
  redis?: { ping(): Promise<boolean> } | undefined;
}

/**
 * Registers the health route. PocketBase's shape: `{code:200, message:"API is healthy.",
 * data:{}}`, with details (`database`, `redis`, `canBackup`, `realIP`…) for superusers only;
 * 503 `API is unhealthy.` naming each failing part and what is wrong with it: `database`
 * (`"unavailable"`, `"locked"`, `"readonly"`, `"full"`), `disk` (`"full"`, `"readonly"`,
 * `"unavailable"`), `redis` (`"unavailable"`). A database another process has locked still
 * answers reads, but refuses writes (issue 23 findings 6 and 7).
 */
export function registerHealthRoutes(app: FastifyInstance, probe: HealthProbe): void {
  app.route({
    method: ["GET", "HEAD"],
    url: "/api/health",
    handler: async (request, reply) => {
      const [database, disk, redis] = await Promise.all([
        probe.database(),
        probe.disk ? probe.disk() : Promise.resolve("ok"),
        probe.redis ? probe.redis.ping() : Promise.resolve(true),
      ]);
      if (database !== "ok" || disk !== "ok" || !redis) {
        const failing: Record<string, string> = {};
        if (database !== "ok") failing.database = database;
        if (disk !== "ok") failing.disk = disk;
        if (!redis) failing.redis = "unavailable";
        return reply.status(503).send({ code: 503, data: failing, message: "API is unhealthy." });
      }
      const data: Record<string, unknown> = {};
      if (request.auth?.isSuperuser) {
        data.canBackup = true;
        data.database = probe.engine;
        if (probe.redis) data.redis = "ok";
        data.possibleProxyHeader = request.headers["x-forwarded-for"] ? "X-Forwarded-For" : "";
        data.realIP = request.ip;
      }
      return { code: 200, data, message: "API is healthy." };
    },
  });
}

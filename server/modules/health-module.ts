/** `GET /api/health` as a module: the database, and Redis when `REDIS_URL` is in use. */
import { sql } from "kysely";
import { RedisPing } from "../core/health/redis-ping.ts";
import { registerHealthRoutes } from "../http/health/health.ts";
import type { Kernel } from "../kernel/module.ts";

/** Registers the health route and its probes. */
export function healthModule(kernel: Kernel): void {
  const { redis, db, log, lifecycle } = kernel;
  const redisPing = redis
    ? lifecycle.add(
        new RedisPing(redis, (error) => {
          log.debug({ err: error }, "health: Redis connection error");
        }),
        { name: "Redis ping", close: (ping) => ping.close() },
      )
    : undefined;
  const probe = {
    engine: db.dialect.name,
    redis: redisPing,
    ping: async () => {
      try {
        await sql`SELECT 1`.execute(db.kysely);
        return true;
      } catch {
        return false;
      }
    },
  };
  kernel.routes.push((app) => {
    registerHealthRoutes(app, probe);
  });
}

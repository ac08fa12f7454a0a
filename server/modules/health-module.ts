/**
 * `GET /api/health` as a module: the database, the data folder when something is stored
 * there, and Redis when `REDIS_URL` is in use.
 */
import { RedisPing } from "../core/health/redis-ping.ts";
import { diskState } from "../data/disk-state.ts";
import { registerHealthRoutes } from "../http/health/health.ts";
import type { Kernel } from "../kernel/module.ts";
import { singleFlight } from "../tools/routine/single-flight.ts";

/** Registers the health route and its probes. */
export function healthModule(kernel: Kernel): void {
  const { redis, db, log, lifecycle, config } = kernel;
  const redisPing = redis
    ? lifecycle.add(
        new RedisPing(redis, (error) => {
          log.debug({ err: error }, "health: Redis connection error");
        }),
        { name: "Redis ping", close: (ping) => ping.close() },
      )
    : undefined;
  // Each probe runs once at a time, shared by the requests that arrive meanwhile: a flood of
  // health checks takes the write lock and writes a file once per burst, not per request.
  const probe = {
    engine: db.dialect.name,
    redis: redisPing,
    // Without waiting: a database another process has locked is reported, not waited for.
    database: singleFlight(() => db.writeState()),
    // DATA_DIR holds the SQLite file, or uploaded files without S3.
    disk:
      !config.databaseUrl || !config.s3 ? singleFlight(() => diskState(config.dataDir)) : undefined,
  };
  kernel.routes.push((app) => {
    registerHealthRoutes(app, probe);
  });
}

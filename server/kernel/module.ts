/**
 * The contract of a feature module (issue 24): a function given the kernel (the parts every
 * feature may use) and the features it depends on, that makes its own parts, registers what
 * it adds (record hooks, jobs, routes, what to start and close) and answers what later
 * modules or the app need from it. `createApp` is the ordered list of these calls; the
 * lifecycle starts what they registered in that order and closes it in reverse.
 *
 * ```ts
 * export function fooModule(kernel: Kernel): FooService {
 *   const foo = kernel.lifecycle.add(new FooService(kernel.db), { name: "foo", close: (f) => f.close() });
 *   kernel.jobs.define({ kind: "foo.sweep", run: () => foo.sweep() });
 *   kernel.routes.push((app) => registerFooRoutes(app, foo));
 *   return foo;
 * }
 * ```
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { JobQueue } from "../core/jobs/job-queue.ts";
import type { RecordService } from "../core/records/record-service.ts";
import type { SettingsService, SettingsTargets } from "../core/settings/settings-service.ts";
import type { Database } from "../data/db.ts";
import type { Bus } from "../tools/bus/index.ts";
import type { RedisConnections } from "../tools/redis/index.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** Adds routes to the HTTP application (called once it exists, in module order). */
export type RouteRegistrar = (app: FastifyInstance) => void;

/** Where modules report what goes wrong outside a request (the HTTP app's logger, once made). */
export interface KernelLog {
  debug: (data: object, message: string) => void;
  info: (data: object, message: string) => void;
  warn: (data: object, message: string) => void;
  error: (data: object, message: string) => void;
}

/** What every feature module is given. */
export interface Kernel {
  config: Config;
  db: Database;
  /** The records core: its `hooks` are the record lifecycle modules plug into. */
  records: RecordService;
  settings: SettingsService;
  /** What follows a settings change (a module binds its own target). */
  settingsTargets: SettingsTargets;
  lifecycle: Lifecycle;
  /** The durable job queue (ADR 060): modules define their kinds on it. */
  jobs: JobQueue;
  /** Messages between instances (ADR 057): modules publish and subscribe on their channels. */
  bus: Bus;
  /** This instance's Redis connections (`REDIS_URL`), or null; never open another one. */
  redis: RedisConnections | null;
  /** Routes modules add, registered after the core API's and before the web app's. */
  routes: RouteRegistrar[];
  log: KernelLog;
}

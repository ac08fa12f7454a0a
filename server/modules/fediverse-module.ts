/**
 * The fediverse (ADR 071) as a module: every writer and the blog are ActivityPub actors
 * (WebFinger, NodeInfo, content negotiation of posts and profiles), followers are accepted
 * (or held), listed, removed and blocked, and live posts go out to followers as `Create`,
 * `Update` and `Delete` of an `Article`, through the job queue. Fedify's store and queue are
 * Cahier's database and job queue; Fedify itself is imported on first need
 * (`FediverseHost`). `FEDERATION=off` registers nothing.
 */
import fs from "node:fs";
import { DatabaseKvStore } from "../core/fediverse/kv-store.ts";
import { FediverseHost } from "../core/fediverse/fediverse-host.ts";
import { FollowersService } from "../core/fediverse/followers-service.ts";
import { InboxGuard } from "../core/fediverse/inbox-guard.ts";
import { JobMessageQueue } from "../core/fediverse/job-message-queue.ts";
import { LocalActors } from "../core/fediverse/local-actors.ts";
import { Publisher } from "../core/fediverse/publisher.ts";
import { FediverseReplies } from "../core/fediverse/replies.ts";
import type { RateLimiter } from "../core/rate-limit/index.ts";
import type { PostsLive } from "../core/subscriptions/posts-live.ts";
import { registerFederationMount } from "../http/fediverse/federation-mount.ts";
import { registerFollowerRoutes } from "../http/fediverse/followers.ts";
import { registerReactionsRoute } from "../http/fediverse/reactions.ts";
import type { Kernel } from "../kernel/module.ts";

/** The longest one queued message (a delivery, an incoming activity) may run. */
const MESSAGE_TIMEOUT_MS = 60_000;
/** How often expired values leave the key-value store. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** What the fediverse module makes (null parts when `FEDERATION=off`). */
export interface FediverseParts {
  host: FediverseHost;
  actors: LocalActors;
  followers: FollowersService;
  replies: FediverseReplies;
  kv: DatabaseKvStore;
}

/** Cahier's version, from the nearest `package.json` named `cahier` above this file. */
function cahierVersion(): string {
  let dir = new URL(".", import.meta.url);
  for (let depth = 0; depth < 6; depth += 1) {
    const file = new URL("package.json", dir);
    try {
      const json = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (json.name === "cahier" && json.version) return json.version;
    } catch {
      // not here: one folder up
    }
    dir = new URL("..", dir);
  }
  return "0.0.0";
}

/** Makes the fediverse's parts and registers its jobs and routes. */
export function fediverseModule(
  kernel: Kernel,
  deps: { limiter: RateLimiter; postsLive: PostsLive },
): FediverseParts | null {
  const { config, db, records, settings, jobs, lifecycle, log } = kernel;
  if (!config.federation.enabled) return null;
  const kv = new DatabaseKvStore(db);
  const queue = new JobMessageQueue(jobs);
  const actors = new LocalActors(records, () => settings.appName);
  const replies = new FediverseReplies({
    db,
    records,
    actors,
    origin: config.appUrl,
    commentSettings: () => settings.comments,
    now: () => Date.now(),
  });
  const host = lifecycle.add(
    new FediverseHost({
      db,
      actors,
      replies,
      kv,
      queue,
      origin: config.appUrl,
      allowPrivate: config.federation.allowPrivate,
      version: cahierVersion(),
      log: (level, message, data) => {
        log[level](data, message);
      },
    }),
    {
      name: "fediverse",
      close: (part) => {
        part.close();
      },
    },
  );
  queue.define(host, MESSAGE_TIMEOUT_MS);
  jobs.define({ kind: "fediverse.prune", run: () => kv.prune() });
  jobs.recurring.every("fediverse.prune", PRUNE_EVERY_MS);
  const followers = new FollowersService(db, host);
  const publisher = new Publisher({
    jobs,
    hooks: records.hooks,
    host,
    audience: (author) => followers.hasAudience(author),
  });
  lifecycle.add(
    { unhook: publisher.register((listener) => deps.postsLive.on(listener)) },
    {
      name: "fediverse hooks",
      close: (part) => {
        part.unhook();
      },
    },
  );
  kernel.routes.push((app) => {
    registerFederationMount(app, {
      host,
      actors,
      guard: new InboxGuard(db),
      limiter: deps.limiter,
      origin: config.appUrl,
    });
    registerFollowerRoutes(app, followers);
    registerReactionsRoute(app, replies);
  });
  return { host, actors, followers, replies, kv };
}

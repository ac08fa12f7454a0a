/**
 * Email subscriptions (ADR 065) as a module: `posts.live` (the moment a post goes live, for
 * every feature), the subscription routes, and the mail to subscribers through the job
 * queue (fan-out, batches, weekly digest) over its own paced SMTP pool.
 */
import { randomSecret } from "../core/auth/secrets.ts";
import type { Mailer } from "../core/mail/mailer.ts";
import { mailSite } from "../core/mail/mail-layout.ts";
import { MailedItems } from "../core/subscriptions/mailed-items.ts";
import { Pacer } from "../core/subscriptions/pacer.ts";
import { PostsLive } from "../core/subscriptions/posts-live.ts";
import { SubscriptionSender } from "../core/subscriptions/subscription-sending.ts";
import { SubscriptionService } from "../core/subscriptions/subscription-service.ts";
import { SubscriptionTokens } from "../core/subscriptions/subscription-tokens.ts";
import {
  MailerTransport,
  PooledSmtpTransport,
  type SubscriptionTransport,
} from "../core/subscriptions/subscription-transport.ts";
import { ensureParam } from "../data/repositories/params-repository.ts";
import { registerSubscriptionRoutes } from "../http/subscriptions/subscriptions.ts";
import type { Kernel } from "../kernel/module.ts";

/** Where the secret signing subscription links is kept (`_params`), made once. */
const SECRET_PARAM = "subscriptionsSecret";

/** What the subscriptions module makes. */
export interface SubscriptionParts {
  /** The routes' work: subscribe, confirm, unsubscribe, manage, export. */
  service: SubscriptionService;
  /** Mail to subscribers (its jobs are defined on the queue). */
  sender: SubscriptionSender;
  /** `posts.live`: listeners learn each post going live. */
  postsLive: PostsLive;
  /** The pace of subscription mail (`settings.subscriptions.ratePerMinute`). */
  pacer: Pacer;
}

/** Makes subscriptions and `posts.live`, registers their jobs, hooks and routes. */
export async function subscriptionsModule(
  kernel: Kernel,
  deps: { mailer: Mailer },
): Promise<SubscriptionParts> {
  const { config, db, records, settings, jobs, lifecycle } = kernel;
  const tokens = new SubscriptionTokens(
    await ensureParam(db.kysely, SECRET_PARAM, randomSecret(64)),
  );
  const site = () => mailSite(config.appUrl, settings.appName, settings.identity.footer);
  const transport: SubscriptionTransport = lifecycle.add(
    config.smtpUrl
      ? new PooledSmtpTransport(config.smtpUrl, () => deps.mailer.from)
      : new MailerTransport(deps.mailer),
    { name: "subscription mail", close: (part) => part.close() },
  );
  const pacer = new Pacer(() => settings.subscriptions.ratePerMinute);
  const sender = new SubscriptionSender({
    db,
    records,
    queue: jobs,
    items: new MailedItems(records),
    tokens,
    transport,
    pacer,
    settings: () => settings.subscriptions,
    site,
  });
  sender.define();
  const postsLive = new PostsLive({ db, records, queue: jobs });
  const unhook = postsLive.register();
  postsLive.on((post) => sender.postLive(post));
  const unhookEntries = records.hooks.on(
    ["afterCreateCommit", "afterUpdateCommit"],
    (event) => sender.entryWritten({ ...event.values, id: event.id }, event.old),
    { collections: ["entries"] },
  );
  lifecycle.add(
    { unhook, unhookEntries },
    {
      name: "subscription hooks",
      close: (part) => {
        part.unhook();
        part.unhookEntries();
      },
    },
  );
  const service = new SubscriptionService({ db, records, tokens, mailer: deps.mailer, site });
  kernel.routes.push((app) => {
    registerSubscriptionRoutes(app, service);
  });
  return { service, sender, postsLive, pacer };
}

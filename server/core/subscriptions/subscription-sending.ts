/**
 * Mailing subscribers (ADR 065), all through the job queue:
 *
 * - a post going live (`posts.live`), not `skipMail`, records `_mailings` `post:<id>` and
 *   enqueues `subscriptions.post` in one transaction, once ever (publishing again, editing,
 *   a second notice of the same post: nothing); a public entry appearing in a collection
 *   does the same with `entry:<id>` and `subscriptions.entry`;
 * - that job walks the confirmed `each` subscribers of the post's targets (the blog and its
 *   author; the entry's collection) in id order, one address once, and enqueues one
 *   `subscriptions.batch` per `batchSize` addresses (keyed, so a second walk adds nothing);
 * - a batch writes each delivery `sending` in `_deliveries` before the message goes and
 *   `sent` after: run again after a crash, it skips what was sent and repeats only the
 *   message that was in flight. Each send waits for the {@link Pacer}. An SMTP 5xx marks the
 *   delivery `refused` and suppresses the address; a 4xx (or no answer) leaves it `sending`
 *   and, once the batch has tried everyone else, fails the job so the queue retries it later;
 * - `subscriptions.digest`, weekly, mails each `weekly` subscriber what went live in the
 *   week in what they follow, as `digest:<period>`, through the same batches.
 */
import type { Database } from "../../data/db.ts";
import {
  findRecipientPage,
  findSubscribersByIds,
  findSubscriptionsByEmail,
  insertMailing,
  setSubscriptionStatus,
  settleDelivery,
  takeDelivery,
  type SubscriberRow,
} from "../../data/repositories/subscription-repository.ts";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import type { JobContext, JobQueue } from "../jobs/job-queue.ts";
import type { MailSite } from "../mail/mail-layout.ts";
import type { RecordData } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";
import type { MailedItems, TargetedItem } from "./mailed-items.ts";
import type { Pacer } from "./pacer.ts";
import { digestMail, itemMail, type SubscriptionMessage } from "./subscription-mail.ts";
import { resolveTarget } from "./subscription-targets.ts";
import type { SubscriptionSettings } from "./subscription-settings.ts";
import type { SubscriptionTokens } from "./subscription-tokens.ts";
import { smtpRefusal, type SubscriptionTransport } from "./subscription-transport.ts";
import type { RecordService } from "../records/record-service.ts";

export const SUBSCRIPTIONS_POST = "subscriptions.post";
export const SUBSCRIPTIONS_ENTRY = "subscriptions.entry";
export const SUBSCRIPTIONS_BATCH = "subscriptions.batch";
export const SUBSCRIPTIONS_DIGEST = "subscriptions.digest";
const WEEK_MS = 7 * 86_400_000;

/** A batch: one message to the addresses of these subscriptions (one per address). */
interface BatchPayload {
  message: string;
  ids: string[];
}

/** What the sender needs. */
export interface SubscriptionSenderOptions {
  db: Database;
  records: RecordService;
  queue: JobQueue;
  items: MailedItems;
  tokens: SubscriptionTokens;
  transport: SubscriptionTransport;
  pacer: Pacer;
  settings: () => SubscriptionSettings;
  site: () => MailSite;
  now?: () => number;
}

/** A batch's message, read once per run. */
type Content =
  { kind: "item"; targeted: TargetedItem } | { kind: "digest"; items: TargetedItem[] } | null;

/** Sends subscription mail through the queue. */
export class SubscriptionSender {
  private readonly options: SubscriptionSenderOptions;
  private readonly now: () => number;

  constructor(options: SubscriptionSenderOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  private get db() {
    return this.options.db;
  }

  /** Defines the jobs on the queue (the digest recurring weekly). */
  define(): void {
    const { queue } = this.options;
    queue.define<{ postId: string }>({
      kind: SUBSCRIPTIONS_POST,
      run: ({ postId }) => this.fanOut(`post:${postId}`),
    });
    queue.define<{ entryId: string }>({
      kind: SUBSCRIPTIONS_ENTRY,
      run: ({ entryId }) => this.fanOut(`entry:${entryId}`),
    });
    queue.define<BatchPayload>({
      kind: SUBSCRIPTIONS_BATCH,
      maxAttempts: 8,
      run: (payload, context) => this.batch(payload, context),
    });
    queue.define<{ period: string }>({
      kind: SUBSCRIPTIONS_DIGEST,
      run: ({ period }) => this.fanOut(`digest:${period}`),
    });
    queue.recurring.every(SUBSCRIPTIONS_DIGEST, WEEK_MS);
  }

  /**
   * Mails `message` (`post:<id>`, `entry:<id>`) once ever: records it and enqueues its job
   * in one transaction; false when it was mailed before.
   */
  async announce(message: string): Promise<boolean> {
    const [kind, id] = message.split(":") as [string, string];
    const job = kind === "post" ? SUBSCRIPTIONS_POST : SUBSCRIPTIONS_ENTRY;
    const payload = kind === "post" ? { postId: id } : { entryId: id };
    const now = formatDate(new Date(this.now()));
    return this.db.kysely.transaction().execute(async (trx) => {
      if (!(await insertMailing(trx, message, now))) return false;
      await this.options.queue.enqueue(job, payload, { key: `subscriptions.${message}`, db: trx });
      return true;
    });
  }

  /** A post went live (`posts.live`): mailed unless `skipMail`. */
  async postLive(post: RecordData): Promise<void> {
    if (post.skipMail === true) return;
    await this.announce(`post:${String(post.id)}`);
  }

  private async content(message: string): Promise<Content> {
    const { items } = this.options;
    const [kind, id = ""] = message.split(/:(.*)/s) as [string, string?];
    if (kind === "post") {
      const targeted = await items.post(id);
      return targeted && { kind: "item", targeted };
    }
    if (kind === "entry") {
      const targeted = await items.entry(id);
      return targeted && { kind: "item", targeted };
    }
    const end = Date.parse(id);
    if (Number.isNaN(end)) return null;
    const from = formatDate(new Date(end - WEEK_MS));
    const found = await items.between(from, formatDate(new Date(end)));
    return found.length > 0 ? { kind: "digest", items: found } : null;
  }

  /** Walks the message's recipients and enqueues their batches. */
  private async fanOut(message: string): Promise<{ batches: number }> {
    const content = await this.content(message);
    if (!content) return { batches: 0 };
    const digest = content.kind === "digest";
    const targets = digest ? null : content.targeted.targets;
    let afterId = "";
    let batches = 0;
    for (;;) {
      const page = await findRecipientPage(this.db.kysely, {
        targets,
        frequency: digest ? "weekly" : "each",
        afterId,
        limit: this.options.settings().batchSize,
      });
      const first = page[0];
      const last = page.at(-1);
      if (!first || !last) break;
      await this.options.queue.enqueue(
        SUBSCRIPTIONS_BATCH,
        { message, ids: page.map((row) => row.id) } satisfies BatchPayload,
        { key: `subscriptions.batch:${message}:${first.id}` },
      );
      batches += 1;
      afterId = last.id;
    }
    return { batches };
  }

  /** What one address gets: the mail, or null when nothing it follows is in the message. */
  private async mailFor(
    content: NonNullable<Content>,
    row: SubscriberRow,
  ): Promise<SubscriptionMessage | null> {
    const site = this.options.site();
    const { tokens } = this.options;
    const locale: Locale = isLocale(row.locale) ? row.locale : "en";
    const manageToken = tokens.issue("manage", row.email);
    if (content.kind === "item") {
      const { targeted } = content;
      const target = await resolveTarget(this.options.records, row.target, { publicOnly: false });
      if (!target) return null;
      const unsubscribeToken = tokens.issue("unsubscribe", row.email, targeted.targets);
      const to = { email: row.email, locale, unsubscribeToken, manageToken };
      return itemMail(site, to, target.label, targeted.item);
    }
    const weekly = (await findSubscriptionsByEmail(this.db.kysely, row.email, "weekly")).filter(
      (sub) => sub.status === "confirmed",
    );
    const followed = new Set(weekly.map((sub) => sub.target));
    const items = content.items
      .filter((entry) => entry.targets.some((target) => followed.has(target)))
      .map((entry) => entry.item);
    if (items.length === 0) return null;
    const unsubscribeToken = tokens.issue("unsubscribe", row.email, [...followed]);
    const firstLocale = weekly[0]?.locale;
    const digestLocale: Locale = isLocale(firstLocale) ? firstLocale : locale;
    const to = { email: row.email, locale: digestLocale, unsubscribeToken, manageToken };
    return digestMail(site, to, items);
  }

  /** Sends one batch (see the module comment for what a crash or a refusal does). */
  private async batch(payload: BatchPayload, context: JobContext): Promise<{ sent: number }> {
    const content = await this.content(payload.message);
    if (!content) return { sent: 0 };
    const rows = (await findSubscribersByIds(this.db.kysely, payload.ids)).filter(
      (row) => row.status === "confirmed",
    );
    const stamp = () => formatDate(new Date(this.now()));
    const deferred: string[] = [];
    let sent = 0;
    for (const row of rows) {
      if (context.signal.aborted) throw new Error("The batch was stopped");
      const state = await takeDelivery(this.db.kysely, payload.message, row.email, stamp());
      if (state !== "sending") continue;
      const mail = await this.mailFor(content, row);
      if (!mail) {
        await settleDelivery(this.db.kysely, payload.message, row.email, "sent", stamp());
        continue;
      }
      await this.options.pacer.take(context.signal);
      try {
        await this.options.transport.send(mail);
      } catch (error) {
        if (smtpRefusal(error) === "permanent") {
          await settleDelivery(this.db.kysely, payload.message, row.email, "refused", stamp());
          await setSubscriptionStatus(this.db.kysely, {
            email: row.email,
            targets: null,
            from: ["pending", "confirmed"],
            status: "suppressed",
            now: stamp(),
          });
        } else {
          deferred.push(error instanceof Error ? error.message : String(error));
        }
        continue;
      }
      await settleDelivery(this.db.kysely, payload.message, row.email, "sent", stamp());
      sent += 1;
      context.progress({ sent });
    }
    if (deferred.length > 0)
      throw new Error(`${deferred.length} deliveries deferred (${deferred[0] ?? ""})`);
    return { sent };
  }

  /** An entry was written: mailed when it became public in a collection. */
  async entryWritten(values: RecordData, old: RecordData | null): Promise<void> {
    if (values.visibility !== "public" || !values.collection) return;
    if (old && old.visibility === "public" && old.collection === values.collection) return;
    await this.announce(`entry:${String(values.id)}`);
  }
}

/**
 * The comments' mail (ADR 065), through the job queue, in the recipient's language:
 *
 * - a comment held for approval, to the record's author (`comments.held`, key
 *   `comments.held:<commentId>`), unless they take a daily digest (`users.commentDigest`);
 * - the digest: a daily sweep (`comments.digest`) enqueues one job per writer with comments
 *   held in the last day (`comments.digest.user`, key `comments.digest:<userId>:<day>`);
 * - an approved reply, to the parent's commenter when they set `notifyReplies` (a guest by
 *   their address, in the record's language), once (`comments.reply`, key
 *   `comments.reply:<replyId>`), never to someone answering themself.
 *
 * Each job reads the comment again when it runs: one approved, rejected or deleted meanwhile
 * is not mailed as held. A delivery that fails throws, and the queue retries it.
 */
import enComment from "#shared/i18n/catalogs/en/comment-mail.ts";
import frComment from "#shared/i18n/catalogs/fr/comment-mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Database, Row } from "../../data/db.ts";
import { digestRecipients, heldSince } from "../../data/repositories/comment-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { usersCollection } from "../../data/registry/collections.ts";
import { commentsCollection } from "../../data/registry/comments.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import {
  buttonHtml,
  colon,
  documentHtml,
  escapeHtml,
  wording,
  type MailSite,
} from "../mail/mail-layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { greeting, mailLocale, signature, type MailRecipient } from "../mail/templates.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import { findTarget, type CommentTarget } from "./comment-target.ts";

const CATALOGS = { en: enComment, fr: frComment } satisfies Record<Locale, unknown>;
const DAY_MS = 24 * 60 * 60_000;
/** Most characters of a comment quoted in a mail. */
const QUOTE_MAX = 600;
/** Where writers moderate. */
export const MODERATION_PATH = "/writing/comments";

/** What the comment mail needs. */
export interface CommentMailDeps {
  db: Database;
  jobs: JobQueue;
  /** Delivers one message now; rejects when it could not (the job is retried). */
  deliver: (message: MailMessage) => Promise<void>;
  /** The site a mail sent now comes from. */
  site: () => MailSite;
  now: () => number;
}

/** A PocketBase date string of `ms`. */
const stamp = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const text = (value: unknown) => (typeof value === "string" ? value : "");
const quote = (content: unknown) => {
  const body = text(content).trim();
  return body.length > QUOTE_MAX ? `${body.slice(0, QUOTE_MAX)}…` : body;
};

/** The recipient of a user row. */
function recipientOf(user: Row): MailRecipient {
  const name = text(user.name) || text(user.username);
  return { email: text(user.email), name, locale: mailLocale(user.locale) };
}

/** The page of a record. */
async function recordUrl(db: Database, site: MailSite, target: CommentTarget): Promise<string> {
  const [author] = await findRowsByIds(db.kysely, usersCollection, [target.author]);
  const kind = target.collection === "posts" ? "post" : "entry";
  const parts = [text(author?.username), target.slug].map(encodeURIComponent);
  return `${site.url}/${kind}/${parts.join("/")}#comments`;
}

/** One mail: greeting, paragraphs, quoted comments, a button, a note and the signature. */
function compose(
  site: MailSite,
  recipient: MailRecipient,
  subject: string,
  blocks: { intro: string; quotes: { label?: string; body: string }[]; note?: string },
  action: { label: string; href: string },
): MailMessage {
  const { locale } = recipient;
  const e = escapeHtml;
  const quotes = blocks.quotes.map((q) => [q.label, q.body].filter(Boolean).join("\n"));
  const textBody = [
    greeting(recipient),
    blocks.intro,
    ...quotes.map((q) => q.replace(/^/gm, "> ")),
    `${action.label}${colon(locale)}\n${action.href}`,
    ...(blocks.note ? [blocks.note] : []),
    signature(site, locale),
  ].join("\n\n");
  const html = documentHtml(
    locale,
    subject,
    [
      `<p>${e(greeting(recipient))}</p>`,
      `<p>${e(blocks.intro)}</p>`,
      ...blocks.quotes.map(
        (q) =>
          `${q.label ? `<p><strong>${e(q.label)}</strong></p>` : ""}<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #d6d3d1;white-space:pre-wrap">${e(q.body)}</blockquote>`,
      ),
      `<p style="margin:24px 0">${buttonHtml(action.href, action.label)}</p>`,
      ...(blocks.note ? [`<p>${e(blocks.note)}</p>`] : []),
      `<p>${e(signature(site, locale))}</p>`,
    ],
    site,
  );
  return { to: recipient.email, subject, text: `${textBody}\n`, html };
}

/** Defines the comment mail jobs and registers the hooks that enqueue them. */
export class CommentMail {
  private readonly deps: CommentMailDeps;

  constructor(deps: CommentMailDeps) {
    this.deps = deps;
    const { jobs } = deps;
    jobs.define<{ comment: string }>({
      kind: "comments.held",
      run: (p) => this.sendHeld(p.comment),
    });
    jobs.define<{ comment: string }>({
      kind: "comments.reply",
      run: (p) => this.sendReply(p.comment),
    });
    jobs.define({ kind: "comments.digest", run: () => this.sweepDigests() });
    jobs.define<{ user: string; since: string }>({
      kind: "comments.digest.user",
      run: (p) => this.sendDigest(p.user, p.since),
    });
    jobs.recurring.every("comments.digest", DAY_MS);
  }

  /** Enqueues the mail a committed comment write calls for. */
  register(hooks: RecordHooks): void {
    hooks.on(["afterCreateCommit", "afterUpdateCommit"], (event) => this.written(event), {
      collections: [commentsCollection.name],
    });
  }

  private async written(event: RecordEvent): Promise<void> {
    const { values, old } = event;
    const id = event.id;
    if (event.action === "create" && values.status === "pending") {
      const [author] = await findRowsByIds(this.deps.db.kysely, usersCollection, [
        text(values.recordAuthor),
      ]);
      if (author && !author.commentDigest)
        await this.deps.jobs.enqueue(
          "comments.held",
          { comment: id },
          { key: `comments.held:${id}` },
        );
    }
    const approvedNow = values.status === "approved" && old?.status !== "approved";
    if (approvedNow && text(values.parent))
      await this.deps.jobs.enqueue(
        "comments.reply",
        { comment: id },
        { key: `comments.reply:${id}` },
      );
  }

  private async comment(id: string): Promise<Row | undefined> {
    const [row] = await findRowsByIds(this.deps.db.kysely, commentsCollection, [id]);
    return row;
  }

  private async targetOf(comment: Row): Promise<CommentTarget | null> {
    return findTarget(this.deps.db, comment.recordCollection, comment.record, this.deps.now());
  }

  /** Mails the record's author a held comment (if it is still held). */
  async sendHeld(id: string): Promise<void> {
    const comment = await this.comment(id);
    if (!comment || comment.status !== "pending") return;
    const target = await this.targetOf(comment);
    const [author] = await findRowsByIds(this.deps.db.kysely, usersCollection, [
      text(comment.recordAuthor),
    ]);
    if (!target || !author) return;
    const site = this.deps.site();
    const recipient = recipientOf(author);
    const c = CATALOGS[recipient.locale];
    const values = { title: target.title, commenter: this.commenter(comment, recipient.locale) };
    await this.deps.deliver(
      compose(
        site,
        recipient,
        wording(recipient.locale, c.heldSubject, values),
        {
          intro: wording(recipient.locale, c.heldIntro, values),
          quotes: [{ body: quote(comment.content) }],
        },
        { label: wording(recipient.locale, c.moderate), href: `${site.url}${MODERATION_PATH}` },
      ),
    );
  }

  /** Mails the parent's commenter an approved reply, when they asked for it. */
  async sendReply(id: string): Promise<void> {
    const reply = await this.comment(id);
    if (!reply || reply.status !== "approved" || !reply.parent) return;
    const parent = await this.comment(text(reply.parent));
    if (!parent?.notifyReplies) return;
    if (parent.author && parent.author === reply.author) return;
    const target = await this.targetOf(reply);
    if (!target?.readable) return;
    let recipient: MailRecipient;
    if (parent.author) {
      const [user] = await findRowsByIds(this.deps.db.kysely, usersCollection, [
        text(parent.author),
      ]);
      if (!user) return;
      recipient = recipientOf(user);
    } else {
      if (!parent.email) return;
      recipient = {
        email: text(parent.email),
        name: text(parent.authorName),
        locale: mailLocale(target.lang),
      };
    }
    const site = this.deps.site();
    const c = CATALOGS[recipient.locale];
    const values = { title: target.title, commenter: this.commenter(reply, recipient.locale) };
    await this.deps.deliver(
      compose(
        site,
        recipient,
        wording(recipient.locale, c.replySubject, values),
        {
          intro: wording(recipient.locale, c.replyIntro, values),
          quotes: [{ body: quote(reply.content) }],
          note: wording(recipient.locale, c.whyReply),
        },
        {
          label: wording(recipient.locale, c.read),
          href: await recordUrl(this.deps.db, site, target),
        },
      ),
    );
  }

  private commenter(comment: Row, locale: Locale): string {
    return text(comment.authorName) || wording(locale, CATALOGS[locale].guest);
  }

  /** Enqueues today's digest of each writer who takes one and has held comments. */
  async sweepDigests(): Promise<void> {
    const now = this.deps.now();
    const since = stamp(now - DAY_MS);
    const day = Math.floor(now / DAY_MS);
    for (const user of await digestRecipients(this.deps.db.kysely, since)) {
      await this.deps.jobs.enqueue(
        "comments.digest.user",
        { user, since },
        { key: `comments.digest:${user}:${day}` },
      );
    }
  }

  /** Mails `userId` the comments held on their records since `since`. */
  async sendDigest(userId: string, since: string): Promise<void> {
    const [user] = await findRowsByIds(this.deps.db.kysely, usersCollection, [userId]);
    if (!user?.commentDigest) return;
    const held = await heldSince(this.deps.db.kysely, userId, since);
    if (held.length === 0) return;
    const recipient = recipientOf(user);
    const { locale } = recipient;
    const c = CATALOGS[locale];
    const site = this.deps.site();
    const quotes: { label: string; body: string }[] = [];
    for (const comment of held) {
      const target = await this.targetOf(comment);
      quotes.push({
        label: wording(locale, c.digestItem, {
          commenter: this.commenter(comment, locale),
          title: target?.title ?? "",
        }),
        body: quote(comment.content),
      });
    }
    const subject =
      held.length === 1
        ? wording(locale, c.digestSubjectOne, { appName: site.name })
        : wording(locale, c.digestSubject, { appName: site.name, count: String(held.length) });
    await this.deps.deliver(
      compose(
        site,
        recipient,
        subject,
        { intro: wording(locale, c.digestIntro), quotes },
        {
          label: wording(locale, c.moderate),
          href: `${site.url}${MODERATION_PATH}`,
        },
      ),
    );
  }
}

/**
 * How subscription mail leaves (ADR 065): awaited one message at a time, so the sending job
 * knows the SMTP server's answer. With `SMTP_URL`, over a small pool of kept connections (a
 * post to 10,000 subscribers is not 10,000 TLS handshakes); without it, into the outbox
 * through the mailer's own transport. The pace is the {@link Pacer}'s.
 */
import { loadNodemailer, type MailTransporter } from "../mail/nodemailer-module.ts";
import type { Mailer } from "../mail/mailer.ts";
import { smtpOptions } from "../mail/smtp-transport.ts";
import type { SubscriptionMessage } from "./subscription-mail.ts";

/** Connections the pool keeps open to the SMTP server. */
const POOL_CONNECTIONS = 2;

/** Delivers subscription mail; rejects with the server's refusal. */
export interface SubscriptionTransport {
  send(message: SubscriptionMessage): Promise<void>;
  close(): Promise<void>;
}

/** What an SMTP failure means for the address: refused for good (5xx), or try again later. */
export function smtpRefusal(error: unknown): "permanent" | "temporary" {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 ? "permanent" : "temporary";
}

/** Over SMTP with pooled connections; `from` is read at each send (the settings may change it). */
export class PooledSmtpTransport implements SubscriptionTransport {
  private readonly smtpUrl: string;
  private transporter: MailTransporter | null = null;
  private readonly from: () => string;

  constructor(smtpUrl: string, from: () => string) {
    this.smtpUrl = smtpUrl;
    this.from = from;
  }

  async send(message: SubscriptionMessage): Promise<void> {
    this.transporter ??= loadNodemailer().createTransport({
      ...smtpOptions(this.smtpUrl),
      pool: true,
      maxConnections: POOL_CONNECTIONS,
    });
    await this.transporter.sendMail({
      from: this.from(),
      // SECURITY: one address object, never a string nodemailer would split at commas.
      to: { name: "", address: message.to },
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
  }

  close(): Promise<void> {
    this.transporter?.close();
    return Promise.resolve();
  }
}

/** Through the mailer's transport (the outbox when no SMTP server is configured). */
export class MailerTransport implements SubscriptionTransport {
  private readonly mailer: Mailer;

  constructor(mailer: Mailer) {
    this.mailer = mailer;
  }

  send(message: SubscriptionMessage): Promise<void> {
    return this.mailer.transport.deliver({ ...message, from: this.mailer.from });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

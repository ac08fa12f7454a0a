/**
 * Outgoing mail. Request handlers hand a message to `Mailer.send` and answer at once: the
 * message is delivered in the background by a transport (SMTP, or the outbox folder when no
 * SMTP server is configured). A failed delivery is logged and reported to the sender's
 * `onError`, never thrown into the request and never left as an unhandled rejection.
 *
 * @example
 * const mailer = new Mailer(new OutboxTransport(dir), "Cahier <no-reply@example.com>", log);
 * mailer.send({ to: "ada@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>" });
 * await mailer.idle(); // tests and shutdown only
 */

/** One email. */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body (every interpolated value already escaped). */
  html: string;
  /** Extra headers (`List-Unsubscribe` of subscription mail, ADR 065). */
  headers?: Record<string, string>;
}

/** A message as a transport gets it: with its sender. */
export interface OutgoingMail extends MailMessage {
  from: string;
}

/** Where messages go. */
export interface MailTransport {
  /** A short name for logs (`smtp`, `outbox`). */
  readonly name: string;
  /** Delivers one message; rejects when it could not. */
  deliver(message: OutgoingMail): Promise<void>;
  /** Releases connections; called once, after the last delivery settled. */
  close(): Promise<void>;
}

/** The logger calls the mailer makes (pino's signature). */
export interface MailLog {
  info(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

/** What a sender may learn about its message. */
export interface SendOptions {
  /**
   * Called after a failed delivery has been logged (e.g. to forget an OTP nobody received).
   * Its own failure is logged too.
   */
  onError?: () => unknown;
}

/** How long `close()` waits for deliveries in flight before closing the transport anyway. */
const CLOSE_TIMEOUT_MS = 15_000;

/** Sends mail in the background through one transport. */
export class Mailer {
  readonly transport: MailTransport;
  /** The sender of every message (`MAIL_FROM`; the settings API may change it). */
  from: string;
  private readonly log: MailLog;
  private readonly pending = new Set<Promise<void>>();
  private closed = false;

  constructor(transport: MailTransport, from: string, log: MailLog) {
    this.transport = transport;
    this.from = from;
    this.log = log;
  }

  /**
   * Queues a message and returns at once. SECURITY: nothing about the delivery (success,
   * failure, duration) reaches the caller, so answers cannot reveal whether an account exists.
   */
  send(message: MailMessage, options: SendOptions = {}): void {
    if (this.closed) {
      this.log.error({ to: message.to, subject: message.subject }, "mail not sent: mailer closed");
      return;
    }
    const task = Promise.resolve()
      .then(() => this.transport.deliver({ ...message, from: this.from }))
      .catch(async (error: unknown) => {
        this.log.error(
          { err: error, to: message.to, subject: message.subject, transport: this.transport.name },
          "mail delivery failed",
        );
        try {
          await options.onError?.();
        } catch (cleanupError) {
          this.log.error({ err: cleanupError }, "mail failure clean-up failed");
        }
      })
      .finally(() => {
        this.pending.delete(task);
      });
    this.pending.add(task);
  }

  /** Resolves once every message queued so far has been delivered or has failed. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops accepting messages, waits (at most 15 s) for those in flight, closes the transport. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      timer.unref();
    });
    await Promise.race([this.idle(), timeout]);
    clearTimeout(timer);
    try {
      await this.transport.close();
    } catch (error) {
      this.log.error({ err: error }, "mail transport close failed");
    }
  }
}

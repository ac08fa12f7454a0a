/**
 * SMTP delivery with nodemailer, configured by one URL (`SMTP_URL`):
 * `smtp://user:pass@host:587` (STARTTLS when the server offers it), `smtps://user:pass@host:465`
 * (TLS from the first byte). User name and password are percent-decoded; query options go to
 * nodemailer as they are (`?requireTLS=true`, `?tls.rejectUnauthorized=false`).
 */
import { loadNodemailer, type MailTransporter } from "./nodemailer-module.ts";
import type { MailTransport, OutgoingMail } from "./mailer.ts";

/**
 * Timeouts so a silent server cannot hold a delivery (and shutdown) for minutes; the URL's
 * query may override them.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer options of an SMTP URL: credentials decoded, everything else left to nodemailer. */
export function smtpOptions(smtpUrl: string): {
  url: string;
  auth?: { user: string; pass: string };
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
} {
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  url.username = "";
  url.password = "";
  return { ...TIMEOUTS, url: url.toString(), ...(user || pass ? { auth: { user, pass } } : {}) };
}

/** Delivers over SMTP, one connection per message. */
export class SmtpTransport implements MailTransport {
  readonly name = "smtp";
  private readonly smtpUrl: string;
  private transporter: MailTransporter | null = null;

  constructor(smtpUrl: string) {
    // Checked now: a bad URL stops the start, not the first message.
    smtpOptions(smtpUrl);
    this.smtpUrl = smtpUrl;
  }

  async deliver(message: OutgoingMail): Promise<void> {
    this.transporter ??= loadNodemailer().createTransport(smtpOptions(this.smtpUrl));
    await this.transporter.sendMail({
      from: message.from,
      // SECURITY: one address object, never a string nodemailer would split at commas.
      to: { name: "", address: message.to },
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
    });
  }

  close(): Promise<void> {
    this.transporter?.close();
    return Promise.resolve();
  }
}

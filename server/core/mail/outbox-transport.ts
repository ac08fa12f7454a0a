/**
 * The outbox: without `SMTP_URL`, each message is written to `DATA_DIR/outbox/` as an `.eml`
 * file (RFC 5322, opens in any mail client) and announced by one log line, so a single machine
 * works without a mail server and an operator can still read every link that was sent.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type StreamTransport from "nodemailer/lib/stream-transport";
import { loadNodemailer } from "./nodemailer-module.ts";
import type { MailLog, MailTransport, OutgoingMail } from "./mailer.ts";

/** Writes messages as `.eml` files into one folder. */
export class OutboxTransport implements MailTransport {
  readonly name = "outbox";
  readonly dir: string;
  private readonly log: MailLog;
  private composer: Transporter<StreamTransport.SentMessageInfo> | null = null;

  constructor(dir: string, log: MailLog) {
    this.dir = dir;
    this.log = log;
  }

  async deliver(message: OutgoingMail): Promise<void> {
    this.composer ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true });
    const info = await this.composer.sendMail({
      from: message.from,
      // SECURITY: one address object, never a string nodemailer would split at commas.
      to: { name: "", address: message.to },
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
    });
    const content = info.message;
    if (!Buffer.isBuffer(content)) throw new Error("the outbox needs the message as a buffer");
    await fs.mkdir(this.dir, { recursive: true });
    // Sortable by time, unique across instances sharing the folder.
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(6).toString("hex")}.eml`;
    const file = path.join(this.dir, name);
    // Written under a temporary name first: a reader never sees half a message.
    const temporary = `${file}.tmp`;
    await fs.writeFile(temporary, content, { mode: 0o600 });
    await fs.rename(temporary, file);
    this.log.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  }

  close(): Promise<void> {
    this.composer?.close();
    return Promise.resolve();
  }
}

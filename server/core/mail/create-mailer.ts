/** Picks the mail transport from configuration: SMTP when `SMTP_URL` is set, else the outbox. */
import path from "node:path";
import { Mailer, type MailLog } from "./mailer.ts";
import { OutboxTransport } from "./outbox-transport.ts";
import { SmtpTransport } from "./smtp-transport.ts";

/** What the mailer needs from the configuration. */
export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The outbox lives in `<dataDir>/outbox/`. */
  dataDir: string;
}

/** A mailer over SMTP (`smtpUrl`) or, without it, over `<dataDir>/outbox/`. */
export function createMailer(settings: MailSettings, log: MailLog): Mailer {
  const transport = settings.smtpUrl
    ? new SmtpTransport(settings.smtpUrl)
    : new OutboxTransport(path.join(settings.dataDir, "outbox"), log);
  return new Mailer(transport, settings.mailFrom, log);
}

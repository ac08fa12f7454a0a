/**
 * Outgoing mail as a module: the mailer over SMTP (`SMTP_URL`) or the outbox folder, its
 * sender following the settings (`meta.senderName`, `meta.senderAddress`), closed with the
 * app. Modules that mail take the mailer it answers; those that mail in the background do
 * it from their queue jobs (ADR 060), so a failed delivery is retried there.
 */
import { createMailer } from "../core/mail/create-mailer.ts";
import type { Mailer } from "../core/mail/mailer.ts";
import type { Kernel } from "../kernel/module.ts";

/** Makes the mailer and binds its sender to the settings. */
export function mailModule(kernel: Kernel): Mailer {
  const { config, log } = kernel;
  // Delivery failures are logged (B26), never turned into request errors.
  const mailer = kernel.lifecycle.add(
    createMailer(
      { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir },
      { info: log.info, error: log.error },
    ),
    { name: "mailer", close: (part) => part.close() },
  );
  kernel.settingsTargets.mailFrom = (from) => {
    mailer.from = from;
  };
  return mailer;
}

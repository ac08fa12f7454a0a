/**
 * The layout of the security alerts sent to an account's owner (a new device, ADR 053; an
 * address proven and the ways in removed, ADR 056): a greeting, what happened, a list of
 * details, what to do if it was them and if it was not, action links and the signature, as
 * plain text and as HTML.
 *
 * SECURITY: every value in the HTML is escaped; the links are the caller's, built from the
 * configured app URL.
 */
import enMail from "#shared/i18n/catalogs/en/mail.ts";
import frMail from "#shared/i18n/catalogs/fr/mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { MailMessage } from "./mailer.ts";
import { escapeHtml, type MailRecipient } from "./templates.ts";

const MAIL = { en: enMail, fr: frMail } satisfies Record<Locale, unknown>;

/** A catalog message with its `{{name}}` placeholders filled in (unknown ones kept). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/** What an alert says, in the recipient's language. */
export interface Alert {
  subject: string;
  /** What happened (`{{email}}` is filled with the recipient's address). */
  intro: string;
  details: readonly string[];
  /** Whether the text version marks each detail with `- ` (a list) or not (labelled lines). */
  bulleted: boolean;
  ifYou: string;
  ifNotYou: string;
  links: readonly { label: string; href: string }[];
}

/** The alert as an email to `recipient`. */
export function alertMail(recipient: MailRecipient, alert: Alert): MailMessage {
  const mail = MAIL[recipient.locale];
  const name = recipient.name.trim();
  const greeting = name ? fill(mail.greeting, { name }) : mail.greetingNoName;
  const intro = fill(alert.intro, { email: recipient.email });
  const { details, links } = alert;
  const text = [
    greeting,
    intro,
    details.map((item) => (alert.bulleted ? `- ${item}` : item)).join("\n"),
    alert.ifYou,
    alert.ifNotYou,
    links.map((l) => `${l.label}:\n${l.href}`).join("\n\n"),
    mail.signature,
  ].join("\n\n");
  const e = escapeHtml;
  const html = [
    "<!doctype html>",
    `<html lang="${recipient.locale}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(alert.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f4;color:#1f2937;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5">`,
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<ul>${details.map((item) => `<li>${e(item)}</li>`).join("")}</ul>`,
    `<p>${e(alert.ifYou)}</p>`,
    `<p>${e(alert.ifNotYou)}</p>`,
    `<p style="margin:24px 0">${links
      .map(
        (l) =>
          `<a href="${e(l.href)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(l.label)}</a>`,
      )
      .join("")}</p>`,
    `<p>${e(mail.signature)}</p>`,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { to: recipient.email, subject: alert.subject, text: `${text}\n`, html };
}

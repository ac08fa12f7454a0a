/**
 * The layout of the notices sent to an account's owner (a new device, ADR 053; an address
 * proven and the ways in removed, ADR 056; someone using their address, ADR 061): a greeting,
 * what happened, a list of details, what to do if it was them and if it was not, action links
 * and the site's signature, as plain text and as HTML.
 *
 * SECURITY: every value in the HTML is escaped; the links are the caller's, built from the
 * configured app URL.
 */
import type { MailMessage } from "./mailer.ts";
import { buttonHtml, colon, documentHtml, escapeHtml, type MailSite } from "./mail-layout.ts";
import { greeting, signature, type MailRecipient } from "./templates.ts";

export { wording } from "./mail-layout.ts";

/** What an alert says, in the recipient's language, its wording done (`wording`). */
export interface Alert {
  subject: string;
  /** What happened. */
  intro: string;
  /** Details, if any. */
  details: readonly string[];
  /** Whether the text version marks each detail with `- ` (a list) or not (labelled lines). */
  bulleted: boolean;
  ifYou: string;
  ifNotYou: string;
  links: readonly { label: string; href: string }[];
}

/** The alert as an email from `site` to `recipient`. */
export function alertMail(site: MailSite, recipient: MailRecipient, alert: Alert): MailMessage {
  const { locale } = recipient;
  const hello = greeting(recipient);
  const signed = signature(site, locale);
  const { details, links } = alert;
  const text = [
    hello,
    alert.intro,
    ...(details.length > 0
      ? [details.map((item) => (alert.bulleted ? `- ${item}` : item)).join("\n")]
      : []),
    alert.ifYou,
    alert.ifNotYou,
    links.map((l) => `${l.label}${colon(locale)}\n${l.href}`).join("\n\n"),
    signed,
  ].join("\n\n");
  const e = escapeHtml;
  const html = documentHtml(
    locale,
    alert.subject,
    [
      `<p>${e(hello)}</p>`,
      `<p>${e(alert.intro)}</p>`,
      ...(details.length > 0
        ? [`<ul>${details.map((item) => `<li>${e(item)}</li>`).join("")}</ul>`]
        : []),
      `<p>${e(alert.ifYou)}</p>`,
      `<p>${e(alert.ifNotYou)}</p>`,
      `<p style="margin:24px 0">${links.map((l) => buttonHtml(l.href, l.label)).join("")}</p>`,
      `<p>${e(signed)}</p>`,
    ],
    site,
  );
  return { to: recipient.email, subject: alert.subject, text: `${text}\n`, html };
}

/**
 * The email sent when an account's address is first proven and the ways in set up before were
 * removed (ADR 056): what was removed (passkeys, the authenticator app, linked OAuth2
 * accounts, signed-in devices), what to do if the owner had set them up, and what to do if
 * they never created the account, with links to the settings and to the password reset, in
 * the recipient's language.
 *
 * SECURITY: links come from the configured app URL, never from the request; every value in
 * the HTML is escaped.
 */
import enMail from "#shared/i18n/catalogs/en/mail.ts";
import frMail from "#shared/i18n/catalogs/fr/mail.ts";
import enProven from "#shared/i18n/catalogs/en/address-proven-mail.ts";
import frProven from "#shared/i18n/catalogs/fr/address-proven-mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { MailMessage } from "./mailer.ts";
import { escapeHtml, type MailRecipient } from "./templates.ts";

const CATALOGS = {
  en: { mail: enMail, proven: enProven },
  fr: { mail: frMail, proven: frProven },
} satisfies Record<Locale, unknown>;

/** Where the links of the email land. */
export const SETTINGS_PATH = "/profileSettings";
export const PASSWORD_RESET_PATH = "/passwordReset";

/** What the first proof of an address removed from the account. */
export interface RemovedWaysIn {
  passkeys: number;
  /** Whether an authenticator app (with its recovery codes) was removed. */
  authenticator: boolean;
  /** Linked OAuth2 identities. */
  links: number;
  devices: number;
}

/** Whether anything was removed (nothing to tell otherwise). */
export function removedAnything(removed: RemovedWaysIn): boolean {
  return removed.passkeys + removed.links + removed.devices > 0 || removed.authenticator;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/** The email telling `recipient` that their address is proven and what was removed. */
export function addressProvenMail(
  appUrl: string,
  recipient: MailRecipient,
  removed: RemovedWaysIn,
): MailMessage {
  const { mail, proven } = CATALOGS[recipient.locale];
  const plural = new Intl.PluralRules(recipient.locale);
  const counted = (key: "passkeys" | "links" | "devices", count: number) => {
    const form = plural.select(count) === "one" ? proven[`${key}_one`] : proven[`${key}_other`];
    return fill(form, { count: String(count) });
  };
  const name = recipient.name.trim();
  const greeting = name ? fill(mail.greeting, { name }) : mail.greetingNoName;
  const intro = fill(proven.intro, { email: recipient.email });
  const items = [
    removed.passkeys > 0 ? counted("passkeys", removed.passkeys) : "",
    removed.authenticator ? proven.authenticator : "",
    removed.links > 0 ? counted("links", removed.links) : "",
    removed.devices > 0 ? counted("devices", removed.devices) : "",
  ].filter((item) => item !== "");
  const links = [
    { label: proven.settingsAction, href: `${appUrl}${SETTINGS_PATH}` },
    { label: proven.resetAction, href: `${appUrl}${PASSWORD_RESET_PATH}` },
  ];
  const text = [
    greeting,
    intro,
    items.map((item) => `- ${item}`).join("\n"),
    proven.ifYou,
    proven.ifNotYou,
    links.map((l) => `${l.label}:\n${l.href}`).join("\n\n"),
    mail.signature,
  ].join("\n\n");
  const e = escapeHtml;
  const html = [
    "<!doctype html>",
    `<html lang="${recipient.locale}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(proven.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f4;color:#1f2937;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5">`,
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<ul>${items.map((item) => `<li>${e(item)}</li>`).join("")}</ul>`,
    `<p>${e(proven.ifYou)}</p>`,
    `<p>${e(proven.ifNotYou)}</p>`,
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
  return { to: recipient.email, subject: proven.subject, text: `${text}\n`, html };
}

/**
 * The new-device email (ADR 053), PocketBase's auth alert: which device signed in, from which
 * address and when, and what to do if it was not the account's owner (links to the devices
 * list and the password form of `/profileSettings`), in the recipient's language.
 *
 * SECURITY: links come from the configured app URL, never from the request; every value in
 * the HTML (the device name comes from the user agent of whoever signed in) is escaped.
 */
import enMail from "#shared/i18n/catalogs/en/mail.ts";
import frMail from "#shared/i18n/catalogs/fr/mail.ts";
import enDevice from "#shared/i18n/catalogs/en/device-mail.ts";
import frDevice from "#shared/i18n/catalogs/fr/device-mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { UNKNOWN_DEVICE } from "../../tools/user-agents/device-name.ts";
import type { MailMessage } from "./mailer.ts";
import { escapeHtml, type MailRecipient } from "./templates.ts";

const CATALOGS = {
  en: { mail: enMail, device: enDevice },
  fr: { mail: frMail, device: frDevice },
} satisfies Record<Locale, unknown>;

/** Where the links of the email land: the settings' devices list and password form. */
export const DEVICES_PATH = "/profileSettings#devices";
export const PASSWORD_PATH = "/profileSettings#password";

/** The sign-in the email is about. */
export interface NewDeviceSignIn {
  /** The device's readable name ("Firefox on Windows"). */
  device: string;
  ip: string;
  /** When the sign-in happened. */
  time: Date;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/** The time in the recipient's language, in UTC (the server knows no one's time zone). */
function formatTime(time: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(time);
  return `${text} UTC`;
}

/** The email telling `recipient` of a sign-in from a new device. */
export function newDeviceMail(
  appUrl: string,
  recipient: MailRecipient,
  signIn: NewDeviceSignIn,
): MailMessage {
  const { mail, device } = CATALOGS[recipient.locale];
  const name = recipient.name.trim();
  const greeting = name ? fill(mail.greeting, { name }) : mail.greetingNoName;
  const intro = fill(device.intro, { email: recipient.email });
  const details = [
    fill(device.device, {
      device: signIn.device === UNKNOWN_DEVICE ? device.unknownDevice : signIn.device,
    }),
    fill(device.ip, { ip: signIn.ip || device.unknownIp }),
    fill(device.time, { time: formatTime(signIn.time, recipient.locale) }),
  ];
  const links = [
    { label: device.devicesAction, href: `${appUrl}${DEVICES_PATH}` },
    { label: device.passwordAction, href: `${appUrl}${PASSWORD_PATH}` },
  ];
  const text = [
    greeting,
    intro,
    details.join("\n"),
    device.ifYou,
    device.ifNotYou,
    links.map((l) => `${l.label}:\n${l.href}`).join("\n\n"),
    mail.signature,
  ].join("\n\n");
  const e = escapeHtml;
  const html = [
    "<!doctype html>",
    `<html lang="${recipient.locale}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(device.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f4;color:#1f2937;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5">`,
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<ul>${details.map((d) => `<li>${e(d)}</li>`).join("")}</ul>`,
    `<p>${e(device.ifYou)}</p>`,
    `<p>${e(device.ifNotYou)}</p>`,
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
  return { to: recipient.email, subject: device.subject, text: `${text}\n`, html };
}

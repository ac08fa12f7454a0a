/**
 * The new-device email (ADR 053), PocketBase's auth alert: which device signed in, from which
 * address and when, and what to do if it was not the account's owner (links to the devices
 * list and the password form of `/profileSettings`), in the recipient's language.
 *
 * SECURITY: links come from the configured app URL, never from the request; every value in
 * the HTML (the device name comes from the user agent of whoever signed in) is escaped.
 */
import enDevice from "#shared/i18n/catalogs/en/device-mail.ts";
import frDevice from "#shared/i18n/catalogs/fr/device-mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { UNKNOWN_DEVICE } from "../../tools/user-agents/device-name.ts";
import type { MailMessage } from "./mailer.ts";
import { alertMail, fill } from "./alert-mail.ts";
import type { MailRecipient } from "./templates.ts";

const CATALOGS = { en: enDevice, fr: frDevice } satisfies Record<Locale, unknown>;

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
  const device = CATALOGS[recipient.locale];
  return alertMail(recipient, {
    subject: device.subject,
    intro: device.intro,
    details: [
      fill(device.device, {
        device: signIn.device === UNKNOWN_DEVICE ? device.unknownDevice : signIn.device,
      }),
      fill(device.ip, { ip: signIn.ip || device.unknownIp }),
      fill(device.time, { time: formatTime(signIn.time, recipient.locale) }),
    ],
    bulleted: false,
    ifYou: device.ifYou,
    ifNotYou: device.ifNotYou,
    links: [
      { label: device.devicesAction, href: `${appUrl}${DEVICES_PATH}` },
      { label: device.passwordAction, href: `${appUrl}${PASSWORD_PATH}` },
    ],
  });
}

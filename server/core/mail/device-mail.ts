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
import { alertMail, wording } from "./alert-mail.ts";
import type { MailSite } from "./mail-layout.ts";
import type { MailRecipient } from "./templates.ts";

const CATALOGS = { en: enDevice, fr: frDevice } satisfies Record<Locale, unknown>;

/** Where the links of the email land: the settings' devices list and password form. */
export const DEVICES_PATH = "/profileSettings#devices";
export const PASSWORD_PATH = "/profileSettings#password";

/** The sign-in the email is about. */
export interface NewDeviceSignIn {
  /** The device's readable name, as `deviceName` makes it ("Firefox on Windows"). */
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

/**
 * The device's name in `locale`: `deviceName`'s "<browser> on <system>" (English, as stored
 * on the device record) is worded again ("Firefox sous Windows"), its unknown device too.
 */
function localDevice(device: string, locale: Locale): string {
  const catalog = CATALOGS[locale];
  if (device === UNKNOWN_DEVICE) return wording(locale, catalog.unknownDevice);
  const parts = /^(.+?) on (.+)$/.exec(device);
  return parts
    ? wording(locale, catalog.deviceOn, { browser: parts[1] ?? "", system: parts[2] ?? "" })
    : device;
}

/** The email telling `recipient` of a sign-in from a new device. */
export function newDeviceMail(
  site: MailSite,
  recipient: MailRecipient,
  signIn: NewDeviceSignIn,
): MailMessage {
  const { locale } = recipient;
  const device = CATALOGS[locale];
  const values = { appName: site.name, email: recipient.email };
  return alertMail(site, recipient, {
    subject: wording(locale, device.subject, values),
    intro: wording(locale, device.intro, values),
    details: [
      wording(locale, device.device, { device: localDevice(signIn.device, locale) }),
      wording(locale, device.ip, { ip: signIn.ip || wording(locale, device.unknownIp) }),
      wording(locale, device.time, { time: formatTime(signIn.time, locale) }),
    ],
    bulleted: false,
    ifYou: wording(locale, device.ifYou),
    ifNotYou: wording(locale, device.ifNotYou),
    links: [
      { label: wording(locale, device.devicesAction), href: `${site.url}${DEVICES_PATH}` },
      { label: wording(locale, device.passwordAction), href: `${site.url}${PASSWORD_PATH}` },
    ],
  });
}

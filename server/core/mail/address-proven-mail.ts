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
import enProven from "#shared/i18n/catalogs/en/address-proven-mail.ts";
import frProven from "#shared/i18n/catalogs/fr/address-proven-mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { MailMessage } from "./mailer.ts";
import { alertMail, wording } from "./alert-mail.ts";
import type { MailSite } from "./mail-layout.ts";
import type { MailRecipient } from "./templates.ts";

const CATALOGS = { en: enProven, fr: frProven } satisfies Record<Locale, unknown>;

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

/** The email telling `recipient` that their address is proven and what was removed. */
export function addressProvenMail(
  site: MailSite,
  recipient: MailRecipient,
  removed: RemovedWaysIn,
): MailMessage {
  const { locale } = recipient;
  const proven = CATALOGS[locale];
  const plural = new Intl.PluralRules(locale);
  const counted = (key: "passkeys" | "links" | "devices", count: number) => {
    const form = plural.select(count) === "one" ? proven[`${key}_one`] : proven[`${key}_other`];
    return wording(locale, form, { count: String(count) });
  };
  const values = { appName: site.name, email: recipient.email };
  return alertMail(site, recipient, {
    subject: wording(locale, proven.subject, values),
    intro: wording(locale, proven.intro, values),
    details: [
      removed.passkeys > 0 ? counted("passkeys", removed.passkeys) : "",
      removed.authenticator ? wording(locale, proven.authenticator) : "",
      removed.links > 0 ? counted("links", removed.links) : "",
      removed.devices > 0 ? counted("devices", removed.devices) : "",
    ].filter((item) => item !== ""),
    bulleted: true,
    ifYou: wording(locale, proven.ifYou),
    ifNotYou: wording(locale, proven.ifNotYou),
    links: [
      { label: wording(locale, proven.settingsAction), href: `${site.url}${SETTINGS_PATH}` },
      { label: wording(locale, proven.resetAction), href: `${site.url}${PASSWORD_RESET_PATH}` },
    ],
  });
}

/**
 * The email to the owner of an address someone else tried to use (ADR 061): a sign-up with an
 * address that already has an account, or an email change to it. Sign-up and email change
 * answer such a request as they answer any other, so only the address's owner hears of it:
 * what was tried (never by whom), that nothing changed, and how to sign in or choose a new
 * password, in the owner's language.
 *
 * SECURITY: links come from the configured app URL; nothing in it comes from the request but
 * the fact that it was made.
 */
import type { MailMessage } from "./mailer.ts";
import { alertMail, wording } from "./alert-mail.ts";
import type { MailSite } from "./mail-layout.ts";
import { MAIL_CATALOGS, type MailRecipient } from "./templates.ts";

/** Where the links of the email land. */
export const SIGN_IN_PATH = "/login";
export const PASSWORD_RESET_PATH = "/passwordReset";

/** What was tried with the address: a sign-up, or an email change of another account. */
export type AddressUse = "signUp" | "emailChange";

/** The email telling `recipient`, the address's owner, that someone tried to `use` it. */
export function addressInUseMail(
  site: MailSite,
  recipient: MailRecipient,
  use: AddressUse,
): MailMessage {
  const { locale } = recipient;
  const inUse = MAIL_CATALOGS[locale].addressInUse;
  const values = { appName: site.name, email: recipient.email };
  return alertMail(site, recipient, {
    subject: wording(locale, inUse.subject, values),
    intro: wording(locale, inUse[use], values),
    details: [],
    bulleted: false,
    ifYou: wording(locale, inUse.ifYou, values),
    ifNotYou: wording(locale, inUse.ifNotYou, values),
    links: [
      { label: wording(locale, inUse.signInAction), href: `${site.url}${SIGN_IN_PATH}` },
      { label: wording(locale, inUse.resetAction), href: `${site.url}${PASSWORD_RESET_PATH}` },
    ],
  });
}

/**
 * The emails of the account flows, in the recipient's language (`shared/i18n/catalogs/<locale>/mail.ts`),
 * as plain text and HTML, in the site's name and colour (`mail-layout.ts`). Every link is built
 * from the configured app URL and lands on a web route: `/login?verify=…`,
 * `/passwordReset?token=…`, `/profileSettings?emailChange=…`.
 *
 * SECURITY: the app URL comes from configuration (`APP_URL`), never from a request's `Host` or
 * `X-Forwarded-Host`, so nobody can make us mail a victim a link to their own site. Every value
 * that ends up in the HTML (names, addresses, links, the site's name, and the catalog text
 * itself) is escaped.
 */
import enMail from "#shared/i18n/catalogs/en/mail.ts";
import frMail from "#shared/i18n/catalogs/fr/mail.ts";
import type { CatalogShape } from "#shared/i18n/catalog-shape.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/i18n/locales.ts";
import type { MailMessage } from "./mailer.ts";
import {
  buttonHtml,
  colon,
  documentHtml,
  escapeHtml,
  linkHtml,
  wording,
  type MailSite,
} from "./mail-layout.ts";

export { escapeHtml, mailSite, type MailSite } from "./mail-layout.ts";

type MailCatalog = CatalogShape<typeof enMail>;

/** The account emails' messages, by language. */
export const MAIL_CATALOGS: Record<Locale, MailCatalog> = { en: enMail, fr: frMail };

/** Who an email is for. */
export interface MailRecipient {
  /** Address the message goes to. */
  email: string;
  /** Name used in the greeting (may be empty). */
  name: string;
  locale: Locale;
}

/** The recipient's language: a supported `locale` value, else English. */
export function mailLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The greeting of `recipient` ("Hello Ada," or "Hello,"), in their language. */
export function greeting(recipient: MailRecipient): string {
  const catalog = MAIL_CATALOGS[recipient.locale];
  const name = recipient.name.trim();
  return name
    ? wording(recipient.locale, catalog.greeting, { name })
    : wording(recipient.locale, catalog.greetingNoName);
}

/** The signature, in `locale`, naming the site. */
export function signature(site: MailSite, locale: Locale): string {
  return wording(locale, MAIL_CATALOGS[locale].signature, { appName: site.name });
}

/** `${appUrl}${path}?${param}=${token}` (the app URL has no trailing slash). */
function link(appUrl: string, path: string, param: string, token: string): string {
  return `${appUrl}${path}?${param}=${encodeURIComponent(token)}`;
}

/** What one email says, before it is laid out as text and HTML. */
interface Content {
  subject: string;
  greeting: string;
  intro: string;
  /** A call to action with its link, or a code to copy. */
  action: { label: string; href: string } | { code: string };
  expires: string;
  ignore: string;
  linkFallback: string;
  signature: string;
}

function layoutText(content: Content, locale: Locale): string {
  const action =
    "code" in content.action
      ? content.action.code
      : `${content.action.label}${colon(locale)}\n${content.action.href}`;
  return `${[content.greeting, content.intro, action, content.expires, content.ignore, content.signature].join("\n\n")}\n`;
}

function layoutHtml(content: Content, locale: Locale, site: MailSite): string {
  const e = escapeHtml;
  const action =
    "code" in content.action
      ? `<p style="font-size:28px;font-weight:700;letter-spacing:4px;font-family:ui-monospace,Menlo,Consolas,monospace;margin:24px 0">${e(content.action.code)}</p>`
      : `<p style="margin:24px 0">${buttonHtml(content.action.href, content.action.label)}</p>`;
  const fallback =
    "code" in content.action
      ? ""
      : `<p style="font-size:14px;color:#57534d">${e(content.linkFallback)}<br>${linkHtml(content.action.href, content.action.href)}</p>`;
  return documentHtml(
    locale,
    content.subject,
    [
      `<p>${e(content.greeting)}</p>`,
      `<p>${e(content.intro)}</p>`,
      action,
      `<p>${e(content.expires)}</p>`,
      fallback,
      `<p>${e(content.ignore)}</p>`,
      `<p>${e(content.signature)}</p>`,
    ],
    site,
  );
}

/** The link-carrying emails, by their catalog section and the web route they land on. */
const LINK_MAILS = {
  verification: { path: "/login", param: "verify" },
  passwordReset: { path: "/passwordReset", param: "token" },
  emailChange: { path: "/profileSettings", param: "emailChange" },
} as const;

/** Catalog sections of the account emails. */
type MailKind = keyof typeof LINK_MAILS | "otp";

/**
 * The one builder of every account email: the catalog section `kind` in the recipient's
 * language, naming the site, with a greeting by name, the action (a link button or a code),
 * and the common fallback and signature, laid out as text and HTML. `{{email}}` in the intro
 * is the recipient's address, `{{appName}}` the site's name.
 */
function accountMail(
  kind: MailKind,
  site: MailSite,
  recipient: MailRecipient,
  action: Content["action"],
): MailMessage {
  const { locale } = recipient;
  const catalog = MAIL_CATALOGS[locale];
  const section = catalog[kind];
  const values = { appName: site.name, email: recipient.email };
  const content: Content = {
    subject: wording(locale, section.subject, values),
    greeting: greeting(recipient),
    intro: wording(locale, section.intro, values),
    action,
    expires: wording(locale, section.expires, values),
    ignore: wording(locale, section.ignore, values),
    linkFallback: wording(locale, catalog.linkFallback, values),
    signature: signature(site, locale),
  };
  return {
    to: recipient.email,
    subject: content.subject,
    text: layoutText(content, locale),
    html: layoutHtml(content, locale, site),
  };
}

/** An email whose action is a link to `LINK_MAILS[kind]` carrying `token`. */
function linkMail(
  kind: keyof typeof LINK_MAILS,
  site: MailSite,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  const { path, param } = LINK_MAILS[kind];
  const label = wording(recipient.locale, MAIL_CATALOGS[recipient.locale][kind].action);
  return accountMail(kind, site, recipient, { label, href: link(site.url, path, param, token) });
}

/** The email with the link that verifies the recipient's address (`/login?verify=…`). */
export function verificationMail(
  site: MailSite,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  return linkMail("verification", site, recipient, token);
}

/** The email with the link to choose a new password (`/passwordReset?token=…`). */
export function passwordResetMail(
  site: MailSite,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  return linkMail("passwordReset", site, recipient, token);
}

/**
 * The email sent to the new address to confirm an email change
 * (`/profileSettings?emailChange=…`); `recipient.email` is the new address.
 */
export function emailChangeMail(
  site: MailSite,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  return linkMail("emailChange", site, recipient, token);
}

/** The email carrying a one-time sign-in code. */
export function otpMail(site: MailSite, recipient: MailRecipient, code: string): MailMessage {
  return accountMail("otp", site, recipient, { code });
}

/**
 * The emails of the account flows, in the recipient's language (`shared/i18n/catalogs/<locale>/mail.ts`),
 * as plain text and HTML. Every link is built from the configured app URL and lands on a web
 * route: `/login?verify=…`, `/passwordReset?token=…`, `/profileSettings?emailChange=…`.
 *
 * SECURITY: the app URL comes from configuration (`APP_URL`), never from a request's `Host` or
 * `X-Forwarded-Host`, so nobody can make us mail a victim a link to their own site. Every value
 * that ends up in the HTML (names, addresses, links, and the catalog text itself) is escaped.
 */
import enMail from "#shared/i18n/catalogs/en/mail.ts";
import frMail from "#shared/i18n/catalogs/fr/mail.ts";
import type { CatalogShape } from "#shared/i18n/catalog-shape.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/i18n/locales.ts";
import type { MailMessage } from "./mailer.ts";

type MailCatalog = CatalogShape<typeof enMail>;

const CATALOGS: Record<Locale, MailCatalog> = { en: enMail, fr: frMail };

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

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** Fills `{{key}}` placeholders. */
function fill(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
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

function layoutText(content: Content): string {
  const action =
    "code" in content.action
      ? content.action.code
      : `${content.action.label}:\n${content.action.href}`;
  return `${[content.greeting, content.intro, action, content.expires, content.ignore, content.signature].join("\n\n")}\n`;
}

function layoutHtml(content: Content, locale: Locale): string {
  const e = escapeHtml;
  const action =
    "code" in content.action
      ? `<p style="font-size:28px;font-weight:700;letter-spacing:4px;font-family:ui-monospace,Menlo,Consolas,monospace;margin:24px 0">${e(content.action.code)}</p>`
      : `<p style="margin:24px 0"><a href="${e(content.action.href)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(content.action.label)}</a></p>`;
  const fallback =
    "code" in content.action
      ? ""
      : `<p style="font-size:14px;color:#4b5563">${e(content.linkFallback)}<br><a href="${e(content.action.href)}" style="color:#1d4ed8;word-break:break-all">${e(content.action.href)}</a></p>`;
  return [
    "<!doctype html>",
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f4;color:#1f2937;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5">`,
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">`,
    `<p>${e(content.greeting)}</p>`,
    `<p>${e(content.intro)}</p>`,
    action,
    `<p>${e(content.expires)}</p>`,
    fallback,
    `<p>${e(content.ignore)}</p>`,
    `<p>${e(content.signature)}</p>`,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
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
 * language, with a greeting by name, the action (a link button or a code), and the common
 * fallback and signature, laid out as text and HTML. `{{email}}` in the intro is the
 * recipient's address.
 */
function accountMail(
  kind: MailKind,
  recipient: MailRecipient,
  action: Content["action"],
): MailMessage {
  const catalog = CATALOGS[recipient.locale];
  const section = catalog[kind];
  const name = recipient.name.trim();
  const content: Content = {
    subject: section.subject,
    greeting: name ? fill(catalog.greeting, { name }) : catalog.greetingNoName,
    intro: fill(section.intro, { email: recipient.email }),
    action,
    expires: section.expires,
    ignore: section.ignore,
    linkFallback: catalog.linkFallback,
    signature: catalog.signature,
  };
  return {
    to: recipient.email,
    subject: content.subject,
    text: layoutText(content),
    html: layoutHtml(content, recipient.locale),
  };
}

/** An email whose action is a link to `LINK_MAILS[kind]` carrying `token`. */
function linkMail(
  kind: keyof typeof LINK_MAILS,
  appUrl: string,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  const { path, param } = LINK_MAILS[kind];
  const label = CATALOGS[recipient.locale][kind].action;
  return accountMail(kind, recipient, { label, href: link(appUrl, path, param, token) });
}

/** The email with the link that verifies the recipient's address (`/login?verify=…`). */
export function verificationMail(
  appUrl: string,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  return linkMail("verification", appUrl, recipient, token);
}

/** The email with the link to choose a new password (`/passwordReset?token=…`). */
export function passwordResetMail(
  appUrl: string,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  return linkMail("passwordReset", appUrl, recipient, token);
}

/**
 * The email sent to the new address to confirm an email change
 * (`/profileSettings?emailChange=…`); `recipient.email` is the new address.
 */
export function emailChangeMail(
  appUrl: string,
  recipient: MailRecipient,
  token: string,
): MailMessage {
  return linkMail("emailChange", appUrl, recipient, token);
}

/** The email carrying a one-time sign-in code. */
export function otpMail(recipient: MailRecipient, code: string): MailMessage {
  return accountMail("otp", recipient, { code });
}

/**
 * What every email shares: the site it comes from (its name, from the settings, and its
 * address), the site's colour, its wording rules per language (French spacing) and the HTML
 * document around the message.
 *
 * SECURITY: the site's name is an operator's setting and goes through the same escaping as
 * every other value (`escapeHtml` in the HTML; the subject is a header nodemailer encodes).
 */
import type { Locale } from "#shared/i18n/locales.ts";

/** The site an email comes from. */
export interface MailSite {
  /** Public base URL of the web app, without a trailing slash (`APP_URL`). */
  url: string;
  /** The site's name (`settings.meta.appName`): subjects, greetings and signatures name it. */
  name: string;
  /** The site's footer line per language (`settings.meta.footer`, ADR 069), under the message. */
  footer?: { en: string; fr: string };
}

/** The site of `url` named `name`, on one line (a name never breaks a subject header). */
export function mailSite(url: string, name: string, footer?: MailSite["footer"]): MailSite {
  return { url, name: name.replace(/\s+/g, " ").trim(), ...(footer ? { footer } : {}) };
}

/**
 * The site's colour: the web app's accent (`amber-800`, `oklch(47.3% 0.137 46.2)`, of its
 * buttons and links), as the hex colour mail programs understand. White on it contrasts 7:1.
 */
export const ACCENT = "#973c00";

/** NARROW NO-BREAK SPACE: French puts it before `:`, `;`, `?` and `!`. */
const NNBSP = "\u202f";

/**
 * `text` with French spacing: a narrow no-break space (and no other space) before `:`, `;`,
 * `?` and `!` that end a phrase (followed by a space or the end), so addresses (`https:`),
 * times (`10:42`) and anything else are left alone.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/(?<=\S)[ \u00a0\u202f]?([:;?!])(?=\s|$)/g, `${NNBSP}$1`);
}

/** A catalog message in `locale`: spaced as the language wants, then `{{name}}` filled in. */
export function wording(
  locale: Locale,
  template: string,
  values: Record<string, string> = {},
): string {
  const spaced = locale === "fr" ? frenchSpacing(template) : template;
  return spaced.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/** The colon that introduces a link on its own line in the text version (`Label:\nhttps://…`). */
export function colon(locale: Locale): string {
  return locale === "fr" ? `${NNBSP}:` : ":";
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

/** A call-to-action link drawn as a button in the site's colour (`href` and `label` raw). */
export function buttonHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(label)}</a>`;
}

/** A plain link in the site's colour (`href` and `text` raw). */
export function linkHtml(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${ACCENT};word-break:break-all">${escapeHtml(text)}</a>`;
}

/** The HTML document of an email: `body` is already-escaped HTML, one block per line. */
export function documentHtml(
  locale: Locale,
  subject: string,
  body: readonly string[],
  site?: MailSite,
): string {
  const footer = site?.footer?.[locale];
  return [
    "<!doctype html>",
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f4;color:#1c1917;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5">`,
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">`,
    ...body,
    "</main>",
    ...(footer
      ? [
          `<footer style="max-width:560px;margin:16px auto 0;font-size:13px;color:#57534e;text-align:center">${escapeHtml(footer)}</footer>`,
        ]
      : []),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/**
 * The subscription emails (ADR 065), in the subscriber's language: the confirmation of a new
 * subscription, a post or a public entry mailed whole (HTML and text, its images and links
 * made absolute, links to read, comment and manage), and the weekly digest. Every mail to a
 * subscriber carries `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058).
 *
 * SECURITY: links come from the configured app URL, never from a request; every value in the
 * HTML is escaped, and the post's own HTML comes from the one Markdown renderer (raw HTML off).
 */
import enMail from "#shared/i18n/catalogs/en/subscription-mail.ts";
import frMail from "#shared/i18n/catalogs/fr/subscription-mail.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { renderMarkdown, singleSourceImages } from "#shared/markdown/render.ts";
import {
  buttonHtml,
  colon,
  documentHtml,
  escapeHtml,
  linkHtml,
  wording,
  type MailSite,
} from "../mail/mail-layout.ts";
import type { MailMessage } from "../mail/mailer.ts";

const CATALOGS = { en: enMail, fr: frMail } satisfies Record<Locale, unknown>;

/** A subscription email: a message with its own headers. */
export interface SubscriptionMessage extends MailMessage {
  headers: Record<string, string>;
}

/** The app pages the links open (built by the web app). */
export const CONFIRM_PATH = "/subscriptions/confirm";
export const MANAGE_PATH = "/subscriptions/manage";
/** The one-click unsubscribe of the API (`POST`; RFC 8058). */
export const UNSUBSCRIBE_API_PATH = "/api/subscriptions/unsubscribe";

/** What a target is called in a mail. */
export type TargetLabel =
  { kind: "blog" } | { kind: "author"; name: string } | { kind: "collection"; title: string };

/** The words naming `target` in `locale`. */
export function targetWords(site: MailSite, locale: Locale, target: TargetLabel): string {
  const words = CATALOGS[locale].targets;
  if (target.kind === "blog") return wording(locale, words.blog, { appName: site.name });
  if (target.kind === "author") return wording(locale, words.author, { name: target.name });
  return wording(locale, words.collection, { title: target.title });
}

/** One post or entry as mailed. */
export interface MailedItem {
  kind: "post" | "entry";
  title: string;
  /** Markdown. */
  content: string;
  /** Markdown (posts), shown in digests. */
  excerpt: string;
  /** The author's display name. */
  author: string;
  /** The collection's title (entries). */
  collection: string;
  /** Path of its page on the site (`/post/alice/first-light`). */
  path: string;
  /** Path of its cover image, if any. */
  coverPath: string;
  /** The language it is written in, if known. */
  lang: Locale | null;
}

/** Who a mail goes to and the links it carries. */
export interface MailRecipientLinks {
  email: string;
  locale: Locale;
  /** Token of the one-click unsubscribe. */
  unsubscribeToken: string;
  /** Token of the manage page. */
  manageToken: string;
}

function absolute(site: MailSite, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${site.url}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The rendered HTML with every site-relative `src` and `href` made absolute. */
export function absoluteHtml(site: MailSite, html: string): string {
  return singleSourceImages(html).replace(
    /\b(src|href)="\/(?!\/)/g,
    `$1="${escapeHtml(site.url)}/`,
  );
}

/** Markdown with site-relative link and image targets made absolute. */
function absoluteMarkdown(site: MailSite, markdown: string): string {
  return markdown.replace(/\]\(\/(?!\/)/g, `](${site.url}/`);
}

function unsubscribeUrl(site: MailSite, token: string): string {
  return `${site.url}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;
}

function manageUrl(site: MailSite, token: string): string {
  return `${site.url}${MANAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** RFC 8058 headers: a mail program unsubscribes with one `POST`. */
function listHeaders(site: MailSite, to: MailRecipientLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(site, to.unsubscribeToken)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The footer every subscriber mail ends with: why, manage, unsubscribe, the signature. */
function footer(
  site: MailSite,
  to: MailRecipientLinks,
  why: string,
): { html: string[]; text: string[] } {
  const catalog = CATALOGS[to.locale];
  const manage = manageUrl(site, to.manageToken);
  const unsubscribe = `${site.url}/subscriptions/unsubscribe?token=${encodeURIComponent(to.unsubscribeToken)}`;
  const signature = wording(to.locale, catalog.signature, { appName: site.name });
  const manageLabel = wording(to.locale, catalog.footer.manage);
  const unsubscribeLabel = wording(to.locale, catalog.footer.unsubscribe);
  return {
    html: [
      `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">`,
      `<p style="font-size:14px;color:#57534e">${escapeHtml(why)}</p>`,
      `<p style="font-size:14px">${linkHtml(manage, manageLabel)} · ${linkHtml(unsubscribe, unsubscribeLabel)}</p>`,
      `<p style="font-size:14px;color:#57534e">${escapeHtml(signature)}</p>`,
    ],
    text: [
      "--",
      why,
      "",
      `${manageLabel}${colon(to.locale)}`,
      manage,
      "",
      `${unsubscribeLabel}${colon(to.locale)}`,
      unsubscribe,
      "",
      signature,
    ],
  };
}

/** The confirmation of a new subscription (double opt-in). */
export function confirmationMail(
  site: MailSite,
  to: { email: string; locale: Locale; token: string },
  target: TargetLabel,
): MailMessage {
  const { locale } = to;
  const catalog = CATALOGS[locale].confirm;
  const targetText = targetWords(site, locale, target);
  const subject = wording(locale, catalog.subject, { target: targetText });
  const intro = wording(locale, catalog.intro, { target: targetText, email: to.email });
  const href = `${site.url}${CONFIRM_PATH}?token=${encodeURIComponent(to.token)}`;
  const action = wording(locale, catalog.action);
  const signature = wording(locale, CATALOGS[locale].signature, { appName: site.name });
  const text = [
    intro,
    "",
    `${action}${colon(locale)}`,
    href,
    "",
    wording(locale, catalog.expires),
    wording(locale, catalog.ignore),
    "",
    signature,
    "",
  ].join("\n");
  const html = documentHtml(
    locale,
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${buttonHtml(href, action)}</p>`,
      `<p style="font-size:14px;color:#57534e">${escapeHtml(wording(locale, catalog.linkFallback))}<br>${linkHtml(href, href)}</p>`,
      `<p>${escapeHtml(wording(locale, catalog.expires))} ${escapeHtml(wording(locale, catalog.ignore))}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ],
    site,
  );
  return { to: to.email, subject, text, html };
}

/** A post or an entry, whole, to one subscriber of `target`. */
export function itemMail(
  site: MailSite,
  to: MailRecipientLinks,
  target: TargetLabel,
  item: MailedItem,
): SubscriptionMessage {
  const { locale } = to;
  const catalog = CATALOGS[locale];
  const words = item.kind === "post" ? catalog.post : catalog.entry;
  const byline = wording(locale, words.byline, {
    author: item.author,
    appName: site.name,
    collection: item.collection,
  });
  const page = absolute(site, item.path);
  const commentHref = `${page}#comments`;
  const read = wording(locale, words.read);
  const comment = wording(locale, words.comment);
  const why = wording(locale, catalog.footer.why, {
    email: to.email,
    target: targetWords(site, locale, target),
  });
  const end = footer(site, to, why);
  const body = absoluteHtml(site, renderMarkdown(item.content, { locale: item.lang ?? locale }));
  const cover = item.coverPath
    ? `<p><img src="${escapeHtml(absolute(site, item.coverPath))}" alt="" style="max-width:100%;height:auto;border-radius:6px"></p>`
    : "";
  const html = documentHtml(
    locale,
    item.title,
    [
      `<p style="font-size:14px;color:#57534e">${escapeHtml(byline)}</p>`,
      `<h1 style="font-family:Georgia,serif;font-size:28px;line-height:1.25;margin:0 0 16px">${linkHtml(page, item.title).replace("word-break:break-all", "text-decoration:none")}</h1>`,
      cover,
      `<div style="overflow-wrap:anywhere">${body}</div>`,
      `<p>${buttonHtml(page, read)}${buttonHtml(commentHref, comment)}</p>`,
      ...end.html,
    ],
    site,
  );
  const text = [
    byline,
    "",
    item.title,
    "=".repeat(Math.min(item.title.length, 72)),
    "",
    absoluteMarkdown(site, item.content),
    "",
    `${read}${colon(locale)}`,
    page,
    `${comment}${colon(locale)}`,
    commentHref,
    "",
    ...end.text,
    "",
  ].join("\n");
  return { to: to.email, subject: item.title, text, html, headers: listHeaders(site, to) };
}

/** The weekly digest of `items` to one subscriber. */
export function digestMail(
  site: MailSite,
  to: MailRecipientLinks,
  items: readonly MailedItem[],
): SubscriptionMessage {
  const { locale } = to;
  const catalog = CATALOGS[locale];
  const subject = wording(locale, catalog.digest.subject, { appName: site.name });
  const intro = wording(locale, catalog.digest.intro);
  const read = wording(locale, catalog.digest.read);
  const end = footer(site, to, wording(locale, catalog.footer.whyDigest, { email: to.email }));
  const summary = (item: MailedItem) =>
    item.excerpt ||
    item.content
      .replace(/[#>*_`[\]()!-]/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 200);
  const html = documentHtml(
    locale,
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      ...items.map(
        (item) =>
          `<h2 style="font-family:Georgia,serif;font-size:20px;margin:24px 0 4px">${linkHtml(absolute(site, item.path), item.title)}</h2>\n<p style="margin:0 0 8px;color:#57534e;font-size:14px">${escapeHtml(item.author)}</p>\n<p style="margin:0">${escapeHtml(summary(item))}</p>`,
      ),
      ...end.html,
    ],
    site,
  );
  const text = [
    intro,
    "",
    ...items.flatMap((item) => [
      `* ${item.title} (${item.author})`,
      `  ${summary(item)}`,
      `  ${read}${colon(locale)} ${absolute(site, item.path)}`,
      "",
    ]),
    ...end.text,
    "",
  ].join("\n");
  return { to: to.email, subject, text, html, headers: listHeaders(site, to) };
}

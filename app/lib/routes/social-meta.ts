/**
 * Metadata of public pages for search engines and link previews: description, canonical link,
 * Open Graph (`og:*`, `article:*`) and Twitter card tags, from absolute URLs the loader made
 * (`site-url.ts`).
 */
import type { MetaDescriptor } from "react-router";

/** What {@link socialMeta} describes. */
export interface SocialPage {
  /** The page's own title (without the site name). */
  title: string;
  /** One or two sentences of plain text. */
  description?: string;
  /** The canonical absolute URL. */
  url: string;
  /** The site name (`og:site_name`). */
  siteName: string;
  /** `og:type`. */
  type: "article" | "website" | "profile";
  /** Interface or content language (`en`, `fr`). */
  locale: string;
  /** An absolute image URL, with its size when known. */
  image?: { url: string; width?: number; height?: number; alt?: string };
  /** Article dates (ISO 8601). */
  publishedTime?: string;
  modifiedTime?: string;
  /** The author's profile URL (absolute). */
  author?: string;
  tags?: string[];
  /** Keeps the page out of search engines (unlisted entries, drafts). */
  noindex?: boolean;
}

const OG_LOCALES: Record<string, string> = { en: "en_US", fr: "fr_FR" };

/** The meta descriptors of a public page. */
export function socialMeta(page: SocialPage): MetaDescriptor[] {
  const out: MetaDescriptor[] = [
    { tagName: "link", rel: "canonical", href: page.url },
    { property: "og:type", content: page.type },
    { property: "og:title", content: page.title },
    { property: "og:url", content: page.url },
    { property: "og:site_name", content: page.siteName },
    { property: "og:locale", content: OG_LOCALES[page.locale] ?? page.locale },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
  ];
  if (page.description) {
    out.push(
      { name: "description", content: page.description },
      { property: "og:description", content: page.description },
      { name: "twitter:description", content: page.description },
    );
  }
  if (page.image) {
    out.push({ property: "og:image", content: page.image.url });
    if (page.image.width)
      out.push({ property: "og:image:width", content: String(page.image.width) });
    if (page.image.height)
      out.push({ property: "og:image:height", content: String(page.image.height) });
    if (page.image.alt) out.push({ property: "og:image:alt", content: page.image.alt });
    out.push({ name: "twitter:image", content: page.image.url });
  }
  if (page.type === "article") {
    if (page.publishedTime)
      out.push({ property: "article:published_time", content: page.publishedTime });
    if (page.modifiedTime)
      out.push({ property: "article:modified_time", content: page.modifiedTime });
    if (page.author) out.push({ property: "article:author", content: page.author });
    for (const tag of page.tags ?? []) out.push({ property: "article:tag", content: tag });
  }
  if (page.noindex) out.push({ name: "robots", content: "noindex" });
  return out;
}

/** An API date (`2025-03-04 08:30:00.000Z`) as ISO 8601, or `undefined` when empty. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The site's identity as pages use it (ADR 069): the texts in the page's language (the other
 * language's when one is missing), the accent, and the addresses of the icons, the social
 * image and the custom sheet. Only what is set is sent: a site without an identity adds
 * nothing to its pages' data. What reads the settings is in `site-identity.server.ts`.
 */

/** What the root loader sends of the identity (each key only when set). */
export interface SiteData {
  description?: string;
  footer?: string;
  /** The accent's style sheet and theme colours (computed on the server, ADR 069). */
  accent?: { css: string; light: string; dark: string };
  /** The custom sheet's address. */
  css?: string;
  /** The uploaded icon's version. */
  icon?: string;
  /** The social image's address (a path). */
  social?: string;
  /** The header's own links in the page's language (ADR 075), then pages shown there. */
  nav?: SiteLink[];
}

/** A link of the site's navigation (`external` when it leaves the site). */
export interface SiteLink {
  label: string;
  url: string;
  external?: true;
}

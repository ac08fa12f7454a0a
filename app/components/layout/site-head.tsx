/**
 * The site's part of every page's head (ADR 069): its icons (the uploaded image's, else
 * Cahier's), the web app manifest, and, when set, the accent colour (the palette variables it
 * replaces, for both themes, with the browser's theme colour) and the custom style sheet, last,
 * so it wins over Cahier's.
 */
import { MANIFEST_PATH, siteIconPath } from "#shared/site/site-files.ts";
import type { SiteData } from "../../lib/routes/site-identity.ts";

/** Icons, manifest, theme colour and accent (in the head, before the page's styles). */
export function SiteHead({ site }: { site: SiteData }) {
  const shades = site.accent;
  return (
    <>
      {site.icon ? (
        <link rel="icon" href={siteIconPath("icon-32", site.icon)} type="image/png" sizes="32x32" />
      ) : (
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      )}
      <link rel="apple-touch-icon" href={siteIconPath("apple-touch-icon", site.icon ?? "")} />
      <link rel="manifest" href={MANIFEST_PATH} />
      {shades ? (
        <>
          <meta name="theme-color" content={shades.light} media="(prefers-color-scheme: light)" />
          <meta name="theme-color" content={shades.dark} media="(prefers-color-scheme: dark)" />
        </>
      ) : null}
    </>
  );
}

/** The accent's variables and the custom sheet (after the app's styles). */
export function SiteStyles({ site }: { site: SiteData }) {
  return (
    <>
      {site.accent ? (
        // Computed on the server from a validated `#rrggbb`, never free text; CSP allows
        // inline styles.
        <style id="site-accent" dangerouslySetInnerHTML={{ __html: site.accent.css }} />
      ) : null}
      {site.css ? <link rel="stylesheet" href={site.css} /> : null}
    </>
  );
}

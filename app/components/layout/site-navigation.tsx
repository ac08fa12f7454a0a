/**
 * The site's own links (ADR 075): the operator's `meta.navigation` in the page's language, then
 * the published pages shown in the navigation, in a row of their own under the header's (it
 * wraps on a phone; nothing hides behind the menu toggle, and nothing here needs a script).
 * The current page's link carries `aria-current="page"`; a link that leaves the site says so to
 * screen readers and shows an arrow.
 */
import { NavLink, useRouteLoaderData } from "react-router";
import type { RootData } from "../../root.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-0.5 rounded px-2 py-1.5 text-sm font-medium hover:bg-stone-100 ${
    isActive ? "text-amber-800 underline underline-offset-4" : "text-stone-800"
  }`;

/** The row of the site's links, or nothing without any. */
export function SiteNavigation() {
  const { t } = useAppTranslation();
  const links = useRouteLoaderData<RootData>("root")?.site.nav;
  if (!links?.length) return null;
  return (
    <nav
      aria-label={t("header.siteNav")}
      className="mx-auto max-w-5xl px-2 pb-2 xl:max-w-7xl"
      data-testid="site-nav"
    >
      <ul className="flex flex-wrap items-center gap-x-1">
        {links.map((link, index) => (
          <li key={`${String(index)}:${link.url}`}>
            {link.external ? (
              <a href={link.url} rel="noopener external" className={linkClass({ isActive: false })}>
                {link.label}
                <span aria-hidden="true">↗</span>
                <span className="sr-only">{` ${t("header.externalLink")}`}</span>
              </a>
            ) : (
              <NavLink to={link.url} end className={linkClass}>
                {link.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

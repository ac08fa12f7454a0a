/** The footer of every page: the site's footer line, the team and privacy policy links. */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "../../root.tsx";
import { paths } from "../../lib/paths.ts";

/** The site footer. */
export function Footer() {
  const { t } = useAppTranslation();
  // The site's own footer line (ADR 069), else Cahier's.
  const line = useRouteLoaderData<RootData>("root")?.site.footer;
  return (
    <footer data-focus-hide="" className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="site-footer">{line ?? t("footer.about")}</p>
        <nav aria-label={t("footer.label")}>
          <ul className="flex gap-4">
            <li>
              <Link to={paths.team()} className="underline-offset-4 hover:underline">
                {t("footer.team")}
              </Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy()} className="underline-offset-4 hover:underline">
                {t("footer.privacyPolicy")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

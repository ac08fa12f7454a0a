/** The footer of every page: the team and privacy policy links. */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { Link } from "react-router";
import { paths } from "../../lib/paths.ts";

/** The site footer. */
export function Footer() {
  const { t } = useAppTranslation();
  return (
    <footer data-focus-hide="" className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <p>{t("footer.about")}</p>
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

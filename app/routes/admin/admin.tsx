/**
 * `/admin` (admins and superusers): the admin sections. Items and Users for both; Settings,
 * Logs and Backups (`/admin/settings`, `/admin/logs`, `/admin/backups`) for superusers only.
 */
import { Link } from "react-router";
import type { Route } from "./+types/admin";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireAdmin, routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { paths } from "../../lib/paths.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The title, and whether the superuser sections show. */
export function loader({ context }: Route.LoaderArgs) {
  const user = requireAdmin(context);
  const { t } = routeContext(context);
  return { title: t("admin:index.title"), superuser: isSuperuser(user) };
}

const SECTIONS = [
  { to: paths.items(), key: "items", superuser: false },
  { to: paths.adminUsers(), key: "users", superuser: false },
  { to: paths.adminSettings(), key: "settings", superuser: true },
  { to: paths.adminLogs(), key: "logs", superuser: true },
  { to: paths.adminBackups(), key: "backups", superuser: true },
] as const;

/** The sections, as cards. */
export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const sections = SECTIONS.filter((section) => loaderData.superuser || !section.superuser);
  return (
    <>
      <PageHeader title={t("admin:index.title")} intro={t("admin:index.intro")} />
      <nav aria-label={t("admin:index.sectionsLabel")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.key}>
              <Link
                to={section.to}
                className="block h-full rounded border border-stone-200 bg-white p-4 hover:border-amber-800 hover:bg-amber-50"
              >
                <span className="block font-serif text-xl font-semibold text-stone-900 underline underline-offset-4">
                  {t(`admin:index.${section.key}`)}
                </span>
                <span className="mt-1 block text-stone-700">
                  {t(`admin:index.${section.key}Description`)}
                </span>
                {section.superuser && (
                  <span className="mt-2 block text-sm font-medium text-amber-900">
                    {t("admin:index.superusersOnly")}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** The links between the superuser pages (settings, logs, backups, jobs, statistics), the current one marked. */
import { NavLink } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

const LINKS = [
  { to: paths.adminSettings(), key: "settings" },
  { to: paths.adminLogs(), key: "logs" },
  { to: paths.adminBackups(), key: "backups" },
  { to: paths.adminJobs(), key: "jobs" },
  { to: paths.adminStats(), key: "stats" },
] as const;

/** The system pages' navigation. */
export function SystemNav() {
  const { t } = useAppTranslation();
  return (
    <nav aria-label={t("adminSystem:nav.label")} className="mb-6">
      <ul className="flex flex-wrap gap-2 border-b border-stone-200 pb-3">
        {LINKS.map((link) => (
          <li key={link.key}>
            <NavLink
              to={link.to}
              end={link.key !== "logs"}
              className={({ isActive }) =>
                `inline-flex min-h-10 items-center rounded px-3 py-1 font-semibold ${
                  isActive
                    ? "bg-stone-900 text-white"
                    : "text-stone-900 underline-offset-4 hover:bg-stone-100 hover:underline"
                }`
              }
            >
              {t(`adminSystem:nav.${link.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

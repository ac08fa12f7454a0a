/** `/admin/logs/{id}` (superusers): every field of one request log entry. */
import { Link } from "react-router";
import type { Route } from "./+types/log";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { dataText, formatLogTime, levelName } from "../../features/admin-system/log-format.ts";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { readLog } from "../../api/system/logs.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findOr404, requireSuperuser, routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** The request fields shown one per line, in this order (the rest is in "All data"). */
const FIELDS = [
  "method",
  "url",
  "status",
  "auth",
  "authId",
  "userIP",
  "remoteIP",
  "referer",
  "userAgent",
] as const;

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The entry; an unknown id is the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireSuperuser(context);
  const { api, t } = routeContext(context);
  const entry = await findOr404(context, new URL(request.url), () => readLog(api, params.id));
  return { title: t("adminSystem:log.title", { id: entry.id }), entry };
}

/** The entry page. */
export default function Log({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { entry } = loaderData;
  const level = levelName(entry.level);
  const duration = dataText(entry.data, "execTime");
  const rows: [string, string][] = [
    [t("adminSystem:log.created"), formatLogTime(entry.created, locale)],
    [
      t("adminSystem:log.level"),
      level ? t(`adminSystem:log.levels.${level}`) : String(entry.level),
    ],
    [t("adminSystem:log.message"), entry.message],
    ...FIELDS.map((field): [string, string] => [
      t(`adminSystem:log.${field}`),
      dataText(entry.data, field),
    ]),
    [
      t("adminSystem:log.duration"),
      duration ? t("adminSystem:logs.durationValue", { value: duration }) : "",
    ],
  ];
  return (
    <>
      <PageHeader
        title={t("adminSystem:log.title", { id: entry.id })}
        intro={
          <Link to={paths.adminLogs()} className="underline underline-offset-4">
            {t("adminSystem:log.back")}
          </Link>
        }
      />
      <SystemNav />
      <dl className="mb-6 grid grid-cols-1 gap-x-6 gap-y-1 rounded border border-stone-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-stone-900">{term}</dt>
            <dd className="mb-2 font-mono text-sm wrap-anywhere text-stone-800 sm:mb-0">
              {value || "—"}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="log-data">
        <h2 id="log-data" className="mb-2 font-serif text-xl font-semibold text-stone-900">
          {t("adminSystem:log.data")}
        </h2>
        <pre className="rounded bg-stone-100 p-4 text-sm wrap-anywhere whitespace-pre-wrap text-stone-900">
          {JSON.stringify(entry.data, null, 2)}
        </pre>
      </section>
    </>
  );
}

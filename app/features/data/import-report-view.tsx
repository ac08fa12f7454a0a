/**
 * The report of an import (or a dry run), shown under the form: the counts of what came in,
 * then every item left out or changed with the reason. It takes the focus when it appears,
 * so keyboard and screen reader users land on the outcome.
 */
import { useEffect, useId, useRef } from "react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { reasonText, type ImportFormat, type ImportReport } from "./import-report.ts";

const KINDS = ["entries", "posts", "collections", "files"] as const;

/** The report of one import; `format` names what the file was read as, when known. */
export function ImportReportView({
  report,
  dryRun,
  format = null,
}: {
  report: ImportReport;
  dryRun: boolean;
  format?: ImportFormat | null;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.focus();
  }, [report]);
  const { skipped } = report;
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="import-report"
      className="grid gap-3 rounded border border-green-300 bg-green-50 p-4 text-green-950 outline-none focus-visible:outline-2"
    >
      <h4 id={headingId} className="font-semibold">
        {dryRun ? t("data:import.report.headingDry") : t("data:import.report.heading")}
      </h4>
      {format && (
        <p className="text-sm" data-testid="import-format">
          {t("data:import.report.readAs", { format: t(`data:import.formats.${format}`) })}
        </p>
      )}
      <div>
        <p className="text-sm font-semibold">
          {dryRun ? t("data:import.report.wouldImport") : t("data:import.report.imported")}
        </p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {KINDS.map((kind) => (
            <li key={kind} data-kind={kind}>
              {t(`data:import.report.${kind}`, { count: report.imported[kind] })}
            </li>
          ))}
        </ul>
      </div>
      {skipped.length === 0 ? (
        <p className="text-sm">{t("data:import.report.nothingSkipped")}</p>
      ) : (
        <details open={skipped.length <= 10} className="text-sm">
          <summary className="cursor-pointer font-semibold">
            {t("data:import.report.skipped", { count: skipped.length })}
          </summary>
          <ul className="mt-2 grid gap-1 text-stone-900">
            {skipped.map((entry, index) => (
              <li key={`${index}-${entry.item}`} className="wrap-anywhere">
                <span className="font-medium">{entry.item}</span>
                <span aria-hidden> · </span>
                <span className="sr-only">{t("data:import.report.reason")} </span>
                {reasonText(entry, t)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/**
 * The export part of "Your data": one button that downloads the account's archive from
 * `GET /api/export`. The browser downloads it itself (streamed to disk, never held in the
 * page): a plain link carries a short-lived file token instead of the Authorization header.
 */
import { useState } from "react";
import { Download } from "lucide-react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { exportDownloadUrl } from "../../api/data/account-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

type ExportState = "idle" | "busy" | "started" | "failed";

/** Starts a download of `url` the way a link click would. */
function download(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.rel = "noopener";
  link.setAttribute("download", "");
  document.body.append(link);
  link.click();
  link.remove();
}

/** The export button, its explanation and its outcome. */
export function DataExport({ headingId }: { headingId: string }) {
  const { t } = useAppTranslation();
  const [state, setState] = useState<ExportState>("idle");

  async function handleExport() {
    setState("busy");
    try {
      download(await exportDownloadUrl(getBrowserClient()));
      setState("started");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="grid gap-3">
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        {t("data:export.heading")}
      </h3>
      <p className="text-sm text-stone-700">{t("data:export.intro")}</p>
      <div>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={state === "busy"}
          onClick={() => void handleExport()}
        >
          <Download aria-hidden size={18} />
          {state === "busy" ? t("data:export.preparing") : t("data:export.submit")}
        </button>
      </div>
      {state === "started" && <FormMessage kind="success">{t("data:export.started")}</FormMessage>}
      {state === "failed" && <FormMessage kind="error">{t("data:export.failed")}</FormMessage>}
    </div>
  );
}

/**
 * The editors' edit-conflict UI (ADR 028): the non-blocking warning when the record was saved
 * or deleted elsewhere while its editor is open, and the question before an explicit save
 * would replace a newer version.
 */
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { apiTime, type RemoteChange } from "./conflict.ts";
import { useTimeFormat } from "./editor-form.tsx";

/** The conflict UI's state and actions. */
export interface ConflictState {
  kind: "entry" | "post";
  /** A version saved or a delete elsewhere, not yet acknowledged. */
  remote: RemoteChange | null;
  /** The newer version a save would overwrite (the question is open), or null. */
  overwrite: string | null;
  reloading: boolean;
  reload: () => void;
  keepMine: () => void;
  confirmOverwrite: () => void;
  cancelOverwrite: () => void;
}

/** "This entry was changed elsewhere at 14:32 — Reload their version / Keep mine". */
export function ConflictBanner({ conflict }: { conflict: ConflictState }) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  const { remote, kind } = conflict;
  return (
    // Empty, it leaves the grid's flow (no gap) but stays a live region.
    <div aria-live="polite" className="empty:absolute" data-testid="edit-conflict">
      {remote?.kind === "deleted" && (
        <p className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
          {kind === "entry" ? t("live:conflict.deletedEntry") : t("live:conflict.deletedPost")}
        </p>
      )}
      {remote?.kind === "updated" && (
        <div className="flex flex-col gap-3 rounded border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold">
              {t(kind === "entry" ? "live:conflict.changedEntry" : "live:conflict.changedPost", {
                time: format(apiTime(remote.updated)),
              })}
            </p>
            <p className="text-sm">{t("live:conflict.changedHint")}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={conflict.reload}
              disabled={conflict.reloading}
              className={buttonClass.primary}
            >
              {t("live:conflict.reload")}
            </button>
            <button type="button" onClick={conflict.keepMine} className={buttonClass.secondary}>
              {t("live:conflict.keep")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The question before a save would replace a newer version. */
export function OverwriteQuestion({ conflict }: { conflict: ConflictState }) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  return (
    <ConfirmDialog
      open={conflict.overwrite !== null}
      title={t("live:conflict.confirmTitle")}
      confirmLabel={t("live:conflict.confirmSave")}
      cancelLabel={t("live:conflict.confirmCancel")}
      destructive
      onConfirm={conflict.confirmOverwrite}
      onCancel={conflict.cancelOverwrite}
    >
      <p>
        {t("live:conflict.confirmText", {
          time: conflict.overwrite ? format(apiTime(conflict.overwrite)) : "",
        })}
      </p>
    </ConfirmDialog>
  );
}

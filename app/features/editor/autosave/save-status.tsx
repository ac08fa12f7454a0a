/**
 * The status line under an editor (issue 13): Saving…, Saved at 10:42, Offline (the changes
 * wait in this browser), or why nothing was saved; with a note when the saved text is not what
 * readers see yet. Only the states a writer must act on are announced to screen readers;
 * "Saving…" and "Saved" change every few seconds while typing and stay visual.
 */
import { failedWith, responseFieldData } from "../../../api/client/api-errors.ts";
import { useAppTranslation, type AppT } from "../../../lib/i18n/i18n.ts";
import { requestErrorMessage } from "../../../lib/forms/api-errors.ts";
import { useTimeFormat } from "../kit/editor-form.tsx";

/** What the last autosave did. */
export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: number }
  | { kind: "offline" }
  | { kind: "failed"; error: unknown };

/** Everything the status line shows. */
export interface SaveStatusView {
  status: SaveStatus;
  /** The saved copy is not what readers see (pending edits, or visibility/status held back). */
  held: boolean;
  /** A new record without a title: kept in this browser only. */
  needsTitle: boolean;
  /** Autosave waits for the writer (a version to choose above). */
  paused: boolean;
  /** When the browser draft was last written; `false` when the browser refused. */
  local: number | false | null;
  /** The label of the form's save button. */
  action: string;
}

/** The line's text, and whether it must be announced. */
export function saveStatusText(
  view: SaveStatusView,
  t: AppT,
  format: (time: number) => string,
): { text: string; urgent: boolean } {
  const { status, action } = view;
  const held = view.held ? ` ${t("autosave:status.held", { action })}` : "";
  if (view.paused) return { text: t("autosave:status.paused"), urgent: true };
  switch (status.kind) {
    case "saving":
      return { text: t("autosave:status.saving"), urgent: false };
    case "offline":
      return {
        text:
          view.local === false ? t("autosave:status.offlineNotKept") : t("autosave:status.offline"),
        urgent: true,
      };
    case "failed": {
      const { error } = status;
      const reason =
        Object.keys(responseFieldData(error)).length > 0
          ? t("autosave:status.invalid", { action })
          : failedWith(error, 403)
            ? t("shell:requestErrors.forbidden")
            : requestErrorMessage(error, t);
      return { text: t("autosave:status.failed", { reason }), urgent: true };
    }
    case "saved":
    case "idle":
      break;
  }
  if (view.needsTitle) {
    if (view.local === false) return { text: t("editor:draft.notKept"), urgent: true };
    return view.local
      ? { text: t("autosave:status.needsTitle", { time: format(view.local) }), urgent: false }
      : { text: "", urgent: false };
  }
  if (status.kind === "saved")
    return {
      text: `${t("autosave:status.saved", { time: format(status.at) })}${held}`,
      urgent: false,
    };
  return { text: held.trim(), urgent: false };
}

/** The status line of an editor's action bar. */
export function SaveStatusLine(props: SaveStatusView) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  const { text, urgent } = saveStatusText(props, t, format);
  return (
    <>
      <p
        className="text-sm text-stone-700"
        data-testid="save-status"
        data-state={props.status.kind}
      >
        {text}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {urgent ? text : ""}
      </p>
    </>
  );
}

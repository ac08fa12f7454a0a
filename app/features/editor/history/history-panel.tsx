/**
 * The editor's "History" button and what it opens: the versions of the record (ADR 041),
 * each compared with the text in the editor, and the restore of one. A restore is an
 * ordinary update marked `?revision=restore` (so it joins the history), made through the
 * form (`write`), which then edits the restored record. Only for records that exist.
 */
import { lazy, Suspense, useState } from "react";
import { History } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { requestErrorMessage } from "../../../lib/forms/api-errors.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import type { CurrentText } from "./history-compare.tsx";
import type { ApiRecord } from "../../../api/records/records.ts";
import type { HistoryCollection, RevisionRecord } from "../../../api/records/revisions.ts";
import { restoreRevision } from "./revision-data.ts";
import { useRevisions } from "./use-revisions.ts";

// The dialog and the `diff` package load on the first opening only.
const HistoryDialog = lazy(() =>
  import("./history-dialog.tsx").then((module) => ({ default: module.HistoryDialog })),
);

/** Props of {@link HistoryPanel}. */
export interface HistoryPanelProps<R extends ApiRecord> {
  collection: HistoryCollection;
  recordId: string;
  /** The title and text in the editor now. */
  current: CurrentText;
  /** Whether the editor holds changes a restore would replace (asked first then). */
  unsaved: boolean;
  /** Runs the restore's write as the form's own (no conflict warning; the form reloads). */
  write: (write: () => Promise<R>) => Promise<R>;
}

/** The History button and dialog. */
export function HistoryPanel<R extends ApiRecord>(props: HistoryPanelProps<R>) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const history = useRevisions(props.collection, props.recordId);
  const [open, setOpen] = useState(false);
  // Each opening starts afresh (newest version selected).
  const [opening, setOpening] = useState(0);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  function show() {
    setOpening((count) => count + 1);
    setRestoreError(null);
    setOpen(true);
    history.reload();
  }

  async function restore(revision: RevisionRecord) {
    setRestoring(true);
    setRestoreError(null);
    try {
      await props.write(() =>
        restoreRevision<R>(getBrowserClient(), props.collection, props.recordId, revision),
      );
    } catch (error) {
      setRestoreError(requestErrorMessage(error, t));
      return;
    } finally {
      setRestoring(false);
    }
    setOpen(false);
    notify.success(t("editor:history.restored", { version: revision.version }));
  }

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-haspopup="dialog"
        className={buttonClass.secondary}
        data-testid="history-open"
      >
        <History aria-hidden size={16} />
        {t("editor:history.open")}
      </button>
      {opening > 0 && (
        <Suspense fallback={null}>
          <HistoryDialog
            key={opening}
            open={open}
            onClose={() => {
              setOpen(false);
            }}
            collection={props.collection}
            history={history}
            current={props.current}
            unsaved={props.unsaved}
            restoring={restoring}
            restoreError={restoreError}
            onRestore={(revision) => {
              void restore(revision);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

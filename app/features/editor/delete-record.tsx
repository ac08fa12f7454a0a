/**
 * "Delete" for an entry or a post on its page: a confirmation dialog naming what goes, then
 * the API's delete from the browser's SDK client, a notification, and a way out (the archive
 * or the blog). The browser draft of the record goes with it.
 */
import { useState } from "react";
import { Trash } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { useSafeNavigate } from "../../lib/navigation.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { browserDraftStorage, clearDraft, draftKey } from "./draft-storage.ts";

/** Props of {@link DeleteRecord}. */
export interface DeleteRecordProps {
  collection: "entries" | "posts";
  recordId: string;
  /** The author, whose draft of the record is removed too. */
  authorId: string;
  title: string;
  /** Where to go once deleted. */
  redirectTo: string;
}

/** The delete button and its dialog. */
export function DeleteRecord(props: DeleteRecordProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useSafeNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const kind = props.collection === "entries" ? "entry" : "post";

  async function confirm() {
    setBusy(true);
    try {
      await getBrowserClient().collection(props.collection).delete(props.recordId);
    } catch (error) {
      notify.requestError(error);
      setBusy(false);
      return;
    }
    const storage = browserDraftStorage();
    if (storage) clearDraft(storage, draftKey(props.authorId, props.collection, props.recordId));
    setOpen(false);
    setBusy(false);
    notify.success(t(`editor:${kind}.deleted`));
    await navigate(props.redirectTo, { replace: true });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className="inline-flex items-center justify-center gap-2 rounded border border-red-300 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
      >
        <Trash aria-hidden size={16} />
        {t(`editor:${kind}.delete`)}
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        destructive
        title={t(`editor:${kind}.deleteTitle`)}
        confirmLabel={t(`editor:${kind}.deleteConfirm`)}
        cancelLabel={t("editor:form.cancel")}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
        }}
      >
        <p>{t(`editor:${kind}.deleteBody`, { title: props.title })}</p>
      </ConfirmDialog>
    </>
  );
}

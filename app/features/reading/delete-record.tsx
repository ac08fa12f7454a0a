/**
 * "Delete" for an entry or a post on its page: a confirmation dialog naming what goes, then
 * the API's delete from the browser's client, a notification, and a way out (the archive
 * or the blog). The browser draft of the record goes with it.
 */
import { ConfirmDelete } from "../../components/ui/confirm-delete.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { deleteEntryOrPost } from "../../api/records/record-pages.ts";
import { browserDraftStorage, clearDraft, draftKey } from "../../lib/records/draft-storage.ts";

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
  const kind = props.collection === "entries" ? "entry" : "post";
  return (
    <ConfirmDelete
      labels={{
        button: t(`editor:${kind}.delete`),
        title: t(`editor:${kind}.deleteTitle`),
        confirm: t(`editor:${kind}.deleteConfirm`),
        cancel: t("editor:form.cancel"),
        deleted: t(`editor:${kind}.deleted`),
      }}
      remove={() => deleteEntryOrPost(getBrowserClient(), props.collection, props.recordId)}
      onDeleted={() => {
        const storage = browserDraftStorage();
        if (storage)
          clearDraft(storage, draftKey(props.authorId, props.collection, props.recordId));
      }}
      redirectTo={props.redirectTo}
    >
      <p>{t(`editor:${kind}.deleteBody`, { title: props.title })}</p>
    </ConfirmDelete>
  );
}

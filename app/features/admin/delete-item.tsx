/**
 * "Delete" on an item's page (`/i/{code}`): a dialog naming the item, the API's delete from
 * the browser's API client, a notification, and back to the items list.
 */
import { ConfirmDelete } from "../../components/ui/confirm-delete.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { ItemRecord } from "../../api/records/records.ts";
import { paths } from "../../lib/paths.ts";
import { deleteRecord } from "../../api/records/record-writes.ts";

/** The delete button and its dialog. */
export function DeleteItem({ item }: { item: Pick<ItemRecord, "id" | "code" | "name"> }) {
  const { t } = useAppTranslation();
  const names = { code: item.code, name: item.name };
  return (
    <ConfirmDelete
      labels={{
        button: t("admin:items.delete"),
        title: t("admin:items.deleteTitle", names),
        confirm: t("admin:items.deleteConfirm", names),
        cancel: t("admin:items.cancel"),
        deleted: t("admin:items.deleted", names),
      }}
      remove={() => deleteRecord(getBrowserClient(), "items", item.id)}
      redirectTo={paths.items()}
    >
      <p className="wrap-anywhere">{t("admin:items.deleteBody", names)}</p>
    </ConfirmDelete>
  );
}

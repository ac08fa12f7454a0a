/**
 * Moving several entries of "My writing" into a collection at once (issue 25): a checkbox on
 * each entry's row and, above the list, one form: the collection (or none) and "Move". The
 * checkboxes belong to the form through their `form` attribute, so each row keeps its own
 * quick actions. A plain POST form: it works without JavaScript; the action moves them in one
 * batch (`bulk-move.server.ts`) and the page says what moved.
 */
import { Form, useNavigation } from "react-router";
import { FolderInput } from "lucide-react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { Select } from "../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { CollectionChoice } from "./writing-item.ts";

/** The id of the move form, which the rows' checkboxes name. */
export const BULK_MOVE_FORM = "bulk-move";

/** An entry's checkbox of the move form. */
export function SelectEntryBox({ id, title }: { id: string; title: string }) {
  const { t } = useAppTranslation();
  return (
    <input
      type="checkbox"
      form={BULK_MOVE_FORM}
      name="ids"
      value={id}
      aria-label={t("writing:move.select", { title })}
      className="mt-1 size-5 shrink-0 accent-amber-800"
    />
  );
}

/** The move form, with what the last move did or why it was refused. */
export function BulkMoveForm(props: {
  collections: CollectionChoice[];
  refused: string | null;
  moved: { count: number; to: string | null } | null;
}) {
  const { t } = useAppTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      id={BULK_MOVE_FORM}
      className="grid gap-2 rounded border border-stone-200 bg-white p-4"
    >
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-2 text-sm font-semibold text-stone-900">
          {t("writing:move.legend")}
        </legend>
        <Select label={t("writing:move.collection")} name="collection" defaultValue="">
          <option value="">{t("writing:move.none")}</option>
          {props.collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.title}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClass.secondary} disabled={busy}>
          <FolderInput aria-hidden size={16} />
          {t("writing:move.submit")}
        </button>
      </fieldset>
      {props.refused && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {props.refused}
        </p>
      )}
      {props.moved && (
        <p role="status" className="text-sm font-semibold text-green-900">
          {props.moved.to
            ? t("writing:move.moved", { count: props.moved.count, collection: props.moved.to })
            : t("writing:move.movedOut", { count: props.moved.count })}
        </p>
      )}
    </Form>
  );
}

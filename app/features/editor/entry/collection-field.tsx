/**
 * The entry form's collection picker: the author's collections, "No collection", and a
 * "New collection…" button beside them that creates one without leaving the form. Its dialog
 * asks for a title and a visibility (private by default), creates the collection through the
 * browser's API client (the API makes its URL name from the title), adds it to the picker,
 * selects it and gives the focus back to the picker: what the writer typed stays where it is.
 * The dialog is a native modal `<dialog>` in a portal (a form may not sit inside the entry's
 * form), so the browser keeps the focus inside it and Escape closes it.
 */
import { useId, useRef, useState, type SubmitEvent } from "react";
import { createPortal } from "react-dom";
import { FolderPlus } from "lucide-react";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { FormError, Select, TextInput } from "../../../components/ui/form-controls.tsx";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { formText } from "../../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import type { CollectionRecord, Visibility } from "../../../api/records/records.ts";
import { useFormSubmit } from "../../../components/forms/use-form-submit.ts";
import { createRecord } from "../../../api/records/record-writes.ts";

const VISIBILITIES: readonly Visibility[] = ["private", "unlisted", "public"];

/** A collection as the picker lists it. */
export type PickableCollection = Pick<CollectionRecord, "id" | "title">;

/** The collections to offer: the loaded ones and those made here, by title, each once. */
export function pickerOptions(
  loaded: readonly PickableCollection[],
  created: readonly PickableCollection[],
  locale: string,
): PickableCollection[] {
  const byId = new Map<string, PickableCollection>();
  for (const collection of [...loaded, ...created]) byId.set(collection.id, collection);
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...byId.values()].sort((a, b) => collator.compare(a.title, b.title));
}

/** Props of {@link CollectionField}. */
export interface CollectionFieldProps {
  id: string;
  /** The selected collection's id, or `""`. */
  value: string;
  onChange: (collectionId: string) => void;
  error: string | undefined;
  /** The author's collections, as loaded with the page. */
  collections: readonly PickableCollection[];
  /** The author (the signed-in user), owner of a collection made here. */
  ownerId: string;
}

/** The collection picker and its "New collection…" dialog. */
export function CollectionField(props: CollectionFieldProps) {
  const { t, i18n } = useAppTranslation();
  const [created, setCreated] = useState<PickableCollection[]>([]);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const options = pickerOptions(props.collections, created, i18n.language);
  return (
    <div>
      <Select
        id={props.id}
        label={t("editor:fields.collection")}
        hint={t("editor:fields.collectionHint")}
        error={props.error}
        name="collection"
        value={props.value}
        onChange={(event) => {
          props.onChange(event.currentTarget.value);
        }}
        after={
          <button
            ref={opener}
            type="button"
            className={`${buttonClass.secondary} mt-2 px-3 py-1.5 text-sm`}
            aria-haspopup="dialog"
            onClick={() => {
              setOpen(true);
            }}
          >
            <FolderPlus aria-hidden="true" className="size-4" />
            {t("editor:collectionField.new")}
          </button>
        }
      >
        <option value="">{t("editor:fields.noCollection")}</option>
        {options.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.title}
          </option>
        ))}
      </Select>
      {open && (
        <NewCollectionDialog
          ownerId={props.ownerId}
          onCreated={(collection) => {
            setCreated((current) => [...current, collection]);
            props.onChange(collection.id);
            setOpen(false);
            requestAnimationFrame(() => {
              document.getElementById(props.id)?.focus();
            });
          }}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => {
              opener.current?.focus();
            });
          }}
        />
      )}
    </div>
  );
}

/** The modal that creates a collection: title and visibility. */
function NewCollectionDialog(props: {
  ownerId: string;
  onCreated: (collection: PickableCollection) => void;
  onClose: () => void;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const titleId = useId();
  const form = useFormSubmit({
    fields: ["title", "visibility"],
    failed: t("editor:collectionField.failed"),
    // The dialog shows its failure; the notification would sit behind the backdrop.
    notify: false,
  });

  const create = form.submit(async (data) => {
    const title = formText(data, "title").trim();
    if (!title) {
      form.show({
        fields: { title: t("editor:collectionField.titleRequired") },
        message: null,
      });
      return;
    }
    const visibility = formText(data, "visibility") || "private";
    const saved = await createRecord<CollectionRecord>(getBrowserClient(), "collections", {
      title,
      visibility,
      owner: props.ownerId,
    });
    notify.success(t("editor:collectionField.created", { title: saved.title }));
    props.onCreated({ id: saved.id, title: saved.title });
  });

  return createPortal(
    <dialog
      ref={(dialog) => {
        if (!dialog || dialog.open) return;
        dialog.showModal();
        dialog.querySelector<HTMLInputElement>("input[name=title]")?.focus();
      }}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!form.busy) props.onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-stone-300 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          // The entry's form is this one's parent in React's tree: it must not submit too.
          event.stopPropagation();
          create(event);
        }}
      >
        <h2 id={titleId} className="font-serif text-xl font-bold">
          {t("editor:collectionField.title")}
        </h2>
        <p className="text-sm text-stone-700">{t("editor:collectionField.intro")}</p>
        <FormError form={form} />
        <TextInput
          label={t("editor:collectionField.name")}
          {...form.field("title")}
          type="text"
          required
          maxLength={200}
        />
        <Select
          label={t("editor:collectionField.visibility")}
          hint={t("editor:collectionField.visibilityHint")}
          {...form.field("visibility")}
          defaultValue="private"
        >
          {VISIBILITIES.map((visibility) => (
            <option key={visibility} value={visibility}>
              {t(`common:visibility.${visibility}`)}
            </option>
          ))}
        </Select>
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            disabled={form.busy}
            onClick={props.onClose}
            className={buttonClass.secondary}
          >
            {t("editor:collectionField.cancel")}
          </button>
          <button type="submit" disabled={form.busy} className={buttonClass.primary}>
            {form.busy ? t("editor:collectionField.creating") : t("editor:collectionField.create")}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

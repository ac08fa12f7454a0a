/**
 * Creating, editing and deleting a collection through the browser's API client (never the
 * `pb_auth` cookie): title, URL name (made from the title by the API when left empty, unique
 * per owner), Markdown description and visibility. API validation codes become messages in
 * the interface language, with specific ones for the errors people actually meet.
 */
import { useId, useRef } from "react";
import type { AppT } from "../../lib/i18n/i18n.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { buttonClass } from "../../components/ui/button-link.tsx";
import {
  SubmitButton,
  SubmitForm,
  TextArea,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { collectionHref } from "../../components/records/record-lists.tsx";
import { fieldErrors, requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useSafeNavigate } from "../../lib/browser/navigation.ts";
import type { CollectionRecord, Visibility } from "../../api/records/records.ts";
import { useFormSubmit, type FieldMessages } from "../../components/forms/use-form-submit.ts";
import { paths } from "../../lib/paths.ts";
import { createRecord, deleteRecord, updateRecord } from "../../api/records/record-writes.ts";
import { responseFieldData } from "../../api/client/api-errors.ts";

const VISIBILITIES: readonly Visibility[] = ["private", "unlisted", "public"];

/** Field messages for a failed save: specific ones first, then the generic code messages. */
export function collectionFieldErrors(error: unknown, t: AppT): Record<string, string> {
  const messages = fieldErrors(error, t);
  const codes = validationCodes(error);
  if (codes.name === "validation_not_unique")
    messages.name = t("listings:collectionForm.errors.nameTaken");
  if (codes.name === "validation_invalid_format" || codes.name === "validation_max_text_constraint")
    messages.name = t("listings:collectionForm.errors.nameFormat");
  if (codes.title === "validation_required")
    messages.title = t("listings:collectionForm.errors.titleRequired");
  return messages;
}

function validationCodes(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(responseFieldData(error))) {
    if (detail && typeof detail === "object" && "code" in detail && typeof detail.code === "string")
      out[field] = detail.code;
  }
  return out;
}

/** Props of {@link CollectionForm}. */
export interface CollectionFormProps {
  /** The owner's id and username (the signed-in person). */
  owner: { id: string; username: string };
  /** The collection to edit; a new one is created when absent. */
  collection?: CollectionRecord;
}

/** The create/edit form of a collection. */
export function CollectionForm({ owner, collection }: CollectionFormProps) {
  const { t } = useAppTranslation();
  const navigate = useSafeNavigate();
  const notify = useNotify();
  const visibilityId = useId();
  const visibilityError = `${visibilityId}-error`;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit({
    fieldErrors: collectionFieldErrors,
    failed: t("listings:collectionForm.failed"),
    // Field messages are shown, and focused, in the form.
    notify: (failure) => Object.keys(failure.fields).length === 0,
    onFailure: (failure) => {
      focusFirstInvalid(failure.fields);
    },
  });
  const errors = form.fieldErrors;

  const handleSubmit = form.submit(async (data) => {
    const body = {
      title: formText(data, "title").trim(),
      name: formText(data, "name").trim(),
      description: formText(data, "description"),
      visibility: formText(data, "visibility") || "private",
    };
    const api = getBrowserClient();
    const saved = collection
      ? await updateRecord<CollectionRecord>(api, "collections", collection.id, body)
      : await createRecord<CollectionRecord>(api, "collections", { ...body, owner: owner.id });
    notify.success(
      collection ? t("listings:collectionForm.saved") : t("listings:collectionForm.created"),
    );
    await navigate(collectionHref(saved, owner.username));
  });

  /** Checks the title before sending: the API would refuse an empty one. */
  function handleSubmitChecked(event: Parameters<typeof handleSubmit>[0]) {
    if (!formText(new FormData(event.currentTarget), "title").trim()) {
      event.preventDefault();
      form.show({
        fields: { title: t("listings:collectionForm.errors.titleRequired") },
        message: t("listings:collectionForm.failed"),
      });
      return;
    }
    handleSubmit(event);
  }

  /** Moves focus to the first invalid field. */
  function focusFirstInvalid(byField: FieldMessages) {
    const first = ["title", "name", "description", "visibility"].find((name) => byField[name]);
    if (first) {
      requestAnimationFrame(() => {
        const control = formRef.current?.elements.namedItem(first);
        if (control instanceof HTMLElement) control.focus();
      });
    }
  }

  return (
    <SubmitForm
      ref={formRef}
      onSubmit={handleSubmitChecked}
      className="grid gap-5 rounded border border-stone-200 bg-white p-6"
      outcome={form}
    >
      <TextInput
        label={t("listings:collectionForm.title")}
        error={errors.title}
        name="title"
        type="text"
        required
        maxLength={200}
        defaultValue={collection?.title ?? ""}
      />
      <TextInput
        label={t("listings:collectionForm.name")}
        hint={t("listings:collectionForm.nameHint")}
        error={errors.name}
        name="name"
        type="text"
        maxLength={120}
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={collection?.name ?? ""}
      />
      <TextArea
        label={t("listings:collectionForm.description")}
        hint={t("listings:collectionForm.descriptionHint")}
        error={errors.description}
        name="description"
        rows={6}
        maxLength={2000}
        defaultValue={collection?.description ?? ""}
      />
      <fieldset aria-describedby={errors.visibility ? visibilityError : undefined}>
        <legend className="text-sm font-semibold text-stone-900">
          {t("listings:collectionForm.visibility")}
        </legend>
        <div className="mt-2 grid gap-2">
          {VISIBILITIES.map((value) => (
            <div
              key={value}
              className="flex items-start gap-3 rounded border border-stone-300 p-3 has-[:checked]:border-amber-800 has-[:checked]:bg-amber-50"
            >
              <input
                id={`${visibilityId}-${value}`}
                type="radio"
                name="visibility"
                value={value}
                defaultChecked={(collection?.visibility ?? "private") === value}
                aria-describedby={`${visibilityId}-${value}-hint`}
                className="mt-1"
              />
              <div>
                <label
                  htmlFor={`${visibilityId}-${value}`}
                  className="block font-semibold text-stone-900"
                >
                  {t(`common:visibility.${value}`)}
                </label>
                <p id={`${visibilityId}-${value}-hint`} className="text-sm text-stone-700">
                  {t(`listings:collectionForm.visibilityHint.${value}`)}
                </p>
              </div>
            </div>
          ))}
        </div>
        {errors.visibility && (
          <p id={visibilityError} className="mt-1 text-sm font-medium text-red-800">
            {errors.visibility}
          </p>
        )}
      </fieldset>
      <div>
        <SubmitButton busy={form.busy} busyLabel={t("listings:collectionForm.saving")}>
          {collection ? t("listings:collectionForm.save") : t("listings:collectionForm.create")}
        </SubmitButton>
      </div>
    </SubmitForm>
  );
}

/** Deleting a collection, after a confirmation dialog (its entries are kept). */
export function DeleteCollection({ collection }: { collection: CollectionRecord }) {
  const { t } = useAppTranslation();
  const navigate = useSafeNavigate();
  const notify = useNotify();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  // The failure is only notified: the dialog has no room for it.
  const { busy, run } = useFormSubmit({
    fields: [],
    message: (failure) =>
      `${t("listings:collectionForm.delete.failed")} ${requestErrorMessage(failure, t)}`,
  });

  const confirmDelete = () =>
    run(async () => {
      await deleteRecord(getBrowserClient(), "collections", collection.id);
      dialogRef.current?.close();
      notify.success(t("listings:collectionForm.delete.deleted"));
      await navigate(paths.collections());
    });

  return (
    <section
      aria-labelledby={`${titleId}-section`}
      className="mt-10 grid gap-3 rounded border border-red-200 bg-white p-6"
    >
      <h2 id={`${titleId}-section`} className="font-serif text-xl font-semibold text-stone-900">
        {t("listings:collectionForm.delete.heading")}
      </h2>
      <p className="text-stone-700">{t("listings:collectionForm.delete.text")}</p>
      <div>
        <button
          type="button"
          onClick={() => {
            dialogRef.current?.showModal();
            // The least destructive choice gets the focus (WAI-ARIA alert dialog pattern).
            cancelRef.current?.focus();
          }}
          className="inline-flex items-center justify-center rounded border border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
        >
          {t("listings:collectionForm.delete.button")}
        </button>
      </div>
      <dialog
        ref={dialogRef}
        role="alertdialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded border border-stone-300 bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <h2 id={titleId} className="font-serif text-xl font-semibold text-stone-900">
          {t("listings:collectionForm.delete.confirmTitle", { title: collection.title })}
        </h2>
        <p id={textId} className="mt-2 text-stone-700">
          {t("listings:collectionForm.delete.confirmText")}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            onClick={() => dialogRef.current?.close()}
            className={buttonClass.secondary}
          >
            {t("listings:collectionForm.delete.cancel")}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void confirmDelete()}
            className="inline-flex items-center justify-center rounded bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900 disabled:opacity-60"
          >
            {busy
              ? t("listings:collectionForm.delete.deleting")
              : t("listings:collectionForm.delete.confirm")}
          </button>
        </div>
      </dialog>
    </section>
  );
}

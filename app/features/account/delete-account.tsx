/**
 * The last section of `/profileSettings`: deleting the account. A modal dialog says what the
 * deletion removes (the registry's cascades: entries, posts and collections, with their
 * files, and the avatar; items of the instances area only lose their owner) and asks for
 * the username before the record is deleted. Then the session ends and the page goes home.
 */
import { useId, useRef, type SubmitEvent } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import {
  FormError,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { deleteRecord } from "../../api/records/record-writes.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import {
  dangerButtonClass,
  dangerOutlineButtonClass,
  SettingsSection,
} from "../../components/ui/settings-section.tsx";
import { paths } from "../../lib/paths.ts";

/** How much of each kind the account owns (what the deletion removes). */
export interface OwnedCounts {
  entries: number;
  posts: number;
  collections: number;
  /** Items of the instances area (admins only); they stay, without an owner. */
  items: number;
}

/** The delete section of the account `userId`, whose username confirms the deletion. */
export function DeleteAccount(props: { userId: string; username: string; counts: OwnedCounts }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { userId, username, counts } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Only the typed username has a field; the API's refusals are the form's.
  const form = useFormSubmit({ fields: [] });

  function open() {
    form.reset();
    dialog.current?.showModal();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    if (formText(new FormData(event.currentTarget), "confirm").trim() !== username) {
      event.preventDefault();
      form.show({
        fields: { confirm: t("account:settings.delete.confirmMismatch") },
        message: null,
      });
      return;
    }
    form.submit(async () => {
      // The SDK clears the auth store (and its cookie) once its own account is deleted.
      await deleteRecord(getBrowserClient(), "users", userId);
      dialog.current?.close();
      notify.success(t("account:settings.delete.deleted"));
      await navigate(paths.home());
    })(event);
  }

  return (
    <SettingsSection
      title={t("account:settings.delete.heading")}
      intro={t("account:settings.delete.intro")}
      tone="danger"
    >
      <div>
        <button type="button" onClick={open} className={dangerOutlineButtonClass}>
          {t("account:settings.delete.open")}
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded border border-stone-300 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-950/50"
      >
        <SubmitForm method="dialog" onSubmit={handleSubmit} className="grid gap-4 p-6">
          <h2 id={titleId} className="font-serif text-2xl font-semibold text-red-800">
            {t("account:settings.delete.dialogTitle")}
          </h2>
          <div id={descriptionId} className="grid gap-2 text-sm text-stone-800">
            <p>{t("account:settings.delete.removes")}</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t("account:settings.delete.entries", { total: counts.entries })}</li>
              <li>{t("account:settings.delete.posts", { total: counts.posts })}</li>
              <li>{t("account:settings.delete.collections", { total: counts.collections })}</li>
              <li>{t("account:settings.delete.files")}</li>
              <li>{t("account:settings.delete.profile")}</li>
            </ul>
            {counts.items > 0 && (
              <p>{t("account:settings.delete.items", { total: counts.items })}</p>
            )}
          </div>
          <FormError form={form} />
          <TextInput
            label={t("account:settings.delete.confirmLabel", { username })}
            {...form.field("confirm")}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={buttonClass.secondary}
            >
              {t("account:settings.delete.cancel")}
            </button>
            <SubmitButton
              busy={form.busy}
              busyLabel={t("account:settings.delete.deleting")}
              className={dangerButtonClass}
            >
              {t("account:settings.delete.confirm")}
            </SubmitButton>
          </div>
        </SubmitForm>
      </dialog>
    </SettingsSection>
  );
}

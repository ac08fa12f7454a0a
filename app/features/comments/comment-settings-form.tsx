/**
 * "Comments" of `/admin/settings` (superusers, ADR 065): the default mode of posts and public
 * entries, whether guests may comment, and after how many days comments close; its own form,
 * saved with `PATCH /api/settings` (this part only), the API's field errors under each field.
 */
import { useState } from "react";
import { COMMENT_MODES } from "#shared/records/comment-mode.ts";
import {
  Checkbox,
  FormStatus,
  Select,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveCommentSettings, type CommentSettings } from "../../api/comments/comment-settings.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** A number as a number when it is one, else as typed (the API refuses it with a message). */
function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The form, filled with `settings` (the settings as loaded). */
export function CommentSettingsForm(props: { settings: CommentSettings }) {
  const { t } = useAppTranslation();
  const [saved, setSaved] = useState(props.settings);
  const [version, setVersion] = useState(0);
  const form = useFormSubmit({
    failed: t("errors:api.generic"),
    fields: ["comments.defaultMode", "comments.guests", "comments.closeAfterDays"],
  });

  const handleSubmit = form.submit(async (data) => {
    const stored = await saveCommentSettings(getBrowserClient(), {
      defaultMode: formText(data, "defaultMode"),
      guests: formText(data, "guests") === "on",
      closeAfterDays: numberOrText(formText(data, "closeAfterDays")),
    });
    setSaved(stored);
    setVersion((current) => current + 1);
    form.succeed(t("comments:settings.saved"));
  });

  return (
    <SettingsSection
      title={t("comments:settings.title")}
      intro={t("comments:settings.description")}
    >
      <SubmitForm key={version} onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t("comments:settings.defaultMode")}
            name="defaultMode"
            defaultValue={saved.defaultMode}
            error={form.fieldErrors["comments.defaultMode"]}
          >
            {COMMENT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`comments:mode.${mode}`)}
              </option>
            ))}
          </Select>
          <TextInput
            label={t("comments:settings.closeAfterDays")}
            hint={t("comments:settings.closeAfterDaysHint")}
            name="closeAfterDays"
            inputMode="numeric"
            required
            defaultValue={String(saved.closeAfterDays)}
            error={form.fieldErrors["comments.closeAfterDays"]}
          />
        </div>
        <div>
          <Checkbox
            name="guests"
            label={t("comments:settings.guests")}
            defaultChecked={saved.guests}
          />
          <p className="ml-8 text-sm text-stone-700">{t("comments:settings.guestsHint")}</p>
        </div>
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("comments:form.sending")}>
            {t("comments:settings.save")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

/**
 * "Subscription emails" of `/admin/settings` (superusers, ADR 065): how many messages a
 * minute the server sends to subscribers at most, and how many recipients one queue job
 * handles; its own form, saved with `PATCH /api/settings` (this part only), the API's field
 * errors under each field.
 */
import { useState } from "react";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import {
  saveSubscriptionSettings,
  type SubscriptionMailSettings,
} from "../../api/subscriptions/subscription-settings.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The fields, each with its settings path (the API keys its errors by it). */
const FIELDS = ["ratePerMinute", "batchSize"] as const;

/** A number as a number when it is one, else as typed (the API refuses it with a message). */
function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The form, filled with `settings` (the settings as loaded). */
export function SubscriptionSettingsForm(props: { settings: SubscriptionMailSettings }) {
  const { t } = useAppTranslation();
  const [saved, setSaved] = useState(props.settings);
  const form = useFormSubmit({
    failed: t("subscriptions:settings.failed"),
    fields: FIELDS.map((field) => `subscriptions.${field}`),
  });

  const handleSubmit = form.submit(async (data) => {
    const stored = await saveSubscriptionSettings(getBrowserClient(), {
      ratePerMinute: numberOrText(formText(data, "ratePerMinute")),
      batchSize: numberOrText(formText(data, "batchSize")),
    });
    setSaved(stored);
    form.succeed(t("subscriptions:settings.saved"));
  });

  return (
    <SettingsSection
      title={t("subscriptions:settings.heading")}
      intro={t("subscriptions:settings.intro")}
    >
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <TextInput
              key={`${field}-${String(saved[field])}`}
              label={t(`subscriptions:settings.${field}`)}
              hint={t(`subscriptions:settings.${field}Hint`)}
              error={form.fieldErrors[`subscriptions.${field}`]}
              name={field}
              inputMode="numeric"
              required
              defaultValue={String(saved[field])}
            />
          ))}
        </div>
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("subscriptions:settings.saving")}>
            {t("subscriptions:settings.save")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

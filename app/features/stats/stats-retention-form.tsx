/**
 * How long the statistics' daily totals are kept (`stats.retentionDays`, superusers, ADR
 * 070), on the site's statistics page: its own form, saved with `PATCH /api/settings` (this
 * part only), the API's field error under the field.
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
import { saveStatsSettings, type StatsSettings } from "../../api/stats/stats.ts";
import { formText } from "../../lib/forms/form-data.ts";
import type { StatsLabels } from "./stats-labels.ts";

const FIELD = "stats.retentionDays";

/** The form, filled with `settings` (as loaded). */
export function StatsRetentionForm(props: { settings: StatsSettings; labels: StatsLabels }) {
  const { labels } = props;
  const [saved, setSaved] = useState(props.settings);
  const form = useFormSubmit({ failed: labels.retention.failed, fields: [FIELD] });

  const handleSubmit = form.submit(async (data) => {
    const typed = formText(data, "retentionDays").trim();
    const value = typed !== "" && Number.isFinite(Number(typed)) ? Number(typed) : typed;
    setSaved(await saveStatsSettings(getBrowserClient(), { retentionDays: value }));
    form.succeed(labels.retention.saved);
  });

  return (
    <SettingsSection title={labels.retention.heading} intro={labels.retention.intro}>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <TextInput
          key={String(saved.retentionDays)}
          label={labels.retention.days}
          hint={labels.retention.hint}
          error={form.fieldErrors[FIELD]}
          name="retentionDays"
          inputMode="numeric"
          required
          defaultValue={String(saved.retentionDays)}
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel={labels.retention.saving}>
            {labels.retention.save}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

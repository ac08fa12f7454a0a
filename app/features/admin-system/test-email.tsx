/**
 * "Send a test email" of `/admin/settings`: `POST /api/settings/test/email` waits for the
 * delivery, so the result shown (sent, or the transport's refusal) is the real one.
 */
import {
  EmailInput,
  FormStatus,
  SubmitButton,
  SubmitForm,
} from "../../components/ui/form-controls.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { sendTestEmail } from "../../api/system/settings.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { apiDetail, systemSubmit } from "./system-errors.ts";

/** The test email form, prefilled with `defaultEmail` (the signed-in superuser's address). */
export function TestEmail({ defaultEmail }: { defaultEmail: string }) {
  const { t } = useAppTranslation();
  const form = useFormSubmit({
    ...systemSubmit(t, t("adminSystem:settings.testEmail.failed")),
    fields: ["email"],
    detail: (failure, fields) => (fields.email ? null : apiDetail(failure)),
    notify: false,
  });

  const handleSubmit = form.submit(async (data) => {
    const email = formText(data, "email").trim();
    await sendTestEmail(getBrowserClient(), email);
    form.succeed(t("adminSystem:settings.testEmail.sent", { email }));
  });
  const error = form.fieldErrors.email;

  return (
    <SettingsSection
      title={t("adminSystem:settings.testEmail.heading")}
      intro={t("adminSystem:settings.testEmail.intro")}
    >
      <SubmitForm
        onSubmit={handleSubmit}
        className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <EmailInput
          label={t("adminSystem:settings.testEmail.email")}
          error={error}
          name="email"
          required
          defaultValue={defaultEmail}
        />
        <div className={error ? "sm:mb-7" : undefined}>
          <SubmitButton busy={form.busy} busyLabel={t("adminSystem:settings.testEmail.sending")}>
            {t("adminSystem:settings.testEmail.send")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

/**
 * The email section of `/profileSettings`: the current address and a form asking for a new
 * one (`request-email-change`). The API mails a confirmation link to the new address; the
 * address changes only when that link is opened (`EmailChangeConfirm`).
 */
import { EmailInput, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { requestEmailChange } from "../../api/auth/email-change.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { accountSubmit } from "./account-errors.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";

/** The email change request form of the account whose address is `email`. */
export function EmailChangeRequest({ email }: { email: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const form = useFormSubmit({
    ...accountSubmit(t, t("account:settings.email.failed")),
    fields: ["newEmail"],
  });

  const handleSubmit = form.submit(async (data, formElement) => {
    const newEmail = formText(data, "newEmail").trim();
    await requestEmailChange(getBrowserClient(), newEmail);
    formElement.reset();
    const sent = t("account:settings.email.sent", { email: newEmail });
    form.succeed(sent);
    notify.success(sent);
  });

  return (
    <SettingsSection
      title={t("account:settings.email.heading")}
      intro={
        <>
          {t("account:settings.email.current", { email })} {t("account:settings.email.intro")}
        </>
      }
    >
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4" outcome={form}>
        <EmailInput
          label={t("account:settings.email.newEmail")}
          {...form.field("newEmail")}
          required
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("account:settings.email.submitting")}>
            {t("account:settings.email.submit")}
          </SubmitButton>
        </div>
      </SubmitForm>
    </SettingsSection>
  );
}

/**
 * The email section of `/profileSettings`: the current address and a form asking for a new
 * one (`request-email-change`). The API mails a confirmation link to the new address; the
 * address changes only when that link is opened (`EmailChangeConfirm`).
 */
import { useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { accountFieldErrors, isTooManyRequests } from "./account-errors.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";

/** The email change request form of the account whose address is `email`. */
export function EmailChangeRequest({ email }: { email: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const newEmail = formText(new FormData(formElement), "newEmail").trim();
    setBusy(true);
    setSentTo(null);
    setFieldError(undefined);
    setFormError(null);
    try {
      await getBrowserClient().collection("users").requestEmailChange(newEmail);
      formElement.reset();
      setSentTo(newEmail);
      notify.success(t("account:settings.email.sent", { email: newEmail }));
    } catch (failure) {
      const byField = accountFieldErrors(failure, t);
      const message = byField.newEmail
        ? t("account:settings.email.failed")
        : isTooManyRequests(failure)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(failure, t);
      setFieldError(byField.newEmail);
      setFormError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      title={t("account:settings.email.heading")}
      intro={
        <>
          {t("account:settings.email.current", { email })} {t("account:settings.email.intro")}
        </>
      }
    >
      <form
        method="post"
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4"
        noValidate
      >
        {sentTo && (
          <FormMessage kind="success">
            {t("account:settings.email.sent", { email: sentTo })}
          </FormMessage>
        )}
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <FormField label={t("account:settings.email.newEmail")} error={fieldError}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="newEmail"
              type="email"
              autoComplete="email"
              required
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          )}
        </FormField>
        <div>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? t("account:settings.email.submitting") : t("account:settings.email.submit")}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}

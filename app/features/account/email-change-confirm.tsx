/**
 * `/profileSettings?emailChange=TOKEN`: the link mailed to the new address leads here; the
 * password confirms the change (`confirm-email-change`). The change rotates the account's
 * token key, so the page then logs in with the new address and the same password, whether
 * the visitor was logged in or not. An expired or used link says how to get a new one.
 */
import { useState, type SubmitEvent } from "react";
import { useNavigate } from "react-router";
import { buttonClass, ButtonLink } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { accountFieldErrors, isTokenRejected, isTooManyRequests } from "./account-errors.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { paths } from "../../lib/paths.ts";

/** Props of {@link EmailChangeConfirm}. */
export interface EmailChangeConfirmProps {
  /** The emailed token. */
  token: string;
  /** The account the token names (read from it). */
  accountId: string;
  /** The new address the token carries (`""` when unknown). */
  newEmail: string;
  /** Whether the token looks usable (well formed, not expired). */
  usable: boolean;
  /** The logged-in account's id, `null` for a visitor. */
  userId: string | null;
}

/** The confirmation step of an email change. */
export function EmailChangeConfirm(props: EmailChangeConfirmProps) {
  const { token, accountId, newEmail, usable, userId } = props;
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [rejected, setRejected] = useState(!usable);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = formText(new FormData(event.currentTarget), "password");
    setBusy(true);
    setFieldError(undefined);
    setFormError(null);
    const pb = getBrowserClient();
    try {
      // Sent as is: the SDK's `confirmEmailChange()` clears the session at once, and the
      // page would render logged out before logging in again below.
      await pb.send("/api/collections/users/confirm-email-change", {
        method: "POST",
        body: { token, password },
      });
    } catch (failure) {
      setBusy(false);
      if (isTokenRejected(failure)) {
        setRejected(true);
        notify.error(t("account:settings.emailConfirm.invalidLink"));
        return;
      }
      const byField = accountFieldErrors(failure, t);
      const message = byField.password
        ? t("account:settings.emailConfirm.failed")
        : isTooManyRequests(failure)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(failure, t);
      setFieldError(byField.password);
      setFormError(message);
      notify.error(message);
      return;
    }
    notify.success(
      newEmail
        ? t("account:settings.emailConfirm.done", { email: newEmail })
        : t("account:settings.emailConfirm.doneUnknown"),
    );
    // Another account logged in here keeps its session; otherwise log in as the changed one.
    if (userId === null || userId === accountId) {
      try {
        await pb.collection("users").authWithPassword(newEmail, password);
      } catch {
        pb.authStore.clear();
        await navigate(paths.login());
        return;
      }
    }
    await navigate(paths.profileSettings(), { replace: true });
  }

  return (
    <SettingsSection
      title={t("account:settings.emailConfirm.heading")}
      intro={
        !rejected &&
        (newEmail
          ? t("account:settings.emailConfirm.intro", { email: newEmail })
          : t("account:settings.emailConfirm.introUnknown"))
      }
    >
      {rejected ? (
        <div className="grid gap-4">
          <FormMessage kind="error">
            {t("account:settings.emailConfirm.invalidLink")}{" "}
            {userId
              ? t("account:settings.emailConfirm.requestNew")
              : t("account:settings.emailConfirm.requestNewLoggedOut")}
          </FormMessage>
          {!userId && (
            <div>
              <ButtonLink to={paths.login()}>{t("auth:login.title")}</ButtonLink>
            </div>
          )}
        </div>
      ) : (
        <form
          method="post"
          onSubmit={(event) => void handleSubmit(event)}
          className="grid gap-4"
          noValidate
        >
          {formError && <FormMessage kind="error">{formError}</FormMessage>}
          {newEmail && (
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={newEmail}
              readOnly
              hidden
            />
          )}
          <FormField label={t("account:settings.emailConfirm.password")} error={fieldError}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </FormField>
          <div>
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              {busy
                ? t("account:settings.emailConfirm.submitting")
                : t("account:settings.emailConfirm.submit")}
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}

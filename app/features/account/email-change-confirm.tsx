/**
 * `/profileSettings?emailChange=TOKEN`: the link mailed to the new address leads here; the
 * password confirms the change (`confirm-email-change`). The change rotates the account's
 * token key, so the page then logs in with the new address and the same password, whether
 * the visitor was logged in or not. An expired or used link says how to get a new one.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { PasswordInput, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { confirmEmailChange } from "../../api/auth/email-change.ts";
import { clearAuth } from "../../api/auth/auth-store.ts";
import { signInWithPassword } from "../../api/auth/sign-in.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { accountSubmit, isTokenRejected } from "./account-errors.ts";
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
  const form = useFormSubmit({
    ...accountSubmit(t, t("account:settings.emailConfirm.failed")),
    fields: ["password"],
  });

  const handleSubmit = form.submit(async (data) => {
    const password = formText(data, "password");
    const api = getBrowserClient();
    try {
      // Never clears the session before the log in below (the SDK's own method would).
      await confirmEmailChange(api, token, password);
    } catch (failure) {
      if (!isTokenRejected(failure)) throw failure;
      setRejected(true);
      notify.error(t("account:settings.emailConfirm.invalidLink"));
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
        await signInWithPassword(api, newEmail, password);
      } catch {
        clearAuth(api);
        await navigate(paths.login());
        return;
      }
    }
    await navigate(paths.profileSettings(), { replace: true });
  });

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
        <SubmitForm onSubmit={handleSubmit} className="grid gap-4" outcome={form}>
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
          <PasswordInput
            label={t("account:settings.emailConfirm.password")}
            {...form.field("password")}
            autoComplete="current-password"
            required
          />
          <div>
            <SubmitButton
              busy={form.busy}
              busyLabel={t("account:settings.emailConfirm.submitting")}
            >
              {t("account:settings.emailConfirm.submit")}
            </SubmitButton>
          </div>
        </SubmitForm>
      )}
    </SettingsSection>
  );
}

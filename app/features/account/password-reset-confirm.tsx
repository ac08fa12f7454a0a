/**
 * The second step of `/passwordReset`: the emailed link (`?token=…`) leads here to choose a
 * new password (`confirm-password-reset`). When the link names its account's email, the
 * person is then logged in with the new password; otherwise they get a link to log in. An
 * expired or used link says so and offers to request a new one.
 */
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { PasswordInput, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { confirmPasswordReset } from "../../api/auth/password-reset.ts";
import { signInWithPassword } from "../../api/auth/sign-in.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { accountSubmit, isTokenRejected } from "./account-errors.ts";
import { paths } from "../../lib/paths.ts";

/** Props of {@link PasswordResetConfirm}. */
export interface PasswordResetConfirmProps {
  /** The emailed token. */
  token: string;
  /** The account's email read from the token (`""` when unknown). */
  email: string;
  /** Whether the token looks usable (well formed, not expired). */
  usable: boolean;
}

const FIELDS = ["password", "passwordConfirm"] as const;

/** The new-password form of an emailed reset link. */
export function PasswordResetConfirm({ token, email, usable }: PasswordResetConfirmProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [rejected, setRejected] = useState(!usable);
  const [done, setDone] = useState(false);
  const form = useFormSubmit(accountSubmit(t, t("account:reset.failed")));

  const handleSubmit = form.submit(async (data) => {
    const password = formText(data, "password");
    const passwordConfirm = formText(data, "passwordConfirm");
    const api = getBrowserClient();
    try {
      await confirmPasswordReset(api, token, password, passwordConfirm);
    } catch (failure) {
      if (!isTokenRejected(failure)) throw failure;
      setRejected(true);
      notify.error(t("account:reset.invalidLink"));
      return;
    }
    if (email) {
      try {
        await signInWithPassword(api, email, password);
        notify.success(t("account:reset.signedIn"));
        await navigate(paths.home());
        return;
      } catch {
        // Logging in is a convenience: the password is changed either way.
      }
    }
    setDone(true);
    notify.success(t("account:reset.done"));
  });

  if (rejected || done) {
    return (
      <div className="grid gap-4 rounded border border-stone-200 bg-white p-6">
        <FormMessage kind={rejected ? "error" : "success"}>
          {rejected ? t("account:reset.invalidLink") : t("account:reset.done")}
        </FormMessage>
        <div>
          {rejected ? (
            <ButtonLink to={paths.passwordReset()}>{t("account:reset.requestNew")}</ButtonLink>
          ) : (
            <ButtonLink to={paths.login()}>{t("account:reset.logIn")}</ButtonLink>
          )}
        </div>
      </div>
    );
  }

  const labels = {
    password: { label: t("account:reset.password"), hint: t("account:reset.passwordHint") },
    passwordConfirm: { label: t("account:reset.passwordConfirm"), hint: undefined },
  };
  return (
    <SubmitForm onSubmit={handleSubmit} card outcome={form}>
      {/* Lets password managers file the new password under the right account. */}
      {email && (
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      )}
      {FIELDS.map((name) => (
        <PasswordInput
          key={name}
          label={labels[name].label}
          hint={labels[name].hint}
          {...form.field(name)}
          autoComplete="new-password"
          required
          minLength={8}
        />
      ))}
      <SubmitButton busy={form.busy} busyLabel={t("account:reset.submitting")}>
        {t("account:reset.submit")}
      </SubmitButton>
      <BackToLogin />
    </SubmitForm>
  );
}

/** The "Back to log in" link under the password reset forms. */
export function BackToLogin() {
  const { t } = useAppTranslation();
  return (
    <p className="text-sm">
      <Link to={paths.login()} className="underline underline-offset-4">
        {t("auth:passwordReset.backToLogin")}
      </Link>
    </p>
  );
}

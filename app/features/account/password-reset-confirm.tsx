/**
 * The second step of `/passwordReset`: the emailed link (`?token=…`) leads here to choose a
 * new password (`confirm-password-reset`). When the link names its account's email, the
 * person is then logged in with the new password; otherwise they get a link to log in. An
 * expired or used link says so and offers to request a new one.
 */
import { useState, type SubmitEvent } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass, ButtonLink } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { accountFieldErrors, isTokenRejected, isTooManyRequests } from "./account-errors.ts";
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, "password");
    const passwordConfirm = formText(form, "passwordConfirm");
    setBusy(true);
    setErrors({});
    setFormError(null);
    const pb = getBrowserClient();
    try {
      await pb.collection("users").confirmPasswordReset(token, password, passwordConfirm);
    } catch (failure) {
      setBusy(false);
      if (isTokenRejected(failure)) {
        setRejected(true);
        notify.error(t("account:reset.invalidLink"));
        return;
      }
      const byField = accountFieldErrors(failure, t);
      setErrors(byField);
      const message = Object.keys(byField).length
        ? t("account:reset.failed")
        : isTooManyRequests(failure)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(failure, t);
      setFormError(message);
      notify.error(message);
      return;
    }
    if (email) {
      try {
        await pb.collection("users").authWithPassword(email, password);
        notify.success(t("account:reset.signedIn"));
        await navigate(paths.home());
        return;
      } catch {
        // Logging in is a convenience: the password is changed either way.
      }
    }
    setBusy(false);
    setDone(true);
    notify.success(t("account:reset.done"));
  }

  if (rejected) {
    return (
      <div className="grid gap-4 rounded border border-stone-200 bg-white p-6">
        <FormMessage kind="error">{t("account:reset.invalidLink")}</FormMessage>
        <div>
          <ButtonLink to={paths.passwordReset()}>{t("account:reset.requestNew")}</ButtonLink>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div className="grid gap-4 rounded border border-stone-200 bg-white p-6">
        <FormMessage kind="success">{t("account:reset.done")}</FormMessage>
        <div>
          <ButtonLink to={paths.login()}>{t("account:reset.logIn")}</ButtonLink>
        </div>
      </div>
    );
  }

  const labels = {
    password: { label: t("account:reset.password"), hint: t("account:reset.passwordHint") },
    passwordConfirm: { label: t("account:reset.passwordConfirm"), hint: undefined },
  };
  return (
    <form
      method="post"
      onSubmit={(event) => void handleSubmit(event)}
      className="grid gap-4 rounded border border-stone-200 bg-white p-6"
      noValidate
    >
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      {/* Lets password managers file the new password under the right account. */}
      {email && (
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      )}
      {FIELDS.map((name) => (
        <FormField
          key={name}
          label={labels[name].label}
          hint={labels[name].hint}
          error={errors[name]}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name={name}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          )}
        </FormField>
      ))}
      <button type="submit" disabled={busy} className={buttonClass.primary}>
        {busy ? t("account:reset.submitting") : t("account:reset.submit")}
      </button>
      <p className="text-sm">
        <Link to={paths.login()} className="underline underline-offset-4">
          {t("auth:passwordReset.backToLogin")}
        </Link>
      </p>
    </form>
  );
}

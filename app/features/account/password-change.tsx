/**
 * The password section of `/profileSettings`: the current password, the new one and its
 * confirmation, sent as an update of the account's record (`oldPassword`, `password`,
 * `passwordConfirm`). The change rotates the account's token key, which ends every session
 * including this one, so the page logs in again with the new password without asking.
 */
import { useState, type SubmitEvent } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { accountFieldErrors, isTooManyRequests } from "./account-errors.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { paths } from "../../lib/paths.ts";

const FIELDS = ["oldPassword", "password", "passwordConfirm"] as const;

/** The password change form of the account `userId`, which logs in with `identity`. */
export function PasswordChange({ userId, identity }: { userId: string; identity: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const body = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));
    setBusy(true);
    setErrors({});
    setFormError(null);
    const pb = getBrowserClient();
    try {
      // Sent as is, not with `collection().update()`: that would store the answer with the
      // token the change just killed, and the pages would briefly render logged out.
      await pb.send(`/api/collections/users/records/${encodeURIComponent(userId)}`, {
        method: "PATCH",
        body,
      });
    } catch (failure) {
      const byField = accountFieldErrors(failure, t);
      setErrors(byField);
      const message = Object.keys(byField).length
        ? t("account:settings.password.failed")
        : isTooManyRequests(failure)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(failure, t);
      setFormError(message);
      notify.error(message);
      setBusy(false);
      return;
    }
    try {
      await pb.collection("users").authWithPassword(identity, body.password ?? "");
    } catch {
      // The password is changed but this session is gone: log in again by hand.
      pb.authStore.clear();
      notify.success(t("account:settings.password.changed"));
      await navigate(paths.login());
      return;
    }
    formElement.reset();
    notify.success(t("account:settings.password.changed"));
    setBusy(false);
  }

  const labels = {
    oldPassword: { label: t("account:settings.password.oldPassword"), hint: undefined },
    password: {
      label: t("account:settings.password.password"),
      hint: t("account:settings.password.passwordHint"),
    },
    passwordConfirm: { label: t("account:settings.password.passwordConfirm"), hint: undefined },
  };
  return (
    <SettingsSection
      title={t("account:settings.password.heading")}
      intro={t("account:settings.password.intro")}
    >
      <form
        method="post"
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4"
        noValidate
      >
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={identity}
          readOnly
          hidden
        />
        {FIELDS.map((name) => (
          <FormField key={name} {...labels[name]} error={errors[name]}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name={name}
                type="password"
                autoComplete={name === "oldPassword" ? "current-password" : "new-password"}
                required
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </FormField>
        ))}
        <div>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy
              ? t("account:settings.password.submitting")
              : t("account:settings.password.submit")}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}

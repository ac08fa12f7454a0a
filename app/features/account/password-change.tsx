/**
 * The password section of `/profileSettings`: the current password, the new one and its
 * confirmation, sent as an update of the account's record (`oldPassword`, `password`,
 * `passwordConfirm`). The change rotates the account's token key, which ends every session
 * including this one, so the page logs in again with the new password without asking. With
 * "Sign out of all other devices" (checked by default) it then deletes the other devices'
 * records too (ADR 053): their sessions ended with the old token key anyway, and a new
 * sign-in from one of them is then announced by email.
 */
import { useNavigate } from "react-router";
import { PasswordInput, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { changePassword } from "../../api/auth/password-change.ts";
import { clearAuth } from "../../api/auth/auth-store.ts";
import { signInWithPassword } from "../../api/auth/sign-in.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { accountSubmit } from "./account-errors.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { paths } from "../../lib/paths.ts";
import { SignOutOthersOption, useSignOutOthers, wantsSignOutOthers } from "./sign-out-others.tsx";

const FIELDS = ["oldPassword", "password", "passwordConfirm"] as const;

/** The password change form of the account `userId`, which logs in with `identity`. */
export function PasswordChange({ userId, identity }: { userId: string; identity: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useFormSubmit(accountSubmit(t, t("account:settings.password.failed")));
  const signOutOthers = useSignOutOthers();

  const handleSubmit = form.submit(async (data, formElement) => {
    const body = Object.fromEntries(FIELDS.map((name) => [name, formText(data, name)]));
    const api = getBrowserClient();
    // The answer is not stored: its token is the one the change just ended.
    await changePassword(api, userId, body);
    try {
      await signInWithPassword(api, identity, body.password ?? "");
    } catch {
      // The password is changed but this session is gone: log in again by hand.
      clearAuth(api);
      notify.success(t("account:settings.password.changed"));
      await navigate(paths.login());
      return;
    }
    // The password is changed and the other sessions ended: at worst the list is not cleaned.
    if (wantsSignOutOthers(data)) await signOutOthers({ quiet: true });
    formElement.reset();
    notify.success(t("account:settings.password.changed"));
  });

  const labels = {
    oldPassword: { label: t("account:settings.password.oldPassword"), hint: undefined },
    password: {
      label: t("account:settings.password.password"),
      hint: t("account:settings.password.passwordHint"),
    },
    passwordConfirm: { label: t("account:settings.password.passwordConfirm"), hint: undefined },
  };
  return (
    <div id="password" className="scroll-mt-20">
      <SettingsSection
        title={t("account:settings.password.heading")}
        intro={t("account:settings.password.intro")}
      >
        <SubmitForm onSubmit={handleSubmit} className="grid gap-4" outcome={form}>
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
            <PasswordInput
              key={name}
              {...labels[name]}
              {...form.field(name)}
              autoComplete={name === "oldPassword" ? "current-password" : "new-password"}
              required
            />
          ))}
          <SignOutOthersOption defaultChecked hint={t("devices:otherDevices.passwordHint")} />
          <div>
            <SubmitButton busy={form.busy} busyLabel={t("account:settings.password.submitting")}>
              {t("account:settings.password.submit")}
            </SubmitButton>
          </div>
        </SubmitForm>
      </SettingsSection>
    </div>
  );
}

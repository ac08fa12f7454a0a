/**
 * The form that proves it is the account's owner before two-step verification is turned off
 * or the recovery codes are replaced: the password and a code of the authenticator app (or a
 * recovery code), sent to `totp/disable` or `totp/recovery-codes`, and whether to sign the
 * other devices out afterwards.
 */
import { useEffect, useRef } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import {
  PasswordInput,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { dangerButtonClass } from "../../components/ui/settings-section.tsx";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { SignOutOthersOption, wantsSignOutOthers } from "./sign-out-others.tsx";
import { twoFactorSubmit } from "./two-factor-errors.ts";

/** The password and code form; `onProof` sends them. */
export function TwoFactorProof(props: {
  intro: string;
  submitLabel: string;
  busyLabel: string;
  /** The account's identity, for password managers. */
  identity: string;
  danger?: boolean;
  onProof: (proof: { password: string; code: string; signOut: boolean }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useAppTranslation();
  const form = useFormSubmit(twoFactorSubmit(t));
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  const handleSubmit = form.submit(async (data) => {
    await props.onProof({
      password: formText(data, "password"),
      code: formText(data, "code"),
      signOut: wantsSignOutOthers(data),
    });
  });

  return (
    <SubmitForm onSubmit={handleSubmit} className="grid gap-4" outcome={form}>
      <p className="text-sm text-stone-700">{props.intro}</p>
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={props.identity}
        readOnly
        hidden
      />
      <PasswordInput
        ref={first}
        label={t("security:manage.password")}
        {...form.field("password")}
        autoComplete="current-password"
        required
      />
      <TextInput
        label={t("security:manage.code")}
        {...form.field("code")}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono tracking-widest"
        required
      />
      <SignOutOthersOption hint={t("devices:otherDevices.factorHint")} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          busy={form.busy}
          busyLabel={props.busyLabel}
          className={props.danger ? dangerButtonClass : buttonClass.primary}
        >
          {props.submitLabel}
        </SubmitButton>
        <button type="button" className={buttonClass.secondary} onClick={props.onCancel}>
          {t("security:manage.cancel")}
        </button>
      </div>
    </SubmitForm>
  );
}

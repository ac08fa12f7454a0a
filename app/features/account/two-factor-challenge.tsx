/**
 * The second step of a sign-in on `/login` (ADR 046): the first factor (password, emailed
 * code, OAuth2) answered `401 {mfaId}`, so the person enters the 6-digit code of their
 * authenticator app, or one of their recovery codes, sent with that `mfaId` to
 * `auth-with-totp`, or uses one of the account's passkeys (ADR 052). The route shows this instead of the first factors and decides where a
 * signed-in person goes next.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { AuthRecord } from "../../api/auth/auth-store.ts";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, inputClass } from "../../components/ui/form-field.tsx";
import { FormError, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";
import { completeSecondStep, secondStepFailure } from "../../api/auth/mfa.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { PasskeySecondStep } from "./passkeys-login.tsx";

type Mode = "app" | "recovery";

const linkButtonClass =
  "justify-self-start rounded text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950";

function failureMessage(error: unknown, mode: Mode, t: AppT): string {
  switch (secondStepFailure(error)) {
    case "invalidCode":
      return mode === "app"
        ? t("security:challenge.invalid")
        : t("security:challenge.invalidRecovery");
    case "expired":
      return t("security:challenge.expired");
    case "tooManyAttempts":
      return t("security:challenge.tooManyAttempts");
    case "other":
      return requestErrorMessage(error, t);
  }
}

/** The second step of the sign-in `mfaId`. */
export function TwoFactorChallenge(props: {
  mfaId: string;
  /** Runs once the account is signed in (the auth store holds its session). */
  onSignedIn: (record: AuthRecord) => Promise<void> | void;
  /** Back to the first factors (a new sign-in). */
  onCancel: () => void;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const [mode, setMode] = useState<Mode>("app");
  const [expired, setExpired] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useFormSubmit({
    fields: [],
    message: (error, _fields, translate) => failureMessage(error, mode, translate),
  });

  // The keyboard goes where the code is typed, at first and when the kind of code changes.
  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const handleSubmit = form.submit(async (data) => {
    try {
      const record = await completeSecondStep(
        getBrowserClient(),
        props.mfaId,
        formText(data, "code"),
      );
      await props.onSignedIn(record);
    } catch (error) {
      if (secondStepFailure(error) === "expired") setExpired(true);
      throw error;
    }
  });

  const app = mode === "app";
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded border border-stone-200 bg-white p-6"
      data-testid="two-factor-challenge"
    >
      <h2 id={headingId} className="font-serif text-2xl font-semibold text-stone-900">
        {t("security:challenge.title")}
      </h2>
      <p className="text-sm text-stone-700">
        {app ? t("security:challenge.intro") : t("security:challenge.introRecovery")}
      </p>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <FormError form={form} />
        <FormField
          key={mode}
          label={app ? t("security:challenge.code") : t("security:challenge.recoveryCode")}
          hint={app ? t("security:challenge.codeHint") : t("security:challenge.recoveryHint")}
        >
          {({ id, describedBy }) => (
            <input
              ref={input}
              id={id}
              name="code"
              type="text"
              inputMode={app ? "numeric" : "text"}
              autoComplete={app ? "one-time-code" : "off"}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={app ? 8 : 20}
              required
              disabled={expired}
              aria-invalid={form.error ? true : undefined}
              aria-describedby={describedBy}
              className={`${inputClass} font-mono tracking-widest`}
            />
          )}
        </FormField>
        {!expired && (
          <SubmitButton busy={form.busy} busyLabel={t("security:challenge.submitting")}>
            {t("security:challenge.submit")}
          </SubmitButton>
        )}
      </SubmitForm>
      {!expired && (
        <button
          type="button"
          className={linkButtonClass}
          onClick={() => {
            form.reset();
            setMode(app ? "recovery" : "app");
          }}
        >
          {app ? t("security:challenge.useRecovery") : t("security:challenge.useApp")}
        </button>
      )}
      {!expired && <PasskeySecondStep mfaId={props.mfaId} onSignedIn={props.onSignedIn} />}
      <button
        type="button"
        className={expired ? buttonClass.primary : linkButtonClass}
        onClick={props.onCancel}
      >
        {t("security:challenge.cancel")}
      </button>
    </section>
  );
}

/**
 * "Email me a code" on `/login`: the email (`request-otp`, answered the same whether or not
 * an account exists), then the code from the email (`autocomplete="one-time-code"`,
 * `auth-with-otp`), then home, logged in. Lives next to the password form and needs nothing
 * from it. An account with two-step verification answers with an `mfaId`, handed to the
 * route, which asks for the second step.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import {
  EmailInput,
  FormError,
  SubmitButton,
  SubmitForm,
} from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { returnPath } from "../../lib/browser/navigation.ts";
import { requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { authRecord } from "../../api/auth/auth-store.ts";
import { requestOtp, signInWithOtp } from "../../api/auth/otp.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";
import { displayName, toSessionUser } from "../../api/auth/session.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { isSignInRefused, mfaIdOf } from "../../api/auth/mfa.ts";
import { normalizeOtpCode, otpFailure } from "./otp-code.ts";

type Step = "closed" | "email" | "code";

const linkButtonClass =
  "rounded text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950";

function failureMessage(error: unknown, t: AppT, step: Step): string {
  if (step === "code" && isSignInRefused(error)) return t("auth:login.suspended");
  switch (otpFailure(error)) {
    case "invalid":
      return t("account:otp.invalid");
    case "tooManyAttempts":
      return t("account:otp.tooManyAttempts");
    case "unavailable":
      return t("account:otp.unavailable");
    case "other":
      return requestErrorMessage(error, t);
  }
}

/** The "email me a code" login; `onSecondFactor` gets the `mfaId` of a two-step account. */
export function OtpLogin(props: { onSecondFactor: (mfaId: string) => void }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { adoptAccountLocale } = useSession();
  const headingId = useId();
  const [step, setStep] = useState<Step>("closed");
  const [email, setEmail] = useState("");
  const [otpId, setOtpId] = useState("");
  const [sent, setSent] = useState(false);
  // Both steps' requests: only the email has a field, the code's refusals are the form's.
  const form = useFormSubmit({
    fields: ["email"],
    message: (failure, fields) => (fields.email ? null : failureMessage(failure, t, step)),
  });
  const { error, busy } = form;
  const emailInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const [focusStart, setFocusStart] = useState(false);

  // Each step puts the keyboard where the person types next.
  useEffect(() => {
    if (step === "email") emailInput.current?.focus();
    if (step === "code") codeInput.current?.focus();
    if (step === "closed" && focusStart) startButton.current?.focus();
  }, [step, focusStart]);

  const requestCode = (address: string) =>
    form.run(async () => {
      setOtpId(await requestOtp(getBrowserClient(), address));
      setEmail(address);
      setSent(true);
      setStep("code");
      notify.info(t("account:otp.sent", { email: address }));
    });

  function handleEmail(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void requestCode(formText(new FormData(event.currentTarget), "email").trim());
  }

  const handleCode = form.submit(async (data) => {
    const code = normalizeOtpCode(formText(data, "code"));
    const api = getBrowserClient();
    try {
      await signInWithOtp(api, otpId, code);
    } catch (error) {
      const mfaId = mfaIdOf(error);
      if (!mfaId) throw error;
      props.onSecondFactor(mfaId);
      return;
    }
    const account = toSessionUser(authRecord(api));
    // The account's language first, so the welcome is in it.
    const welcome = await adoptAccountLocale();
    notify.success(
      welcome("shell:notifications.loggedIn", { name: account ? displayName(account) : email }),
    );
    await navigate(returnPath(searchParams.get("redirectTo")));
  });

  function close() {
    setStep("closed");
    setFocusStart(true);
    form.reset();
    setSent(false);
  }

  if (step === "closed") {
    return (
      <div className="mt-6 grid gap-4">
        <p
          aria-hidden="true"
          className="flex items-center gap-3 text-sm text-stone-600 before:h-px before:flex-1 before:bg-stone-300 after:h-px after:flex-1 after:bg-stone-300"
        >
          {t("account:otp.or")}
        </p>
        <button
          ref={startButton}
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            setStep("email");
          }}
        >
          {t("account:otp.start")}
        </button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 grid gap-4 rounded border border-stone-200 bg-white p-6"
    >
      <h2 id={headingId} className="font-serif text-xl font-semibold text-stone-900">
        {t("account:otp.start")}
      </h2>
      {step === "email" ? (
        <SubmitForm onSubmit={handleEmail} className="grid gap-4">
          <p className="text-sm text-stone-700">{t("account:otp.intro")}</p>
          <FormError form={form} />
          <EmailInput
            ref={emailInput}
            label={t("account:otp.email")}
            {...form.field("email")}
            required
            defaultValue={email}
          />
          <SubmitButton busy={busy} busyLabel={t("account:otp.sending")}>
            {t("account:otp.send")}
          </SubmitButton>
        </SubmitForm>
      ) : (
        <SubmitForm onSubmit={handleCode} className="grid gap-4">
          {sent && !error && (
            <FormMessage kind="success">{t("account:otp.sent", { email })}</FormMessage>
          )}
          <FormError form={form} />
          <FormField label={t("account:otp.code")} hint={t("account:otp.codeHint", { email })}>
            {({ id, describedBy }) => (
              <input
                ref={codeInput}
                id={id}
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className={`${inputClass} font-mono tracking-widest`}
              />
            )}
          </FormField>
          <SubmitButton busy={busy} busyLabel={t("account:otp.submitting")}>
            {t("account:otp.submit")}
          </SubmitButton>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            <button
              type="button"
              disabled={busy}
              className={linkButtonClass}
              onClick={() => void requestCode(email)}
            >
              {t("account:otp.resend")}
            </button>
            <button
              type="button"
              disabled={busy}
              className={linkButtonClass}
              onClick={() => {
                form.reset();
                setSent(false);
                setStep("email");
              }}
            >
              {t("account:otp.otherEmail")}
            </button>
          </div>
        </SubmitForm>
      )}
      <button type="button" className={`${linkButtonClass} justify-self-start`} onClick={close}>
        {t("account:otp.cancel")}
      </button>
    </section>
  );
}

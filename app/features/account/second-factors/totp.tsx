/**
 * The authenticator app (TOTP) as a second factor in the app (ADR 046, ADR 066): its panel of
 * the account page and its input of the login challenge.
 *
 * The panel, in `/profileSettings`: off, it offers to turn it on
 * (`totp/setup`: a QR code and the same secret as a key to type, then `totp/enable` with the
 * first code the app shows), and shows the 10 recovery codes once; on, it says since when
 * and how many recovery codes are left, and offers new recovery codes or turning it off
 * (each with the password and a code). Turning it on or off and new recovery codes each offer
 * to sign the other devices out (ADR 053, ASVS 7.4.3). A superuser viewing as the account sees
 * a notice only: the API refuses impersonation tokens here. An account whose address is not
 * confirmed yet sees the button disabled and why (ADR 056).
 */
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import {
  FormError,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../../components/ui/form-controls.tsx";
import { FormField, inputClass } from "../../../components/ui/form-field.tsx";
import { formatDate } from "../../../components/ui/formatted-date.tsx";
import { dangerOutlineButtonClass } from "../../../components/ui/settings-section.tsx";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import { useSession } from "../../../components/session-provider.tsx";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { completeSecondStep, secondStepFailure } from "../../../api/auth/mfa.ts";
import { secondFactorAction } from "../../../api/auth/second-factors.ts";
import { requestErrorMessage } from "../../../lib/forms/api-errors.ts";
import { formText } from "../../../lib/forms/form-data.ts";
import { useAppTranslation, type AppT } from "../../../lib/i18n/i18n.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../../../components/forms/use-form-submit.ts";
import { QrCode } from "../qr-code.tsx";
import { RecoveryCodes } from "../recovery-codes.tsx";
import { SignOutOthersOption, useSignOutOthers, wantsSignOutOthers } from "../sign-out-others.tsx";
import { twoFactorSubmit } from "../two-factor-errors.ts";
import { TwoFactorProof } from "../two-factor-proof.tsx";
import type { FactorChallengeProps, FactorPanelProps, SecondFactorUi } from "./second-factor-ui.ts";

/** `GET /api/collections/users/totp`. */
interface TwoFactorStatus {
  enabled: boolean;
  /** Recovery codes left. */
  recoveryCodes: number;
  /** When it was turned on (`""` when off). */
  since: string;
}

const OFF: TwoFactorStatus = { enabled: false, recoveryCodes: 0, since: "" };

/** The state `GET totp` answered, read defensively (off when it is not one). */
function totpStatus(value: unknown): TwoFactorStatus {
  if (typeof value !== "object" || value === null) return OFF;
  const { enabled, recoveryCodes, since } = value as Record<string, unknown>;
  return {
    enabled: enabled === true,
    recoveryCodes: typeof recoveryCodes === "number" ? recoveryCodes : 0,
    since: typeof since === "string" ? since : "",
  };
}

/** What proves a change: the password and a code of the app (or a recovery code). */
type Proof = { password: string; code: string };

/** `POST totp/recovery-codes` and `totp/enable` answer the new codes. */
type CodesAnswer = { recoveryCodes: string[] };

type Step =
  | { kind: "idle" }
  | { kind: "enrolling"; secret: string; uri: string }
  | { kind: "codes"; codes: string[] }
  | { kind: "proving"; action: "disable" | "regenerate" };

/** The key grouped by 4 characters, as apps show it and people type it. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The enrolment: QR code, key, and the first code that turns it on. */
function Enrolment(props: {
  secret: string;
  uri: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const form = useFormSubmit(twoFactorSubmit(t));
  const signOutOthers = useSignOutOthers();
  const heading = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const handleSubmit = form.submit(async (data) => {
    const { recoveryCodes } = await secondFactorAction<CodesAnswer>(
      getBrowserClient(),
      "totp",
      "enable",
      { code: formText(data, "code").replace(/\s+/g, "") },
    );
    notify.success(t("security:settings.enabled"));
    if (wantsSignOutOthers(data)) await signOutOthers();
    props.onEnabled(recoveryCodes);
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.secret);
      notify.info(t("security:settings.copied"));
    } catch (error) {
      console.debug("clipboard refused", error);
    }
  }

  return (
    <div className="grid gap-4">
      <p ref={heading} tabIndex={-1} className="text-sm text-stone-800">
        {t("security:settings.scan")}
      </p>
      <QrCode
        text={props.uri}
        label={t("security:settings.qrLabel")}
        loadingLabel={t("security:settings.qrLoading")}
      />
      <div className="grid gap-2">
        <p className="text-sm text-stone-800">{t("security:settings.manual")}</p>
        <p className="flex flex-wrap items-center gap-2">
          <span className="sr-only">{t("security:settings.keyLabel")}</span>
          <code
            className="rounded bg-stone-100 px-2 py-1 font-mono text-base break-all text-stone-900"
            data-testid="totp-secret"
            data-secret={props.secret}
          >
            {groupedKey(props.secret)}
          </code>
          <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
            {t("security:settings.copy")}
          </button>
        </p>
      </div>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <FormError form={form} />
        <TextInput
          label={t("security:settings.confirm")}
          hint={t("security:settings.codeHint")}
          {...form.field("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          className="font-mono tracking-widest"
          required
        />
        <SignOutOthersOption hint={t("devices:otherDevices.factorHint")} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={form.busy} busyLabel={t("security:settings.enabling")}>
            {t("security:settings.enable")}
          </SubmitButton>
          <button type="button" className={buttonClass.secondary} onClick={props.onCancel}>
            {t("security:settings.cancel")}
          </button>
        </div>
      </SubmitForm>
    </div>
  );
}

/** The two-step verification section's content for the account `identity`. */
function TotpPanel(props: FactorPanelProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { locale } = useSession();
  const [status, setStatus] = useState<TwoFactorStatus>(() => totpStatus(props.status));
  const impersonated = props.status === null;
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const start = useFormSubmit(NOTIFY_ONLY);
  const startButton = useRef<HTMLButtonElement>(null);
  const signOutOthers = useSignOutOthers();
  const unverifiedId = useId();

  const setup = () =>
    void start.run(async () => {
      const answer = await secondFactorAction<{ secret: string; uri: string }>(
        getBrowserClient(),
        "totp",
        "setup",
      );
      setStep({ kind: "enrolling", ...answer });
    });

  async function prove(
    action: "disable" | "regenerate",
    { signOut, ...proof }: Proof & { signOut: boolean },
  ) {
    const api = getBrowserClient();
    if (action === "disable") {
      await secondFactorAction(api, "totp", "disable", proof);
      setStatus(OFF);
      setStep({ kind: "idle" });
      notify.success(t("security:manage.disabled"));
    } else {
      const { recoveryCodes } = await secondFactorAction<CodesAnswer>(
        api,
        "totp",
        "recovery-codes",
        proof,
      );
      setStatus((current) => ({ ...current, recoveryCodes: recoveryCodes.length }));
      setStep({ kind: "codes", codes: recoveryCodes });
      notify.success(t("security:manage.regenerated"));
    }
    if (signOut) await signOutOthers();
  }

  const summary = status.enabled ? (
    <p className="text-sm text-stone-800" data-testid="two-factor-status">
      {t("security:settings.on", { date: formatDate(status.since, locale) })}{" "}
      {status.recoveryCodes > 0
        ? t("security:settings.recoveryLeft", { count: status.recoveryCodes })
        : t("security:settings.recoveryNone")}
    </p>
  ) : (
    <p className="text-sm text-stone-800" data-testid="two-factor-status">
      {t("security:settings.off")}
    </p>
  );

  return (
    <>
      {!impersonated && summary}
      {impersonated ? (
        <p className="text-sm text-stone-700">{t("security:settings.impersonated")}</p>
      ) : step.kind === "enrolling" ? (
        <Enrolment
          secret={step.secret}
          uri={step.uri}
          onEnabled={(codes) => {
            setStatus({
              enabled: true,
              recoveryCodes: codes.length,
              since: new Date().toISOString().replace("T", " "),
            });
            setStep({ kind: "codes", codes });
          }}
          onCancel={() => {
            setStep({ kind: "idle" });
            startButton.current?.focus();
          }}
        />
      ) : step.kind === "codes" ? (
        <RecoveryCodes
          codes={step.codes}
          account={props.identity}
          onDone={() => {
            setStep({ kind: "idle" });
          }}
        />
      ) : step.kind === "proving" ? (
        <TwoFactorProof
          identity={props.identity}
          danger={step.action === "disable"}
          intro={
            step.action === "disable"
              ? t("security:manage.disableIntro")
              : t("security:manage.regenerateIntro")
          }
          submitLabel={
            step.action === "disable"
              ? t("security:manage.disable")
              : t("security:manage.regenerate")
          }
          busyLabel={
            step.action === "disable"
              ? t("security:manage.disabling")
              : t("security:manage.regenerating")
          }
          onProof={(proof) => prove(step.action, proof)}
          onCancel={() => {
            setStep({ kind: "idle" });
          }}
        />
      ) : status.enabled ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              setStep({ kind: "proving", action: "regenerate" });
            }}
          >
            {t("security:manage.regenerateOpen")}
          </button>
          <button
            type="button"
            className={dangerOutlineButtonClass}
            onClick={() => {
              setStep({ kind: "proving", action: "disable" });
            }}
          >
            {t("security:manage.disableOpen")}
          </button>
        </div>
      ) : (
        <div className="grid justify-items-start gap-2">
          {!props.verified && (
            <p id={unverifiedId} className="text-sm text-stone-700">
              {t("security:settings.unverified")}
            </p>
          )}
          <button
            ref={startButton}
            type="button"
            disabled={start.busy || !props.verified}
            aria-describedby={props.verified ? undefined : unverifiedId}
            className={buttonClass.primary}
            onClick={setup}
          >
            {start.busy ? t("security:settings.starting") : t("security:settings.start")}
          </button>
        </div>
      )}
    </>
  );
}

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

/**
 * The second step on `/login`: the 6-digit code of the authenticator app, or one of the
 * account's recovery codes, sent with the `mfaId` to `auth-with-totp`.
 */
function TotpChallenge(props: FactorChallengeProps) {
  const { t } = useAppTranslation();
  const [mode, setMode] = useState<Mode>("app");
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
      const record = await completeSecondStep(getBrowserClient(), "totp", props.mfaId, {
        code: formText(data, "code").trim(),
      });
      await props.onSignedIn(record);
    } catch (error) {
      if (secondStepFailure(error) === "expired") props.onExpired();
      throw error;
    }
  });

  const app = mode === "app";
  const { expired } = props;
  return (
    <>
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
    </>
  );
}

/** The authenticator app's parts of the account page and the login challenge. */
export const totpUi: SecondFactorUi = { Panel: TotpPanel, Challenge: TotpChallenge };

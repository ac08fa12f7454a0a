/**
 * Two-step verification in `/profileSettings` (ADR 046): off, it offers to turn it on
 * (`totp/setup`: a QR code and the same secret as a key to type, then `totp/enable` with the
 * first code the app shows), and shows the 10 recovery codes once; on, it says since when
 * and how many recovery codes are left, and offers new recovery codes or turning it off
 * (each with the password and a code). Turning it on or off and new recovery codes each offer
 * to sign the other devices out (ADR 053, ASVS 7.4.3). A superuser viewing as the account sees
 * a notice only: the API refuses impersonation tokens here. An account whose address is not
 * confirmed yet sees the button disabled and why (ADR 056).
 */
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import {
  FormError,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { formatDate } from "../../components/ui/formatted-date.tsx";
import {
  dangerOutlineButtonClass,
  SettingsSection,
} from "../../components/ui/settings-section.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  newRecoveryCodes,
  setupTwoFactor,
  type TwoFactorStatus,
} from "../../api/auth/two-factor.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { QrCode } from "./qr-code.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { SignOutOthersOption, useSignOutOthers, wantsSignOutOthers } from "./sign-out-others.tsx";
import { twoFactorSubmit } from "./two-factor-errors.ts";
import { TwoFactorProof } from "./two-factor-proof.tsx";

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
    const recoveryCodes = await enableTwoFactor(
      getBrowserClient(),
      formText(data, "code").replace(/\s+/g, ""),
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

/** The two-step verification section of the account `identity` (its email or username). */
export function TwoFactorSettings(props: {
  /** The state; null for a superuser viewing as the account (the API tells them nothing). */
  status: TwoFactorStatus | null;
  identity: string;
  /** Whether the account's address is proven: it cannot be turned on before (ADR 056). */
  verified: boolean;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { locale } = useSession();
  const [status, setStatus] = useState<TwoFactorStatus>(
    props.status ?? { enabled: false, recoveryCodes: 0, since: "" },
  );
  const impersonated = props.status === null;
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const start = useFormSubmit(NOTIFY_ONLY);
  const startButton = useRef<HTMLButtonElement>(null);
  const signOutOthers = useSignOutOthers();
  const unverifiedId = useId();

  const setup = () =>
    void start.run(async () => {
      const answer = await setupTwoFactor(getBrowserClient());
      setStep({ kind: "enrolling", ...answer });
    });

  async function prove(
    action: "disable" | "regenerate",
    { signOut, ...proof }: { password: string; code: string; signOut: boolean },
  ) {
    const api = getBrowserClient();
    if (action === "disable") {
      await disableTwoFactor(api, proof);
      setStatus({ enabled: false, recoveryCodes: 0, since: "" });
      setStep({ kind: "idle" });
      notify.success(t("security:manage.disabled"));
    } else {
      const recoveryCodes = await newRecoveryCodes(api, proof);
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
    <SettingsSection title={t("security:settings.heading")} intro={t("security:settings.intro")}>
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
    </SettingsSection>
  );
}

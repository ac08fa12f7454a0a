/**
 * "Send a test email" of `/admin/settings`: `POST /api/settings/test/email` waits for the
 * delivery, so the result shown (sent, or the transport's refusal) is the real one.
 */
import { useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { apiDetail, systemErrorSummary, systemFieldErrors } from "./system-errors.ts";

type Result = { kind: "success" | "error"; message: string; detail?: string | null };

/** The test email form, prefilled with `defaultEmail` (the signed-in superuser's address). */
export function TestEmail({ defaultEmail }: { defaultEmail: string }) {
  const { t } = useAppTranslation();
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), "email").trim();
    setBusy(true);
    setError(undefined);
    setResult(null);
    try {
      await getBrowserClient().send("/api/settings/test/email", {
        method: "POST",
        body: { email, template: "verification" },
      });
      setResult({ kind: "success", message: t("adminSystem:settings.testEmail.sent", { email }) });
    } catch (failure) {
      const byField = systemFieldErrors(failure, t);
      setError(byField.email);
      setResult({
        kind: "error",
        message: systemErrorSummary(failure, t, t("adminSystem:settings.testEmail.failed")),
        detail: byField.email ? null : apiDetail(failure),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      title={t("adminSystem:settings.testEmail.heading")}
      intro={t("adminSystem:settings.testEmail.intro")}
    >
      <form
        method="post"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <FormField label={t("adminSystem:settings.testEmail.email")} error={error}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={defaultEmail}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          )}
        </FormField>
        <div className={error ? "sm:mb-7" : undefined}>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy
              ? t("adminSystem:settings.testEmail.sending")
              : t("adminSystem:settings.testEmail.send")}
          </button>
        </div>
      </form>
      {result && (
        <FormMessage kind={result.kind}>
          {result.message}
          {result.detail && <span className="mt-1 block font-mono text-xs">{result.detail}</span>}
        </FormMessage>
      )}
    </SettingsSection>
  );
}

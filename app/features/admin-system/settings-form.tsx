/**
 * The editable settings of `/admin/settings` in one form (application name, mail sender,
 * rate limits, batch, log retention, the revision history's cap), saved with `PATCH /api/settings`, next to what the
 * environment decides (APP_URL, SMTP_URL, OAUTH2_*, TRUSTED_PROXIES), shown read-only.
 * Numbers are sent as typed: the API validates them and its errors appear under each field.
 * Each section's contents are in `settings-sections.tsx` and `rate-limit-settings.tsx`.
 */
import { useState } from "react";
import { FormError, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveSettings } from "../../api/system/settings.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { RateLimitSettings, submittedRules, toRows, type RuleRow } from "./rate-limit-settings.tsx";
import { numberOrText } from "./settings-parts.tsx";
import {
  ApplicationSettings,
  BatchSettings,
  LogSettings,
  MailSettings,
  OAuth2Settings,
  ProxySettings,
  revisionCap,
  RevisionSettings,
} from "./settings-sections.tsx";
import { systemSubmit } from "./system-errors.ts";
import type { SystemSettings } from "../../api/system/system-types.ts";

/** The request body of a save: the editable settings as typed. */
function settingsBody(form: FormData, rules: readonly RuleRow[]) {
  const text = (name: string) => formText(form, name);
  return {
    meta: {
      appName: text("appName"),
      senderName: text("senderName"),
      senderAddress: text("senderAddress"),
    },
    rateLimits: { enabled: form.has("rateLimitsEnabled"), rules: submittedRules(form, rules) },
    batch: {
      enabled: form.has("batchEnabled"),
      maxRequests: numberOrText(text("batchMaxRequests")),
      timeout: numberOrText(text("batchTimeout")),
      maxBodySize: numberOrText(text("batchMaxBodySize")),
    },
    logs: {
      maxDays: numberOrText(text("logsMaxDays")),
      minLevel: Number(text("logsMinLevel")),
      logIP: form.has("logsLogIP"),
      logAuthId: form.has("logsLogAuthId"),
    },
    revisions: { maxPerRecord: revisionCap(text("revisionsMaxPerRecord")) },
  };
}

/** The settings form; `onSaved` receives the settings the API answered. */
export function SettingsForm(props: {
  settings: SystemSettings;
  onSaved: (settings: SystemSettings) => void;
}) {
  const { settings } = props;
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [rules, setRules] = useState<RuleRow[]>(() => toRows(settings.rateLimits.rules));
  const form = useFormSubmit(systemSubmit(t, t("adminSystem:settings.failed")));
  const errors = form.fieldErrors;

  const handleSubmit = form.submit(async (data) => {
    const saved = await saveSettings(getBrowserClient(), settingsBody(data, rules));
    setRules(toRows(saved.rateLimits.rules));
    props.onSaved(saved);
    notify.success(t("adminSystem:settings.saved"));
  });

  const section = (name: "application" | "mail" | "oauth2" | "rateLimits") => ({
    title: t(`adminSystem:settings.${name}.heading`),
    intro: name === "application" ? undefined : t(`adminSystem:settings.${name}.intro`),
  });
  return (
    <SubmitForm
      onSubmit={handleSubmit}
      className="grid gap-6"
      aria-describedby={form.error ? "settings-form-error" : undefined}
    >
      <SettingsSection {...section("application")}>
        <ApplicationSettings settings={settings} errors={errors} />
      </SettingsSection>
      <SettingsSection {...section("mail")}>
        <MailSettings settings={settings} errors={errors} />
      </SettingsSection>
      <SettingsSection {...section("oauth2")}>
        <OAuth2Settings settings={settings} />
      </SettingsSection>
      <SettingsSection {...section("rateLimits")}>
        <RateLimitSettings settings={settings} errors={errors} rules={rules} setRules={setRules} />
      </SettingsSection>
      <SettingsSection title={t("adminSystem:settings.batch.heading")}>
        <BatchSettings settings={settings} errors={errors} />
      </SettingsSection>
      <SettingsSection title={t("adminSystem:settings.logs.heading")}>
        <LogSettings settings={settings} errors={errors} />
      </SettingsSection>
      <SettingsSection
        title={t("adminSystem:settings.revisions.heading")}
        intro={t("adminSystem:settings.revisions.intro")}
      >
        <RevisionSettings settings={settings} errors={errors} />
      </SettingsSection>
      <SettingsSection title={t("adminSystem:settings.proxies.heading")}>
        <ProxySettings settings={settings} />
      </SettingsSection>

      <div className="grid gap-3">
        {form.error && (
          <div id="settings-form-error">
            <FormError form={form} />
          </div>
        )}
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("adminSystem:settings.saving")}>
            {t("adminSystem:settings.save")}
          </SubmitButton>
        </div>
      </div>
    </SubmitForm>
  );
}

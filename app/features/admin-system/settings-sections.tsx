/**
 * The contents of the `/admin/settings` sections, one component each (the form frames them):
 * what the API lets superusers edit, next to what the environment decides, read-only.
 */
import { Checkbox, Select, TextInput } from "../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import {
  EnvManaged,
  EnvNote,
  Facts,
  PlainTable,
  SettingField,
  type SectionProps,
} from "./settings-parts.tsx";
import type { SystemSettings } from "../../api/system/system-types.ts";

/** PocketBase's log levels, by name. */
export const LOG_LEVEL_NAMES = { debug: -4, info: 0, warn: 4, error: 8 } as const;

/** The application's name, and its address (APP_URL). */
export function ApplicationSettings({ settings, errors }: SectionProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <SettingField
        name="appName"
        path="meta.appName"
        label={t("adminSystem:settings.application.appName")}
        value={settings.meta.appName}
        errors={errors}
        hint={t("adminSystem:settings.application.appNameHint")}
      />
      <Facts items={[[t("adminSystem:settings.application.appUrl"), settings.meta.appURL]]} />
      <EnvNote variables="APP_URL" />
    </>
  );
}

/** The mail sender, and the SMTP server (SMTP_URL). */
export function MailSettings({ settings, errors }: SectionProps) {
  const { t } = useAppTranslation();
  const { smtp } = settings;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SettingField
          name="senderName"
          path="meta.senderName"
          label={t("adminSystem:settings.mail.senderName")}
          value={settings.meta.senderName}
          errors={errors}
        />
        <SettingField
          name="senderAddress"
          path="meta.senderAddress"
          label={t("adminSystem:settings.mail.senderAddress")}
          value={settings.meta.senderAddress}
          errors={errors}
          type="email"
        />
      </div>
      <h3 className="font-semibold text-stone-900">{t("adminSystem:settings.mail.smtp")}</h3>
      <EnvManaged
        variables="SMTP_URL"
        empty={smtp.enabled ? null : t("adminSystem:settings.mail.smtpOff")}
      >
        <Facts
          items={[
            [t("adminSystem:settings.oauth2.state"), t("adminSystem:settings.mail.smtpOn")],
            [t("adminSystem:settings.mail.host"), smtp.host],
            [t("adminSystem:settings.mail.port"), String(smtp.port)],
            [t("adminSystem:settings.mail.username"), smtp.username || t("adminSystem:none")],
            [
              t("adminSystem:settings.mail.password"),
              t("adminSystem:settings.mail.passwordHidden"),
            ],
            [
              t("adminSystem:settings.mail.tls"),
              smtp.tls ? t("adminSystem:yes") : t("adminSystem:no"),
            ],
          ]}
        />
      </EnvManaged>
    </>
  );
}

/** The OAuth2 providers (OAUTH2_*), read-only. */
export function OAuth2Settings({ settings }: { settings: SystemSettings }) {
  const { t } = useAppTranslation();
  const { providers } = settings.oauth2;
  return (
    <EnvManaged
      variables="OAUTH2_*"
      empty={providers.length === 0 ? t("adminSystem:settings.oauth2.empty") : null}
    >
      <PlainTable
        label={t("adminSystem:settings.oauth2.heading")}
        columns={[
          t("adminSystem:settings.oauth2.name"),
          t("adminSystem:settings.oauth2.displayName"),
          t("adminSystem:settings.oauth2.state"),
        ]}
        rows={providers.map((provider) => ({
          key: provider.name,
          cells: [
            provider.name,
            provider.displayName,
            provider.enabled ? t("adminSystem:settings.oauth2.enabled") : t("adminSystem:no"),
          ],
        }))}
      />
    </EnvManaged>
  );
}

/** The batch limits: form field name, setting. */
const BATCH_FIELDS = [
  ["batchMaxRequests", "maxRequests"],
  ["batchTimeout", "timeout"],
  ["batchMaxBodySize", "maxBodySize"],
] as const;

/** The batch API: on or off, and its limits. */
export function BatchSettings({ settings, errors }: SectionProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <Checkbox
        name="batchEnabled"
        label={t("adminSystem:settings.batch.enabled")}
        defaultChecked={settings.batch.enabled}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {BATCH_FIELDS.map(([name, field]) => (
          <SettingField
            key={field}
            name={name}
            path={`batch.${field}`}
            label={t(`adminSystem:settings.batch.${field}`)}
            value={settings.batch[field]}
            errors={errors}
            hint={
              field === "maxBodySize" ? t("adminSystem:settings.batch.maxBodySizeHint") : undefined
            }
          />
        ))}
      </div>
    </>
  );
}

/** The request logs: how long they are kept, from which level, with what. */
export function LogSettings({ settings, errors }: SectionProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SettingField
          name="logsMaxDays"
          path="logs.maxDays"
          label={t("adminSystem:settings.logs.maxDays")}
          value={settings.logs.maxDays}
          errors={errors}
          hint={t("adminSystem:settings.logs.maxDaysHint")}
        />
        <Select
          label={t("adminSystem:settings.logs.minLevel")}
          error={errors["logs.minLevel"]}
          name="logsMinLevel"
          defaultValue={String(settings.logs.minLevel)}
        >
          {Object.entries(LOG_LEVEL_NAMES).map(([name, level]) => (
            <option key={name} value={String(level)}>
              {t(`adminSystem:log.levels.${name as keyof typeof LOG_LEVEL_NAMES}`)}
            </option>
          ))}
        </Select>
      </div>
      <Checkbox
        name="logsLogIP"
        label={t("adminSystem:settings.logs.logIP")}
        defaultChecked={settings.logs.logIP}
      />
      <Checkbox
        name="logsLogAuthId"
        label={t("adminSystem:settings.logs.logAuthId")}
        defaultChecked={settings.logs.logAuthId}
      />
    </>
  );
}

/**
 * The revision history's cap: versions kept per entry or post. Unbounded (0) shows as an
 * empty field; an empty field is sent as 0 (see {@link revisionCap}).
 */
export function RevisionSettings({ settings, errors }: SectionProps) {
  const { t } = useAppTranslation();
  const max = settings.revisions.maxPerRecord;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        label={t("adminSystem:settings.revisions.maxPerRecord")}
        hint={t("adminSystem:settings.revisions.maxPerRecordHint")}
        error={errors["revisions.maxPerRecord"]}
        name="revisionsMaxPerRecord"
        type="text"
        inputMode="numeric"
        defaultValue={max > 0 ? String(max) : ""}
      />
    </div>
  );
}

/** The cap as typed, for the API: empty is 0 (unbounded), a number a number, else as typed. */
export function revisionCap(typed: string): number | string {
  const trimmed = typed.trim();
  if (trimmed === "") return 0;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The trusted proxies (TRUSTED_PROXIES), read-only. */
export function ProxySettings({ settings }: { settings: SystemSettings }) {
  const { t } = useAppTranslation();
  const { proxies } = settings.trustedProxy;
  return (
    <EnvManaged
      variables="TRUSTED_PROXIES"
      empty={proxies.length === 0 ? t("adminSystem:settings.proxies.empty") : null}
    >
      <ul className="list-inside list-disc font-mono text-sm">
        {proxies.map((proxy) => (
          <li key={proxy}>{proxy}</li>
        ))}
      </ul>
    </EnvManaged>
  );
}

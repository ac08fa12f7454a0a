/**
 * The contents of the `/admin/settings` sections, one component each (the form frames them):
 * what the API lets superusers edit, next to what the environment decides, read-only.
 */
import { Checkbox, Select } from "../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../lib/i18n.ts";
import {
  EnvNote,
  Facts,
  PlainTable,
  SettingNumber,
  SettingText,
  type SectionProps,
} from "./settings-parts.tsx";
import type { SystemSettings } from "./types.ts";

/** PocketBase's log levels, by name. */
export const LOG_LEVEL_NAMES = { debug: -4, info: 0, warn: 4, error: 8 } as const;

/** The application's name, and its address (APP_URL). */
export function ApplicationSettings({ settings, errors }: SectionProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <SettingText
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
        <SettingText
          name="senderName"
          path="meta.senderName"
          label={t("adminSystem:settings.mail.senderName")}
          value={settings.meta.senderName}
          errors={errors}
        />
        <SettingText
          name="senderAddress"
          path="meta.senderAddress"
          label={t("adminSystem:settings.mail.senderAddress")}
          value={settings.meta.senderAddress}
          errors={errors}
          type="email"
        />
      </div>
      <h3 className="font-semibold text-stone-900">{t("adminSystem:settings.mail.smtp")}</h3>
      {smtp.enabled ? (
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
      ) : (
        <p className="text-sm text-stone-800">{t("adminSystem:settings.mail.smtpOff")}</p>
      )}
      <EnvNote variables="SMTP_URL" />
    </>
  );
}

/** The OAuth2 providers (OAUTH2_*), read-only. */
export function OAuth2Settings({ settings }: { settings: SystemSettings }) {
  const { t } = useAppTranslation();
  return (
    <>
      {settings.oauth2.providers.length === 0 ? (
        <p className="text-sm text-stone-800">{t("adminSystem:settings.oauth2.empty")}</p>
      ) : (
        <PlainTable
          columns={[
            t("adminSystem:settings.oauth2.name"),
            t("adminSystem:settings.oauth2.displayName"),
            t("adminSystem:settings.oauth2.state"),
          ]}
        >
          {settings.oauth2.providers.map((provider) => (
            <tr key={provider.name}>
              <td className="px-3 py-2 font-mono">{provider.name}</td>
              <td className="px-3 py-2">{provider.displayName}</td>
              <td className="px-3 py-2">
                {provider.enabled ? t("adminSystem:settings.oauth2.enabled") : t("adminSystem:no")}
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
      <EnvNote variables="OAUTH2_*" />
    </>
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
          <SettingNumber
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
        <SettingNumber
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

/** The trusted proxies (TRUSTED_PROXIES), read-only. */
export function ProxySettings({ settings }: { settings: SystemSettings }) {
  const { t } = useAppTranslation();
  return (
    <>
      {settings.trustedProxy.proxies.length === 0 ? (
        <p className="text-sm text-stone-800">{t("adminSystem:settings.proxies.empty")}</p>
      ) : (
        <ul className="list-inside list-disc font-mono text-sm">
          {settings.trustedProxy.proxies.map((proxy) => (
            <li key={proxy}>{proxy}</li>
          ))}
        </ul>
      )}
      <EnvNote variables="TRUSTED_PROXIES" />
    </>
  );
}

/**
 * The editable settings of `/admin/settings` in one form (application name, mail sender,
 * rate limits, batch, log retention), saved with `PATCH /api/settings`, next to what the
 * environment decides (APP_URL, SMTP_URL, OAUTH2_*, TRUSTED_PROXIES), shown read-only.
 * Numbers are sent as typed: the API validates them and its errors appear under each field.
 */
import { useState, type ReactNode, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { systemErrorSummary, systemFieldErrors } from "./system-errors.ts";
import type { RateLimitRule, SystemSettings } from "./types.ts";

/** PocketBase's log levels, by name. */
export const LOG_LEVEL_NAMES = { debug: -4, info: 0, warn: 4, error: 8 } as const;

/** A number field's value as a number when it is one, else as typed (the API refuses it). */
function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** Read-only facts: a definition list. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-stone-900">{term}</dt>
          <dd className="mb-2 text-stone-800 wrap-anywhere sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The "set by the environment" note of a read-only part. */
/** A read-only table of plain rows under column headings. */
function PlainTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div>
      <table className="w-full text-left text-sm wrap-anywhere">
        <thead className="bg-stone-100">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </div>
  );
}

function EnvNote({ variables }: { variables: string }) {
  const { t } = useAppTranslation();
  return (
    <p className="text-sm text-stone-700">
      <span className="mr-2 inline-block rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-900 uppercase">
        {t("adminSystem:envManaged")}
      </span>
      {t("adminSystem:envManagedHint", { variables })}
    </p>
  );
}

/** A checkbox with its label on the right. */
function Checkbox(props: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex min-h-10 items-center gap-3 font-semibold text-stone-900">
      <input
        type="checkbox"
        name={props.name}
        defaultChecked={props.defaultChecked}
        className="size-5 accent-amber-800"
      />
      {props.label}
    </label>
  );
}

/** A rule row being edited (its key survives removals of other rows). */
interface RuleRow extends RateLimitRule {
  key: number;
}

let nextRowKey = 0;
function toRows(rules: readonly RateLimitRule[]): RuleRow[] {
  return rules.map((rule) => ({ ...rule, key: (nextRowKey += 1) }));
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name);
    const body = {
      meta: {
        appName: text("appName"),
        senderName: text("senderName"),
        senderAddress: text("senderAddress"),
      },
      rateLimits: {
        enabled: form.has("rateLimitsEnabled"),
        rules: rules.map((row, index) => ({
          label: text(`rules.${String(index)}.label`),
          audience: text(`rules.${String(index)}.audience`),
          duration: numberOrText(text(`rules.${String(index)}.duration`)),
          maxRequests: numberOrText(text(`rules.${String(index)}.maxRequests`)),
        })),
      },
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
    };
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const saved = await getBrowserClient().send<SystemSettings>("/api/settings", {
        method: "PATCH",
        body,
      });
      setRules(toRows(saved.rateLimits.rules));
      props.onSaved(saved);
      notify.success(t("adminSystem:settings.saved"));
    } catch (failure) {
      setErrors(systemFieldErrors(failure, t));
      const message = systemErrorSummary(failure, t, t("adminSystem:settings.failed"));
      setFormError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  const numberField = (name: string, path: string, label: string, value: number, hint?: string) => (
    <FormField label={label} hint={hint} error={errors[path]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          defaultValue={String(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FormField>
  );

  const textField = (
    name: string,
    path: string,
    label: string,
    value: string,
    options: { hint?: string; type?: string; autoComplete?: string } = {},
  ) => (
    <FormField label={label} hint={options.hint} error={errors[path]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete ?? "off"}
          defaultValue={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FormField>
  );

  const rulesError = errors["rateLimits.rules"] ?? errors.rateLimits;
  const { smtp } = settings;
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="grid gap-6"
      aria-describedby={formError ? "settings-form-error" : undefined}
    >
      <SettingsSection title={t("adminSystem:settings.application.heading")}>
        {textField(
          "appName",
          "meta.appName",
          t("adminSystem:settings.application.appName"),
          settings.meta.appName,
          {
            hint: t("adminSystem:settings.application.appNameHint"),
          },
        )}
        <Facts items={[[t("adminSystem:settings.application.appUrl"), settings.meta.appURL]]} />
        <EnvNote variables="APP_URL" />
      </SettingsSection>

      <SettingsSection
        title={t("adminSystem:settings.mail.heading")}
        intro={t("adminSystem:settings.mail.intro")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {textField(
            "senderName",
            "meta.senderName",
            t("adminSystem:settings.mail.senderName"),
            settings.meta.senderName,
          )}
          {textField(
            "senderAddress",
            "meta.senderAddress",
            t("adminSystem:settings.mail.senderAddress"),
            settings.meta.senderAddress,
            { type: "email" },
          )}
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
      </SettingsSection>

      <SettingsSection
        title={t("adminSystem:settings.oauth2.heading")}
        intro={t("adminSystem:settings.oauth2.intro")}
      >
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
                  {provider.enabled
                    ? t("adminSystem:settings.oauth2.enabled")
                    : t("adminSystem:no")}
                </td>
              </tr>
            ))}
          </PlainTable>
        )}
        <EnvNote variables="OAUTH2_*" />
      </SettingsSection>

      <SettingsSection
        title={t("adminSystem:settings.rateLimits.heading")}
        intro={t("adminSystem:settings.rateLimits.intro")}
      >
        <Checkbox
          name="rateLimitsEnabled"
          label={t("adminSystem:settings.rateLimits.enabled")}
          defaultChecked={settings.rateLimits.enabled}
        />
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-semibold text-stone-900">
            {t("adminSystem:settings.rateLimits.rules")}
          </legend>
          {rulesError && <FormMessage kind="error">{rulesError}</FormMessage>}
          {rules.length === 0 && (
            <p className="text-sm text-stone-800">{t("adminSystem:settings.rateLimits.noRules")}</p>
          )}
          {rules.map((row, index) => {
            const at = `rateLimits.rules.${String(index)}`;
            const prefix = `rules.${String(index)}`;
            const number = t("adminSystem:settings.rateLimits.ruleNumber", { number: index + 1 });
            return (
              <fieldset
                key={row.key}
                className="grid gap-3 rounded border border-stone-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start"
              >
                <legend className="px-1 text-sm text-stone-700">{number}</legend>
                <FormField
                  label={t("adminSystem:settings.rateLimits.label")}
                  hint={index === 0 ? t("adminSystem:settings.rateLimits.labelHint") : undefined}
                  error={errors[`${at}.label`]}
                >
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      name={`${prefix}.label`}
                      defaultValue={row.label}
                      autoComplete="off"
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      className={`${inputClass} font-mono`}
                    />
                  )}
                </FormField>
                <FormField
                  label={t("adminSystem:settings.rateLimits.audience")}
                  error={errors[`${at}.audience`]}
                >
                  {({ id, describedBy, invalid }) => (
                    <select
                      id={id}
                      name={`${prefix}.audience`}
                      defaultValue={row.audience}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      className={inputClass}
                    >
                      <option value="">{t("adminSystem:settings.rateLimits.audienceAll")}</option>
                      <option value="@guest">
                        {t("adminSystem:settings.rateLimits.audienceGuest")}
                      </option>
                      <option value="@auth">
                        {t("adminSystem:settings.rateLimits.audienceAuth")}
                      </option>
                    </select>
                  )}
                </FormField>
                {(["duration", "maxRequests"] as const).map((field) => (
                  <FormField
                    key={field}
                    label={t(`adminSystem:settings.rateLimits.${field}`)}
                    error={errors[`${at}.${field}`]}
                  >
                    {({ id, describedBy, invalid }) => (
                      <input
                        id={id}
                        name={`${prefix}.${field}`}
                        type="text"
                        inputMode="numeric"
                        defaultValue={String(row[field])}
                        aria-invalid={invalid || undefined}
                        aria-describedby={describedBy}
                        className={inputClass}
                      />
                    )}
                  </FormField>
                ))}
                <button
                  type="button"
                  onClick={() => {
                    setRules((current) => current.filter((other) => other.key !== row.key));
                  }}
                  aria-label={t("adminSystem:settings.rateLimits.removeRule", {
                    label: row.label || number,
                  })}
                  className={`${buttonClass.secondary} sm:mt-6`}
                >
                  ✕
                </button>
              </fieldset>
            );
          })}
          <div>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => {
                setRules((current) => [
                  ...current,
                  ...toRows([{ label: "", audience: "", duration: 10, maxRequests: 100 }]),
                ]);
              }}
            >
              {t("adminSystem:settings.rateLimits.addRule")}
            </button>
          </div>
        </fieldset>
        <div>
          <h3 className="font-semibold text-stone-900">
            {t("adminSystem:settings.rateLimits.accounts")}
          </h3>
          <p className="mb-2 text-sm text-stone-700">
            {t("adminSystem:settings.rateLimits.accountsIntro")}
          </p>
          <PlainTable
            columns={[
              t("adminSystem:settings.rateLimits.action"),
              t("adminSystem:settings.rateLimits.duration"),
              t("adminSystem:settings.rateLimits.maxRequests"),
            ]}
          >
            {settings.rateLimits.accounts.map((limit) => (
              <tr key={limit.action}>
                <td className="px-3 py-2 font-mono">{limit.action}</td>
                <td className="px-3 py-2">{limit.duration}</td>
                <td className="px-3 py-2">{limit.maxRequests}</td>
              </tr>
            ))}
          </PlainTable>
        </div>
      </SettingsSection>

      <SettingsSection title={t("adminSystem:settings.batch.heading")}>
        <Checkbox
          name="batchEnabled"
          label={t("adminSystem:settings.batch.enabled")}
          defaultChecked={settings.batch.enabled}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          {numberField(
            "batchMaxRequests",
            "batch.maxRequests",
            t("adminSystem:settings.batch.maxRequests"),
            settings.batch.maxRequests,
          )}
          {numberField(
            "batchTimeout",
            "batch.timeout",
            t("adminSystem:settings.batch.timeout"),
            settings.batch.timeout,
          )}
          {numberField(
            "batchMaxBodySize",
            "batch.maxBodySize",
            t("adminSystem:settings.batch.maxBodySize"),
            settings.batch.maxBodySize,
            t("adminSystem:settings.batch.maxBodySizeHint"),
          )}
        </div>
      </SettingsSection>

      <SettingsSection title={t("adminSystem:settings.logs.heading")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField(
            "logsMaxDays",
            "logs.maxDays",
            t("adminSystem:settings.logs.maxDays"),
            settings.logs.maxDays,
            t("adminSystem:settings.logs.maxDaysHint"),
          )}
          <FormField
            label={t("adminSystem:settings.logs.minLevel")}
            error={errors["logs.minLevel"]}
          >
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="logsMinLevel"
                defaultValue={String(settings.logs.minLevel)}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass}
              >
                {Object.entries(LOG_LEVEL_NAMES).map(([name, level]) => (
                  <option key={name} value={String(level)}>
                    {t(`adminSystem:log.levels.${name as keyof typeof LOG_LEVEL_NAMES}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
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
      </SettingsSection>

      <SettingsSection title={t("adminSystem:settings.proxies.heading")}>
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
      </SettingsSection>

      <div className="grid gap-3">
        {formError && (
          <div id="settings-form-error">
            <FormMessage kind="error">{formError}</FormMessage>
          </div>
        )}
        <div>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? t("adminSystem:settings.saving") : t("adminSystem:settings.save")}
          </button>
        </div>
      </div>
    </form>
  );
}

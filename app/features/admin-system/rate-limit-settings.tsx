/**
 * The rate limits of `/admin/settings`: on or off, the editable rules (a row each, added and
 * removed in place, sent as `rules.N.field`), and the per-account limits, read-only.
 */
import type { Dispatch, SetStateAction } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { Checkbox, Select, TextInput } from "../../components/ui/form-controls.tsx";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { FieldMessages } from "../../components/forms/use-form-submit.ts";
import { numberOrText, PlainTable, type SectionProps } from "./settings-parts.tsx";
import type { RateLimitRule } from "../../api/system/system-types.ts";

/** A rule row being edited (its key survives removals of other rows). */
export interface RuleRow extends RateLimitRule {
  key: number;
}

let nextRowKey = 0;

/** Rows for `rules`, each with a new key. */
export function toRows(rules: readonly RateLimitRule[]): RuleRow[] {
  return rules.map((rule) => ({ ...rule, key: (nextRowKey += 1) }));
}

/** The rules as submitted: one per row, read from the row's fields. */
export function submittedRules(form: FormData, rows: readonly RuleRow[]) {
  const text = (name: string) => formText(form, name);
  return rows.map((_row, index) => ({
    label: text(`rules.${String(index)}.label`),
    audience: text(`rules.${String(index)}.audience`),
    duration: numberOrText(text(`rules.${String(index)}.duration`)),
    maxRequests: numberOrText(text(`rules.${String(index)}.maxRequests`)),
  }));
}

/** One rule's fields and its remove button. */
function RuleFields(props: {
  row: RuleRow;
  index: number;
  errors: FieldMessages;
  onRemove: () => void;
}) {
  const { t } = useAppTranslation();
  const { row, index, errors } = props;
  const at = `rateLimits.rules.${String(index)}`;
  const prefix = `rules.${String(index)}`;
  const number = t("adminSystem:settings.rateLimits.ruleNumber", { number: index + 1 });
  return (
    <fieldset className="grid gap-3 rounded border border-stone-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start">
      <legend className="px-1 text-sm text-stone-700">{number}</legend>
      <TextInput
        label={t("adminSystem:settings.rateLimits.label")}
        hint={index === 0 ? t("adminSystem:settings.rateLimits.labelHint") : undefined}
        error={errors[`${at}.label`]}
        name={`${prefix}.label`}
        defaultValue={row.label}
        autoComplete="off"
        className="font-mono"
      />
      <Select
        label={t("adminSystem:settings.rateLimits.audience")}
        error={errors[`${at}.audience`]}
        name={`${prefix}.audience`}
        defaultValue={row.audience}
      >
        <option value="">{t("adminSystem:settings.rateLimits.audienceAll")}</option>
        <option value="@guest">{t("adminSystem:settings.rateLimits.audienceGuest")}</option>
        <option value="@auth">{t("adminSystem:settings.rateLimits.audienceAuth")}</option>
      </Select>
      {(["duration", "maxRequests"] as const).map((field) => (
        <TextInput
          key={field}
          label={t(`adminSystem:settings.rateLimits.${field}`)}
          error={errors[`${at}.${field}`]}
          name={`${prefix}.${field}`}
          type="text"
          inputMode="numeric"
          defaultValue={String(row[field])}
        />
      ))}
      <button
        type="button"
        onClick={props.onRemove}
        aria-label={t("adminSystem:settings.rateLimits.removeRule", {
          label: row.label || number,
        })}
        className={`${buttonClass.secondary} sm:mt-6`}
      >
        ✕
      </button>
    </fieldset>
  );
}

/** The rate limits section's contents; `rules` are the rows being edited. */
export function RateLimitSettings(
  props: SectionProps & {
    rules: readonly RuleRow[];
    setRules: Dispatch<SetStateAction<RuleRow[]>>;
  },
) {
  const { t } = useAppTranslation();
  const { settings, errors, rules, setRules } = props;
  const rulesError = errors["rateLimits.rules"] ?? errors.rateLimits;
  return (
    <>
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
        {rules.map((row, index) => (
          <RuleFields
            key={row.key}
            row={row}
            index={index}
            errors={errors}
            onRemove={() => {
              setRules((current) => current.filter((other) => other.key !== row.key));
            }}
          />
        ))}
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
          label={t("adminSystem:settings.rateLimits.accounts")}
          columns={[
            t("adminSystem:settings.rateLimits.action"),
            t("adminSystem:settings.rateLimits.duration"),
            t("adminSystem:settings.rateLimits.maxRequests"),
          ]}
          rows={settings.rateLimits.accounts.map((limit) => ({
            key: limit.action,
            cells: [limit.action, limit.duration, limit.maxRequests],
          }))}
        />
      </div>
    </>
  );
}

/**
 * Turns failed requests into translated messages: the API returns stable validation codes per
 * field (`data.<field>.code`, read by `api/client/api-errors.ts`), which
 * `errors:validation.<code>` translates.
 */
import type { AppT } from "../i18n/i18n.ts";
import { failureStatus, responseFieldData } from "../../api/client/api-errors.ts";
import type errors from "#shared/i18n/catalogs/en/errors.ts";

type ValidationCode = keyof (typeof errors)["validation"];

/**
 * Translated messages per field of a failed request (empty when it had none). `translate`
 * may word the codes only some pages meet (e.g. the editor's file codes); it returns
 * `undefined` for the others, which `errors:validation.*` words.
 */
export function fieldErrors(
  error: unknown,
  t: AppT,
  translate?: (code: string) => string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(responseFieldData(error))) {
    const code =
      detail && typeof detail === "object" && "code" in detail && typeof detail.code === "string"
        ? detail.code
        : "other";
    out[field] =
      translate?.(code) ??
      t(`errors:validation.${(code in VALIDATION_KEYS ? code : "other") as ValidationCode}`);
  }
  return out;
}

const VALIDATION_KEYS: Record<string, true> = Object.fromEntries(
  [
    "validation_required",
    "validation_is_email",
    "validation_not_unique",
    "validation_values_mismatch",
    "validation_min_text_constraint",
    "validation_max_text_constraint",
    "validation_invalid_format",
    "validation_invalid_value",
    "validation_in_invalid",
    "validation_invalid_date",
    "validation_too_many_values",
    "validation_invalid_old_password",
    "validation_missing_rel_records",
    "validation_invalid_file",
    "validation_json_size_limit",
    "validation_not_a_number",
  ].map((code) => [code, true]),
);

/** A translated message for a failed request as a whole. */
export function requestErrorMessage(error: unknown, t: AppT): string {
  if (failureStatus(error) === 0) return t("errors:api.network");
  return t("errors:api.generic");
}

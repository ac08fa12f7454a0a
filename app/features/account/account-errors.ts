/**
 * Field errors of the account forms: the API's validation codes (`data.<field>.code`)
 * translated with the `account` catalog, which knows the codes of the auth endpoints
 * (tokens, passwords, email changes, avatars), falling back to the app's general ones.
 */
import { failedWith, responseFieldData } from "../../api/client/api-errors.ts";
import type account from "#shared/i18n/catalogs/en/account.ts";
import { fieldErrors, requestErrorMessage } from "../../lib/forms/api-errors.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";
import type { FieldMessages, FormSubmitOptions } from "../../components/forms/use-form-submit.ts";

type AccountCode = keyof (typeof account)["validation"];

/** The raw validation code of each field of a failed request. */
export function fieldCodes(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(responseFieldData(error))) {
    out[field] =
      detail && typeof detail === "object" && "code" in detail && typeof detail.code === "string"
        ? detail.code
        : "";
  }
  return out;
}

/** Codes the `account` catalog translates (its `validation` keys). */
const ACCOUNT_CODES: ReadonlySet<string> = new Set<AccountCode>([
  "validation_invalid_token",
  "validation_token_collection_mismatch",
  "validation_invalid_password",
  "validation_invalid_old_password",
  "validation_invalid_new_email",
  "validation_not_in_invalid",
  "validation_is_email",
  "validation_required",
  "validation_values_mismatch",
  "validation_length_out_of_range",
  "validation_length_too_short",
  "validation_length_too_long",
  "validation_min_text_constraint",
  "validation_max_text_constraint",
  "validation_match_invalid",
  "validation_invalid_format",
  "validation_not_unique",
  "validation_file_size_limit",
  "validation_invalid_mime_type",
  "validation_invalid_file",
  "validation_in_invalid",
  "validation_invalid_value",
]);

function isAccountCode(code: string): code is AccountCode {
  return ACCOUNT_CODES.has(code);
}

/** Translated messages per field of a failed request (empty when it had none). */
export function accountFieldErrors(error: unknown, t: AppT): Record<string, string> {
  const general = fieldErrors(error, t);
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(fieldCodes(error))) {
    out[field] = isAccountCode(code)
      ? t(`account:validation.${code}`)
      : (general[field] ?? t("errors:validation.other"));
  }
  return out;
}

/** Whether a failed request refused an emailed link's token (expired, used or forged). */
export function isTokenRejected(error: unknown): boolean {
  const code = fieldCodes(error).token ?? "";
  return code.startsWith("validation_invalid_token") || code.startsWith("validation_token_");
}

/** Whether a request was refused for being too frequent (HTTP 429). */
export function isTooManyRequests(error: unknown): boolean {
  return failedWith(error, 429);
}

/**
 * The submit options of an account form: the `account` catalog's field messages, `failed` as
 * the summary of a refusal with field errors, and the wording of a 429 (these endpoints are
 * rate limited per account).
 */
export function accountSubmit(t: AppT, failed: string): FormSubmitOptions {
  return {
    fieldErrors: accountFieldErrors,
    message: (error: unknown, fields: FieldMessages) =>
      Object.keys(fields).length > 0
        ? failed
        : isTooManyRequests(error)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(error, t),
  };
}

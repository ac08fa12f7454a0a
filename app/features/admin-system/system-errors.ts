/**
 * Messages for failed requests of the superuser pages: per-field validation errors (the
 * settings API keys them by path, e.g. `batch.maxRequests`, `rateLimits.rules.0.label`) in
 * the interface language, and the API's own wording of a refusal (e.g. why an uploaded
 * archive was refused), which the pages show under the translated summary.
 */
import { apiFailure, failureStatus } from "../../api/client/api-errors.ts";
import { fieldErrors, requestErrorMessage } from "../../lib/forms/api-errors.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";
import type { FormSubmitOptions } from "../../components/forms/use-form-submit.ts";

/** Validation codes only these APIs return, translated in `adminSystem:errors`. */
const SYSTEM_CODES = [
  "validation_env_managed",
  "validation_unknown_field",
  "validation_match_invalid",
  "validation_backup_name_exists",
  "validation_invalid_backup",
] as const;

type SystemCode = (typeof SYSTEM_CODES)[number];

function isSystemCode(code: string): code is SystemCode {
  return (SYSTEM_CODES as readonly string[]).includes(code);
}

/** Translated messages per field path of a failed request (empty when it had none). */
export function systemFieldErrors(error: unknown, t: AppT): Record<string, string> {
  return fieldErrors(error, t, (code) =>
    isSystemCode(code) ? t(`adminSystem:errors.${code}`) : undefined,
  );
}

/**
 * The API's own explanation of a refusal: the message of the first field error when there is
 * one (e.g. `Invalid backup archive: entry escapes the archive.`), else the response's
 * message; `null` for network failures and unknown errors.
 */
export function apiDetail(error: unknown): string | null {
  const failure = apiFailure(error);
  if (!failure || failure.status === 0) return null;
  for (const detail of Object.values(failure.data)) {
    if (detail && typeof detail === "object" && "message" in detail) {
      const message = detail.message;
      if (typeof message === "string" && message) return message;
    }
  }
  return failure.message || null;
}

/**
 * A summary for a failed request: `fallback` for refusals the API explained (400), the
 * translated wording of 403 and 413, or the generic network/server message.
 */
export function systemErrorSummary(error: unknown, t: AppT, fallback: string): string {
  const status = failureStatus(error);
  if (status === 400) return fallback;
  if (status === 401 || status === 403) return t("adminSystem:errors.forbidden");
  if (status === 413) return t("adminSystem:errors.tooLarge");
  return requestErrorMessage(error, t);
}

/**
 * The submit options of a superuser form: the system field messages and
 * {@link systemErrorSummary} with `failed` for the refusals the API explained.
 */
export function systemSubmit(t: AppT, failed: string): FormSubmitOptions {
  return {
    fieldErrors: systemFieldErrors,
    message: (error) => systemErrorSummary(error, t, failed),
  };
}

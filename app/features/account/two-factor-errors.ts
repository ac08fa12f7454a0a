/**
 * Field messages of the two-step verification forms: a wrong code (`validation_invalid_code`)
 * in the `security` catalog's words, everything else as the other account forms word it.
 */
import type { AppT } from "../../lib/i18n/i18n.ts";
import type { FormSubmitOptions } from "../../components/forms/use-form-submit.ts";
import { accountFieldErrors, accountSubmit, fieldCodes } from "./account-errors.ts";

/** Translated messages per field of a failed TOTP request. */
export function twoFactorFieldErrors(error: unknown, t: AppT): Record<string, string> {
  const messages = accountFieldErrors(error, t);
  for (const [field, code] of Object.entries(fieldCodes(error))) {
    if (code === "validation_invalid_code")
      messages[field] = t("security:validation.validation_invalid_code");
  }
  return messages;
}

/** Submit options of a two-step verification form. */
export function twoFactorSubmit(t: AppT): FormSubmitOptions {
  return {
    ...accountSubmit(t, t("security:settings.failed")),
    fieldErrors: twoFactorFieldErrors,
  };
}

/**
 * The message a notification gives for a failed request: the failure (`api/client/api-errors.ts`)
 * mapped through the app's error translations (`api-errors.ts`) plus the statuses a person
 * can act on. A cancelled request gives none.
 */
import { apiFailure } from "../../api/client/api-errors.ts";
import { fieldErrors, requestErrorMessage } from "../../lib/forms/api-errors.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";

/** The translated message for a failed request, or `null` when it was cancelled. */
export function requestErrorNotification(error: unknown, t: AppT): string | null {
  const failure = apiFailure(error);
  if (failure) {
    if (failure.aborted) return null;
    if (failure.status === 0) return requestErrorMessage(error, t);
    if (Object.keys(fieldErrors(error, t)).length > 0) {
      return t("shell:requestErrors.invalidFields");
    }
    switch (failure.status) {
      case 401:
        return t("shell:requestErrors.unauthorized");
      case 403:
        return t("shell:requestErrors.forbidden");
      case 404:
        return t("shell:requestErrors.notFound");
      case 429:
        return t("shell:requestErrors.tooManyRequests");
    }
  }
  if (error instanceof DOMException && error.name === "AbortError") return null;
  return requestErrorMessage(error, t);
}

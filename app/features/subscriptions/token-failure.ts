/**
 * How the pages of the mails' signed links (confirm, unsubscribe, manage) word a refused
 * token: a link that is malformed, forged, expired or of another purpose is "invalid or
 * expired", whatever the API's exact status (400, 401, 403 or 404), and the page answers with
 * that status; too many tries is a 429. Never a 500: the page always says what to do next.
 */
import { apiFailure } from "../../api/client/api-errors.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";

/** The statuses a refused link page answers with; anything else is a 400. */
const PASSED_ON = new Set([400, 401, 403, 404, 429]);

/** A refused link: the page's status and its message. */
export interface TokenFailure {
  status: number;
  message: string;
}

/** The query parameter of the mails' links. */
export const TOKEN_PARAM = "token";

/** The token of a link's address (`""` when absent). */
export function linkToken(url: URL): string {
  return url.searchParams.get(TOKEN_PARAM)?.trim() ?? "";
}

/** The failure a refused request of a link's token describes; rethrows any other error. */
export function tokenFailure(error: unknown, t: AppT): TokenFailure {
  const failure = apiFailure(error);
  if (!failure) throw error;
  const status = PASSED_ON.has(failure.status) ? failure.status : 400;
  return {
    status,
    message: status === 429 ? t("subscriptions:link.tooMany") : t("subscriptions:link.invalid"),
  };
}

/** The failure of a link without any token. */
export function missingToken(t: AppT): TokenFailure {
  return { status: 400, message: t("subscriptions:link.missing") };
}

/**
 * The second factors of the signed-in account (ADR 046, ADR 066), for any factor of
 * `shared/auth/second-factors.ts`: its state (`GET /api/collections/users/{method}`) and its
 * enrolment routes (`POST /api/collections/users/{method}/{action}`); the second step of a
 * sign-in is `completeSecondStep` in `mfa.ts`. A factor's component names its own actions and
 * bodies (TOTP: `setup`, `enable {code}`, `disable {password, code}`, `recovery-codes
 * {password, code}`).
 */
import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from "#shared/auth/second-factors.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Each factor's state as its `GET` answers it (the factor's component reads its shape). */
export type SecondFactorStatuses = Partial<Record<SecondFactorMethod, unknown>>;

/** The path of a factor's routes for the `users` collection. */
function factorPath(method: SecondFactorMethod): string {
  return `/api/collections/users/${method}`;
}

/** The state of every second factor of the signed-in account. */
export async function readSecondFactorStatuses(api: ApiClient): Promise<SecondFactorStatuses> {
  const answers = await Promise.all(
    SECOND_FACTOR_METHODS.map((method) => sdk(api).send<unknown>(factorPath(method), {})),
  );
  return Object.fromEntries(SECOND_FACTOR_METHODS.map((method, i) => [method, answers[i]]));
}

/**
 * `POST /api/collections/users/{method}/{action}` with `body`; answers the route's JSON
 * (`T`, as the factor's server plug-in declares it), or nothing for a 204.
 *
 * @example
 * const { recoveryCodes } = await secondFactorAction<{ recoveryCodes: string[] }>(
 *   api, "totp", "enable", { code },
 * );
 */
export function secondFactorAction<T = void>(
  api: ApiClient,
  method: SecondFactorMethod,
  action: string,
  body?: Record<string, string>,
): Promise<T> {
  return sdk(api).send<T>(`${factorPath(method)}/${action}`, {
    method: "POST",
    ...(body ? { body } : {}),
  });
}

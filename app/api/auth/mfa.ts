/**
 * PocketBase's multi-factor sign-in in the browser (ADR 046): a first factor (password,
 * emailed code, OAuth2) of an account with two-step verification is refused with
 * `401 {mfaId}`; the sign-in ends with a second factor's `auth-with-{method}` (TOTP's
 * `{mfaId, code}`), whose `{token, record}` goes into the auth store like any sign-in. Shared
 * by the login route and the sign-in features (OTP, OAuth2), which hand the `mfaId` to the
 * route.
 */
import { ClientResponseError, type RecordModel } from "pocketbase";
import type { SecondFactorMethod } from "#shared/auth/second-factors.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** The pending sign-in of a refused first factor; null for any other failure. */
export function mfaIdOf(error: unknown): string | null {
  if (!(error instanceof ClientResponseError) || error.status !== 401) return null;
  const id = (error.response as { mfaId?: unknown }).mfaId;
  return typeof id === "string" && id !== "" ? id : null;
}

/** Why a second step was refused, for the message the form shows. */
export type SecondStepFailure = "invalidCode" | "expired" | "tooManyAttempts" | "other";

/** Sorts a failed `auth-with-{method}`. */
export function secondStepFailure(error: unknown): SecondStepFailure {
  if (!(error instanceof ClientResponseError)) return "other";
  if (error.status === 429) return "tooManyAttempts";
  if (error.status !== 400) return "other";
  const message = (error.response as { message?: unknown }).message;
  if (typeof message === "string" && message.includes("MFA session")) return "expired";
  return "invalidCode";
}

/**
 * Finishes the sign-in `mfaId` with second factor `method`'s `proof` (TOTP: `{code}`, a code
 * of the authenticator app or a recovery code).
 */
export async function completeSecondStep(
  api: ApiClient,
  method: SecondFactorMethod,
  mfaId: string,
  proof: Record<string, string>,
): Promise<RecordModel> {
  const pb = sdk(api);
  const answer = await pb.send<{ token: string; record: RecordModel }>(
    `/api/collections/users/auth-with-${method}`,
    { method: "POST", body: { mfaId, ...proof }, requestKey: null },
  );
  pb.authStore.save(answer.token, answer.record);
  return answer.record;
}

/**
 * Whether a sign-in was refused by the collection's auth rule: for `users`, a suspended
 * account (ADR 046).
 */
export function isSignInRefused(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 403;
}

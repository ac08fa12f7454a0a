/**
 * Signing in with an emailed one-time code (`request-otp`, then `auth-with-otp`); the session
 * goes into the client's auth store (or `401 {mfaId}` for a two-step account, `mfa.ts`).
 */
import type { AuthRecord } from "./auth-store.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Emails a one-time code to `email` (`request-otp`); answers the code's `otpId`. */
export async function requestOtp(api: ApiClient, email: string): Promise<string> {
  const result = await sdk(api).collection("users").requestOTP(email);
  return result.otpId;
}

/** Signs in with an emailed code (`auth-with-otp`). */
export async function signInWithOtp(
  api: ApiClient,
  otpId: string,
  code: string,
): Promise<AuthRecord> {
  const answer = await sdk(api).collection("users").authWithOTP(otpId, code);
  return answer.record;
}

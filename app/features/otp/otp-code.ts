/** The one-time codes of "email me a code" (`request-otp` → `auth-with-otp`). */
import { failureStatus } from "../../api/client/api-errors.ts";

/**
 * A code as typed or pasted, ready to send: spaces, dashes and dots people (or mail
 * clients) put between digit groups removed. `" 1234 5678 "` → `"12345678"`.
 */
export function normalizeOtpCode(raw: string): string {
  return raw.replace(/[\s.\-‐-―]+/gu, "");
}

/** Why a code was refused, by the API's answer. */
export type OtpFailure = "invalid" | "tooManyAttempts" | "unavailable" | "other";

/**
 * Classifies a failed `request-otp` or `auth-with-otp`: 400 (wrong or expired code),
 * 429 (too many attempts), 403 (the collection does not allow OTP), anything else.
 */
export function otpFailure(error: unknown): OtpFailure {
  switch (failureStatus(error)) {
    case 400:
      return "invalid";
    case 429:
      return "tooManyAttempts";
    case 403:
      return "unavailable";
    default:
      return "other";
  }
}

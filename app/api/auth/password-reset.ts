/**
 * A forgotten password (`request-password-reset`, `confirm-password-reset`): the emailed link,
 * then the new password with the link's token.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Emails a password reset link to `email` (`request-password-reset`). */
export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await sdk(api).collection("users").requestPasswordReset(email);
}

/** Sets a new password with the reset link's token (`confirm-password-reset`). */
export async function confirmPasswordReset(
  api: ApiClient,
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<void> {
  await sdk(api).collection("users").confirmPasswordReset(token, password, passwordConfirm);
}

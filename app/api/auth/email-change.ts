/**
 * A change of the account's address (`request-email-change`, `confirm-email-change`): a link
 * emailed to the new address, then its token and the password confirm the change.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Emails a link to the new address that confirms the change (`request-email-change`). */
export async function requestEmailChange(api: ApiClient, newEmail: string): Promise<void> {
  await sdk(api).collection("users").requestEmailChange(newEmail);
}

/**
 * Confirms an email change with the link's token and the password (`confirm-email-change`).
 * Sent as is: the SDK's `confirmEmailChange()` clears the session at once, and the page would
 * render logged out before logging in again.
 */
export async function confirmEmailChange(
  api: ApiClient,
  token: string,
  password: string,
): Promise<void> {
  await sdk(api).send("/api/collections/users/confirm-email-change", {
    method: "POST",
    body: { token, password },
  });
}

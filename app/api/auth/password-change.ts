/**
 * A change of the signed-in account's password (`PATCH` of its own `users` record with the
 * old password): its other sessions end with it.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/**
 * Changes the account's password (`body`: `oldPassword`, `password`, `passwordConfirm`).
 * Sent as is, not with the SDK's `update()`: that would store the answer with the token the
 * change just ended, and the pages would briefly render logged out.
 */
export async function changePassword(
  api: ApiClient,
  userId: string,
  body: Record<string, string>,
): Promise<void> {
  await sdk(api).send(`/api/collections/users/records/${encodeURIComponent(userId)}`, {
    method: "PATCH",
    body,
  });
}

/**
 * Logging out ends the session on the server too (ADR 053): the token's device record is
 * deleted, so the token is refused everywhere from then on (a copied token, another tab), not
 * only forgotten by this browser. Offline or refused, the browser still forgets the session.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import { tokenClaims } from "./tokens.ts";

/** How long a logout waits for the server before forgetting the session anyway. */
const SIGN_OUT_TIMEOUT_MS = 5000;

/** The device a `users` token was issued to (its `device` claim), or null. */
export function tokenDevice(api: ApiClient): string | null {
  const pb = sdk(api);
  if (pb.authStore.record?.collectionName !== "users") return null;
  const claim: unknown = tokenClaims(pb.authStore.token).device;
  return typeof claim === "string" && claim !== "" ? claim : null;
}

/** Deletes the session's device on the server, if it has one; never throws. */
export async function forgetDevice(api: ApiClient): Promise<void> {
  const device = tokenDevice(api);
  if (!device) return;
  try {
    await sdk(api)
      .collection("devices")
      .delete(device, { requestKey: null, signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS) });
  } catch (failure) {
    // Offline, or already signed out elsewhere: the browser forgets the session anyway.
    console.debug("signing the device out failed", failure);
  }
}

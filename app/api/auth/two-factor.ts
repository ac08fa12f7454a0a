/**
 * Two-step verification of the signed-in account (`/api/collections/users/totp…`, ADR 046):
 * its status, the setup of an authenticator app, turning it on with a first code, turning it
 * off and new recovery codes (both proven with the password and a code).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

const TOTP = "/api/collections/users/totp";

/** `GET /api/collections/users/totp`. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Recovery codes left. */
  recoveryCodes: number;
  /** When it was turned on (`""` when off). */
  since: string;
}

/** What proves a change: the password and a code of the app (or a recovery code). */
export interface TwoFactorProof {
  password: string;
  code: string;
}

/** Whether two-step verification is on, and how many recovery codes are left. */
export function readTwoFactorStatus(api: ApiClient): Promise<TwoFactorStatus> {
  return sdk(api).send<TwoFactorStatus>(TOTP, {});
}

/** Starts the setup: the secret and the `otpauth://` URI the app scans. */
export function setupTwoFactor(api: ApiClient): Promise<{ secret: string; uri: string }> {
  return sdk(api).send<{ secret: string; uri: string }>(`${TOTP}/setup`, { method: "POST" });
}

/** Turns it on with a first code of the app; answers the recovery codes. */
export async function enableTwoFactor(api: ApiClient, code: string): Promise<string[]> {
  const { recoveryCodes } = await sdk(api).send<{ recoveryCodes: string[] }>(`${TOTP}/enable`, {
    method: "POST",
    body: { code },
  });
  return recoveryCodes;
}

/** Turns it off. */
export async function disableTwoFactor(api: ApiClient, proof: TwoFactorProof): Promise<void> {
  await sdk(api).send(`${TOTP}/disable`, { method: "POST", body: proof });
}

/** New recovery codes (the old ones stop working); answers them. */
export async function newRecoveryCodes(api: ApiClient, proof: TwoFactorProof): Promise<string[]> {
  const { recoveryCodes } = await sdk(api).send<{ recoveryCodes: string[] }>(
    `${TOTP}/recovery-codes`,
    { method: "POST", body: proof },
  );
  return recoveryCodes;
}

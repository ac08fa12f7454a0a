/**
 * Passkeys (ADR 052): the API calls around the WebAuthn ceremonies. The browser's own part
 * (`@simplewebauthn/browser`'s `create()` and `get()`) is the caller's, passed in as
 * `ceremony`, so this module never loads it.
 *
 * - registration: `passkeys/register-options`, the ceremony, `passkeys/register`;
 * - sign-in: `auth-with-passkey-options` (with the `mfaId` of a pending sign-in, the account's
 *   passkeys are listed), the ceremony, `auth-with-passkey`, whose `{token, record}` goes
 *   into the auth store like any sign-in.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { AuthRecord } from "./auth-store.ts";

const USERS = "/api/collections/users";

/** A passkey as the settings list it. */
export interface PasskeyItem {
  id: string;
  name: string;
  created: string;
  lastUsed: string;
}

/** Fields of the `passkeys` records the settings read. */
export const PASSKEY_FIELDS = "id,name,created,lastUsed";

/** The account's passkeys, oldest first. */
export function listPasskeys(api: ApiClient): Promise<PasskeyItem[]> {
  return sdk(api)
    .collection("passkeys")
    .getFullList<PasskeyItem>({ sort: "created", fields: PASSKEY_FIELDS });
}

/** Renames a passkey; answers it as stored. */
export function renamePasskey(api: ApiClient, id: string, name: string): Promise<PasskeyItem> {
  return sdk(api).collection("passkeys").update<PasskeyItem>(id, { name }, { requestKey: null });
}

/** Removes a passkey. */
export async function removePasskey(api: ApiClient, id: string): Promise<void> {
  await sdk(api).collection("passkeys").delete(id, { requestKey: null });
}

/**
 * Registers a passkey named `name` for the signed-in account, the browser's `ceremony`
 * answering the server's options; the new record.
 */
export async function registerPasskey(
  api: ApiClient,
  name: string,
  ceremony: (options: PublicKeyCredentialCreationOptionsJSON) => Promise<RegistrationResponseJSON>,
): Promise<PasskeyItem> {
  const pb = sdk(api);
  const options = await pb.send<PublicKeyCredentialCreationOptionsJSON>(
    `${USERS}/passkeys/register-options`,
    {
      method: "POST",
      requestKey: null,
    },
  );
  const response = await ceremony(options);
  const record = await pb.send<PasskeyItem>(`${USERS}/passkeys/register`, {
    method: "POST",
    body: { name, response },
    requestKey: null,
  });
  return { id: record.id, name: record.name, created: record.created, lastUsed: record.lastUsed };
}

/** Whether `auth-methods` offers passkeys. */
export async function passkeySignInEnabled(api: ApiClient): Promise<boolean> {
  const methods = await sdk(api)
    .collection("users")
    .listAuthMethods({ requestKey: null, fields: "passkey" });
  const passkey = (methods as { passkey?: { enabled?: unknown } }).passkey;
  return passkey?.enabled === true;
}

/** Whether the pending sign-in `mfaId` may end with a passkey (the account has one). */
export async function passkeyOffered(api: ApiClient, mfaId: string): Promise<boolean> {
  try {
    await sdk(api).send(`${USERS}/auth-with-passkey-options`, {
      method: "POST",
      body: { mfaId },
      requestKey: null,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Signs in with a passkey: alone (usernameless), or as the second step of the pending
 * sign-in `mfaId`; the browser's `ceremony` answers the server's options. The session is in
 * the auth store when it resolves.
 */
export async function signInWithPasskey(
  api: ApiClient,
  ceremony: (options: PublicKeyCredentialRequestOptionsJSON) => Promise<AuthenticationResponseJSON>,
  mfaId?: string,
): Promise<AuthRecord> {
  const pb = sdk(api);
  const { challengeId, options } = await pb.send<{
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>(`${USERS}/auth-with-passkey-options`, {
    method: "POST",
    body: mfaId ? { mfaId } : {},
    requestKey: null,
  });
  const response = await ceremony(options);
  const answer = await pb.send<{ token: string; record: AuthRecord }>(
    `${USERS}/auth-with-passkey`,
    {
      method: "POST",
      body: mfaId ? { mfaId, challengeId, response } : { challengeId, response },
      requestKey: null,
    },
  );
  pb.authStore.save(answer.token, answer.record);
  return answer.record;
}

/**
 * Passkeys in the browser (ADR 052): the API calls around the WebAuthn ceremonies, and what a
 * failure means for the person. `@simplewebauthn/browser` is imported only when a ceremony
 * starts, so reading pages never load it.
 *
 * - registration: `passkeys/register-options`, the browser's `create()`, `passkeys/register`;
 * - sign-in: `auth-with-passkey-options` (with the `mfaId` of a pending sign-in, the account's
 *   passkeys are listed), the browser's `get()`, `auth-with-passkey`, whose `{token, record}`
 *   goes into the auth store like any sign-in.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type PocketBase from "pocketbase";
import { ClientResponseError, type RecordModel } from "pocketbase";
import type { AppT } from "../../lib/i18n/i18n.ts";

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

/**
 * Whether browsers accept a page's host name as a passkey relying party: a domain name or
 * `localhost`, never an IP address (the page opened at `127.0.0.1` has no passkeys, the same
 * server opened at `localhost` has).
 */
export function hostAcceptsPasskeys(hostname: string): boolean {
  return (
    hostname !== "" &&
    !/^[\d.]+$/.test(hostname) &&
    !hostname.includes(":") &&
    !hostname.startsWith("[")
  );
}

/**
 * Whether passkeys can work here: the server offers them (`auth-methods`), the page's host
 * can be a relying party and the browser has WebAuthn.
 */
export async function passkeysAvailable(pb: PocketBase): Promise<boolean> {
  if (!hostAcceptsPasskeys(window.location.hostname)) return false;
  const methods = await pb
    .collection("users")
    .listAuthMethods({ requestKey: null, fields: "passkey" });
  const passkey = (methods as { passkey?: { enabled?: unknown } }).passkey;
  return passkey?.enabled === true && (await passkeysSupported());
}

/** Whether this browser has WebAuthn at all. */
export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Registers a passkey named `name` for the signed-in account; the new record. */
export async function registerPasskey(pb: PocketBase, name: string): Promise<PasskeyItem> {
  const options = await pb.send<PublicKeyCredentialCreationOptionsJSON>(
    `${USERS}/passkeys/register-options`,
    {
      method: "POST",
      requestKey: null,
    },
  );
  const { startRegistration } = await import("@simplewebauthn/browser");
  const response = await startRegistration({ optionsJSON: options });
  const record = await pb.send<PasskeyItem>(`${USERS}/passkeys/register`, {
    method: "POST",
    body: { name, response },
    requestKey: null,
  });
  return { id: record.id, name: record.name, created: record.created, lastUsed: record.lastUsed };
}

/** Whether the pending sign-in `mfaId` may end with a passkey (the account has one). */
export async function passkeyOffered(pb: PocketBase, mfaId: string): Promise<boolean> {
  try {
    await pb.send(`${USERS}/auth-with-passkey-options`, {
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
 * sign-in `mfaId`. The session is in the auth store when it resolves.
 */
export async function signInWithPasskey(pb: PocketBase, mfaId?: string): Promise<RecordModel> {
  const { challengeId, options } = await pb.send<{
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>(`${USERS}/auth-with-passkey-options`, {
    method: "POST",
    body: mfaId ? { mfaId } : {},
    requestKey: null,
  });
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const response = await startAuthentication({ optionsJSON: options });
  const answer = await pb.send<{ token: string; record: RecordModel }>(
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

/** What went wrong with a passkey request, as the person should hear it. */
export type PasskeyFailure =
  "cancelled" | "unsupported" | "exists" | "failed" | "expired" | "suspended" | "other";

/** Sorts a failed passkey request (the browser's refusals and the API's). */
export function passkeyFailure(error: unknown): PasskeyFailure {
  if (error instanceof ClientResponseError) {
    const text = (error.response as { message?: unknown }).message;
    if (error.status === 403)
      return typeof text === "string" && text.includes("passkey") ? "unsupported" : "suspended";
    if (error.status !== 400) return "other";
    if (typeof text === "string" && /expired|MFA session/i.test(text)) return "expired";
    return "failed";
  }
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  if (name === "NotAllowedError" || name === "AbortError") return "cancelled";
  if (name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "exists";
  if (
    name === "SecurityError" ||
    name === "NotSupportedError" ||
    code === "ERROR_INVALID_DOMAIN" ||
    code === "ERROR_INVALID_RP_ID" ||
    (error instanceof Error && /not supported/i.test(error.message))
  )
    return "unsupported";
  return "other";
}

/** The message of a failed passkey request; `other` falls back to the request's wording. */
export function passkeyFailureMessage(
  error: unknown,
  t: AppT,
  fallback: (error: unknown) => string,
): string {
  const failure = passkeyFailure(error);
  return failure === "other" ? fallback(error) : t(`passkeys:errors.${failure}`);
}

/**
 * Passkeys in the browser (ADR 052): the WebAuthn ceremonies around the API's calls
 * (`api/auth/passkeys.ts`), and what a failure means for the person.
 * `@simplewebauthn/browser` is imported only when a ceremony starts, so reading pages never
 * load it.
 */
import type { AppT } from "../../lib/i18n/i18n.ts";
import type { ApiClient } from "../../api/client/api-client.ts";
import { apiFailure } from "../../api/client/api-errors.ts";
import type { AuthRecord } from "../../api/auth/auth-store.ts";
import {
  passkeySignInEnabled,
  registerPasskey as registerWith,
  signInWithPasskey as signInWith,
  type PasskeyItem,
} from "../../api/auth/passkeys.ts";

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
export async function passkeysAvailable(api: ApiClient): Promise<boolean> {
  if (!hostAcceptsPasskeys(window.location.hostname)) return false;
  return (await passkeySignInEnabled(api)) && (await passkeysSupported());
}

/** Whether this browser has WebAuthn at all. */
export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Registers a passkey named `name` for the signed-in account; the new record. */
export function registerPasskey(api: ApiClient, name: string): Promise<PasskeyItem> {
  return registerWith(api, name, async (optionsJSON) => {
    const { startRegistration } = await import("@simplewebauthn/browser");
    return startRegistration({ optionsJSON });
  });
}

/**
 * Signs in with a passkey: alone (usernameless), or as the second step of the pending
 * sign-in `mfaId`. The session is in the auth store when it resolves.
 */
export function signInWithPasskey(api: ApiClient, mfaId?: string): Promise<AuthRecord> {
  return signInWith(
    api,
    async (optionsJSON) => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      return startAuthentication({ optionsJSON });
    },
    mfaId,
  );
}

/** What went wrong with a passkey request, as the person should hear it. */
export type PasskeyFailure =
  "cancelled" | "unsupported" | "exists" | "failed" | "expired" | "suspended" | "other";

/** Sorts a failed passkey request (the browser's refusals and the API's). */
export function passkeyFailure(error: unknown): PasskeyFailure {
  const failure = apiFailure(error);
  if (failure) {
    const text = failure.body.message;
    if (failure.status === 403)
      return typeof text === "string" && text.includes("passkey") ? "unsupported" : "suspended";
    if (failure.status !== 400) return "other";
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

/**
 * @simplewebauthn/server, loaded on the first passkey request: with its certificate and ASN.1
 * libraries it is one of the heaviest modules, and most processes never verify a passkey
 * (issue 30, memory at rest).
 */

let webauthnModule: Promise<typeof import("@simplewebauthn/server")> | undefined;

/** The WebAuthn verification module. */
export function loadWebAuthn(): Promise<typeof import("@simplewebauthn/server")> {
  webauthnModule ??= import("@simplewebauthn/server");
  return webauthnModule;
}

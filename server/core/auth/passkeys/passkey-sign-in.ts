/**
 * Signing in with a passkey (ADR 052):
 *
 * - `POST auth-with-passkey-options` `{}` → `{challengeId, options}`: request options with no
 *   `allowCredentials` (the browser offers the site's discoverable credentials: usernameless)
 *   and user verification required; with `{mfaId}` (the second step after a first factor),
 *   the options list that account's passkeys (400 when it has none);
 * - `POST auth-with-passkey` `{challengeId, response}` → `{token, record}`: a passkey alone
 *   signs in (it proves possession and, by user verification, a PIN or biometric: two
 *   factors); with `{mfaId, challengeId, response}` it completes the pending sign-in of a
 *   first factor, and the passkey must be that account's (404 otherwise).
 *
 * Refusals: 403 for a collection without passkeys; 400 `Invalid or expired passkey
 * challenge.` for an unknown, spent or expired `challengeId`; 400 `Failed to authenticate.`
 * for an unknown credential, a bad signature, another origin or relying party, a counter that
 * did not move forward, or no user verification; 400 `Invalid or expired MFA session.` for a
 * bad `mfaId`; the authRule (a suspended account: 403) as every sign-in.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { loadWebAuthn } from "./webauthn-module.ts";
import type { Database } from "../../../data/db.ts";
import {
  findPasskeyByCredentialId,
  listPasskeysOf,
  recordPasskeyUse,
  type PasskeyCredentialRow,
} from "../../../data/repositories/passkey-repository.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import type { AuthCollection, Collection } from "../../models/collection.ts";
import type { RecordService } from "../../records/record-service.ts";
import { rowToRecord } from "../../records/record-service.ts";
import type { RequestInfo } from "../../records/request-info.ts";
import { formatDate } from "../../records/values.ts";
import {
  BLANK,
  lengthError,
  requireAuthCollection,
  throwIfInvalid,
  type ReadInput,
} from "../auth-input.ts";
import type { AuthResponse, AuthService } from "../auth-service.ts";
import { INVALID_MFA, type MfaSessions } from "../mfa/mfa-sessions.ts";
import type { PasskeyChallenges } from "./passkey-challenges.ts";
import { CEREMONY_TIMEOUT_MS, PASSKEYS_DISABLED } from "./passkey-registration.ts";
import type { RelyingParty } from "./relying-party.ts";

/** PocketBase's answer to a sign-in that did not prove the account. */
export const AUTH_FAILED = "Failed to authenticate.";

/** What signing in needs. */
export interface PasskeySignInDeps {
  db: Database;
  records: RecordService;
  auth: AuthService;
  mfa: MfaSessions | null;
  challenges: PasskeyChallenges;
  rp: RelyingParty | null;
  supports: (collection: AuthCollection) => boolean;
  clock?: () => number;
}

/** The body of `auth-with-passkey`, bound by the HTTP layer. */
export interface PasskeySignInInput {
  challengeId: string;
  mfaId: string;
  /** The browser's answer (`startAuthentication`'s), unchecked. */
  response: Record<string, unknown> | null;
}

/** `{challengeId, options}` of `auth-with-passkey-options`. */
export interface PasskeyRequestOptions {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

/** Sign-ins with passkeys. */
export class PasskeySignIn {
  private readonly deps: PasskeySignInDeps;
  private readonly clock: () => number;

  constructor(deps: PasskeySignInDeps) {
    this.deps = deps;
    this.clock = deps.clock ?? (() => Date.now());
  }

  private relyingParty(collection: Collection): { auth: AuthCollection; rp: RelyingParty } {
    const auth = requireAuthCollection(collection);
    const { rp } = this.deps;
    if (!rp || !this.deps.supports(auth)) throw forbidden(PASSKEYS_DISABLED);
    return { auth, rp };
  }

  /** `auth-with-passkey-options`. */
  async options(
    collection: Collection,
    read: ReadInput<{ mfaId: string }>,
  ): Promise<PasskeyRequestOptions> {
    const { auth, rp } = this.relyingParty(collection);
    const { mfaId } = await read();
    throwIfInvalid({ mfaId: mfaId === "" ? undefined : lengthError(mfaId, 1, 255) });
    let recordRef = "";
    let allow: PasskeyCredentialRow[] | undefined;
    if (mfaId) {
      const pending = await this.pending(auth, mfaId);
      recordRef = pending.recordRef;
      allow = await listPasskeysOf(this.deps.db.kysely, recordRef);
      if (allow.length === 0) throw badRequest("The account has no passkey.");
    }
    const challenge = await this.deps.challenges.issue("authenticate", auth.id, recordRef);
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: Buffer.from(challenge.challenge, "base64url"),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: "required",
      ...(allow
        ? { allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports })) }
        : {}),
    });
    return { challengeId: challenge.id, options };
  }

  /** `auth-with-passkey`. */
  async authenticate(
    collection: Collection,
    request: RequestInfo,
    read: ReadInput<PasskeySignInInput>,
    expand?: string,
  ): Promise<AuthResponse> {
    const { auth, rp } = this.relyingParty(collection);
    const input = await read();
    throwIfInvalid({
      challengeId: input.challengeId === "" ? BLANK : lengthError(input.challengeId, 1, 255),
      mfaId: input.mfaId === "" ? undefined : lengthError(input.mfaId, 1, 255),
      response: input.response ? undefined : BLANK,
    });
    const pending = input.mfaId ? await this.pending(auth, input.mfaId) : null;
    const challenge = await this.deps.challenges.takeById(input.challengeId, auth.id);
    if (pending && challenge.recordRef && challenge.recordRef !== pending.recordRef)
      throw badRequest(AUTH_FAILED);
    const response = input.response as unknown as AuthenticationResponseJSON;
    const credentialId = typeof response.id === "string" ? response.id : "";
    const passkey = credentialId
      ? await findPasskeyByCredentialId(this.deps.db.kysely, credentialId)
      : undefined;
    if (!passkey) throw badRequest(AUTH_FAILED);
    // A sign-in started for one account is finished by that account's passkey only.
    if (
      (pending && passkey.user !== pending.recordRef) ||
      (challenge.recordRef && passkey.user !== challenge.recordRef)
    )
      throw notFound();
    await this.verify(passkey, response, challenge.challenge, rp);
    const row = await this.deps.records.findById(auth, passkey.user);
    if (!row) throw badRequest(AUTH_FAILED);
    if (pending && this.deps.mfa) await this.deps.mfa.complete(pending);
    return this.deps.auth.completeAuth(
      auth,
      rowToRecord(auth, row),
      { ...request, context: "passkey" },
      { method: "passkey", expand },
    );
  }

  /** The pending sign-in `mfaId`; 400 when there is none (or no MFA at all). */
  private async pending(auth: AuthCollection, mfaId: string) {
    if (!this.deps.mfa || !this.deps.mfa.enabledFor(auth)) throw badRequest(INVALID_MFA);
    return this.deps.mfa.find(auth, mfaId);
  }

  /**
   * Checks the answer with the stored key (signature, challenge, origin, relying party, user
   * verification, a counter moving forward) and records the use; 400 otherwise.
   */
  private async verify(
    passkey: PasskeyCredentialRow,
    response: AuthenticationResponseJSON,
    challenge: string,
    rp: RelyingParty,
  ): Promise<void> {
    let counter: number;
    try {
      const userHandle = response.response.userHandle;
      if (userHandle && Buffer.from(userHandle, "base64url").toString("utf8") !== passkey.user)
        throw new Error("another account's user handle");
      const { verifyAuthenticationResponse } = await loadWebAuthn();
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!verified.verified) throw new Error("not verified");
      counter = verified.authenticationInfo.newCounter;
    } catch {
      throw badRequest(AUTH_FAILED);
    }
    const now = formatDate(new Date(this.clock()));
    if (!(await recordPasskeyUse(this.deps.db.kysely, passkey.id, passkey.counter, counter, now)))
      throw badRequest(AUTH_FAILED);
  }
}

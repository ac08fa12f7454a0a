/**
 * Wires passkeys (ADR 052): the relying party of the public URL, the challenges, registration
 * and sign-in. Passkeys belong to `users` accounts (a deleted account's go with it: the
 * `passkeys.user` relation cascades).
 */
import type { Database } from "../../../data/db.ts";
import { USERS_COLLECTION_ID } from "../../../data/registry/common-fields.ts";
import type { AuthCollection } from "../../models/collection.ts";
import type { RecordService } from "../../records/record-service.ts";
import type { AuthService } from "../auth-service.ts";
import type { MfaSessions } from "../mfa/mfa-sessions.ts";
import { PasskeyChallenges } from "./passkey-challenges.ts";
import { PasskeyRegistration } from "./passkey-registration.ts";
import { PasskeySignIn } from "./passkey-sign-in.ts";
import type { RelyingParty } from "./relying-party.ts";

/** The passkey parts the HTTP layer calls. */
export interface Passkeys {
  registration: PasskeyRegistration;
  signIn: PasskeySignIn;
}

/** What {@link createPasskeys} needs. */
export interface PasskeysDeps {
  db: Database;
  records: RecordService;
  auth: AuthService;
  mfa: MfaSessions | null;
  /** The relying party of the public URL (`relyingPartyOf`); null: passkeys are off. */
  rp: RelyingParty | null;
  /** The name authenticators show for the site (the settings' app name). */
  appName: () => string;
  clock?: () => number;
}

/** Whether a collection's accounts have passkeys: `users` only. */
export function collectionHasPasskeys(collection: AuthCollection): boolean {
  return collection.id === USERS_COLLECTION_ID;
}

/** Builds the passkey parts. */
export function createPasskeys(deps: PasskeysDeps): Passkeys {
  const challenges = new PasskeyChallenges(deps.db, deps.clock);
  const shared = { db: deps.db, records: deps.records, challenges, rp: deps.rp };
  return {
    registration: new PasskeyRegistration({
      ...shared,
      appName: deps.appName,
      supports: collectionHasPasskeys,
    }),
    signIn: new PasskeySignIn({
      ...shared,
      auth: deps.auth,
      mfa: deps.mfa,
      supports: collectionHasPasskeys,
      ...(deps.clock ? { clock: deps.clock } : {}),
    }),
  };
}

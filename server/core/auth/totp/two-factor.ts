/**
 * Wires the authenticator app (TOTP) as a second factor: the code checker, enrolment, the
 * `auth-with-totp` step registered with the MFA sessions, and the clean-up of a deleted
 * account's authenticator, recovery codes and pending sign-ins (in the delete's transaction).
 */
import type { Database } from "../../../data/db.ts";
import { deleteMfasOf } from "../../../data/repositories/mfa-repository.ts";
import { deleteTotp } from "../../../data/repositories/totp-repository.ts";
import type { RecordService } from "../../records/record-service.ts";
import type { AuthService } from "../auth-service.ts";
import type { AuthThrottle } from "../auth-throttle.ts";
import type { MfaSessions } from "../mfa/mfa-sessions.ts";
import { TotpCodes } from "./totp-codes.ts";
import { TotpEnrolment } from "./totp-enrolment.ts";
import { TotpSignIn } from "./totp-sign-in.ts";
import type { TwoFactorKeys } from "./two-factor-keys.ts";

/** The TOTP parts the HTTP layer calls. */
export interface TwoFactor {
  enrolment: TotpEnrolment;
  signIn: TotpSignIn;
}

/** What {@link createTwoFactor} needs. */
export interface TwoFactorDeps {
  db: Database;
  records: RecordService;
  auth: AuthService;
  mfa: MfaSessions;
  throttle: AuthThrottle;
  keys: TwoFactorKeys;
  /** The name authenticator apps show (the settings' app name). */
  appName: () => string;
  clock?: () => number;
}

/** Builds the TOTP parts and registers TOTP as a second factor. */
export function createTwoFactor(deps: TwoFactorDeps): TwoFactor {
  const { db, records, auth, mfa } = deps;
  const codes = new TotpCodes(db, deps.throttle, deps.keys, deps.clock);
  const enrolment = new TotpEnrolment({
    db,
    records,
    codes,
    appName: deps.appName,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const signIn = new TotpSignIn({ db, records, auth, mfa, codes });
  mfa.register(signIn);
  // A deleted account takes its authenticator with it, in the same transaction.
  records.hooks.on(
    "afterDelete",
    async (event) => {
      await deleteTotp(event.db.kysely, event.collection.id, event.id);
      await deleteMfasOf(event.db.kysely, event.collection.id, event.id);
    },
    { collections: ["users"] },
  );
  return { enrolment, signIn };
}

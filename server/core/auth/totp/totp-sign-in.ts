/**
 * `POST /api/collections/{collection}/auth-with-totp` `{mfaId, code}`: the second step of a
 * sign-in whose first factor answered `401 {mfaId}` (ADR 046). `code` is the authenticator
 * app's current code, or one of the account's recovery codes (spent by this use). Answers
 * `{token, record}` like every sign-in.
 *
 * Refusals, PocketBase-worded: 403 for a collection without MFA; 400 `Invalid or expired MFA
 * session.` for an unknown, foreign, expired or already used `mfaId`; 400 `Invalid or expired
 * code.` for a wrong, replayed or spent code; 429 after 10 wrong codes on the account in
 * 15 minutes (`totp-codes.ts`).
 */
import type { Database } from "../../../data/db.ts";
import { hasEnabledTotp } from "../../../data/repositories/totp-repository.ts";
import { badRequest, forbidden } from "../../errors.ts";
import type { AuthCollection, Collection } from "../../models/collection.ts";
import type { RecordService } from "../../records/record-service.ts";
import { rowToRecord } from "../../records/record-service.ts";
import type { RequestInfo } from "../../records/request-info.ts";
import {
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  type ReadInput,
} from "../auth-input.ts";
import type { AuthResponse, AuthService } from "../auth-service.ts";
import { INVALID_MFA, type MfaSessions, type SecondFactor } from "../mfa/mfa-sessions.ts";
import type { TotpCodes } from "./totp-codes.ts";
import { TOTP_DISABLED } from "./totp-enrolment.ts";

/** What the second step needs. */
export interface TotpSignInDeps {
  db: Database;
  records: RecordService;
  auth: AuthService;
  mfa: MfaSessions;
  codes: TotpCodes;
}

/** The authenticator app as a second factor. */
export class TotpSignIn implements SecondFactor {
  readonly method = "totp";
  private readonly deps: TotpSignInDeps;

  constructor(deps: TotpSignInDeps) {
    this.deps = deps;
  }

  /** Whether the record has a confirmed authenticator. */
  enrolled(collection: AuthCollection, recordId: string): Promise<boolean> {
    return hasEnabledTotp(this.deps.db.kysely, collection.id, recordId);
  }

  /** `auth-with-totp` (see the module comment). */
  async authenticate(
    collection: Collection,
    request: RequestInfo,
    read: ReadInput<{ mfaId: string; code: string }>,
    expand?: string,
  ): Promise<AuthResponse> {
    const auth = requireAuthCollection(collection);
    if (!auth.auth.mfa) throw forbidden(TOTP_DISABLED);
    const input = await read();
    throwIfInvalid({
      code: requiredLengthError(input.code, 1, 100),
      mfaId: requiredLengthError(input.mfaId, 1, 255),
    });
    const { mfa, records, codes } = this.deps;
    const pending = await mfa.find(auth, input.mfaId);
    const row = await records.findById(auth, pending.recordRef);
    if (!row) throw badRequest(INVALID_MFA);
    const id = String(row.id);
    const result = await codes.check(auth.id, id, input.code, { recovery: true });
    if (result !== "totp" && result !== "recoveryCode")
      throw badRequest("Invalid or expired code.");
    // One first factor, one sign-in: a concurrent second step with another code loses here.
    await mfa.complete(pending);
    return this.deps.auth.completeAuth(
      auth,
      rowToRecord(auth, row),
      { ...request, context: "totp" },
      { method: "totp", expand },
    );
  }
}

/**
 * Multi-factor sign-in, on PocketBase's wire (ADR 046): when an account has enrolled a second
 * factor, its first factor (password, OAuth2, emailed code) does not sign it in but answers
 * `401 {"mfaId": "…"}`; the client then proves the second factor with that id
 * (`auth-with-totp`, or another second factor's `auth-with-{method}`, or a passkey) within the collection's MFA duration (10 minutes), and
 * only that second call answers `{token, record}`. Pending sign-ins live in `_mfas`, so every
 * instance knows them, and each completes at most one sign-in.
 *
 * Unlike PocketBase, any two methods are not interchangeable: the second factor must be one
 * the account enrolled. A password followed by an emailed code would be two things an
 * attacker with the mailbox already has.
 */
import type { Database } from "../../../data/db.ts";
import {
  deleteMfa,
  deleteMfasCreatedBefore,
  deleteMfasOf,
  findMfaById,
  insertMfa,
  type MfaRow,
} from "../../../data/repositories/mfa-repository.ts";
import { IntervalGate } from "../../../tools/routine/interval-gate.ts";
import { badRequest, CoreError } from "../../errors.ts";
import type { AuthCollection } from "../../models/collection.ts";
import { generateFromPattern } from "../../records/record-input.ts";
import { formatDate } from "../../records/values.ts";

/** PocketBase's answer to a bad or expired `mfaId`. */
export const INVALID_MFA = "Invalid or expired MFA session.";
/** PocketBase's answer when the second call repeats a method the first call used. */
export const DIFFERENT_METHOD = "A different authentication method is required.";

/** How often one process deletes expired pending sign-ins. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The 401 of a first factor that needs a second one. Its body is `{"mfaId": "…"}` only, not
 * an error body (PocketBase's `ErrMFA`); the HTTP error handler writes it so.
 */
export class MfaRequiredError extends CoreError {
  override name = "MfaRequiredError";
  readonly mfaId: string;

  constructor(mfaId: string) {
    super(401, "Multi-factor authentication required.");
    this.mfaId = mfaId;
  }
}

/**
 * What the pending sign-ins ask of a second factor (the whole plug-in is `SecondFactor` in
 * `second-factor.ts`).
 */
export interface EnrolledFactor {
  /** The method name it signs in with (`totp`), as `_mfas.method` and sign-in events name it. */
  readonly method: string;
  /** Whether the record has this factor, enrolled and confirmed. */
  enrolled(collection: AuthCollection, recordId: string): Promise<boolean>;
}

/** The pending sign-ins of `_mfas` and the factors that make an account need one. */
export class MfaSessions {
  private readonly db: Database;
  private readonly clock: () => number;
  private readonly sweeps: IntervalGate;
  private readonly factors: EnrolledFactor[] = [];

  constructor(db: Database, clock: () => number = () => Date.now()) {
    this.db = db;
    this.clock = clock;
    this.sweeps = new IntervalGate(SWEEP_INTERVAL_MS, clock);
  }

  /** Adds a kind of second factor. */
  register(factor: EnrolledFactor): void {
    this.factors.push(factor);
  }

  /** Whether the collection signs in with two factors at all (`auth.mfa`). */
  enabledFor(collection: AuthCollection): boolean {
    return collection.auth.mfa !== undefined;
  }

  /** The second factors a record has enrolled (their method names). */
  async enrolledFactors(collection: AuthCollection, recordId: string): Promise<string[]> {
    if (!this.enabledFor(collection)) return [];
    const out: string[] = [];
    for (const factor of this.factors) {
      if (await factor.enrolled(collection, recordId)) out.push(factor.method);
    }
    return out;
  }

  /**
   * Called by a first factor that identified `recordId` (PocketBase's `checkMFA`): throws the
   * 401 `{mfaId}` when the record has a second factor, and does nothing otherwise. A first
   * factor sent with an `mfaId` cannot be the second step: 400.
   */
  async requireSecondFactor(
    collection: AuthCollection,
    recordId: string,
    method: string,
    mfaId: string,
  ): Promise<void> {
    const factors = await this.enrolledFactors(collection, recordId);
    if (factors.length === 0) return;
    if (mfaId) {
      const pending = await this.find(collection, mfaId);
      if (pending.recordRef !== recordId) throw badRequest("Invalid MFA session.");
      throw badRequest(DIFFERENT_METHOD);
    }
    const now = formatDate(new Date(this.clock()));
    const id = generateFromPattern("[a-z0-9]{15}");
    await insertMfa(this.db.kysely, {
      id,
      collectionRef: collection.id,
      recordRef: recordId,
      method,
      created: now,
      updated: now,
    });
    await this.sweep(collection);
    throw new MfaRequiredError(id);
  }

  /**
   * The pending sign-in `mfaId` of the collection, still within its duration; 400
   * `Invalid or expired MFA session.` otherwise (an expired one is deleted on the way).
   */
  async find(collection: AuthCollection, mfaId: string): Promise<MfaRow> {
    const duration = collection.auth.mfa?.duration ?? 0;
    const row = mfaId ? await findMfaById(this.db.kysely, mfaId) : undefined;
    if (!row || row.collectionRef !== collection.id) throw badRequest(INVALID_MFA);
    if (row.created < formatDate(new Date(this.clock() - duration * 1000))) {
      await deleteMfa(this.db.kysely, row.id);
      throw badRequest(INVALID_MFA);
    }
    return row;
  }

  /**
   * Completes a pending sign-in: deletes it, and throws 400 `Invalid or expired MFA session.`
   * when another request completed it first.
   */
  async complete(row: MfaRow): Promise<void> {
    if (!(await deleteMfa(this.db.kysely, row.id))) throw badRequest(INVALID_MFA);
  }

  /** Forgets a record's pending sign-ins (its account is gone). */
  async forget(collectionId: string, recordId: string, db: Database = this.db): Promise<void> {
    await deleteMfasOf(db.kysely, collectionId, recordId);
  }

  /** Deletes a collection's expired pending sign-ins, at most every 10 minutes per process. */
  private async sweep(collection: AuthCollection): Promise<void> {
    if (!this.sweeps.due()) return;
    const duration = collection.auth.mfa?.duration ?? 0;
    await deleteMfasCreatedBefore(
      this.db.kysely,
      collection.id,
      formatDate(new Date(this.clock() - duration * 1000)),
    );
  }
}

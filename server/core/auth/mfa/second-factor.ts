/**
 * A second factor is a plug-in (ADR 066): an object implementing {@link SecondFactor}, made by
 * a {@link SecondFactorPlugin} listed once in `second-factor-list.ts` and described once in
 * `shared/auth/second-factors.ts`. What every factor shares is here, written once:
 *
 * - the second step of a sign-in, `POST auth-with-{method}` `{mfaId, …proof}` (ADR 046): the
 *   collection must have MFA (403), the proof's fields and `mfaId` are checked together (400),
 *   the pending sign-in must be live (400 `Invalid or expired MFA session.`), the factor
 *   checks the proof, the pending sign-in is completed once, and the sign-in ends in
 *   `AuthService.completeAuth` like every other;
 * - the owner checks of the enrolment routes (`GET {method}`, `POST {method}/{action}`);
 * - the clean-up of an account's factors: when it is deleted (in the delete's transaction,
 *   with its pending sign-ins) and when its address is first proven (ADR 056);
 * - reading the factors' keys again after a backup is restored.
 *
 * The HTTP layer registers each factor's routes from the same list
 * (`server/http/records/record-auth-second-factor.ts`).
 */
import type { Kysely } from "kysely";
import { secondFactorOf, type SecondFactorMethod } from "#shared/auth/second-factors.ts";
import type { AnyDB, Database } from "../../../data/db.ts";
import { badRequest, forbidden, unauthorized, type FieldError } from "../../errors.ts";
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
import type { AuthThrottle } from "../auth-throttle.ts";
import { INVALID_MFA, type MfaSessions } from "./mfa-sessions.ts";

/** A request to one of a factor's enrolment routes, its body read on demand. */
export interface FactorRequest<F extends string = string> {
  /** The route's collection. */
  collection: Collection;
  info: RequestInfo;
  /** Whether it runs on an impersonation token (they never change a factor). */
  impersonated: boolean;
  /** The route's path parameters (`reset/:id` → `{id}`). */
  params: Readonly<Record<string, string>>;
  /** Reads the body's declared fields (as text; missing ones are `""`). */
  read: ReadInput<Record<F, string>>;
}

/** `POST /api/collections/{collection}/{method}/{path}`: one enrolment route of a factor. */
export interface FactorAction {
  /** After `{method}/`; may hold parameters (`reset/:id`). */
  path: string;
  /** The body fields it reads (text). */
  fields: readonly string[];
  /** Answers the request (`undefined`: 204). */
  run(request: FactorRequest): Promise<unknown>;
}

/**
 * Declares an enrolment route of a factor, typing its body by its fields.
 *
 * @example
 * factorAction("enable", ["code"], async (request) => enable((await request.read()).code));
 */
export function factorAction<const F extends string>(
  path: string,
  fields: readonly F[],
  run: (request: FactorRequest<F>) => Promise<unknown>,
): FactorAction {
  return { path, fields, run };
}

/** A kind of second factor an account may enrol: everything the rest of the app asks of it. */
export interface SecondFactor {
  /** Its name in `shared/auth/second-factors.ts` (`totp`). */
  readonly method: SecondFactorMethod;
  /** The fields of its second step's body besides `mfaId` (`["code"]`). */
  readonly proof: readonly string[];
  /** Whether the record has it, enrolled and confirmed (then a first factor asks for it). */
  enrolled(collection: AuthCollection, recordId: string): Promise<boolean>;
  /** The field errors of a second step's proof, checked with `mfaId`'s before anything else. */
  invalidProof(proof: Readonly<Record<string, string>>): Record<string, FieldError | undefined>;
  /**
   * Checks the proof of the record's second step, and spends it (a code works once); throws
   * the refusal (400, 429) when it is wrong.
   */
  verify(
    collection: AuthCollection,
    recordId: string,
    proof: Readonly<Record<string, string>>,
  ): Promise<void>;
  /** `GET {method}`: the signed-in account's state of this factor. */
  status(request: FactorRequest<never>): Promise<unknown>;
  /** `POST {method}/…`: enrolling, confirming, turning off… */
  readonly actions: readonly FactorAction[];
  /**
   * Deletes everything the record has of this factor, inside the caller's transaction `db`;
   * true when it had the factor (enrolled or pending).
   */
  forget(db: Kysely<AnyDB>, collectionId: string, recordId: string): Promise<boolean>;
  /** Reads its keys again (a restored backup brings its own); none to read when absent. */
  reload?(db: Database): Promise<void>;
}

/** What a factor is made from. */
export interface SecondFactorKit {
  db: Database;
  records: RecordService;
  /** The per-account counters of wrong attempts (shared by every instance). */
  throttle: AuthThrottle;
  /** The name authenticators show for the site (the settings' app name). */
  appName: () => string;
  clock?: () => number;
}

/** Makes a factor (it may read its keys first). */
export type SecondFactorPlugin = (kit: SecondFactorKit) => Promise<SecondFactor>;

/** PocketBase's wording for a collection without MFA, in the factor's name. */
export function factorDisabled(method: SecondFactorMethod): string {
  return `The collection is not configured to allow ${secondFactorOf(method).wireName} authentication.`;
}

/**
 * The signed-in record of a factor's enrolment route, for collections with MFA: 404 for a
 * collection that is not an auth collection, 401 for guests, 403 for a record of another
 * collection, a collection without MFA or an impersonation token.
 *
 * SECURITY: never for an impersonation token: a superuser viewing as someone could lock them
 * out.
 */
export function factorOwner(
  method: SecondFactorMethod,
  request: FactorRequest,
): { collection: AuthCollection; id: string } {
  const auth = requireAuthCollection(request.collection);
  const session = request.info.auth;
  if (!session) throw unauthorized();
  if (session.collection.id !== auth.id)
    throw forbidden(`The request requires auth record from ${session.collection.name} collection.`);
  if (!auth.auth.mfa) throw forbidden(factorDisabled(method));
  if (request.impersonated)
    throw forbidden("An impersonation token cannot change two-factor authentication.");
  return { collection: auth, id: String(session.record.id) };
}

/** What {@link SecondFactors} needs. */
export interface SecondFactorsDeps {
  records: RecordService;
  auth: AuthService;
  mfa: MfaSessions;
}

/** The enrolled factors of the app: the second step, clean-up and keys of all of them. */
export class SecondFactors {
  private readonly deps: SecondFactorsDeps;
  /** In the order of `shared/auth/second-factors.ts`. */
  readonly list: readonly SecondFactor[];

  constructor(deps: SecondFactorsDeps, factors: readonly SecondFactor[]) {
    this.deps = deps;
    this.list = factors;
    for (const factor of factors) deps.mfa.register(factor);
    // A deleted account takes its factors and pending sign-ins with it, in its transaction.
    deps.records.hooks.on(
      "afterDelete",
      async (event) => {
        await this.forget(event.db.kysely, event.collection.id, event.id);
        await deps.mfa.forget(event.collection.id, event.id, event.db);
      },
      { collections: ["users"] },
    );
  }

  /**
   * `POST auth-with-{method}` `{mfaId, …proof}`: the second step of a sign-in whose first
   * factor answered `401 {mfaId}`; see the module comment.
   */
  async authenticate(
    factor: SecondFactor,
    collection: Collection,
    request: RequestInfo,
    read: ReadInput<Record<string, string>>,
    expand?: string,
  ): Promise<AuthResponse> {
    const auth = requireAuthCollection(collection);
    if (!auth.auth.mfa) throw forbidden(factorDisabled(factor.method));
    const input = await read();
    const mfaId = input.mfaId ?? "";
    throwIfInvalid({
      ...factor.invalidProof(input),
      mfaId: requiredLengthError(mfaId, 1, 255),
    });
    const { mfa, records } = this.deps;
    const pending = await mfa.find(auth, mfaId);
    const row = await records.findById(auth, pending.recordRef);
    if (!row) throw badRequest(INVALID_MFA);
    await factor.verify(auth, String(row.id), input);
    // One first factor, one sign-in: a concurrent second step with another proof loses here.
    await mfa.complete(pending);
    return this.deps.auth.completeAuth(
      auth,
      rowToRecord(auth, row),
      { ...request, context: factor.method },
      { method: factor.method, expand },
    );
  }

  /** Deletes every factor of a record in `db`'s transaction; true when it had any. */
  async forget(db: Kysely<AnyDB>, collectionId: string, recordId: string): Promise<boolean> {
    let had = false;
    for (const factor of this.list) {
      if (await factor.forget(db, collectionId, recordId)) had = true;
    }
    return had;
  }

  /** Reads every factor's keys again (after a restore). */
  async reload(db: Database): Promise<void> {
    for (const factor of this.list) await factor.reload?.(db);
  }
}

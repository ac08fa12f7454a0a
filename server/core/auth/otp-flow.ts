/**
 * One-time passwords by email (`request-otp`, `auth-with-otp`), for collections whose auth
 * options enable them (`users`: 8 digits, valid 180 s). Codes are stored as bcrypt hashes in
 * `_otps`, work once, and a record gets at most 5 attempts per 180 s (counted in the
 * database, so on every instance together).
 */
import { randomInt } from "node:crypto";
import {
  deleteOtp,
  deleteOtpCopies,
  deleteOtpsCreatedBefore,
  findOtpById,
  findRecentOtps,
  insertOtp,
} from "../../data/repositories/otp-repository.ts";
import { badRequest, CoreError, forbidden } from "../errors.ts";
import { otpMail } from "../mail/templates.ts";
import type { AuthCollection, Collection } from "../models/collection.ts";
import { generateFromPattern } from "../records/record-input.ts";
import { rowToRecord } from "../records/record-service.ts";
import type { RequestInfo } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";
import {
  AccountFlow,
  recipientOf,
  saveAuthRecord,
  siteOf,
  type AccountDeps,
} from "./account-deps.ts";
import type { AuthResponse } from "./auth-service.ts";
import {
  readEmail,
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  type ReadInput,
} from "./auth-input.ts";
import { otpAttemptsKey } from "./auth-throttle.ts";
import { IntervalGate } from "../../tools/routine/interval-gate.ts";
import { hashPassword, verifyPassword } from "../../tools/security/passwords.ts";
import { randomSecret } from "./secrets.ts";

/** Attempts per record and window (PocketBase's hard-coded `@pb_otp_` rate limit). */
export const OTP_MAX_ATTEMPTS = 5;
/** The attempts window, in seconds. */
export const OTP_ATTEMPTS_WINDOW_SECONDS = 180;
/** From this many live codes on, a record's latest code is handed out again instead of mailed. */
const MAX_LIVE_OTPS = 10;
/** How often one process deletes expired codes. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const DISABLED = "The collection is not configured to allow OTP authentication.";
const INVALID_OTP = "Invalid or expired OTP.";
const TOO_MANY = "Too many attempts, please try again later with a new OTP.";

/** A code of `length` decimal digits from a cryptographic source. */
function randomDigits(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** Sign-in with a code sent by email. */
export class OtpFlow extends AccountFlow {
  private readonly clock: () => number;
  private readonly sweeps: IntervalGate;

  constructor(deps: AccountDeps, clock: () => number = Date.now) {
    super(deps);
    this.clock = clock;
    this.sweeps = new IntervalGate(SWEEP_INTERVAL_MS, clock);
  }

  private enabled(collection: Collection): AuthCollection & {
    auth: { otp: { duration: number; length: number } };
  } {
    const auth = requireAuthCollection(collection);
    if (!auth.auth.otp) throw forbidden(DISABLED);
    return auth as AuthCollection & { auth: { otp: { duration: number; length: number } } };
  }

  /** Deletes expired codes of the collection, at most every 10 minutes per process. */
  private async sweep(collection: AuthCollection, duration: number): Promise<void> {
    if (!this.sweeps.due()) return;
    await deleteOtpsCreatedBefore(
      this.deps.db.kysely,
      collection.id,
      formatDate(new Date(this.clock() - duration * 1000)),
    );
  }

  /**
   * `request-otp`: mails a code to the record with this address and answers `{otpId}`. An
   * unknown address gets a random id of the same shape, after the same hashing work.
   */
  async request(
    collection: Collection,
    read: ReadInput<{ email: string }>,
  ): Promise<{ otpId: string }> {
    const auth = this.enabled(collection);
    const email = await readEmail(read);
    const { duration, length } = auth.auth.otp;
    const { db, records, mailer } = this.deps;
    const code = randomDigits(length);
    // Hashed before the lookup: known and unknown addresses cost the same.
    const hash = await hashPassword(code);
    const row = await records.findAuthRecord(auth, "email", email);
    if (!row) return { otpId: generateFromPattern("[a-z0-9]{15}") };
    await this.sweep(auth, duration);

    const now = this.clock();
    const live = await findRecentOtps(
      db.kysely,
      auth.id,
      String(row.id),
      formatDate(new Date(now - duration * 1000)),
    );
    const latest = live[0];
    if (latest && live.length >= MAX_LIVE_OTPS) {
      // Someone is asking too often: mail nothing, and let the last code mailed work under a
      // new id too (same hash, same expiry). SECURITY (F3): the answer is a fresh id, like
      // every other answer, known address or not.
      const copy = generateFromPattern("[a-z0-9]{15}");
      await insertOtp(db.kysely, { ...latest, id: copy });
      return { otpId: copy };
    }

    const id = generateFromPattern("[a-z0-9]{15}");
    const created = formatDate(new Date(now));
    const sentTo = String(row.email);
    await insertOtp(db.kysely, {
      id,
      collectionRef: auth.id,
      recordRef: String(row.id),
      password: hash,
      sentTo,
      created,
      updated: created,
    });
    mailer.send(otpMail(siteOf(this.deps), recipientOf(row), code), {
      // Nobody got this code: forget it.
      onError: () => deleteOtp(db.kysely, id),
    });
    return { otpId: id };
  }

  /**
   * `auth-with-otp`: signs the record in with the code of `otpId`. Every failure reads
   * `Invalid or expired OTP.` (400); the 6th attempt on a record within 180 s is a 429.
   * A code mailed to the record's current address verifies it and, as PocketBase does,
   * replaces a password an unverified account may have been registered with by someone else.
   */
  async authenticate(
    collection: Collection,
    request: RequestInfo,
    read: ReadInput<{ otpId: string; password: string; mfaId?: string }>,
    expand?: string,
  ): Promise<AuthResponse> {
    const auth = this.enabled(collection);
    const input = await read();
    throwIfInvalid({
      otpId: requiredLengthError(input.otpId, 1, 255),
      password: requiredLengthError(input.password, 1, 71),
    });
    const { db, records, throttle } = this.deps;
    const otp = await findOtpById(db.kysely, input.otpId);
    const duration = auth.auth.otp.duration;
    if (
      !otp ||
      otp.collectionRef !== auth.id ||
      otp.created < formatDate(new Date(this.clock() - duration * 1000))
    )
      throw badRequest(INVALID_OTP);
    const row = await records.findById(auth, otp.recordRef);
    if (!row) throw badRequest(INVALID_OTP);
    // Codes are short: every attempt on the record counts, right or wrong.
    const allowed = await throttle.hit(
      otpAttemptsKey(auth.id, String(row.id)),
      OTP_MAX_ATTEMPTS,
      OTP_ATTEMPTS_WINDOW_SECONDS,
    );
    if (!allowed) throw new CoreError(429, TOO_MANY);
    if (!(await verifyPassword(input.password, otp.password))) throw badRequest(INVALID_OTP);
    // SECURITY: single use even against concurrent attempts: only the request that deletes
    // the code (and every id it was handed out under) may sign in with it.
    if (!(await deleteOtpCopies(db.kysely, otp))) throw badRequest(INVALID_OTP);

    const id = String(row.id);
    const record = rowToRecord(auth, row);
    if (record.verified !== true && otp.sentTo !== "" && record.email === otp.sentTo) {
      // The code reached the address: it is verified, and nobody else's password stays valid.
      const password = randomSecret(40);
      await saveAuthRecord(
        records,
        auth,
        id,
        { verified: true, password, passwordConfirm: password },
        "Failed to authenticate.",
      );
    }
    await this.sweep(auth, duration);
    const fresh = await records.findById(auth, id);
    if (!fresh) throw badRequest(INVALID_OTP);
    return this.deps.auth.completeAuth(
      auth,
      rowToRecord(auth, fresh),
      { ...request, context: "otp" },
      { method: "otp", expand, mfaId: input.mfaId },
    );
  }
}

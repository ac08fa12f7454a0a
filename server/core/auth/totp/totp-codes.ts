/**
 * Checking a code of an account's authenticator, or one of its recovery codes, wherever one
 * is asked for (the second step of a sign-in, turning TOTP off, new recovery codes).
 *
 * SECURITY: always on, whatever the rate-limit settings say (like PocketBase's OTP attempts):
 * at most 10 consecutive wrong codes per account per 15 minutes, counted in the database so
 * every instance shares the count (a right code ends the run); a code is accepted once only
 * (its time step is spent with one conditional write, RFC 6238 §5.2), and a recovery code is
 * deleted by the request that uses it.
 */
import type { Database } from "../../../data/db.ts";
import {
  findTotp,
  spendRecoveryCode,
  spendTotpStep,
  type TotpRow,
} from "../../../data/repositories/totp-repository.ts";
import { verifyPassword } from "../../../tools/security/passwords.ts";
import { checkTotp, isTotpCode, normalizeRecoveryCode } from "../../../tools/security/totp.ts";
import { CoreError } from "../../errors.ts";
import { formatDate } from "../../records/values.ts";
import type { AuthThrottle } from "../auth-throttle.ts";
import type { TwoFactorKeys } from "./two-factor-keys.ts";

/** Consecutive wrong codes allowed per account and window. */
export const TOTP_MAX_ATTEMPTS = 10;
/** The window of wrong codes, in seconds. */
export const TOTP_ATTEMPTS_WINDOW_SECONDS = 900;

/** The answer once an account had too many wrong codes. */
export const TOO_MANY_CODES = "Too many attempts, please try again later.";

/** What accepted a code. */
export type AcceptedBy = "totp" | "recoveryCode";

/** The outcome of {@link TotpCodes.check}. */
export type CheckResult = AcceptedBy | "wrongCode" | "wrongPassword";

/** The attempts key of an account. */
function attemptsKey(collectionId: string, recordId: string): string {
  return `totp:${collectionId}:${recordId}`;
}

/** Checks authenticator and recovery codes of accounts. */
export class TotpCodes {
  private readonly db: Database;
  private readonly throttle: AuthThrottle;
  readonly keys: TwoFactorKeys;
  private readonly clock: () => number;

  constructor(
    db: Database,
    throttle: AuthThrottle,
    keys: TwoFactorKeys,
    clock: () => number = () => Date.now(),
  ) {
    this.db = db;
    this.throttle = throttle;
    this.keys = keys;
    this.clock = clock;
  }

  /** The secret of an authenticator row; null when it cannot be opened (another instance's key). */
  secretOf(row: TotpRow): string | null {
    return this.keys.openSecret(row.collectionRef, row.recordRef, row.secret);
  }

  /**
   * Counts an attempt on the account, then checks the account's password when `password` is
   * given (a wrong one spends no code), then `code` against its confirmed authenticator and,
   * for anything that is not 6 digits, when `recovery` allows, its recovery codes. The code is
   * spent when it is right. 429 past the attempts limit.
   */
  async check(
    collectionId: string,
    recordId: string,
    code: string,
    options: { recovery: boolean; password?: { given: string; hash: unknown } },
  ): Promise<CheckResult> {
    const key = attemptsKey(collectionId, recordId);
    const allowed = await this.throttle.hit(key, TOTP_MAX_ATTEMPTS, TOTP_ATTEMPTS_WINDOW_SECONDS);
    if (!allowed) throw new CoreError(429, TOO_MANY_CODES);
    if (options.password) {
      const { given, hash } = options.password;
      const right = await verifyPassword(given, typeof hash === "string" ? hash : undefined);
      if (!right) return "wrongPassword";
    }
    const accepted = await this.accept(collectionId, recordId, code, options.recovery);
    if (!accepted) return "wrongCode";
    await this.throttle.reset(key);
    return accepted;
  }

  /**
   * Confirms an enrolment with a first code of its pending secret; true when the code was
   * right (the enrolment is then on). Counted like any other attempt.
   */
  async confirm(row: TotpRow, code: string): Promise<boolean> {
    const key = attemptsKey(row.collectionRef, row.recordRef);
    const allowed = await this.throttle.hit(key, TOTP_MAX_ATTEMPTS, TOTP_ATTEMPTS_WINDOW_SECONDS);
    if (!allowed) throw new CoreError(429, TOO_MANY_CODES);
    const secret = this.secretOf(row);
    const step = secret ? await checkTotp(secret, code, row.lastStep, this.clock()) : null;
    if (step === null) return false;
    const now = formatDate(new Date(this.clock()));
    const ok = await spendTotpStep(
      this.db.kysely,
      row.collectionRef,
      row.recordRef,
      step,
      now,
      true,
    );
    if (ok) await this.throttle.reset(key);
    return ok;
  }

  private async accept(
    collectionId: string,
    recordId: string,
    code: string,
    recovery: boolean,
  ): Promise<AcceptedBy | null> {
    const row = await findTotp(this.db.kysely, collectionId, recordId);
    if (!row || row.enabled === "") return null;
    if (isTotpCode(code)) {
      const secret = this.secretOf(row);
      const step = secret ? await checkTotp(secret, code, row.lastStep, this.clock()) : null;
      if (step === null) return null;
      const now = formatDate(new Date(this.clock()));
      const spent = await spendTotpStep(this.db.kysely, collectionId, recordId, step, now);
      return spent ? "totp" : null;
    }
    if (!recovery) return null;
    const normalized = normalizeRecoveryCode(code);
    if (!normalized) return null;
    const hash = this.keys.hashRecoveryCode(collectionId, recordId, normalized);
    return (await spendRecoveryCode(this.db.kysely, collectionId, recordId, hash))
      ? "recoveryCode"
      : null;
  }
}

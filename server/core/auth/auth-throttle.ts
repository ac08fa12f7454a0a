/**
 * Fixed-window limits of the account flows, kept in the database (`_authCounters`) so every
 * instance sees the same counts: resend suppression of verification and reset mails (one
 * mail per address per 2 minutes) and OTP attempts (5 per record per 180 s), as PocketBase's
 * in-memory store and `checkRateLimit` do on one machine.
 */
import { createHash } from "node:crypto";
import type { Database } from "../../data/db.ts";
import {
  deleteCounter,
  deleteCountersStartedBefore,
  hitCounter,
} from "../../data/repositories/auth-counter-repository.ts";
import { formatDate } from "../records/values.ts";
import { IntervalGate } from "../../tools/routine/interval-gate.ts";

/** How long a mail of one kind to one address suppresses the next (PocketBase: 2 minutes). */
export const RESEND_WINDOW_SECONDS = 120;
/** Counters older than this are swept (longer than any window in use). */
const COUNTER_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often one process sweeps old counters. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Counters of the account flows. */
export class AuthThrottle {
  private readonly db: Database;
  private readonly clock: () => number;
  private readonly sweeps: IntervalGate;

  constructor(db: Database, clock: () => number = () => Date.now()) {
    this.db = db;
    this.clock = clock;
    this.sweeps = new IntervalGate(SWEEP_INTERVAL_MS, clock);
  }

  /**
   * Counts a hit on `key` in a window of `windowSeconds` and says whether it is within `max`
   * hits. The window starts at the first hit and is not extended by later ones.
   */
  async hit(key: string, max: number, windowSeconds: number): Promise<boolean> {
    const now = this.clock();
    const hits = await hitCounter(
      this.db.kysely,
      key,
      formatDate(new Date(now)),
      formatDate(new Date(now - windowSeconds * 1000)),
    );
    if (this.sweeps.due()) {
      await deleteCountersStartedBefore(
        this.db.kysely,
        formatDate(new Date(now - COUNTER_RETENTION_MS)),
      );
    }
    return hits <= max;
  }

  /** Forgets a key: its next hit opens a new window. */
  async reset(key: string): Promise<void> {
    await deleteCounter(this.db.kysely, key);
  }
}

/**
 * The resend-suppression key of a kind of mail to an address of a collection. Keyed by the
 * address (lower-cased, hashed) rather than the record, so unknown addresses cost the same
 * work as known ones and answers take as long.
 */
export function resendKey(
  kind: "verification" | "passwordReset" | "addressInUse",
  collectionId: string,
  email: string,
): string {
  const digest = createHash("sha256").update(email.toLowerCase()).digest("hex");
  return `resend:${kind}:${collectionId}:${digest}`;
}

/** The OTP-attempts key of a record. */
export function otpAttemptsKey(collectionId: string, recordId: string): string {
  return `otp:${collectionId}:${recordId}`;
}

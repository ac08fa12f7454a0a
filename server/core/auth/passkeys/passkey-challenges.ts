/**
 * The challenges of passkey ceremonies (ADR 052): 32 random bytes, stored in
 * `_passkeyChallenges` so every instance knows them, alive for {@link CHALLENGE_TTL_SECONDS}
 * and taken (deleted) by the one request that answers them, so no answer is accepted twice.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../../../data/db.ts";
import {
  deletePasskeyChallengesBefore,
  insertPasskeyChallenge,
  takePasskeyChallengeById,
  takePasskeyChallengeOf,
  type PasskeyChallengeKind,
  type PasskeyChallengeRow,
} from "../../../data/repositories/passkey-repository.ts";
import { IntervalGate } from "../../../tools/routine/interval-gate.ts";
import { badRequest } from "../../errors.ts";
import { generateFromPattern } from "../../records/record-input.ts";
import { formatDate } from "../../records/values.ts";

/** How long a challenge waits for its answer (the browser's own timeout is 2 minutes). */
export const CHALLENGE_TTL_SECONDS = 300;

/** The answer to an unknown, spent or expired challenge. */
export const INVALID_CHALLENGE = "Invalid or expired passkey challenge.";

/** How often one process deletes expired challenges. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Issues and takes challenges. */
export class PasskeyChallenges {
  private readonly db: Database;
  private readonly clock: () => number;
  private readonly sweeps: IntervalGate;

  constructor(db: Database, clock: () => number = () => Date.now()) {
    this.db = db;
    this.clock = clock;
    this.sweeps = new IntervalGate(SWEEP_INTERVAL_MS, clock);
  }

  /** A new challenge for `kind`, stored; returns its row (`id` is the `challengeId`). */
  async issue(
    kind: PasskeyChallengeKind,
    collectionRef: string,
    recordRef: string,
  ): Promise<PasskeyChallengeRow> {
    const row: PasskeyChallengeRow = {
      id: generateFromPattern("[a-z0-9]{15}"),
      challenge: randomBytes(32).toString("base64url"),
      kind,
      collectionRef,
      recordRef,
      created: formatDate(new Date(this.clock())),
    };
    await insertPasskeyChallenge(this.db.kysely, row);
    if (this.sweeps.due()) await deletePasskeyChallengesBefore(this.db.kysely, this.oldest());
    return row;
  }

  /** Takes the sign-in challenge `id`; 400 when unknown, spent or expired. */
  async takeById(id: string, collectionRef: string): Promise<PasskeyChallengeRow> {
    const row = id ? await takePasskeyChallengeById(this.db.kysely, id, "authenticate") : undefined;
    return this.fresh(row, collectionRef);
  }

  /** Takes the registration challenge `challenge` of an account; 400 as {@link takeById}. */
  async takeOf(
    challenge: string,
    collectionRef: string,
    recordRef: string,
  ): Promise<PasskeyChallengeRow> {
    const row = challenge
      ? await takePasskeyChallengeOf(
          this.db.kysely,
          challenge,
          "register",
          collectionRef,
          recordRef,
        )
      : undefined;
    return this.fresh(row, collectionRef);
  }

  private fresh(row: PasskeyChallengeRow | undefined, collectionRef: string): PasskeyChallengeRow {
    if (!row || row.collectionRef !== collectionRef || row.created < this.oldest())
      throw badRequest(INVALID_CHALLENGE);
    return row;
  }

  private oldest(): string {
    return formatDate(new Date(this.clock() - CHALLENGE_TTL_SECONDS * 1000));
  }
}

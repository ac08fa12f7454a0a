/**
 * The keys of the second factors at rest: one random master key per instance group, kept in
 * `_params` (created once, shared by every instance, carried by backups), from which two keys
 * are derived: one seals the authenticator secrets (AES-256-GCM, bound to their record), one
 * keys the hashes of recovery codes (HMAC-SHA256), so a copy of the two tables alone reveals
 * neither secrets nor codes.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "../../../data/db.ts";
import { ensureParam } from "../../../data/repositories/params-repository.ts";
import { deriveKey, open, seal } from "../../../tools/security/sealed-box.ts";

const PARAM = "twoFactorKey";

/** The sealing and hashing keys of second factors. */
export class TwoFactorKeys {
  private secretKey: Buffer;
  private codeKey: Buffer;

  private constructor(master: Buffer) {
    this.secretKey = deriveKey(master, "totp-secret");
    this.codeKey = deriveKey(master, "recovery-code");
  }

  /** Loads the keys, creating the master key on first use. */
  static async load(db: Database): Promise<TwoFactorKeys> {
    return new TwoFactorKeys(await readMaster(db));
  }

  /** Reads the master key again (a restored backup brings its own). */
  async reload(db: Database): Promise<void> {
    const fresh = new TwoFactorKeys(await readMaster(db));
    this.secretKey = fresh.secretKey;
    this.codeKey = fresh.codeKey;
  }

  /** Seals an authenticator secret for one record. */
  sealSecret(collectionId: string, recordId: string, secret: string): string {
    return seal(this.secretKey, secret, `totp:${collectionId}:${recordId}`);
  }

  /** Opens a sealed secret of one record; null when it is not that record's. */
  openSecret(collectionId: string, recordId: string, sealed: string): string | null {
    return open(this.secretKey, sealed, `totp:${collectionId}:${recordId}`);
  }

  /** The stored hash of a normalised recovery code of one record. */
  hashRecoveryCode(collectionId: string, recordId: string, code: string): string {
    return createHmac("sha256", this.codeKey)
      .update(`${collectionId}:${recordId}:${code}`)
      .digest("base64url");
  }
}

async function readMaster(db: Database): Promise<Buffer> {
  const value = await ensureParam(db.kysely, PARAM, randomBytes(32).toString("base64url"));
  return Buffer.from(value, "base64url");
}

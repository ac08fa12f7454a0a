/**
 * The authenticator app (TOTP) as a second factor (ADR 046), a {@link SecondFactor} plug-in
 * (ADR 066): its second step (`auth-with-totp` `{mfaId, code}`: the app's current code or a
 * recovery code), and the signed-in account's enrolment, for collections with MFA (`users`):
 *
 * - `GET totp` → `{enabled, since, recoveryCodes}` (how many are left);
 * - `POST totp/setup` → `{secret, uri}`: a new secret, waiting for its first code (it replaces
 *   a setup never confirmed; 400 once TOTP is on);
 * - `POST totp/enable` `{code}` → `{recoveryCodes}`: the first code turns TOTP on and brings
 *   10 single-use recovery codes, shown this once;
 * - `POST totp/disable` `{password, code}` → 204;
 * - `POST totp/recovery-codes` `{password, code}` → `{recoveryCodes}`: 10 new ones, the old
 *   ones dead;
 * - `POST totp/reset/{id}` (superusers only) → 204: turns it off for an account that lost both
 *   its phone and its recovery codes.
 *
 * Its storage is `_totps` and `_recoveryCodes` (`totp-repository.ts`), its keys
 * `two-factor-keys.ts`, its code checks and attempt limits `totp-codes.ts`.
 *
 * SECURITY: never for an impersonation token (a superuser viewing as someone could lock them
 * out), never turned on for an account whose address is not proven yet (account
 * pre-hijacking, ADR 056), and never any secret in an answer but the new secret of `setup` to
 * its own account.
 */
import {
  countRecoveryCodes,
  deleteTotp,
  findTotp,
  hasEnabledTotp,
  replaceRecoveryCodes,
  savePendingTotp,
} from "../../../data/repositories/totp-repository.ts";
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUri,
} from "../../../tools/security/totp.ts";
import { badRequest, fieldError, forbidden, notFound, unauthorized } from "../../errors.ts";
import type { AuthCollection } from "../../models/collection.ts";
import { generateFromPattern } from "../../records/record-input.ts";
import type { RequestInfo } from "../../records/request-info.ts";
import { formatDate } from "../../records/values.ts";
import {
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  VALIDATION_FAILED,
} from "../auth-input.ts";
import {
  factorAction,
  factorDisabled,
  factorOwner,
  type FactorRequest,
  type SecondFactor,
  type SecondFactorKit,
} from "../mfa/second-factor.ts";
import { TotpCodes } from "./totp-codes.ts";
import { TwoFactorKeys } from "./two-factor-keys.ts";

/** Recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** 403 of a collection without MFA (`_superusers`). */
export const TOTP_DISABLED = factorDisabled("totp");

/**
 * 403 of an account whose address is not proven (ADR 056): whoever registered it may not own
 * the address, and must not leave a second factor its owner would be asked for.
 */
export const TOTP_NEEDS_VERIFIED =
  "Verify the account's email before turning on two-step verification.";

/** The signed-in account a request manages its authenticator for. */
interface Owner {
  collection: AuthCollection;
  id: string;
}

/** An enrolment's state, as `GET totp` answers it. */
export interface TotpStatus {
  enabled: boolean;
  /** Recovery codes left. */
  recoveryCodes: number;
  /** When TOTP was turned on (`""` when off). */
  since: string;
}

const wrongCode = () =>
  badRequest(VALIDATION_FAILED, {
    code: fieldError("validation_invalid_code", "Invalid or expired code."),
  });

const wrongPassword = () =>
  badRequest(VALIDATION_FAILED, {
    password: fieldError("validation_invalid_password", "Missing or invalid auth record password."),
  });

/** Refuses turning TOTP on for an account whose address is not proven (ADR 056). */
function requireVerified(request: RequestInfo): void {
  if (request.auth?.record.verified !== true) throw forbidden(TOTP_NEEDS_VERIFIED);
}

/** Enrolment and removal of authenticator apps. */
class TotpEnrolment {
  private readonly kit: SecondFactorKit;
  private readonly codes: TotpCodes;
  private readonly clock: () => number;

  constructor(kit: SecondFactorKit, codes: TotpCodes) {
    this.kit = kit;
    this.codes = codes;
    this.clock = kit.clock ?? (() => Date.now());
  }

  /** `GET totp`. */
  async status(request: FactorRequest<never>): Promise<TotpStatus> {
    const owner = factorOwner("totp", request);
    const row = await findTotp(this.kit.db.kysely, owner.collection.id, owner.id);
    const enabled = row !== undefined && row.enabled !== "";
    return {
      enabled,
      recoveryCodes: enabled
        ? await countRecoveryCodes(this.kit.db.kysely, owner.collection.id, owner.id)
        : 0,
      since: enabled ? row.enabled : "",
    };
  }

  /** `POST totp/setup`. */
  async setup(request: FactorRequest<never>): Promise<{ secret: string; uri: string }> {
    const owner = factorOwner("totp", request);
    requireVerified(request.info);
    const row = await this.kit.records.findById(owner.collection, owner.id);
    if (!row) throw unauthorized();
    const secret = newTotpSecret();
    const now = formatDate(new Date(this.clock()));
    const saved = await savePendingTotp(this.kit.db.kysely, {
      id: generateFromPattern("[a-z0-9]{15}"),
      collectionRef: owner.collection.id,
      recordRef: owner.id,
      secret: this.codes.keys.sealSecret(owner.collection.id, owner.id, secret),
      enabled: "",
      lastStep: 0,
      created: now,
      updated: now,
    });
    if (!saved) throw badRequest("Two-factor authentication is already enabled.");
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const account = text(row.email) || text(row.username) || owner.id;
    return { secret, uri: totpUri({ issuer: this.kit.appName(), account, secret }) };
  }

  /** `POST totp/enable`. */
  async enable(request: FactorRequest<"code">): Promise<{ recoveryCodes: string[] }> {
    const owner = factorOwner("totp", request);
    requireVerified(request.info);
    const { code } = await request.read();
    throwIfInvalid({ code: requiredLengthError(code, 1, 100) });
    const row = await findTotp(this.kit.db.kysely, owner.collection.id, owner.id);
    if (!row) throw badRequest("Set up two-factor authentication first.");
    if (row.enabled !== "") throw badRequest("Two-factor authentication is already enabled.");
    if (!(await this.codes.confirm(row, code))) throw wrongCode();
    return { recoveryCodes: await this.replaceRecoveryCodes(owner) };
  }

  /** `POST totp/disable`. */
  async disable(request: FactorRequest<"password" | "code">): Promise<void> {
    const owner = await this.confirmedOwner(request);
    await this.kit.db.kysely
      .transaction()
      .execute((trx) => deleteTotp(trx, owner.collection.id, owner.id));
  }

  /** `POST totp/recovery-codes`. */
  async regenerateRecoveryCodes(
    request: FactorRequest<"password" | "code">,
  ): Promise<{ recoveryCodes: string[] }> {
    const owner = await this.confirmedOwner(request);
    return { recoveryCodes: await this.replaceRecoveryCodes(owner) };
  }

  /**
   * `POST totp/reset/{id}`: a superuser turns two-step verification off for record `id`
   * (401 guests, 403 anyone else, 404 an unknown record), as the recovery of last resort.
   */
  async reset(request: FactorRequest<never>): Promise<void> {
    const { info } = request;
    if (!info.auth) throw unauthorized();
    if (!info.auth.isSuperuser)
      throw forbidden("The authorized record is not allowed to perform this action.");
    const auth = requireAuthCollection(request.collection);
    const id = request.params.id ?? "";
    if (!(await this.kit.records.findById(auth, id))) throw notFound();
    await this.kit.db.kysely.transaction().execute((trx) => deleteTotp(trx, auth.id, id));
  }

  /**
   * The owner of a request that proved itself with the account's password and a code (or a
   * recovery code) of its authenticator; 400 when TOTP is off or either is wrong.
   */
  private async confirmedOwner(request: FactorRequest<"password" | "code">): Promise<Owner> {
    const owner = factorOwner("totp", request);
    const input = await request.read();
    throwIfInvalid({
      code: requiredLengthError(input.code, 1, 100),
      password: requiredLengthError(input.password, 1, 255),
    });
    const row = await findTotp(this.kit.db.kysely, owner.collection.id, owner.id);
    if (!row || row.enabled === "") throw badRequest("Two-factor authentication is not enabled.");
    const record = await this.kit.records.findById(owner.collection, owner.id);
    if (!record) throw unauthorized();
    const result = await this.codes.check(owner.collection.id, owner.id, input.code, {
      recovery: true,
      password: { given: input.password, hash: record.password },
    });
    if (result === "wrongPassword") throw wrongPassword();
    if (result === "wrongCode") throw wrongCode();
    return owner;
  }

  /** Stores 10 new recovery codes (the old ones die) and returns them. */
  private async replaceRecoveryCodes(owner: Owner): Promise<string[]> {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
    const created = formatDate(new Date(this.clock()));
    const { keys } = this.codes;
    await this.kit.db.kysely.transaction().execute((trx) =>
      replaceRecoveryCodes(
        trx,
        owner.collection.id,
        owner.id,
        codes.map((code) => ({
          id: generateFromPattern("[a-z0-9]{15}"),
          collectionRef: owner.collection.id,
          recordRef: owner.id,
          hash: keys.hashRecoveryCode(
            owner.collection.id,
            owner.id,
            normalizeRecoveryCode(code) ?? code,
          ),
          created,
        })),
      ),
    );
    return codes;
  }
}

/** Makes the TOTP factor: its keys (created on first use), code checks and enrolment. */
export async function totpFactor(kit: SecondFactorKit): Promise<SecondFactor> {
  const { db } = kit;
  const keys = await TwoFactorKeys.load(db);
  const codes = new TotpCodes(db, kit.throttle, keys, kit.clock);
  const enrolment = new TotpEnrolment(kit, codes);
  return {
    method: "totp",
    proof: ["code"],
    enrolled: (collection, recordId) => hasEnabledTotp(db.kysely, collection.id, recordId),
    invalidProof: (proof) => ({ code: requiredLengthError(proof.code ?? "", 1, 100) }),
    async verify(collection, recordId, proof) {
      const result = await codes.check(collection.id, recordId, proof.code ?? "", {
        recovery: true,
      });
      if (result !== "totp" && result !== "recoveryCode")
        throw badRequest("Invalid or expired code.");
    },
    status: (request) => enrolment.status(request),
    actions: [
      factorAction("setup", [], (request) => enrolment.setup(request)),
      factorAction("enable", ["code"], (request) => enrolment.enable(request)),
      factorAction("disable", ["password", "code"], (request) => enrolment.disable(request)),
      factorAction("reset/:id", [], (request) => enrolment.reset(request)),
      factorAction("recovery-codes", ["password", "code"], (request) =>
        enrolment.regenerateRecoveryCodes(request),
      ),
    ],
    forget: (trx, collectionId, recordId) => deleteTotp(trx, collectionId, recordId),
    reload: (database) => keys.reload(database),
  };
}

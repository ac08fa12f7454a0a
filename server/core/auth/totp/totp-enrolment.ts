/**
 * Enrolling an authenticator app (TOTP) for the signed-in account, and turning it off
 * (ADR 046), for collections with MFA (`users`):
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
 * SECURITY: never for an impersonation token (a superuser viewing as someone could lock them
 * out), never turned on for an account whose address is not proven yet (account
 * pre-hijacking, ADR 056), and never any secret in an answer but the new secret of `setup` to
 * its own account.
 */
import type { Database } from "../../../data/db.ts";
import {
  countRecoveryCodes,
  deleteTotp,
  findTotp,
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
import type { AuthCollection, Collection } from "../../models/collection.ts";
import { generateFromPattern } from "../../records/record-input.ts";
import type { RecordService } from "../../records/record-service.ts";
import type { RequestInfo } from "../../records/request-info.ts";
import { formatDate } from "../../records/values.ts";
import {
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  VALIDATION_FAILED,
  type ReadInput,
} from "../auth-input.ts";
import type { TotpCodes } from "./totp-codes.ts";

/** Recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** 403 of a collection without MFA (`_superusers`). */
export const TOTP_DISABLED = "The collection is not configured to allow TOTP authentication.";

/**
 * 403 of an account whose address is not proven (ADR 056): whoever registered it may not own
 * the address, and must not leave a second factor its owner would be asked for.
 */
export const TOTP_NEEDS_VERIFIED =
  "Verify the account's email before turning on two-step verification.";

/** What enrolment needs. */
export interface TotpEnrolmentDeps {
  db: Database;
  records: RecordService;
  codes: TotpCodes;
  /** The name authenticator apps show for the account (the settings' app name). */
  appName: () => string;
  clock?: () => number;
}

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
export class TotpEnrolment {
  private readonly deps: TotpEnrolmentDeps;
  private readonly clock: () => number;

  constructor(deps: TotpEnrolmentDeps) {
    this.deps = deps;
    this.clock = deps.clock ?? (() => Date.now());
  }

  /** The signed-in record of the route's collection; see the module comment for refusals. */
  private owner(collection: Collection, request: RequestInfo, impersonated: boolean): Owner {
    const auth = requireAuthCollection(collection);
    if (!request.auth) throw unauthorized();
    if (request.auth.collection.id !== auth.id)
      throw forbidden(
        `The request requires auth record from ${request.auth.collection.name} collection.`,
      );
    if (!auth.auth.mfa) throw forbidden(TOTP_DISABLED);
    if (impersonated)
      throw forbidden("An impersonation token cannot change two-factor authentication.");
    return { collection: auth, id: String(request.auth.record.id) };
  }

  /** `GET totp`. */
  async status(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
  ): Promise<TotpStatus> {
    const owner = this.owner(collection, request, impersonated);
    const row = await findTotp(this.deps.db.kysely, owner.collection.id, owner.id);
    const enabled = row !== undefined && row.enabled !== "";
    return {
      enabled,
      recoveryCodes: enabled
        ? await countRecoveryCodes(this.deps.db.kysely, owner.collection.id, owner.id)
        : 0,
      since: enabled ? row.enabled : "",
    };
  }

  /** `POST totp/setup`. */
  async setup(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
  ): Promise<{ secret: string; uri: string }> {
    const owner = this.owner(collection, request, impersonated);
    requireVerified(request);
    const row = await this.deps.records.findById(owner.collection, owner.id);
    if (!row) throw unauthorized();
    const secret = newTotpSecret();
    const now = formatDate(new Date(this.clock()));
    const saved = await savePendingTotp(this.deps.db.kysely, {
      id: generateFromPattern("[a-z0-9]{15}"),
      collectionRef: owner.collection.id,
      recordRef: owner.id,
      secret: this.deps.codes.keys.sealSecret(owner.collection.id, owner.id, secret),
      enabled: "",
      lastStep: 0,
      created: now,
      updated: now,
    });
    if (!saved) throw badRequest("Two-factor authentication is already enabled.");
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const account = text(row.email) || text(row.username) || owner.id;
    return { secret, uri: totpUri({ issuer: this.deps.appName(), account, secret }) };
  }

  /** `POST totp/enable`. */
  async enable(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
    read: ReadInput<{ code: string }>,
  ): Promise<{ recoveryCodes: string[] }> {
    const owner = this.owner(collection, request, impersonated);
    requireVerified(request);
    const { code } = await read();
    throwIfInvalid({ code: requiredLengthError(code, 1, 100) });
    const row = await findTotp(this.deps.db.kysely, owner.collection.id, owner.id);
    if (!row) throw badRequest("Set up two-factor authentication first.");
    if (row.enabled !== "") throw badRequest("Two-factor authentication is already enabled.");
    if (!(await this.deps.codes.confirm(row, code))) throw wrongCode();
    return { recoveryCodes: await this.replaceRecoveryCodes(owner) };
  }

  /** `POST totp/disable`. */
  async disable(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
    read: ReadInput<{ password: string; code: string }>,
  ): Promise<void> {
    const owner = await this.confirmedOwner(collection, request, impersonated, read);
    await this.deps.db.kysely
      .transaction()
      .execute((trx) => deleteTotp(trx, owner.collection.id, owner.id));
  }

  /** `POST totp/recovery-codes`. */
  async regenerateRecoveryCodes(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
    read: ReadInput<{ password: string; code: string }>,
  ): Promise<{ recoveryCodes: string[] }> {
    const owner = await this.confirmedOwner(collection, request, impersonated, read);
    return { recoveryCodes: await this.replaceRecoveryCodes(owner) };
  }

  /**
   * `POST totp/reset/{id}`: a superuser turns two-step verification off for record `id`
   * (401 guests, 403 anyone else, 404 an unknown record), as the recovery of last resort.
   */
  async reset(collection: Collection, request: RequestInfo, id: string): Promise<void> {
    if (!request.auth) throw unauthorized();
    if (!request.auth.isSuperuser)
      throw forbidden("The authorized record is not allowed to perform this action.");
    const auth = requireAuthCollection(collection);
    if (!(await this.deps.records.findById(auth, id))) throw notFound();
    await this.deps.db.kysely.transaction().execute((trx) => deleteTotp(trx, auth.id, id));
  }

  /**
   * The owner of a request that proved itself with the account's password and a code (or a
   * recovery code) of its authenticator; 400 when TOTP is off or either is wrong.
   */
  private async confirmedOwner(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
    read: ReadInput<{ password: string; code: string }>,
  ): Promise<Owner> {
    const owner = this.owner(collection, request, impersonated);
    const input = await read();
    throwIfInvalid({
      code: requiredLengthError(input.code, 1, 100),
      password: requiredLengthError(input.password, 1, 255),
    });
    const row = await findTotp(this.deps.db.kysely, owner.collection.id, owner.id);
    if (!row || row.enabled === "") throw badRequest("Two-factor authentication is not enabled.");
    const record = await this.deps.records.findById(owner.collection, owner.id);
    if (!record) throw unauthorized();
    const result = await this.deps.codes.check(owner.collection.id, owner.id, input.code, {
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
    const { keys } = this.deps.codes;
    await this.deps.db.kysely.transaction().execute((trx) =>
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

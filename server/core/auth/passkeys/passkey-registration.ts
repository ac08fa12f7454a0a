/**
 * Registering a passkey for the signed-in account (ADR 052):
 *
 * - `POST passkeys/register-options` → WebAuthn creation options: a discoverable credential
 *   (resident key required) with user verification required, none of the account's passkeys
 *   again (`excludeCredentials`), no attestation; the challenge is stored for 5 minutes;
 * - `POST passkeys/register` `{name, response}` → the new `passkeys` record, as its owner
 *   views it: the browser's answer must carry one of the account's own live challenges and
 *   come from the instance's origin and relying party id; an account holds at most
 *   {@link MAX_PASSKEYS}, counted at both steps.
 *
 * SECURITY: never for an impersonation token (a superuser viewing as someone could keep a
 * way into their account that no impersonation log would show), nor for an account whose
 * address is not proven yet (account pre-hijacking, ADR 056).
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { loadWebAuthn } from "./webauthn-module.ts";
import type { Database } from "../../../data/db.ts";
import {
  findPasskeyByCredentialId,
  listPasskeysOf,
} from "../../../data/repositories/passkey-repository.ts";
import { lockRow } from "../../../data/repositories/record-repository.ts";
import { PASSKEY_NAME_MAX, passkeysCollection } from "../../../data/registry/passkeys.ts";
import { badRequest, fieldError, forbidden, unauthorized } from "../../errors.ts";
import type { AuthCollection, Collection } from "../../models/collection.ts";
import type { RecordService } from "../../records/record-service.ts";
import { operatorRequest, type RecordData, type RequestInfo } from "../../records/request-info.ts";
import {
  BLANK,
  lengthError,
  requireAuthCollection,
  throwIfInvalid,
  type ReadInput,
} from "../auth-input.ts";
import type { PasskeyChallenges } from "./passkey-challenges.ts";
import type { RelyingParty } from "./relying-party.ts";

/** Most passkeys one account may have. */
export const MAX_PASSKEYS = 20;

/** The 400 of a registration past {@link MAX_PASSKEYS}. */
const TOO_MANY_PASSKEYS = `An account may have at most ${String(MAX_PASSKEYS)} passkeys.`;

/**
 * The key algorithms accepted: EdDSA, ES256, RS256 (COSE ids), the library's defaults less
 * ML-DSA, whose Web Crypto support in Node is still experimental.
 */
const ALGORITHMS = [-8, -7, -257];

/** How long the browser waits for the authenticator, in milliseconds. */
export const CEREMONY_TIMEOUT_MS = 120_000;

/** 403 of a collection without passkeys (`_superusers`), or of an instance whose URL has none. */
export const PASSKEYS_DISABLED =
  "The collection is not configured to allow passkey authentication.";

/**
 * 403 of an account whose address is not proven (ADR 056): whoever registered it may not own
 * the address, and must not leave a way in for after its owner proves it.
 */
export const PASSKEYS_NEED_VERIFIED = "Verify the account's email before adding a passkey to it.";

/** The answer to a registration the authenticator's answer does not prove. */
export const REGISTRATION_FAILED = "Failed to verify the passkey.";

/** What registration needs. */
export interface PasskeyRegistrationDeps {
  db: Database;
  records: RecordService;
  challenges: PasskeyChallenges;
  /** The relying party; null when passkeys are off. */
  rp: RelyingParty | null;
  /** The name authenticators show for the site (the settings' app name). */
  appName: () => string;
  /** Whether the collection has passkeys (`users`). */
  supports: (collection: AuthCollection) => boolean;
}

/** The account a registration is for. */
interface Owner {
  collection: AuthCollection;
  id: string;
  record: RecordData;
  rp: RelyingParty;
}

/** What the registration's body holds, bound by the HTTP layer. */
export interface RegistrationInput {
  name: string;
  /** The browser's answer (`startRegistration`'s), unchecked. */
  response: Record<string, unknown> | null;
}

/** The challenge a browser's answer carries, or `""` when it carries none. */
export function challengeOf(response: Record<string, unknown> | null): string {
  const inner = response?.response;
  if (!inner || typeof inner !== "object") return "";
  const clientData = (inner as Record<string, unknown>).clientDataJSON;
  if (typeof clientData !== "string" || clientData.length > 10_000) return "";
  try {
    const parsed = JSON.parse(Buffer.from(clientData, "base64url").toString("utf8")) as unknown;
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" ? challenge : "";
  } catch {
    return "";
  }
}

/** Registration of passkeys. */
export class PasskeyRegistration {
  private readonly deps: PasskeyRegistrationDeps;

  constructor(deps: PasskeyRegistrationDeps) {
    this.deps = deps;
  }

  private owner(collection: Collection, request: RequestInfo, impersonated: boolean): Owner {
    const auth = requireAuthCollection(collection);
    if (!request.auth) throw unauthorized();
    if (request.auth.collection.id !== auth.id)
      throw forbidden(
        `The request requires auth record from ${request.auth.collection.name} collection.`,
      );
    const { rp } = this.deps;
    if (!rp || !this.deps.supports(auth)) throw forbidden(PASSKEYS_DISABLED);
    if (impersonated) throw forbidden("An impersonation token cannot register a passkey.");
    if (request.auth.record.verified !== true) throw forbidden(PASSKEYS_NEED_VERIFIED);
    return {
      collection: auth,
      id: String(request.auth.record.id),
      record: request.auth.record,
      rp,
    };
  }

  /** `POST passkeys/register-options`. */
  async options(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const owner = this.owner(collection, request, impersonated);
    const existing = await listPasskeysOf(this.deps.db.kysely, owner.id);
    if (existing.length >= MAX_PASSKEYS) throw badRequest(TOO_MANY_PASSKEYS);
    const challenge = await this.deps.challenges.issue("register", owner.collection.id, owner.id);
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const { record } = owner;
    const { generateRegistrationOptions } = await loadWebAuthn();
    return generateRegistrationOptions({
      rpName: this.deps.appName(),
      rpID: owner.rp.id,
      // The record id: the same account on one authenticator replaces its older passkey.
      userID: new TextEncoder().encode(owner.id),
      userName: text(record.email) || text(record.username) || owner.id,
      userDisplayName: text(record.name) || text(record.username),
      challenge: Buffer.from(challenge.challenge, "base64url"),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
  }

  /** `POST passkeys/register`. */
  async register(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
    read: ReadInput<RegistrationInput>,
  ): Promise<RecordData> {
    const owner = this.owner(collection, request, impersonated);
    const input = await read();
    const name = input.name.trim();
    throwIfInvalid({
      name: name === "" ? BLANK : lengthError(name, 1, PASSKEY_NAME_MAX),
      response: input.response ? undefined : BLANK,
    });
    const row = await this.deps.challenges.takeOf(
      challengeOf(input.response),
      owner.collection.id,
      owner.id,
    );
    let credential: { id: string; publicKey: Uint8Array; counter: number };
    try {
      const { verifyRegistrationResponse } = await loadWebAuthn();
      const verified = await verifyRegistrationResponse({
        response: input.response as unknown as RegistrationResponseJSON,
        expectedChallenge: row.challenge,
        expectedOrigin: owner.rp.origins,
        expectedRPID: owner.rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!verified.verified) throw new Error("not verified");
      credential = verified.registrationInfo.credential;
    } catch {
      throw badRequest(REGISTRATION_FAILED);
    }
    if (await findPasskeyByCredentialId(this.deps.db.kysely, credential.id))
      throw badRequest("The passkey is already registered.", {
        response: fieldError("validation_not_unique", "Value must be unique."),
      });
    // Counted again here, with the account's row locked: ceremonies started below the limit
    // (their options were given at 19) must not finish above it, one after the other or at once.
    const created = await this.deps.records.batch(async (scoped) => {
      await lockRow(scoped.db.kysely, scoped.db.dialect, owner.collection, owner.id);
      if ((await listPasskeysOf(scoped.db.kysely, owner.id)).length >= MAX_PASSKEYS)
        throw badRequest(TOO_MANY_PASSKEYS);
      return scoped.create(passkeysCollection, operatorRequest(), {
        user: owner.id,
        name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: transportsOf(input.response),
      });
    });
    return this.deps.records.view(passkeysCollection, request, String(created.id));
  }
}

/** The transports the browser reported (short names only). */
function transportsOf(response: Record<string, unknown> | null): string[] {
  const inner = response?.response as Record<string, unknown> | undefined;
  const list = inner?.transports;
  if (!Array.isArray(list)) return [];
  return list
    .filter((t): t is string => typeof t === "string" && /^[a-z-]{1,20}$/.test(t))
    .slice(0, 8);
}

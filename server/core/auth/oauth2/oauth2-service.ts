/**
 * `auth-with-oauth2`: exchanges the provider's code (with the PKCE verifier), verifies who
 * signed in, and finds, links or creates the account, as PocketBase does but safely:
 *
 * 1. an identity already linked signs in to its account;
 * 2. else a signed-in user of the collection gets the link (SECURITY: an unverified account
 *    only when the provider vouches for that very email, so no stale link survives a later
 *    verification by someone else, checklist B2);
 * 3. else the account with the provider's **verified** email gets the link; if that account
 *    is unverified, its password is replaced by a random one first (which rotates its token
 *    key), so a password registered by someone else stops working (B1, CVE-2024-38351);
 * 4. else a new account is created through the records create path (the create rule
 *    applies), with the provider's verified email only (never `createData.email`), a random
 *    password (never `createData.password`), and `createData` limited to profile fields (B2).
 *
 * The database arbitrates simultaneous first sign-ins of one person, on any number of
 * instances: the new account, its verified flag and its link commit in one transaction, and
 * the attempt the unique indexes (`users.email`, `_externalAuths(collectionRef, provider,
 * providerId)`) refuse resolves again as a sign-in to the winner's account.
 *
 * Answers `{meta, record, token}`; `meta` is PocketBase's OAuth2 user plus `isNew`.
 */
import { findExternalAuth } from "../../../data/repositories/external-auth-repository.ts";
import { externalAuthsCollection } from "../../../data/registry/collections.ts";
import { badRequest, CoreError, fieldError, forbidden, type FieldErrors } from "../../errors.ts";
import type { AuthCollection, Collection } from "../../models/collection.ts";
import type { RecordService } from "../../records/record-service.ts";
import { rowToRecord } from "../../records/record-service.ts";
import {
  operatorRequest,
  type AuthInfo,
  type RecordData,
  type RequestInfo,
} from "../../records/request-info.ts";
import { requireAuthCollection } from "../auth-input.ts";
import type { AuthService, SignInAttempt } from "../auth-service.ts";
import { randomSecret } from "../secrets.ts";
import type { OAuth2Logger, OAuth2Providers } from "./oauth2-providers.ts";
import { CODE_VERIFIER_PATTERN, nonceFor } from "./pkce.ts";
import { OAuth2ProviderError, type OAuth2User } from "./provider.ts";
import { retryUsername, uniqueUsername } from "./usernames.ts";

/** `createData` keys a new account may take from the client; everything else is ignored. */
export const CREATE_DATA_FIELDS = ["name", "username", "emailVisibility", "locale", "bio"] as const;

/** Max characters of a name taken from the provider (the users `name` field's limit). */
const NAME_MAX = 80;

const LOADING_FAILED = "An error occurred while loading the submitted data.";

/** The validated body of `auth-with-oauth2`. */
interface OAuth2Form {
  provider: string;
  code: string;
  codeVerifier: string;
  redirectURL: string;
  createData: Record<string, unknown>;
}

/** `meta` of the answer: PocketBase's `auth.AuthUser` plus `isNew` (built in its key order). */
export type OAuth2Meta = OAuth2User & { isNew: boolean };

/** `{meta, record, token}`. */
export interface OAuth2AuthResponse {
  meta: OAuth2Meta;
  record: RecordData;
  token: string;
}

/** Emails compare as the unique index does: ASCII case folded (ADR 011). */
function sameEmail(a: unknown, b: unknown): boolean {
  const fold = (v: unknown) =>
    typeof v === "string" ? v.replace(/[A-Z]/g, (c) => c.toLowerCase()) : "";
  return fold(a) !== "" && fold(a) === fold(b);
}

function notUnique(error: unknown, field: string): boolean {
  if (!(error instanceof CoreError) || error.status !== 400) return false;
  const detail = error.data[field] as { code?: unknown } | undefined;
  return detail?.code === "validation_not_unique";
}

/** OAuth2 sign-in, linking and sign-up. */
export class OAuth2Service {
  private readonly records: RecordService;
  private readonly auth: AuthService;
  private readonly providers: OAuth2Providers;
  private readonly log: OAuth2Logger;
  constructor(
    records: RecordService,
    auth: AuthService,
    providers: OAuth2Providers,
    log: OAuth2Logger = () => undefined,
  ) {
    this.records = records;
    this.auth = auth;
    this.providers = providers;
    this.log = log;
  }

  /** Reads and validates the body (PocketBase's binding, then its form validation). */
  private readForm(collection: Collection, body: Record<string, unknown>): OAuth2Form {
    const strings = ["provider", "code", "codeVerifier", "redirectURL", "redirectUrl"] as const;
    for (const key of strings) {
      const value = body[key];
      if (value !== undefined && value !== null && typeof value !== "string")
        throw badRequest(LOADING_FAILED);
    }
    const createData = body.createData;
    if (
      createData !== undefined &&
      createData !== null &&
      (typeof createData !== "object" || Array.isArray(createData))
    )
      throw badRequest(LOADING_FAILED);
    const text = (key: (typeof strings)[number]) => (body[key] as string | undefined) ?? "";
    const form: OAuth2Form = {
      provider: text("provider"),
      code: text("code"),
      codeVerifier: text("codeVerifier"),
      // `redirectUrl` is PocketBase's deprecated spelling.
      redirectURL: text("redirectURL") || text("redirectUrl"),
      createData: (createData ?? {}) as Record<string, unknown>,
    };
    const errors: FieldErrors = {};
    const blank = () => fieldError("validation_required", "Cannot be blank.");
    if (!form.provider) errors.provider = blank();
    else if (!this.providers.find(collection, form.provider))
      errors.provider = fieldError(
        "validation_invalid_provider",
        `Provider with name ${JSON.stringify(form.provider)} is missing or is not enabled.`,
        { name: form.provider },
      );
    if (!form.code) errors.code = blank();
    // SECURITY: every flow here uses PKCE; without the verifier a stolen code could be redeemed.
    if (!form.codeVerifier) errors.codeVerifier = blank();
    else if (!CODE_VERIFIER_PATTERN.test(form.codeVerifier))
      errors.codeVerifier = fieldError("validation_match_invalid", "Must be in a valid format.");
    if (!form.redirectURL) errors.redirectURL = blank();
    if (Object.keys(errors).length) throw badRequest(LOADING_FAILED, errors);
    return form;
  }

  /** `POST /api/collections/{collection}/auth-with-oauth2`. */
  async authWithOAuth2(attempt: SignInAttempt): Promise<OAuth2AuthResponse> {
    const authCollection = requireAuthCollection(attempt.collection);
    const { body, request, expand } = attempt;
    if (!this.providers.enabledFor(authCollection))
      throw forbidden("The collection is not configured to allow OAuth2 authentication.");
    const form = this.readForm(authCollection, body);
    const provider = this.providers.find(authCollection, form.provider);
    if (!provider) throw badRequest(LOADING_FAILED);

    let user: OAuth2User;
    try {
      user = await provider.authenticate({
        code: form.code,
        codeVerifier: form.codeVerifier,
        redirectURL: form.redirectURL,
        nonce: nonceFor(form.codeVerifier),
      });
    } catch (error) {
      if (!(error instanceof OAuth2ProviderError)) throw error;
      this.log(error, `OAuth2 ${provider.name}: ${error.message}`);
      throw badRequest(
        error.step === "token" ? "Failed to fetch OAuth2 token." : "Failed to fetch OAuth2 user.",
      );
    }
    if (!user.id) throw badRequest("Failed to fetch OAuth2 user.");

    const oauth2Request: RequestInfo = { ...request, context: "oauth2" };
    const resolved = await this.resolveAccount(authCollection, form, user, oauth2Request);
    const { record, isNew } = resolved;
    const answer = await this.auth.completeAuth(authCollection, record, oauth2Request, {
      method: "oauth2",
      expand,
      mfaId: typeof body.mfaId === "string" ? body.mfaId : "",
    });
    return {
      meta: {
        id: user.id,
        name: user.name,
        username: user.username,
        email: user.email,
        avatarURL: user.avatarURL,
        accessToken: user.accessToken,
        refreshToken: user.refreshToken,
        expiry: user.expiry,
        rawUser: user.rawUser,
        isNew,
      },
      record: answer.record,
      token: answer.token,
    };
  }

  /** Finds, links or creates the account of an identity (see the module comment). */
  private async resolveAccount(
    collection: AuthCollection,
    form: OAuth2Form,
    user: OAuth2User,
    request: RequestInfo,
    firstAttempt = true,
  ): Promise<{ record: RecordData; isNew: boolean }> {
    const identity = { collectionRef: collection.id, provider: form.provider, providerId: user.id };
    const link = await findExternalAuth(this.records.db.kysely, identity);
    const signedIn =
      request.auth && request.auth.collection.id === collection.id ? request.auth.record : null;

    let existing: RecordData | null = null;
    if (link) {
      existing = await this.load(collection, String(link.recordRef));
      if (!existing) throw badRequest("Failed to authenticate.");
    } else if (signedIn) {
      existing = await this.load(collection, String(signedIn.id));
      if (!existing) throw badRequest("Failed to authenticate.");
      if (existing.verified !== true && !sameEmail(existing.email, user.email)) {
        throw badRequest("Failed to authenticate.", {
          email: fieldError(
            "validation_unverified_email",
            "Verify the account's email before linking an OAuth2 provider to it.",
          ),
        });
      }
    } else if (user.email) {
      const row = await this.records.findAuthRecord(collection, "email", user.email);
      existing = row ? rowToRecord(collection, row) : null;
    }

    if (!existing) {
      try {
        return { record: await this.createAccount(collection, form, user, request), isNew: true };
      } catch (error) {
        // Another callback of the same person (a double submit, maybe on another instance)
        // committed the account or the link first: the unique indexes refused this one, so
        // resolve again as a sign-in, which finds the winner by its link or its email.
        if (firstAttempt && (notUnique(error, "email") || notUnique(error, "providerId")))
          return this.resolveAccount(collection, form, user, request, false);
        throw error;
      }
    }

    const id = String(existing.id);
    await this.secureExisting(collection, existing, user, signedIn ? request.auth : null);
    if (!link) {
      const linked = await this.link(collection, identity, id);
      if (linked) return linked;
    }
    return { record: (await this.load(collection, id)) ?? existing, isNew: false };
  }

  /** A record by id in wire form, or null. */
  private async load(collection: AuthCollection, id: string): Promise<RecordData | null> {
    const row = await this.records.findById(collection, id);
    return row ? rowToRecord(collection, row) : null;
  }

  /**
   * PocketBase's updates of an existing account: an unverified account reached without its
   * owner signed in gets a random password (B1: the rotation kills any token and password
   * set by whoever registered the address); the account becomes verified when the provider
   * vouches for its email, which removes the ways in set up before (ADR 056) but the signed-in
   * owner's own session.
   */
  private async secureExisting(
    collection: AuthCollection,
    record: RecordData,
    user: OAuth2User,
    session: AuthInfo | null,
  ): Promise<void> {
    const changes: RecordData = {};
    const isSignedInRecord = session !== null && session.record.id === record.id;
    if (!isSignedInRecord && record.email && record.verified !== true) {
      const password = randomSecret(40);
      changes.password = password;
      changes.passwordConfirm = password;
    }
    if (record.verified !== true && sameEmail(record.email, user.email)) changes.verified = true;
    if (Object.keys(changes).length === 0) return;
    await this.records.update(
      collection,
      operatorRequest(isSignedInRecord ? session : null),
      String(record.id),
      changes,
    );
  }

  /** Creates the account of a new identity through the records create path. */
  private async createAccount(
    collection: AuthCollection,
    form: OAuth2Form,
    user: OAuth2User,
    request: RequestInfo,
  ): Promise<RecordData> {
    if (collection.name === "_superusers") throw badRequest("Failed to authenticate.");
    const payload: RecordData = {};
    for (const key of CREATE_DATA_FIELDS) {
      if (Object.hasOwn(form.createData, key)) payload[key] = form.createData[key];
    }
    if (!Object.hasOwn(payload, "name") && user.name)
      payload.name = Array.from(user.name).slice(0, NAME_MAX).join("");
    const password = randomSecret(40);
    // SECURITY: the provider's verified email only; createData cannot choose it (B2).
    payload.email = user.email;
    payload.password = password;
    payload.passwordConfirm = password;
    const derive = !Object.hasOwn(payload, "username");
    if (derive) {
      const username = await uniqueUsername(
        [user.username, user.email.split("@")[0] ?? "", user.name],
        async (candidate) =>
          (await this.records.findAuthRecord(collection, "username", candidate)) !== undefined,
      );
      if (username) payload.username = username;
    }
    // The new account is created as a guest would sign up (the create rule applies), even
    // when a superuser's or another collection's token came with the request. The account,
    // its verified flag and its link commit together: no other instance ever sees an account
    // without its link, and the unique indexes decide which of two simultaneous sign-ups wins.
    const guest: RequestInfo = { ...request, auth: null };
    const identity = { collectionRef: collection.id, provider: form.provider, providerId: user.id };
    for (let attempt = 0; ; attempt++) {
      try {
        const id = await this.records.batch(async (scoped) => {
          const created = await scoped.create(collection, guest, payload);
          const createdId = String(created.id);
          // The address came from the provider, verified (an empty one fails validation).
          await scoped.update(collection, operatorRequest(), createdId, { verified: true });
          await scoped.create(externalAuthsCollection, operatorRequest(), {
            ...identity,
            recordRef: createdId,
          });
          return createdId;
        });
        const created = await this.load(collection, id);
        if (!created) throw badRequest("Failed to authenticate.");
        return created;
      } catch (error) {
        // Another sign-up took the derived username between the check and the insert.
        if (!derive || attempt >= 2 || !notUnique(error, "username")) throw error;
        payload.username = retryUsername(
          typeof payload.username === "string" ? payload.username : "",
        );
      }
    }
  }

  /**
   * Links an existing account to the identity. When the same identity was linked meanwhile
   * (two callbacks at once), the linked account is returned; when the account already has
   * another identity of this provider, the sign-in fails.
   */
  private async link(
    collection: AuthCollection,
    identity: { collectionRef: string; provider: string; providerId: string },
    recordId: string,
  ): Promise<{ record: RecordData; isNew: boolean } | null> {
    try {
      await this.records.create(externalAuthsCollection, operatorRequest(), {
        ...identity,
        recordRef: recordId,
      });
      return null;
    } catch (error) {
      if (notUnique(error, "providerId")) {
        const winner = await findExternalAuth(this.records.db.kysely, identity);
        const record = winner ? await this.load(collection, String(winner.recordRef)) : null;
        if (record) return { record, isNew: false };
      }
      if (notUnique(error, "provider") || notUnique(error, "providerId"))
        throw badRequest("Failed to authenticate.");
      throw error;
    }
  }
}

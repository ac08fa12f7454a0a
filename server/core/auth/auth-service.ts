/**
 * Password authentication and auth tokens for auth collections (`users`, `_superusers`):
 * resolving the request's auth record from its token, auth-with-password, auth-refresh and
 * auth-methods, with PocketBase's claims, lifetimes and answers.
 */
import { findCollection } from "../collections/collection-lookup.ts";
import { badRequest, fieldError, forbidden, unauthorized } from "../errors.ts";
import { isAuthCollection, type AuthCollection, type Collection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import { rowToRecord } from "../records/record-service.ts";
import type { AuthInfo, RecordData, RequestInfo } from "../records/request-info.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { verifyPassword } from "../../tools/security/passwords.ts";
import { requireAuthCollection } from "./auth-input.ts";
import type { Secrets } from "./secrets.ts";
import { readUnverifiedClaims, signToken, verifyToken, type TokenClaims } from "./tokens.ts";

/** `{token, record}` answer of every auth endpoint. */
export interface AuthResponse {
  token: string;
  record: RecordData;
}

/** Where `auth-methods` gets its `oauth2` part (the OAuth2 module, `./oauth2/`). */
export interface OAuth2MethodsSource {
  authMethods(collection: Collection): Promise<{ enabled: boolean; providers: unknown[] }>;
}

/** A sign-in attempt (`auth-with-password`, `auth-with-oauth2`) as the HTTP layer hands it over. */
export interface SignInAttempt {
  /** The route's collection (any: the method answers 404 for one that is not an auth one). */
  collection: Collection;
  /** The request body, unchecked. */
  body: Record<string, unknown>;
  /** The request, its `context` naming the method. */
  request: RequestInfo;
  /** The `expand` query parameter. */
  expand?: string | undefined;
}

/** Auth flows over the record service. */
export class AuthService {
  private readonly records: RecordService;
  private readonly secrets: Secrets;
  private readonly oauth2: OAuth2MethodsSource | null;

  constructor(records: RecordService, secrets: Secrets, oauth2: OAuth2MethodsSource | null = null) {
    this.records = records;
    this.secrets = secrets;
    this.oauth2 = oauth2;
  }

  private key(collection: Collection, tokenKey: unknown, type: keyof Secrets[string]): string {
    const secret = this.secrets[collection.id]?.[type];
    if (!secret) throw new Error(`Missing ${type} secret for ${collection.name}`);
    return `${String(tokenKey)}${secret}`;
  }

  /** Signs an auth token for a record. */
  async authToken(
    collection: AuthCollection,
    record: RecordData,
    refreshable = true,
    duration?: number,
  ): Promise<string> {
    return signToken(
      { id: String(record.id), type: "auth", collectionId: collection.id, refreshable },
      this.key(collection, record.tokenKey, "auth"),
      duration ?? collection.auth.authTokenDuration,
    );
  }

  /**
   * Resolves the auth record of an `Authorization` header. Invalid, expired or foreign
   * tokens resolve to null (the request proceeds as a guest), as PocketBase does.
   */
  async authenticate(
    header: string | undefined,
  ): Promise<{ auth: AuthInfo; claims: TokenClaims; token: string } | null> {
    if (!header) return null;
    const token = header.replace(/^bearer\s+/i, "").trim();
    const claims = readUnverifiedClaims(token);
    if (!claims || claims.type !== "auth") return null;
    const collection = findCollection(claims.collectionId);
    if (!collection || collection.id !== claims.collectionId || !isAuthCollection(collection))
      return null;
    const row = await this.records.findById(collection, claims.id);
    if (!row) return null;
    const verified = await verifyToken(token, this.key(collection, row.tokenKey, "auth"));
    if (!verified) return null;
    return {
      auth: {
        collection,
        record: rowToRecord(collection, row),
        isSuperuser: collection.id === SUPERUSERS_COLLECTION_ID,
      },
      claims: verified,
      token,
    };
  }

  /**
   * Checks the collection's authRule for a record, as PocketBase does after every successful
   * identification: `null` refuses everyone, `""` lets everyone in, any other rule must match
   * the stored record for the request. 403 when it fails.
   */
  private async checkAuthRule(
    collection: AuthCollection,
    record: RecordData,
    request: RequestInfo,
  ): Promise<void> {
    const rule = collection.auth.authRule;
    if (rule === null)
      throw forbidden("The request doesn't satisfy the collection requirements to authenticate.");
    if (!(await this.records.recordMatchesRule(collection, rule, request, String(record.id))))
      throw forbidden("The request doesn't satisfy the collection requirements to authenticate.");
  }

  /** `auth-with-password`: identity is any of the collection's identity fields. */
  async authWithPassword(attempt: SignInAttempt): Promise<AuthResponse> {
    const auth = requireAuthCollection(attempt.collection);
    const { body, request, expand } = attempt;
    const identity = typeof body.identity === "string" ? body.identity : "";
    const password = typeof body.password === "string" ? body.password : "";
    const identityField = typeof body.identityField === "string" ? body.identityField : "";
    const errors: Record<string, ReturnType<typeof fieldError>> = {};
    if (!identity) errors.identity = fieldError("validation_required", "Cannot be blank.");
    if (!password) errors.password = fieldError("validation_required", "Cannot be blank.");
    if (identityField && !auth.auth.identityFields.includes(identityField)) {
      errors.identityField = fieldError("validation_in_invalid", "Must be a valid value.");
    }
    if (Object.keys(errors).length)
      throw badRequest("An error occurred while validating the submitted data.", errors);

    const fields = identityField ? [identityField] : auth.auth.identityFields;
    let row;
    for (const field of fields) {
      if (field === "email" && !identity.includes("@") && fields.length > 1) continue;
      row = await this.records.findAuthRecord(auth, field, identity);
      if (row) break;
    }
    const ok = await verifyPassword(password, row?.password as string | undefined);
    if (!row || !ok) throw badRequest("Failed to authenticate.");
    const record = rowToRecord(auth, row);
    return this.completeAuth(auth, record, { ...request, context: "password" }, { expand });
  }

  /** `auth-refresh`: a new token for a refreshable one, the same token otherwise. */
  async authRefresh(
    collection: Collection,
    request: RequestInfo,
    current: { token: string; claims: TokenClaims } | null,
    expand?: string,
  ): Promise<AuthResponse> {
    const auth = request.auth;
    if (!auth || !current) throw unauthorized();
    // PocketBase names the token's collection here, not the route's.
    if (!isAuthCollection(collection) || auth.collection.id !== collection.id) {
      throw forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
    }
    await this.checkAuthRule(collection, auth.record, request);
    const token = current.claims.refreshable
      ? await this.authToken(collection, auth.record)
      : current.token;
    return this.respond(collection, auth.record, token, request, expand);
  }

  /**
   * Answers an auth flow that has identified `record` (a password, a one-time password, OAuth2,
   * impersonation): checks the collection's authRule, signs a refreshable token unless `token`
   * is given, and answers `{token, record}` like auth-with-password. `skipAuthRule` is for
   * superuser requests (impersonation), which pass every rule.
   */
  async completeAuth(
    collection: AuthCollection,
    record: RecordData,
    request: RequestInfo,
    options: { token?: string; expand?: string; skipAuthRule?: boolean } = {},
  ): Promise<AuthResponse> {
    if (!options.skipAuthRule) await this.checkAuthRule(collection, record, request);
    const token = options.token ?? (await this.authToken(collection, record));
    return this.respond(collection, record, token, request, options.expand);
  }

  private async respond(
    collection: AuthCollection,
    record: RecordData,
    token: string,
    request: RequestInfo,
    expand?: string,
  ): Promise<AuthResponse> {
    const row = await this.records.findById(collection, String(record.id));
    const self: RequestInfo = {
      ...request,
      auth: { collection, record, isSuperuser: collection.id === SUPERUSERS_COLLECTION_ID },
    };
    // Presented as seen by the record itself, so the email is always included.
    const [presented] = await this.records.present(collection, row ? [row] : [], self, expand);
    return { record: presented ?? {}, token };
  }

  /** `auth-methods`, in PocketBase's current and legacy shape. */
  async authMethods(collection: Collection): Promise<Record<string, unknown>> {
    const auth = requireAuthCollection(collection);
    const identityFields = [...auth.auth.identityFields];
    const oauth2 = (await this.oauth2?.authMethods(auth)) ?? {
      enabled: false,
      providers: [],
    };
    return {
      authProviders: oauth2.enabled ? oauth2.providers : null,
      emailPassword: identityFields.includes("email"),
      mfa: { duration: 0, enabled: false },
      oauth2,
      otp: auth.auth.otp
        ? { duration: auth.auth.otp.duration, enabled: true }
        : { duration: 0, enabled: false },
      password: { enabled: true, identityFields },
      usernamePassword: identityFields.includes("username"),
    };
  }
}

/**
 * Auth tokens and sign-ins of auth collections (`users`, `_superusers`): resolving the
 * request's auth record from its token, auth-with-password, auth-refresh, auth-methods, and
 * {@link AuthService.completeAuth}, the one place where every sign-in (password, OTP, OAuth2,
 * TOTP, passkey, impersonation) is finalised: the authRule, the second factor (ADR 046), the
 * sign-in listeners (impersonation log, devices), the token and the answer; and the device check
 * of every token ({@link DeviceSessions}, ADR 053).
 */
import { isFirstFactor, type SignInMethod } from "#shared/auth/sign-in-methods.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { CoreError, forbidden, unauthorized } from "../errors.ts";
import { isAuthCollection, type AuthCollection, type Collection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import { rowToRecord } from "../records/record-service.ts";
import type { AuthInfo, RecordData, RequestInfo } from "../records/request-info.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import { requireAuthCollection } from "./auth-input.ts";
import type { MfaSessions } from "./mfa/mfa-sessions.ts";
import { signInWithPassword } from "./password-sign-in.ts";
import type { Secrets } from "./secrets.ts";
import {
  signatureRefusal,
  type RefusalListener,
  type RefusalReason,
  type SessionRefusal,
} from "./session-refusal.ts";
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

/** How a sign-in identified its record (the one list: `shared/auth/sign-in-methods.ts`). */
export type { SignInMethod };

/** Options of {@link AuthService.completeAuth}. */
export interface SignInOptions {
  method: SignInMethod;
  expand?: string | undefined;
  /** The `mfaId` a first factor was sent with (its body; the query is read too). */
  mfaId?: string | undefined;
  /** False for impersonation tokens (they end with their duration). */
  refreshable?: boolean;
  /** Seconds the token lives (default: the collection's auth token duration). */
  duration?: number | undefined;
}

/** A sign-in about to be answered, as the sign-in listeners see it. */
export interface SignInEvent {
  collection: AuthCollection;
  /** The record signing in. */
  record: RecordData;
  method: SignInMethod;
  /** The request; for an impersonation, the superuser's. */
  request: RequestInfo;
  refreshable: boolean;
  /** Seconds the token will live. */
  duration: number;
  /** Claims added to the token; a listener may add its own (a device id). */
  claims: Record<string, string | number | boolean>;
}

/**
 * Runs for every sign-in, before the token is signed. Throwing refuses the sign-in (an
 * impersonation that cannot be logged does not happen).
 */
export type SignInListener = (event: SignInEvent) => Promise<void> | void;

/**
 * The devices tokens are issued to (ADR 053, `./devices/devices.ts`): a token whose device is
 * gone no longer authenticates, and a renewed token keeps its device.
 */
export interface DeviceSessions {
  /** Whether the device of a verified token still exists (true for tokens of no device). */
  isActive(collection: AuthCollection, claims: TokenClaims): Promise<boolean>;
  /** The claims a renewed token carries (its device). */
  refreshed(
    collection: AuthCollection,
    record: RecordData,
    request: RequestInfo,
    claims: TokenClaims,
  ): Promise<Record<string, string>>;
}

/** A token that identifies its record. */
export interface Identified {
  auth: AuthInfo;
  claims: TokenClaims;
  token: string;
}

/** A token that does not, with the reason and what it names (`./session-refusal.ts`). */
export interface Unidentified {
  refused: RefusalReason;
  collection: string;
  account: string;
  device: string;
}

/** What {@link AuthService} works with besides records and secrets. */
export interface AuthServiceOptions {
  /** Where `auth-methods` gets its `oauth2` part. */
  oauth2?: OAuth2MethodsSource | null;
  /** Pending multi-factor sign-ins and the second factors (none: one factor for everyone). */
  mfa?: MfaSessions | null;
  /** Per-account limits of password sign-ins (none: unlimited). */
  limiter?: RateLimiter | null;
  /** Whether a collection's accounts may sign in with passkeys (none: nobody; ADR 052). */
  passkeys?: ((collection: AuthCollection) => boolean) | null;
  /** Told of every session turned away by auth-refresh or a page (issue 22: the app logs it). */
  onRefused?: RefusalListener | null;
}

/** Auth flows over the record service. */
export class AuthService {
  private readonly records: RecordService;
  private readonly secrets: Secrets;
  private readonly oauth2: OAuth2MethodsSource | null;
  /** Pending multi-factor sign-ins (ADR 046). */
  readonly mfa: MfaSessions | null;
  private readonly limiter: RateLimiter | null;
  private readonly passkeys: ((collection: AuthCollection) => boolean) | null;
  private readonly onRefused: RefusalListener | null;
  private readonly listeners: SignInListener[] = [];
  private devices: DeviceSessions | null = null;

  constructor(records: RecordService, secrets: Secrets, options: AuthServiceOptions = {}) {
    this.records = records;
    this.secrets = secrets;
    this.oauth2 = options.oauth2 ?? null;
    this.mfa = options.mfa ?? null;
    this.limiter = options.limiter ?? null;
    this.passkeys = options.passkeys ?? null;
    this.onRefused = options.onRefused ?? null;
  }

  /** Checks every token's device from now on (see {@link DeviceSessions}). */
  useDevices(devices: DeviceSessions): void {
    this.devices = devices;
  }

  /** Adds a listener run by every sign-in (see {@link SignInListener}). */
  onSignIn(listener: SignInListener): void {
    this.listeners.push(listener);
  }

  private key(collection: Collection, tokenKey: unknown, type: keyof Secrets[string]): string {
    const secret = this.secrets[collection.id]?.[type];
    if (!secret) throw new Error(`Missing ${type} secret for ${collection.name}`);
    return `${String(tokenKey)}${secret}`;
  }

  /** Signs an auth token for a record, with extra claims if any. */
  async authToken(
    collection: AuthCollection,
    record: RecordData,
    refreshable = true,
    duration?: number,
    claims: Record<string, string | number | boolean> = {},
  ): Promise<string> {
    return signToken(
      { ...claims, id: String(record.id), type: "auth", collectionId: collection.id, refreshable },
      this.key(collection, record.tokenKey, "auth"),
      duration ?? collection.auth.authTokenDuration,
    );
  }

  /**
   * Resolves the auth record of an `Authorization` header. Invalid, expired or foreign
   * tokens resolve to null (the request proceeds as a guest), as PocketBase does; so do the
   * tokens of a signed-out (deleted) device.
   */
  async authenticate(header: string | undefined): Promise<Identified | null> {
    const result = await this.identify(header);
    return "refused" in result ? null : result;
  }

  /**
   * {@link authenticate}, with the reason of a refusal and the account the token names
   * (issue 22: every refused session is logged with both).
   */
  async identify(header: string | undefined): Promise<Identified | Unidentified> {
    if (!header) return { refused: "no token", collection: "", account: "", device: "" };
    const token = header.replace(/^bearer\s+/i, "").trim();
    const claims = readUnverifiedClaims(token);
    const named = {
      collection: claims?.collectionId ?? "",
      account: claims?.id ?? "",
      device: typeof claims?.device === "string" ? claims.device : "",
    };
    if (!claims || claims.type !== "auth") return { refused: "malformed token", ...named };
    const collection = findCollection(claims.collectionId);
    if (!collection || collection.id !== claims.collectionId || !isAuthCollection(collection))
      return { refused: "unknown collection", ...named };
    const row = await this.records.findById(collection, claims.id);
    if (!row) return { refused: "account not found", ...named };
    const verified = await verifyToken(token, this.key(collection, row.tokenKey, "auth"));
    if (!verified) return { refused: signatureRefusal(claims.exp, Date.now()), ...named };
    if (this.devices && !(await this.devices.isActive(collection, verified)))
      return { refused: "device signed out", ...named };
    return {
      auth: {
        collection,
        record: rowToRecord(collection, row),
        isSuperuser: collection.id === SUPERUSERS_COLLECTION_ID,
        device: typeof verified.device === "string" ? verified.device : undefined,
      },
      claims: verified,
      token,
    };
  }

  /** Reports a refused session to the listener, if any. */
  private refuse(where: SessionRefusal["where"], refusal: Unidentified): void {
    const { refused: reason, collection, account, device } = refusal;
    this.onRefused?.({ where, reason, collection, account, device });
  }

  /**
   * Checks the collection's authRule for a record, as PocketBase does after every successful
   * identification: `null` refuses everyone, `""` lets everyone in, any other rule must match
   * the stored record for the request. 403 when it fails.
   */
  async checkAuthRule(
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

  /**
   * `auth-with-password`: identity is any of the collection's identity fields; failures count
   * against the account they name (F4, `password-sign-in.ts`).
   */
  authWithPassword(attempt: SignInAttempt): Promise<AuthResponse> {
    return signInWithPassword(
      { records: this.records, auth: this, limiter: this.limiter },
      attempt,
    );
  }

  /**
   * `auth-refresh`: a new token for a refreshable one (on the same device), the same token
   * otherwise.
   */
  async authRefresh(
    collection: Collection,
    request: RequestInfo,
    current: { token: string; claims: TokenClaims } | null,
    expand?: string,
    refusal: Unidentified | null = null,
  ): Promise<AuthResponse> {
    const auth = request.auth;
    if (!auth || !current) {
      if (refusal && refusal.refused !== "no token") this.refuse("auth-refresh", refusal);
      throw unauthorized();
    }
    // PocketBase names the token's collection here, not the route's.
    if (!isAuthCollection(collection) || auth.collection.id !== collection.id) {
      throw forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
    }
    try {
      await this.checkAuthRule(collection, auth.record, request);
    } catch (error) {
      this.refuse("auth-refresh", {
        refused: "auth rule",
        collection: collection.id,
        account: String(auth.record.id),
        device: auth.device ?? "",
      });
      throw error;
    }
    const token = current.claims.refreshable
      ? await this.authToken(
          collection,
          auth.record,
          true,
          undefined,
          await this.devices?.refreshed(collection, auth.record, request, current.claims),
        )
      : current.token;
    return this.respond(collection, auth.record, token, request, expand);
  }

  /**
   * Confirms a session without renewing it: the checks of `auth-refresh` (a valid token of an
   * existing auth record, the collection's authRule) and its record, as auth-refresh presents
   * it, with the same token. `null` when the session is not valid (what auth-refresh answers
   * 401 or 403); other failures (the database unreachable) are thrown. For the web app's
   * server rendering, which reads the session of every page request from a cookie: it must
   * not mint a token per request, nor make a request of its own (ADR 048).
   */
  async confirmSession(token: string, request: RequestInfo): Promise<AuthResponse | null> {
    const found = await this.identify(token);
    if ("refused" in found) {
      this.refuse("page", found);
      return null;
    }
    const collection = found.auth.collection;
    if (!isAuthCollection(collection)) return null;
    const self: RequestInfo = { ...request, auth: found.auth };
    try {
      await this.checkAuthRule(collection, found.auth.record, self);
    } catch (error) {
      if (error instanceof CoreError && error.status === 403) {
        this.refuse("page", {
          refused: "auth rule",
          collection: collection.id,
          account: String(found.auth.record.id),
          device: found.auth.device ?? "",
        });
        return null;
      }
      throw error;
    }
    return this.respond(collection, found.auth.record, found.token, self);
  }

  /**
   * Finalises every sign-in that identified `record` (a password, an emailed code, OAuth2, a
   * second factor, impersonation): checks the collection's authRule (not for impersonation:
   * superusers pass every rule), asks a first factor for the second one when the record has
   * enrolled one (`401 {mfaId}`), runs the sign-in listeners, signs the token and answers
   * `{token, record}` like auth-with-password.
   */
  async completeAuth(
    collection: AuthCollection,
    record: RecordData,
    request: RequestInfo,
    options: SignInOptions,
  ): Promise<AuthResponse> {
    const { method } = options;
    if (method !== "impersonation") await this.checkAuthRule(collection, record, request);
    if (this.mfa && isFirstFactor(method)) {
      const mfaId = options.mfaId || request.query.mfaId || "";
      await this.mfa.requireSecondFactor(collection, String(record.id), method, mfaId);
    }
    const event: SignInEvent = {
      collection,
      record,
      method,
      request,
      refreshable: options.refreshable ?? true,
      duration: options.duration ?? collection.auth.authTokenDuration,
      claims: {},
    };
    for (const listener of this.listeners) await listener(event);
    const token = await this.authToken(
      collection,
      record,
      event.refreshable,
      event.duration,
      event.claims,
    );
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
      mfa:
        this.mfa?.enabledFor(auth) && auth.auth.mfa
          ? { duration: auth.auth.mfa.duration, enabled: true }
          : { duration: 0, enabled: false },
      oauth2,
      otp: auth.auth.otp
        ? { duration: auth.auth.otp.duration, enabled: true }
        : { duration: 0, enabled: false },
      passkey: { enabled: this.passkeys?.(auth) ?? false },
      password: { enabled: true, identityFields },
      usernamePassword: identityFields.includes("username"),
    };
  }
}

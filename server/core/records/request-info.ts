/** What a request contributes to rule evaluation (`@request.*`). */
import type { SignInContext } from "#shared/auth/sign-in-methods.ts";
import type { Collection } from "../models/collection.ts";
import { superusersCollection } from "../../data/registry/collections.ts";

/** A loaded record: field values by name (stored form). */
export type RecordData = Record<string, unknown>;

/** The authenticated record of a request. */
export interface AuthInfo {
  collection: Collection;
  record: RecordData;
  /** Superusers bypass every rule. */
  isSuperuser: boolean;
  /** The `devices` record the request's token was issued to, if any (ADR 053). */
  device?: string | undefined;
}

/** `@request.*` data for rules and filters. */
export interface RequestInfo {
  auth: AuthInfo | null;
  method: string;
  /** `@request.context`: a sign-in's method (`shared/auth`), or what else the request does. */
  context: "default" | SignInContext | "realtime" | "protectedFile" | "batch" | "expand";
  /** Header names lower-snake-cased (`X-Token` → `x_token`), first values. */
  headers: Record<string, string>;
  query: Record<string, string>;
  /** Submitted body with modifiers resolved; undefined outside create/update. */
  body: RecordData | undefined;
  /** The client's address, when the request came over HTTP (sign-in records keep it). */
  ip?: string | undefined;
  /**
   * For a write a server flow makes as the operator on behalf of a request
   * (`operatorRequest(onBehalfOf)`): that request's own session, if any. It grants nothing
   * (the operator's auth decides); the first proof of an address keeps its device (ADR 056).
   */
  onBehalfOf?: AuthInfo | null | undefined;
}

/** A guest request with nothing submitted (for internal reads). */
export function guestRequest(method = "GET"): RequestInfo {
  return { auth: null, method, context: "default", headers: {}, query: {}, body: undefined };
}

/**
 * A request acting as a superuser, for operator commands (CLI, seed), the server's own flows
 * and tests; `onBehalfOf` names the session of the request a flow acts for, if any.
 */
export function operatorRequest(onBehalfOf: AuthInfo | null = null): RequestInfo {
  return {
    ...guestRequest("POST"),
    auth: { collection: superusersCollection, record: { id: "" }, isSuperuser: true },
    ...(onBehalfOf ? { onBehalfOf } : {}),
  };
}

/** Builds the `@request.*` info of a Fastify request (auth loaded by the auth hook). */
import type { FastifyRequest } from "fastify";
import type { RequestInfo } from "../core/records/request-info.ts";
import type { Unidentified } from "../core/auth/auth-service.ts";
import type { TokenClaims } from "../core/auth/tokens.ts";
import type { AuthInfo } from "../core/records/request-info.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The authenticated record, or null for guests (set by the auth hook). */
    auth: AuthInfo | null;
    /** The verified token behind `auth`. */
    authToken: { token: string; claims: TokenClaims } | null;
    /** Why the request's token identified no one (logged by auth-refresh, issue 22). */
    authRefusal: Unidentified | null;
  }
}

/** Query values as single strings (first value wins). */
export function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const q = request.query as Record<string, unknown>;
  for (const [k, v] of Object.entries(q)) {
    const first = Array.isArray(v) ? (v[0] as unknown) : v;
    if (typeof first === "string") out[k] = first;
  }
  return out;
}

/** `@request.*` data for rule checks. */
export function requestInfo(
  request: FastifyRequest,
  context: RequestInfo["context"] = "default",
): RequestInfo {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) {
    if (k === "authorization" || k === "cookie") continue;
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === "string") headers[k.replace(/-/g, "_").toLowerCase()] = first;
  }
  return {
    auth: request.auth,
    method: request.method,
    context,
    headers,
    query: queryOf(request),
    body: undefined,
    ip: request.ip,
  };
}

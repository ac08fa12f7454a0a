/**
 * Binds the body of an auth endpoint to its declared fields, as PocketBase's `BindBody` does
 * into a Go struct: a JSON value of the wrong type (a number for a string, a fraction for an
 * integer, an object…) is a 400 `An error occurred while loading the submitted data.`; `null`
 * and missing values are zero values. Form bodies (urlencoded, multipart) carry text only, so
 * their values are read back as text. Undeclared keys are never read (B13: `verified`,
 * `skipEmailVerification` and the like are ignored).
 *
 * Also the route helpers every auth endpoint of a collection shares.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SignInAttempt } from "../../core/auth/auth-service.ts";
import { badRequest } from "../../core/errors.ts";
import type { Collection } from "../../core/models/collection.ts";
import type { RequestInfo } from "../../core/records/request-info.ts";
import type { RateLimitRouteAction } from "../../core/rate-limit/index.ts";
import { readBody } from "../middlewares/body.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { collectionParam } from "./record-crud.ts";

/** How PocketBase's auth routes word an unknown collection (its rate-limit middleware answers). */
export const MISSING_COLLECTION = "Missing or invalid collection context.";

/** Message of a body that could not be read into the endpoint's fields. */
export const LOAD_FAILED = "An error occurred while loading the submitted data.";

/** Types of declared fields: Go `string` and `int64`. */
type FieldKind = "string" | "int";

type Bound<S extends Record<string, FieldKind>> = {
  [K in keyof S]: S[K] extends "int" ? number : string;
};

function isForm(request: FastifyRequest): boolean {
  if (request.isMultipart()) return true;
  const type = request.headers["content-type"] ?? "";
  return type.toLowerCase().startsWith("application/x-www-form-urlencoded");
}

function bindString(value: unknown, form: boolean): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  // Form values were inferred from text (`"true"`, canonical numbers): give the text back.
  if (form && (typeof value === "number" || typeof value === "boolean")) return String(value);
  if (form && Array.isArray(value)) return bindString(value[0], form);
  throw badRequest(LOAD_FAILED);
}

function bindInt(value: unknown, form: boolean): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (form && typeof value === "string" && value.trim() === "") return 0;
  if (form && Array.isArray(value)) return bindInt(value[0], form);
  throw badRequest(LOAD_FAILED);
}

/**
 * Reads the request body into `schema`'s fields; 400 `An error occurred while loading the
 * submitted data.` for a malformed body or a value of the wrong type.
 *
 * @example
 * const { email } = await bindBody(request, { email: "string" });
 */
export async function bindBody<S extends Record<string, FieldKind>>(
  request: FastifyRequest,
  schema: S,
): Promise<Bound<S>> {
  const body = await readBody(request, LOAD_FAILED);
  const form = isForm(request);
  const out: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(schema)) {
    const value = Object.hasOwn(body, name) ? body[name] : undefined;
    out[name] = kind === "int" ? bindInt(value, form) : bindString(value, form);
  }
  return out as Bound<S>;
}

/**
 * Registers `POST /api/collections/{collection}/<path>`, labelled for the rate limits with
 * PocketBase's `action` (null for a route PocketBase does not label): `handle` gets the route's
 * collection (404 in PocketBase's auth-route wording when there is none) and the request; an
 * answer of `undefined` is a 204.
 *
 * @example
 * registerAuthAction(app, "request-verification", "requestVerification", (collection, request) =>
 *   verification.request(collection, () => bindBody(request, { email: "string" })),
 * );
 */
export function registerAuthAction(
  app: FastifyInstance,
  path: string,
  action: RateLimitRouteAction | null,
  handle: (collection: Collection, request: FastifyRequest) => Promise<unknown>,
): void {
  app.post(`/api/collections/:collection/${path}`, rateLimited(action), async (request, reply) => {
    const answer = await handle(collectionParam(request, MISSING_COLLECTION), request);
    return answer === undefined ? reply.status(204).send() : answer;
  });
}

/** The sign-in attempt of an `auth-with-*` request, its `context` naming the method. */
export async function signInAttempt(
  collection: Collection,
  request: FastifyRequest,
  context: RequestInfo["context"],
): Promise<SignInAttempt> {
  const body = await readBody(request, LOAD_FAILED);
  return {
    collection,
    body,
    request: requestInfo(request, context),
    expand: queryOf(request).expand,
  };
}

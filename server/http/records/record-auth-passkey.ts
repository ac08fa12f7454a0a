/**
 * Passkeys (ADR 052), for collections whose accounts have them (`users`):
 *
 * - `POST passkeys/register-options` (the signed-in account) → WebAuthn creation options;
 * - `POST passkeys/register` `{name, response}` → the new `passkeys` record;
 * - `POST auth-with-passkey-options` `{mfaId?}` → `{challengeId, options}`;
 * - `POST auth-with-passkey` `{challengeId, response, mfaId?}` → `{token, record}`.
 *
 * Listing, renaming and removing go through the records API of the `passkeys` collection.
 * PocketBase has no passkeys; the paths follow its auth routes.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Passkeys } from "../../core/auth/passkeys/passkeys.ts";
import { badRequest } from "../../core/errors.ts";
import { readBody } from "../middlewares/body.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { bindBody, LOAD_FAILED, registerAuthAction } from "./record-auth-body.ts";

/** Whether the request runs on an impersonation token (the only non-refreshable ones). */
function impersonated(request: FastifyRequest): boolean {
  return request.authToken?.claims.refreshable === false;
}

/**
 * The body's text fields and its `response` object (the browser's WebAuthn answer): a value
 * of the wrong type is a 400 `An error occurred while loading the submitted data.`, as
 * `bindBody` answers; a missing one is empty.
 */
async function bindWithResponse<K extends string>(
  request: FastifyRequest,
  fields: readonly K[],
): Promise<Record<K, string> & { response: Record<string, unknown> | null }> {
  const body = await readBody(request, LOAD_FAILED);
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    if (value !== undefined && value !== null && typeof value !== "string")
      throw badRequest(LOAD_FAILED);
    out[field] = value ?? "";
  }
  const value = Object.hasOwn(body, "response") ? body.response : undefined;
  if (value !== undefined && value !== null && (typeof value !== "object" || Array.isArray(value)))
    throw badRequest(LOAD_FAILED);
  out.response = value ?? null;
  return out as Record<K, string> & { response: Record<string, unknown> | null };
}

/** Registers the passkey routes. */
export function registerRecordAuthPasskeyRoutes(app: FastifyInstance, passkeys: Passkeys): void {
  const { registration, signIn } = passkeys;

  registerAuthAction(app, "passkeys/register-options", "managePasskeys", (collection, request) =>
    registration.options(collection, requestInfo(request), impersonated(request)),
  );

  registerAuthAction(app, "passkeys/register", "managePasskeys", (collection, request) =>
    registration.register(collection, requestInfo(request), impersonated(request), () =>
      bindWithResponse(request, ["name"]),
    ),
  );

  registerAuthAction(app, "auth-with-passkey-options", "requestPasskey", (collection, request) =>
    signIn.options(collection, () => bindBody(request, { mfaId: "string" })),
  );

  registerAuthAction(app, "auth-with-passkey", "authWithPasskey", (collection, request) =>
    signIn.authenticate(
      collection,
      requestInfo(request, "passkey"),
      () => bindWithResponse(request, ["challengeId", "mfaId"]),
      queryOf(request).expand,
    ),
  );
}

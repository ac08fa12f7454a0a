/**
 * `auth-with-password` (PocketBase's `record_auth_with_password.go`): the identity is any of
 * the collection's identity fields (email first, skipped for an identity without `@`).
 *
 * SECURITY (F4, ASVS 6.3.1): failed passwords count against the account the identity names,
 * whichever of its identities was typed (email or username, in any case): 10 consecutive
 * failures per account, not 10 per spelling. An identity that names no account is counted on
 * its own, with the same limit and the same answers, so the limit reveals nothing about which
 * accounts exist. A right password ends the run of failures.
 */
import { verifyPassword } from "../../tools/security/passwords.ts";
import { badRequest, CoreError, fieldError } from "../errors.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { Row } from "../../data/repositories/record-repository.ts";
import type { AuthCollection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import { rowToRecord } from "../records/record-service.ts";
import { requireAuthCollection } from "./auth-input.ts";
import type { AuthResponse, AuthService, SignInAttempt } from "./auth-service.ts";

/** What a password sign-in needs. */
export interface PasswordSignInDeps {
  records: RecordService;
  auth: AuthService;
  /** Per-account limits; none counts nothing. */
  limiter: RateLimiter | null;
}

/** PocketBase's 429 wording. */
const TOO_MANY = "Too Many Requests.";

/** The record an identity names, trying the allowed identity fields in order. */
async function findByIdentity(
  records: RecordService,
  collection: AuthCollection,
  identity: string,
  identityField: string,
): Promise<Row | undefined> {
  const fields = identityField ? [identityField] : collection.auth.identityFields;
  for (const field of fields) {
    if (field === "email" && !identity.includes("@") && fields.length > 1) continue;
    const row = await records.findAuthRecord(collection, field, identity);
    if (row) return row;
  }
  return undefined;
}

/** Signs in with an identity and a password (see the module comment). */
export async function signInWithPassword(
  deps: PasswordSignInDeps,
  attempt: SignInAttempt,
): Promise<AuthResponse> {
  const auth = requireAuthCollection(attempt.collection);
  const { body, request, expand } = attempt;
  const text = (name: string) => (typeof body[name] === "string" ? body[name] : "");
  const identity = text("identity");
  const password = text("password");
  const identityField = text("identityField");
  const errors: Record<string, ReturnType<typeof fieldError>> = {};
  if (!identity) errors.identity = fieldError("validation_required", "Cannot be blank.");
  if (!password) errors.password = fieldError("validation_required", "Cannot be blank.");
  if (identityField && !auth.auth.identityFields.includes(identityField)) {
    errors.identityField = fieldError("validation_in_invalid", "Must be a valid value.");
  }
  if (Object.keys(errors).length)
    throw badRequest("An error occurred while validating the submitted data.", errors);

  const row = await findByIdentity(deps.records, auth, identity, identityField);
  const counted = await deps.limiter?.checkAccount(
    "authWithPassword",
    auth.id,
    row ? `record:${String(row.id)}` : `identity:${identity}`,
    request.auth?.isSuperuser === true,
  );
  if (counted && !counted.allowed) throw new CoreError(429, TOO_MANY);
  const ok = await verifyPassword(password, row?.password as string | undefined);
  if (!row || !ok) throw badRequest("Failed to authenticate.");
  // The password was right: the run of failures ends, whatever the second factor says.
  if (counted?.key) await deps.limiter?.clearAccount(counted.key);
  return deps.auth.completeAuth(
    auth,
    rowToRecord(auth, row),
    { ...request, context: "password" },
    { method: "password", expand, mfaId: text("mfaId") },
  );
}

/**
 * The one list of the ways a sign-in identifies an account (issue 24): the server's sign-ins
 * are finalised with one of them (`AuthService.completeAuth`), a request signing in names
 * its own in `@request.context`, and the first factors are those a second factor follows
 * (ADR 046). To add a method, add it here; the types of the server's sign-ins follow. A
 * second factor is added to `second-factors.ts` instead, and counts here through it (ADR 066).
 */
import { SECOND_FACTOR_METHODS } from "./second-factors.ts";

/** Every sign-in method. */
export const SIGN_IN_METHODS = [
  "password",
  "oauth2",
  "otp",
  ...SECOND_FACTOR_METHODS,
  "passkey",
  "impersonation",
] as const;

/** How a sign-in identified its record. */
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * The methods a request signs in with for itself, which its `@request.context` names; an
 * impersonation is a superuser's request for another account (its context is the
 * superuser's).
 */
export type SignInContext = Exclude<SignInMethod, "impersonation">;

/**
 * The first factors: with a second factor enrolled, they answer `401 {mfaId}` instead of a
 * token (PocketBase's MFA, ADR 046).
 */
export const FIRST_FACTORS = [
  "password",
  "oauth2",
  "otp",
] as const satisfies readonly SignInMethod[];

/** Whether a method is a first factor (see {@link FIRST_FACTORS}). */
export function isFirstFactor(method: SignInMethod): boolean {
  return (FIRST_FACTORS as readonly SignInMethod[]).includes(method);
}

/** Whether `value` names a sign-in method. */
export function isSignInMethod(value: unknown): value is SignInMethod {
  return typeof value === "string" && (SIGN_IN_METHODS as readonly string[]).includes(value);
}

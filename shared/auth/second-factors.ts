/**
 * The one list of the second factors an account may enrol (ADR 046, ADR 066): what server and
 * app both need to know of each. A second factor is a plug-in: this entry, one server file
 * implementing `SecondFactor` (`server/core/auth/mfa/second-factor.ts`) and one app component
 * (`app/features/account/second-factors/`); routes, the login challenge, the account page and
 * the clean-up of a deleted account follow from the registries.
 *
 * Passkeys are not here: they sign in alone, and serve as a second step through their own
 * `auth-with-passkey` (ADR 052).
 *
 * @example
 * // A method named "email" would be, on the wire:
 * // POST /api/collections/users/auth-with-email   {mfaId, …its proof}   label authWithEmail
 * // GET  /api/collections/users/email             its status            label manageEmail
 * // POST /api/collections/users/email/<action>    its enrolment         label manageEmail
 */

/** What the server and the app know of a second factor. */
export interface SecondFactorDescriptor {
  /**
   * The method's name: the sign-in method it completes (`@request.context`, sign-in events),
   * and its paths (`auth-with-{method}`, `{method}/…`). Lower-case letters only.
   */
  readonly method: string;
  /**
   * How PocketBase-style messages and rate-limit labels spell it (`TOTP`: `authWithTOTP`,
   * `manageTOTP`, "… allow TOTP authentication.").
   */
  readonly wireName: string;
  /** Catalog keys of the account page's section about it: its title and its introduction. */
  readonly labels: { readonly title: string; readonly intro: string };
}

/** Every second factor, in the order the account page and the login challenge show them. */
export const SECOND_FACTORS = [
  {
    method: "totp",
    wireName: "TOTP",
    labels: { title: "security:settings.heading", intro: "security:settings.intro" },
  },
] as const satisfies readonly SecondFactorDescriptor[];

/** A second factor's descriptor, with its literal types. */
export type SecondFactorEntry = (typeof SECOND_FACTORS)[number];

/** The name of a second factor (`totp`). */
export type SecondFactorMethod = SecondFactorEntry["method"];

/** The rate-limit label of a second factor's `auth-with-{method}` (tagged `auth` too). */
export type SecondFactorSignInAction = `authWith${SecondFactorEntry["wireName"]}`;

/** The rate-limit label of a second factor's status and enrolment routes. */
export type SecondFactorManageAction = `manage${SecondFactorEntry["wireName"]}`;

/** The names of every second factor. */
export const SECOND_FACTOR_METHODS: readonly SecondFactorMethod[] = SECOND_FACTORS.map(
  (factor) => factor.method,
);

/** The rate-limit labels of a second factor's routes. */
export function secondFactorActions(factor: SecondFactorEntry): {
  signIn: SecondFactorSignInAction;
  manage: SecondFactorManageAction;
} {
  return { signIn: `authWith${factor.wireName}`, manage: `manage${factor.wireName}` };
}

/** Every second factor's sign-in label (`authWithTOTP`…). */
export const SECOND_FACTOR_SIGN_IN_ACTIONS: readonly SecondFactorSignInAction[] =
  SECOND_FACTORS.map((factor) => secondFactorActions(factor).signIn);

/** Every second factor's management label (`manageTOTP`…). */
export const SECOND_FACTOR_MANAGE_ACTIONS: readonly SecondFactorManageAction[] = SECOND_FACTORS.map(
  (factor) => secondFactorActions(factor).manage,
);

const BY_METHOD = Object.fromEntries(
  SECOND_FACTORS.map((factor) => [factor.method, factor]),
) as Record<SecondFactorMethod, SecondFactorEntry>;

/** The descriptor of `method`. */
export function secondFactorOf(method: SecondFactorMethod): SecondFactorEntry {
  return BY_METHOD[method];
}

/**
 * The requests of a sign-up from `/signUp` (ADR 061, issue 25 item 5). The API answers a
 * sign-up alike whether or not the address has an account (it mails a taken address's owner
 * instead of creating anything), so the page must too: no sign-in follows (it would succeed
 * only for a new account), and the link that confirms the address is asked for either way
 * (`request-verification` answers alike too; it mails only an unverified account). The
 * account signs in once its owner opens that link (`/login?verify=…`).
 */
import type { ApiClient } from "../../api/client/api-client.ts";
import { requestVerification } from "../../api/auth/session.ts";
import { signUp } from "../../api/auth/sign-up.ts";

/** The fields of the sign-up form. */
export const SIGN_UP_FIELDS = ["username", "name", "email", "password", "passwordConfirm"] as const;

/** What the form sends. */
export type SignUpValues = Record<(typeof SIGN_UP_FIELDS)[number], string>;

/**
 * Signs up `values` in `locale` (the account's language, for its mail) and asks for the link
 * that confirms the address. Rejects with the API's refusal of the sign-up (its field
 * errors); a refused or failed mail request is not the visitor's to see (it would answer
 * alike for any address anyway).
 */
export async function signUpAndMail(
  api: ApiClient,
  values: SignUpValues,
  locale: string,
): Promise<void> {
  await signUp(api, { ...values, locale, emailVisibility: false });
  try {
    await requestVerification(api, values.email);
  } catch (error) {
    console.debug("verification request failed", error);
  }
}

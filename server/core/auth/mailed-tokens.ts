/**
 * The two steps the mailed-link flows (verification, password reset, email change) share:
 * mailing a link that carries a single-purpose token, at most once per address and resend
 * window, and checking the token that comes back from the link.
 */
import type { Row } from "../../data/repositories/record-repository.ts";
import { fieldError, type FieldError } from "../errors.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { MailRecipient, MailSite } from "../mail/templates.ts";
import type { AuthCollection } from "../models/collection.ts";
import { recipientOf, siteOf, type AccountDeps } from "./account-deps.ts";
import { BLANK } from "./auth-input.ts";
import { RESEND_WINDOW_SECONDS, resendKey } from "./auth-throttle.ts";
import {
  unverifiedPayload,
  type EmailTokenType,
  type RecordTokens,
  type TokenRecord,
} from "./record-tokens.ts";

/** Builds the mail that carries a link with `token` (e.g. `passwordResetMail`). */
export type LinkMail = (site: MailSite, recipient: MailRecipient, token: string) => MailMessage;

/** Options of {@link mailTokenLink}. */
export interface MailTokenLinkOptions {
  /** Builds the mail. */
  mail: LinkMail;
  /** Whether the record found needs no mail (e.g. it is verified already). */
  skip?: (row: Row) => boolean;
}

/**
 * Mails a link with a `type` token to the auth record whose address is `email`, unless one
 * went to that address within the resend window (2 minutes). Answers nothing either way, and
 * counts unknown addresses too (the same work, so the same time): callers cannot tell known,
 * unknown and recently mailed addresses apart. A mail that never left may be asked for again
 * at once.
 */
export async function mailTokenLink(
  deps: AccountDeps,
  auth: AuthCollection,
  type: Exclude<EmailTokenType, "emailChange">,
  email: string,
  options: MailTokenLinkOptions,
): Promise<void> {
  const { records, throttle, tokens, mailer } = deps;
  const row = await records.findAuthRecord(auth, "email", email);
  const key = resendKey(type, auth.id, email);
  const allowed = await throttle.hit(key, 1, RESEND_WINDOW_SECONDS);
  if (!row || !allowed || options.skip?.(row) === true) return;
  const token = await tokens.sign(auth, row, type, { email: String(row.email) });
  mailer.send(options.mail(siteOf(deps), recipientOf(row), token), {
    onError: () => throttle.reset(key),
  });
}

/** Checks of a token beyond its signature, expiry and collection. */
export interface TokenChecks {
  /** An error for the token's unverified claims; checked first, before any lookup. */
  claims?: (payload: Record<string, unknown>) => FieldError | undefined;
  /** An error for the valid token's record; checked last. */
  record?: (
    found: TokenRecord,
    payload: Record<string, unknown>,
  ) => FieldError | undefined | Promise<FieldError | undefined>;
}

/** A checked token: its record, or the `token` field's error. */
export type CheckedToken =
  { found: TokenRecord; error?: undefined } | { found: null; error: FieldError };

/**
 * The record of a `type` token from a link, once it is signed, unexpired and for `auth`, and
 * passes `checks`; otherwise the `token` field's error, in PocketBase's order: blank, the
 * claims, invalid or expired, another collection, the record.
 */
export async function checkMailedToken(
  tokens: RecordTokens,
  auth: AuthCollection,
  token: string,
  type: EmailTokenType,
  checks: TokenChecks = {},
): Promise<CheckedToken> {
  if (token === "") return { found: null, error: BLANK };
  const payload = unverifiedPayload(token);
  const claimsError = checks.claims?.(payload);
  if (claimsError) return { found: null, error: claimsError };
  const found = await tokens.find(token, type);
  if (!found)
    return {
      found: null,
      error: fieldError("validation_invalid_token", "Invalid or expired token."),
    };
  if (found.collection.id !== auth.id)
    return {
      found: null,
      error: fieldError(
        "validation_token_collection_mismatch",
        "The provided token is for different auth collection.",
      ),
    };
  const recordError = await checks.record?.(found, payload);
  if (recordError) return { found: null, error: recordError };
  return { found };
}

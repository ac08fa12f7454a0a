/**
 * Email verification (`request-verification`, `confirm-verification`): a link mailed to the
 * address proves the record owns it and sets `verified`.
 */
import { badRequest, fieldError, type FieldError } from "../errors.ts";
import { verificationMail } from "../mail/templates.ts";
import type { Collection } from "../models/collection.ts";
import { rowToRecord } from "../records/record-service.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { recipientOf, saveAuthRecord, type AccountDeps } from "./account-deps.ts";
import {
  BLANK,
  emailError,
  requireAuthCollection,
  throwIfInvalid,
  type ReadInput,
} from "./auth-input.ts";
import { RESEND_WINDOW_SECONDS, resendKey } from "./auth-throttle.ts";
import { unverifiedPayload, type TokenRecord } from "./record-tokens.ts";

const SUPERUSERS_VERIFIED = "All superusers are verified by default.";

/** Verification by email. */
export class VerificationFlow {
  private readonly deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.deps = deps;
  }

  /**
   * `request-verification`: mails a verification link to an unverified record with this
   * address, at most once per 2 minutes. Answers nothing either way: unknown, verified and
   * recently mailed addresses look alike.
   */
  async request(collection: Collection, read: ReadInput<{ email: string }>): Promise<void> {
    const auth = requireAuthCollection(collection);
    if (auth.id === SUPERUSERS_COLLECTION_ID) throw badRequest(SUPERUSERS_VERIFIED);
    const input = await read();
    throwIfInvalid({ email: emailError(input.email) });
    const { records, throttle, tokens, mailer, appUrl } = this.deps;
    const row = await records.findAuthRecord(auth, "email", input.email);
    // Counted for unknown addresses too: the same work, so the same time.
    const key = resendKey("verification", auth.id, input.email);
    const allowed = await throttle.hit(key, 1, RESEND_WINDOW_SECONDS);
    if (!row || rowToRecord(auth, row).verified === true || !allowed) return;
    const email = String(row.email);
    const token = await tokens.sign(auth, row, "verification", { email });
    mailer.send(verificationMail(appUrl, recipientOf(row), token), {
      // A mail that never left may be asked for again at once.
      onError: () => throttle.reset(key),
    });
  }

  /** `confirm-verification`: marks the token's record verified (a no-op when it already is). */
  async confirm(collection: Collection, read: ReadInput<{ token: string }>): Promise<void> {
    const auth = requireAuthCollection(collection);
    if (auth.id === SUPERUSERS_COLLECTION_ID) throw badRequest(SUPERUSERS_VERIFIED);
    const input = await read();
    let found: TokenRecord | null = null;
    let tokenError: FieldError | undefined;
    if (input.token === "") tokenError = BLANK;
    else {
      const email = unverifiedPayload(input.token).email;
      found = await this.deps.tokens.find(input.token, "verification");
      if (typeof email !== "string" || email === "")
        tokenError = fieldError("validation_invalid_token_claims", "Missing email token claim.");
      else if (!found)
        tokenError = fieldError("validation_invalid_token", "Invalid or expired token.");
      else if (found.collection.id !== auth.id)
        tokenError = fieldError(
          "validation_token_collection_mismatch",
          "The provided token is for different auth collection.",
        );
      else if (String(found.row.email) !== email)
        tokenError = fieldError(
          "validation_token_email_mismatch",
          "The record email doesn't match with the requested token claims.",
        );
    }
    throwIfInvalid({ token: tokenError });
    if (!found) return;
    const { row } = found;
    if (rowToRecord(auth, row).verified !== true) {
      await saveAuthRecord(
        this.deps.records,
        auth,
        String(row.id),
        { verified: true },
        "An error occurred while saving the verified state.",
      );
    }
    await this.deps.throttle.reset(resendKey("verification", auth.id, String(row.email)));
  }
}

/**
 * Password reset (`request-password-reset`, `confirm-password-reset`): a link mailed to the
 * address lets its owner choose a new password, which rotates `tokenKey` and so signs every
 * session out.
 */
import { fieldError, type FieldError } from "../errors.ts";
import { passwordResetMail } from "../mail/templates.ts";
import type { Collection } from "../models/collection.ts";
import { rowToRecord } from "../records/record-service.ts";
import { recipientOf, saveAuthRecord, type AccountDeps } from "./account-deps.ts";
import {
  BLANK,
  emailError,
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  type ReadInput,
} from "./auth-input.ts";
import { RESEND_WINDOW_SECONDS, resendKey } from "./auth-throttle.ts";
import type { TokenRecord } from "./record-tokens.ts";

/** Upper bound of the form check; the password field's own max (71) applies when saving. */
const MAX_FORM_PASSWORD = 255;

/** Password reset by email. */
export class PasswordResetFlow {
  private readonly deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.deps = deps;
  }

  /**
   * `request-password-reset`: mails a reset link to the record with this address, at most
   * once per 2 minutes. Answers nothing either way: unknown and recently mailed addresses
   * look like known ones.
   */
  async request(collection: Collection, read: ReadInput<{ email: string }>): Promise<void> {
    const auth = requireAuthCollection(collection);
    const input = await read();
    throwIfInvalid({ email: emailError(input.email) });
    const { records, throttle, tokens, mailer, appUrl } = this.deps;
    const row = await records.findAuthRecord(auth, "email", input.email);
    // Counted for unknown addresses too: the same work, so the same time.
    const key = resendKey("passwordReset", auth.id, input.email);
    const allowed = await throttle.hit(key, 1, RESEND_WINDOW_SECONDS);
    if (!row || !allowed) return;
    const token = await tokens.sign(auth, row, "passwordReset", { email: String(row.email) });
    mailer.send(passwordResetMail(appUrl, recipientOf(row), token), {
      onError: () => throttle.reset(key),
    });
  }

  /**
   * `confirm-password-reset`: sets the new password of the token's record (rotating its
   * `tokenKey`, so the token and every session die), and marks it verified when the token was
   * mailed to its current address.
   */
  async confirm(
    collection: Collection,
    read: ReadInput<{ token: string; password: string; passwordConfirm: string }>,
  ): Promise<void> {
    const auth = requireAuthCollection(collection);
    const input = await read();
    let found: TokenRecord | null = null;
    let tokenError: FieldError | undefined;
    if (input.token === "") tokenError = BLANK;
    else {
      found = await this.deps.tokens.find(input.token, "passwordReset");
      if (!found) tokenError = fieldError("validation_invalid_token", "Invalid or expired token.");
      else if (found.collection.id !== auth.id)
        tokenError = fieldError(
          "validation_token_collection_mismatch",
          "The provided token is for different auth collection.",
        );
    }
    const passwordField = auth.fields.find((f) => f.type === "password");
    const min = passwordField?.type === "password" && passwordField.min > 0 ? passwordField.min : 1;
    throwIfInvalid({
      token: tokenError,
      password: requiredLengthError(input.password, min, MAX_FORM_PASSWORD),
      passwordConfirm:
        input.passwordConfirm === ""
          ? BLANK
          : input.passwordConfirm !== input.password
            ? fieldError("validation_values_mismatch", "Values don't match.")
            : undefined,
    });
    if (!found) return;
    const { row, claims } = found;
    const record = rowToRecord(auth, row);
    const changes: Record<string, unknown> = {
      password: input.password,
      passwordConfirm: input.password,
    };
    // The link reached the current address: that proves it too.
    if (record.verified !== true && claims.email === record.email) changes.verified = true;
    await saveAuthRecord(
      this.deps.records,
      auth,
      String(row.id),
      changes,
      "Failed to set new password.",
    );
    await this.deps.throttle.reset(resendKey("passwordReset", auth.id, String(row.email)));
  }
}

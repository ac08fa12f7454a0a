/**
 * Password reset (`request-password-reset`, `confirm-password-reset`): a link mailed to the
 * address lets its owner choose a new password, which rotates `tokenKey` and so signs every
 * session out.
 */
import { fieldError } from "../errors.ts";
import { passwordResetMail } from "../mail/templates.ts";
import type { Collection } from "../models/collection.ts";
import { rowToRecord } from "../records/record-service.ts";
import { AccountFlow, saveAuthRecord } from "./account-deps.ts";
import {
  BLANK,
  readEmail,
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  type ReadInput,
} from "./auth-input.ts";
import { resendKey } from "./auth-throttle.ts";
import { checkMailedToken, mailTokenLink } from "./mailed-tokens.ts";

/** Upper bound of the form check; the password field's own max (71) applies when saving. */
const MAX_FORM_PASSWORD = 255;

/** Password reset by email. */
export class PasswordResetFlow extends AccountFlow {
  /**
   * `request-password-reset`: mails a reset link to the record with this address, at most
   * once per 2 minutes. Answers nothing either way: unknown and recently mailed addresses
   * look like known ones.
   */
  async request(collection: Collection, read: ReadInput<{ email: string }>): Promise<void> {
    const auth = requireAuthCollection(collection);
    const email = await readEmail(read);
    await mailTokenLink(this.deps, auth, "passwordReset", email, { mail: passwordResetMail });
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
    const { found, error: tokenError } = await checkMailedToken(
      this.deps.tokens,
      auth,
      input.token,
      "passwordReset",
    );
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

/**
 * Email change (`request-email-change`, `confirm-email-change`): a signed-in record asks for a
 * new address; a link mailed to that new address, confirmed with the current password, makes
 * it the record's email (verified), which rotates `tokenKey` and signs every session out. A
 * request for an address another account has answers alike and mails its owner a notice
 * instead (ADR 061).
 */
import { badRequest, fieldError, forbidden, unauthorized } from "../errors.ts";
import { emailChangeMail } from "../mail/templates.ts";
import type { AuthCollection, Collection } from "../models/collection.ts";
import type { RequestInfo } from "../records/request-info.ts";
import { verifyPassword } from "../../tools/security/passwords.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { AccountFlow, recipientOf, saveAuthRecord, siteOf } from "./account-deps.ts";
import {
  emailError,
  requireAuthCollection,
  requiredLengthError,
  throwIfInvalid,
  type ReadInput,
} from "./auth-input.ts";
import { notifyAddressInUse } from "./address-in-use.ts";
import { checkMailedToken } from "./mailed-tokens.ts";
import { unverifiedPayload } from "./record-tokens.ts";

const SUPERUSERS_DIRECT = "All superusers can change their emails directly.";

/** The auth collection whose records change address by mail: 400 for superusers. */
function changeableCollection(collection: Collection): AuthCollection {
  const auth = requireAuthCollection(collection);
  if (auth.id === SUPERUSERS_COLLECTION_ID) throw badRequest(SUPERUSERS_DIRECT);
  return auth;
}

/** The `newEmail` claim of an email-change token, `""` when it has none. */
function newEmailClaim(payload: Record<string, unknown>): string {
  return typeof payload.newEmail === "string" ? payload.newEmail : "";
}

/** Email change confirmed by a link to the new address. */
export class EmailChangeFlow extends AccountFlow {
  /**
   * `request-email-change`: the signed-in record (of this collection) asks to move to
   * `newEmail`; a confirmation link goes to the new address.
   */
  async request(
    collection: Collection,
    request: RequestInfo,
    read: ReadInput<{ newEmail: string }>,
  ): Promise<void> {
    // PocketBase's RequireSameCollectionContextAuth runs before anything else.
    const authInfo = request.auth;
    if (!authInfo) throw unauthorized();
    if (authInfo.collection.id !== collection.id)
      throw forbidden(
        `The request requires auth record from ${authInfo.collection.name} collection.`,
      );
    const auth = changeableCollection(collection);
    const input = await read();
    const { records, tokens, mailer } = this.deps;
    const row = await records.findById(auth, String(authInfo.record.id));
    if (!row) throw unauthorized();
    const current = String(row.email);
    let error = emailError(input.newEmail);
    if (!error && input.newEmail === current)
      error = fieldError("validation_not_in_invalid", "Must not be in list.");
    throwIfInvalid({ newEmail: error });
    const owner = await records.findAuthRecord(auth, "email", input.newEmail);
    if (owner && owner.id !== row.id) {
      // SECURITY (ADR 061): answered as for a free address, so the requester learns nothing of
      // who has an account; the address's owner is told, and nobody gets a link.
      await notifyAddressInUse(this.deps, auth, owner, "emailChange");
      return;
    }
    const token = await tokens.sign(auth, row, "emailChange", {
      email: current,
      newEmail: input.newEmail,
    });
    mailer.send(emailChangeMail(siteOf(this.deps), recipientOf(row, input.newEmail), token));
  }

  /**
   * `confirm-email-change`: with the token from the link and the record's password, sets the
   * new address (verified).
   */
  async confirm(
    collection: Collection,
    read: ReadInput<{ token: string; password: string }>,
  ): Promise<void> {
    const auth = changeableCollection(collection);
    const input = await read();
    const { records, tokens } = this.deps;
    const { found, error: tokenError } = await checkMailedToken(
      tokens,
      auth,
      input.token,
      "emailChange",
      {
        claims: (payload) =>
          newEmailClaim(payload)
            ? undefined
            : fieldError(
                "validation_invalid_token_payload",
                "Invalid token payload - newEmail must be set.",
              ),
        record: async (_, payload) =>
          (await records.findAuthRecord(auth, "email", newEmailClaim(payload)))
            ? fieldError("validation_invalid_token_email", "The new email address is invalid.")
            : undefined,
      },
    );
    let passwordError = requiredLengthError(input.password, 1, 100);
    if (!passwordError && input.password !== "") {
      // Checked against the token's record; without one, the password cannot be right.
      const ok = await verifyPassword(
        input.password,
        found ? String(found.row.password) : undefined,
      );
      if (!ok)
        passwordError = fieldError(
          "validation_invalid_password",
          "Missing or invalid auth record password.",
        );
    }
    throwIfInvalid({ token: tokenError, password: passwordError });
    if (!found) return;
    await saveAuthRecord(
      records,
      auth,
      String(found.row.id),
      { email: newEmailClaim(unverifiedPayload(input.token)), verified: true },
      "Failed to confirm email change.",
    );
  }
}

/**
 * Email verification (`request-verification`, `confirm-verification`): a link mailed to the
 * address proves the record owns it and sets `verified`.
 */
import { badRequest, fieldError } from "../errors.ts";
import { verificationMail } from "../mail/templates.ts";
import type { AuthCollection, Collection } from "../models/collection.ts";
import { rowToRecord } from "../records/record-service.ts";
import type { AuthInfo } from "../records/request-info.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { AccountFlow, saveAuthRecord } from "./account-deps.ts";
import { readEmail, requireAuthCollection, throwIfInvalid, type ReadInput } from "./auth-input.ts";
import { resendKey } from "./auth-throttle.ts";
import { checkMailedToken, mailTokenLink } from "./mailed-tokens.ts";

const SUPERUSERS_VERIFIED = "All superusers are verified by default.";

/** The auth collection whose records get verified: 400 for superusers (verified by default). */
function verifiableCollection(collection: Collection): AuthCollection {
  const auth = requireAuthCollection(collection);
  if (auth.id === SUPERUSERS_COLLECTION_ID) throw badRequest(SUPERUSERS_VERIFIED);
  return auth;
}

/** Verification by email. */
export class VerificationFlow extends AccountFlow {
  /**
   * `request-verification`: mails a verification link to an unverified record with this
   * address, at most once per 2 minutes. Answers nothing either way: unknown, verified and
   * recently mailed addresses look alike.
   */
  async request(collection: Collection, read: ReadInput<{ email: string }>): Promise<void> {
    const auth = verifiableCollection(collection);
    const email = await readEmail(read);
    await mailTokenLink(this.deps, auth, "verification", email, {
      mail: verificationMail,
      skip: (row) => rowToRecord(auth, row).verified === true,
    });
  }

  /**
   * `confirm-verification`: marks the token's record verified (a no-op when it already is).
   * The first proof removes what was set up before it (ADR 056), except the device of
   * `session`, the request's own sign-in, when it is the record's.
   */
  async confirm(
    collection: Collection,
    read: ReadInput<{ token: string }>,
    session: AuthInfo | null = null,
  ): Promise<void> {
    const auth = verifiableCollection(collection);
    const input = await read();
    const { found, error } = await checkMailedToken(
      this.deps.tokens,
      auth,
      input.token,
      "verification",
      {
        claims: ({ email }) =>
          typeof email !== "string" || email === ""
            ? fieldError("validation_invalid_token_claims", "Missing email token claim.")
            : undefined,
        record: ({ row }, { email }) =>
          String(row.email) !== email
            ? fieldError(
                "validation_token_email_mismatch",
                "The record email doesn't match with the requested token claims.",
              )
            : undefined,
      },
    );
    throwIfInvalid({ token: error });
    if (!found) return;
    const { row } = found;
    if (rowToRecord(auth, row).verified !== true) {
      await saveAuthRecord(
        this.deps.records,
        auth,
        String(row.id),
        { verified: true },
        "An error occurred while saving the verified state.",
        session,
      );
    }
    await this.deps.throttle.reset(resendKey("verification", auth.id, String(row.email)));
  }
}

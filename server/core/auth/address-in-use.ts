/**
 * Sign-up and email change do not tell which addresses have accounts (ADR 061; issue 25 item
 * 5, issue 23's low finding). Whoever may not see other accounts' addresses (guests, and
 * users who match no `manageRule`) gets the same answer for an address that has an account as
 * for one that has none:
 *
 * - a sign-up (a create of an auth record, through the records API or a batch) with a taken
 *   address is validated as any other, then stood in for: its answer is the record it would
 *   have made, and nothing is written (`RecordEvent.standIn`). OAuth2 sign-ups are not: their
 *   address is the provider's, and a taken one signs in to its account;
 * - `request-email-change` to a taken address answers 204, and no confirmation link is mailed.
 *
 * Instead, the address's owner is told, in their language: someone tried to use their
 * address, nothing changed, how to sign in or choose a new password. At most one such mail per
 * address and resend window (2 minutes), so the notice cannot be turned into a mail bomb;
 * rate limits apply to the requests as to any other.
 */
import { findRowBy, type Row } from "../../data/repositories/record-repository.ts";
import { addressInUseMail, type AddressUse } from "../mail/address-in-use-mail.ts";
import type { Mailer } from "../mail/mailer.ts";
import { allCollections } from "../collections/collection-lookup.ts";
import { isAuthCollection, type Collection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RequestInfo } from "../records/request-info.ts";
import { recipientOf, siteOf, type MailSiteDeps } from "./account-deps.ts";
import { RESEND_WINDOW_SECONDS, resendKey, type AuthThrottle } from "./auth-throttle.ts";
import { randomSecret } from "./secrets.ts";

/** What the notices need. */
export interface AddressInUseDeps extends MailSiteDeps {
  records: RecordService;
  mailer: Mailer;
  throttle: AuthThrottle;
}

/**
 * Whether the request may know which addresses have accounts in `collection`: a superuser,
 * or an account its `manageRule` names (admins of `users`, who see those addresses anyway).
 */
export function mayKnowAddresses(
  records: RecordService,
  collection: Collection,
  request: RequestInfo,
): boolean {
  if (request.auth?.isSuperuser) return true;
  if (!isAuthCollection(collection) || !request.auth || collection.auth.manageRule === null)
    return false;
  return records.ruleCondition(collection, collection.auth.manageRule, request) === true;
}

/**
 * Tells the owner of `row`'s address that someone tried to `use` it, unless they were told
 * within the resend window. Answers nothing: callers answer as if no one owned the address.
 */
export async function notifyAddressInUse(
  deps: AddressInUseDeps,
  collection: Collection,
  row: Row,
  use: AddressUse,
): Promise<void> {
  const email = String(row.email);
  const key = resendKey("addressInUse", collection.id, email);
  if (!(await deps.throttle.hit(key, 1, RESEND_WINDOW_SECONDS))) return;
  deps.mailer.send(addressInUseMail(siteOf(deps), recipientOf(row), use), {
    onError: () => deps.throttle.reset(key),
  });
}

/**
 * An address nobody has, on the same domain as `email` (so the field's domain rules judge it
 * alike): what a stood-in sign-up is validated with, in place of the taken one.
 */
function unusedAddress(email: string): string {
  const at = email.lastIndexOf("@");
  return `${randomSecret(20).toLowerCase()}${email.slice(at)}`;
}

/** Stands in for sign-ups with a taken address; see the module comment. */
export function registerAddressInUse(deps: AddressInUseDeps): void {
  const { records } = deps;
  const authCollections = allCollections()
    .filter((c) => isAuthCollection(c) && c.createRule !== null)
    .map((c) => c.id);
  records.hooks.on(
    "beforeCreate",
    async (event) => {
      const { collection, request, values } = event;
      // Sign-ups a client makes: the records API and batches. OAuth2 creates accounts for
      // addresses a provider vouches for, and resolves a taken one as a sign-in itself.
      if (request.context !== "default" && request.context !== "batch") return;
      const email = typeof values.email === "string" ? values.email : "";
      if (!email.includes("@") || mayKnowAddresses(records, collection, request)) return;
      // Read in the write's transaction (SQLite has one connection, which it holds).
      const owner = await findRowBy(event.db.kysely, collection, "email", email, true);
      if (!owner) return;
      values.email = unusedAddress(email);
      event.standIn = {
        values: { email },
        committed: () => notifyAddressInUse(deps, collection, owner, "signUp"),
      };
    },
    // After the other before hooks: the address they leave is the one checked.
    { collections: authCollections, priority: 100 },
  );
}

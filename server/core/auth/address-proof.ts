/**
 * The first proof of an account's address (ADR 056, issue 23 finding 3: account
 * pre-hijacking). Anyone may register an address they do not own; until its owner proves it,
 * whatever was set up on the account may be someone else's. So when a `users` account turns
 * verified (an emailed code, a reset or verification link, an OAuth2 provider vouching for
 * the email, a superuser marking it), in the same transaction as that change:
 *
 * - its passkeys, its second factors (the authenticator app with its recovery codes; every
 *   plug-in of ADR 066) and pending sign-ins, its linked OAuth2 identities and its pending
 *   passkey ceremonies are deleted;
 * - every device signed in before is deleted (its tokens stop working at their next request),
 *   except the device of the session the proving request came with, when that session is the
 *   account's own (`RequestInfo.onBehalfOf`: a signed-in browser confirming its link);
 *
 * and, once committed, the deletions reach caches and realtime as change events (a deleted
 * device's streams turn guest) and the owner gets an email, in the account's language, saying
 * what was removed. An address proven with nothing to remove sends nothing.
 *
 * One hook on the record lifecycle, so every way `verified` becomes true is covered, today's
 * and any added later. Unverified accounts cannot add passkeys or an authenticator (the
 * enrolment endpoints refuse them), so this removes what predates that rule, and the devices.
 */
import { externalAuthsCollection } from "../../data/registry/collections.ts";
import { USERS_COLLECTION_ID } from "../../data/registry/common-fields.ts";
import { devicesCollection } from "../../data/registry/devices.ts";
import { passkeysCollection } from "../../data/registry/passkeys.ts";
import { deleteDevicesOf } from "../../data/repositories/device-repository.ts";
import { deleteExternalAuthsOf } from "../../data/repositories/external-auth-repository.ts";
import { deleteMfasOf } from "../../data/repositories/mfa-repository.ts";
import {
  deletePasskeyChallengesOf,
  deletePasskeysOf,
} from "../../data/repositories/passkey-repository.ts";
import type { Row } from "../../data/repositories/record-repository.ts";
import { addressProvenMail, removedAnything } from "../mail/address-proven-mail.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Collection } from "../models/collection.ts";
import type { RecordEvent } from "../records/record-hooks.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData } from "../records/request-info.ts";
import { recipientOf, siteOf, type AccountDeps, type MailSiteDeps } from "./account-deps.ts";

/** What the first proof of an address needs. */
export interface AddressProofDeps extends MailSiteDeps {
  /** Whose lifecycle hooks and change events are used. */
  records: RecordService;
  mailer: Mailer;
  secondFactors: AccountDeps["secondFactors"];
}

/** The rows one proof deleted, by collection, and whether a second factor went. */
interface Removed {
  passkeys: Row[];
  links: Row[];
  devices: Row[];
  authenticator: boolean;
}

/** Whether the write turns the account verified (it was not before). */
function provesAddress(event: RecordEvent): boolean {
  return event.values.verified === true && event.old?.verified !== true;
}

/** The device the proving request's own session runs on, if that session is the account's. */
function provingDevice(event: RecordEvent): string {
  const session = event.request.onBehalfOf ?? event.request.auth;
  if (!session || session.isSuperuser) return "";
  if (session.collection.id !== event.collection.id || String(session.record.id) !== event.id)
    return "";
  return session.device ?? "";
}

/** Deletes every way into the account set up before the proof; see the module comment. */
async function removeWaysIn(deps: AddressProofDeps, event: RecordEvent): Promise<Removed> {
  const db = event.db.kysely;
  const { id } = event;
  const collection = event.collection.id;
  const authenticator = await deps.secondFactors.forget(db, collection, id);
  await deleteMfasOf(db, collection, id);
  await deletePasskeyChallengesOf(db, collection, id);
  return {
    passkeys: await deletePasskeysOf(db, id),
    links: await deleteExternalAuthsOf(db, collection, id),
    devices: await deleteDevicesOf(db, id, provingDevice(event)),
    authenticator,
  };
}

/**
 * Registers the first-proof hooks on `users` (the only collection with passkeys,
 * authenticators and devices; superusers are verified by definition).
 */
export function registerAddressProof(deps: AddressProofDeps): void {
  const { records, mailer } = deps;
  // From the transaction to its commit: keyed by the write's values, the one object the
  // event of the after hook and the events of its commit and rollback hooks share.
  const pending = new WeakMap<RecordData, Removed>();
  const users = { collections: [USERS_COLLECTION_ID] };

  records.hooks.on(
    "afterUpdate",
    async (event) => {
      if (provesAddress(event)) pending.set(event.values, await removeWaysIn(deps, event));
    },
    users,
  );

  records.hooks.on(
    "afterUpdateCommit",
    (event) => {
      const removed = pending.get(event.values);
      if (!removed) return;
      pending.delete(event.values);
      const deleted: [Collection, Row[]][] = [
        [passkeysCollection, removed.passkeys],
        [externalAuthsCollection, removed.links],
        [devicesCollection, removed.devices],
      ];
      for (const [collection, rows] of deleted)
        for (const row of rows)
          records.events.emit({ action: "delete", collection, id: String(row.id), record: row });
      const summary = {
        passkeys: removed.passkeys.length,
        authenticator: removed.authenticator,
        links: removed.links.length,
        devices: removed.devices.length,
      };
      const email = event.values.email;
      if (removedAnything(summary) && typeof email === "string" && email !== "")
        mailer.send(addressProvenMail(siteOf(deps), recipientOf(event.values), summary));
    },
    users,
  );

  records.hooks.on(
    "afterUpdateRollback",
    (event) => {
      pending.delete(event.values);
    },
    users,
  );
}

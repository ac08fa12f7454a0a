/**
 * `devices`: where an account is signed in (ADR 053). Every sign-in of a `users` record goes
 * through `AuthService.completeAuth`, which records its device here (one row per browser and
 * address, found again by its `fingerprint`) and puts the row's id in the token; deleting the
 * row signs that device out on every instance. Owners list, view and delete their own
 * devices; only the server (superusers, through the API) creates or updates rows.
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** An account's own devices. */
const ownDevices = "user = @request.auth.id";

/**
 * The `devices` collection. `created` is when the device was first seen; `fingerprint`
 * (hidden) is a hash of the user agent and the address, as PocketBase's auth origins keep;
 * `impersonatedBy` is the superuser id of a "View as" session, empty for the owner's own.
 */
export const devicesCollection: Collection = {
  id: collectionId("base", "devices"),
  name: "devices",
  type: "base",
  system: false,
  fields: [
    idField,
    {
      name: "user",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    // A readable name from the user agent ("Firefox on Windows"), in English.
    { name: "name", type: "text", max: 100 },
    { name: "userAgent", type: "text", max: 500 },
    { name: "ip", type: "text", max: 64 },
    { name: "lastSeen", type: "date" },
    { name: "fingerprint", type: "text", max: 64, hidden: true },
    { name: "impersonatedBy", type: "text", max: 100 },
    ...autodates,
  ],
  indexes: [
    // The list rule filters on the user, a sign-in looks its fingerprint up, and deleting a
    // user cascades through it.
    { name: "idx_user_fingerprint_devices", columns: ["user", "fingerprint"] },
  ],
  listRule: ownDevices,
  viewRule: ownDevices,
  createRule: null,
  updateRule: null,
  deleteRule: ownDevices,
};

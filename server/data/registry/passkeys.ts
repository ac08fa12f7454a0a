/**
 * `passkeys`: the WebAuthn credentials of `users` accounts (ADR 052). Only the server creates
 * them (`passkeys/register`, after verifying the authenticator's answer) and only the server
 * moves `counter` and `lastUsed` (each sign-in with one). Owners list, view, rename and
 * delete their own through the records API; a body that touches any field but `name` is
 * refused by the update rule. The public key is hidden: no client ever needs it.
 */
import type { Collection, Field } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Longest name of a passkey. */
export const PASSKEY_NAME_MAX = 100;

/** An account's own passkeys. */
const ownPasskeys = "user = @request.auth.id";

const passkeyFields: Field[] = [
  idField,
  {
    name: "user",
    type: "relation",
    collectionId: USERS_COLLECTION_ID,
    maxSelect: 1,
    required: true,
    cascadeDelete: true,
  },
  { name: "name", type: "text", required: true, min: 1, max: PASSKEY_NAME_MAX },
  // base64url of the credential id (at most 1023 bytes, WebAuthn §5.8.3).
  { name: "credentialId", type: "text", required: true, max: 1400 },
  // base64url of the COSE public key.
  { name: "publicKey", type: "text", required: true, hidden: true, max: 4000 },
  // The authenticator's signature counter (0 for authenticators that keep none).
  { name: "counter", type: "number", min: 0, onlyInt: true },
  // How the browser may reach the authenticator (`internal`, `hybrid`, `usb`…).
  { name: "transports", type: "json", maxSize: 500 },
  { name: "lastUsed", type: "date" },
  ...autodates,
];

/** `@request.body.<field>:isset = false` for every field an owner may not change. */
const onlyName = passkeyFields
  .filter((f) => f.name !== "name" && f.name !== "id")
  .map((f) => `@request.body.${f.name}:isset = false`)
  .join(" && ");

/** The `passkeys` collection. */
export const passkeysCollection: Collection = {
  id: collectionId("base", "passkeys"),
  name: "passkeys",
  type: "base",
  system: false,
  fields: passkeyFields,
  indexes: [
    {
      name: "idx_credentialId_passkeys",
      columns: ["credentialId"],
      unique: true,
      field: "credentialId",
    },
    { name: "idx_user_passkeys", columns: ["user", "created"] },
  ],
  listRule: ownPasskeys,
  viewRule: ownPasskeys,
  createRule: null,
  // SECURITY: the owner renames a passkey; nothing else of it is theirs to change.
  updateRule: `${ownPasskeys} && ${onlyName}`,
  deleteRule: ownPasskeys,
};

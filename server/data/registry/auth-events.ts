/**
 * `authEvents`: what happened to an account's sign-ins that its owner should be able to see,
 * written by the server only (ADR 046). Today one kind: a superuser's impersonation ("View
 * as"), recorded every time a token is issued for it, so the account's owner sees who read
 * their journal as them and when. Owners list and view their own events; only superusers
 * create, update or delete rows through the API (superusers pass every rule).
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Kinds of auth events. */
export const AUTH_EVENT_KINDS = ["impersonation"] as const;

/** An auth event's kind. */
export type AuthEventKind = (typeof AUTH_EVENT_KINDS)[number];

/** An account's own events. */
const ownEvents = "user = @request.auth.id";

/** The `authEvents` collection. */
export const authEventsCollection: Collection = {
  id: collectionId("base", "authEvents"),
  name: "authEvents",
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
    { name: "kind", type: "select", values: AUTH_EVENT_KINDS, maxSelect: 1, required: true },
    // The record id of whoever acted (the superuser who impersonated), never their address.
    { name: "actor", type: "text", max: 100 },
    { name: "ip", type: "text", max: 64 },
    { name: "userAgent", type: "text", max: 500 },
    // When the impersonation token stops working.
    { name: "expires", type: "date" },
    ...autodates,
  ],
  indexes: [{ name: "idx_user_created_authEvents", columns: ["user", "created"] }],
  listRule: ownEvents,
  viewRule: ownEvents,
  createRule: null,
  updateRule: null,
  deleteRule: null,
};

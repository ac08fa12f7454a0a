/**
 * `subscriptions`: the email subscriptions of readers (ADR 065): one row per address and
 * target (the blog, one author, or one public collection), in the language the reader asked
 * for, `pending` until the address is confirmed, `unsubscribed` or `suppressed` (its server
 * refused a message for good) afterwards, mailed at each post or in a weekly digest.
 *
 * SECURITY: an address is read by the target's owner (a writer's subscribers, a collection's
 * owner's) and admins only; the blog's rows have no owner, so only admins read them. Nobody
 * creates, changes or deletes a row through the records API: the subscription routes do,
 * after a confirmation or with a signed token.
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Where a subscription stands. */
export const SUBSCRIPTION_STATUSES = [
  "pending",
  "confirmed",
  "unsubscribed",
  "suppressed",
] as const;
/** How often a subscriber is mailed. */
export const SUBSCRIPTION_FREQUENCIES = ["each", "weekly"] as const;

const isAdmin = `@request.auth.collectionName = "users" && @request.auth.role = "admin"`;
/** The target's owner (never a guest matching the blog's empty owner), or an admin. */
const ownerOrAdmin = `(@request.auth.id != "" && owner = @request.auth.id) || (${isAdmin})`;

/** The `subscriptions` collection. */
export const subscriptionsCollection: Collection = {
  id: collectionId("base", "subscriptions"),
  name: "subscriptions",
  type: "base",
  system: false,
  fields: [
    idField,
    /** Lower-cased by the subscription routes. */
    { name: "email", type: "email", required: true },
    // `blog`, `author:<userId>` or `collection:<collectionId>`: checked (and the target found,
    // and public) by `POST /api/subscriptions`, the only way rows are made but a superuser's.
    { name: "target", type: "text", required: true, max: 30 },
    /** The target's owner (the author, the collection's owner); empty for the blog. */
    {
      name: "owner",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    { name: "locale", type: "select", values: ["en", "fr"], maxSelect: 1 },
    {
      name: "status",
      type: "select",
      values: SUBSCRIPTION_STATUSES,
      maxSelect: 1,
      required: true,
      default: "pending",
    },
    {
      name: "frequency",
      type: "select",
      values: SUBSCRIPTION_FREQUENCIES,
      maxSelect: 1,
      required: true,
      default: "each",
    },
    /** The signed-in reader who subscribed, if any (their account's deletion deletes it). */
    {
      name: "user",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    /** When the last confirmation link was mailed (at most one per 10 minutes). */
    { name: "confirmationSent", type: "date", hidden: true },
    ...autodates,
  ],
  indexes: [
    {
      name: "idx_email_target_subscriptions",
      columns: ["email", "target"],
      unique: true,
      field: "email",
    },
    // The sending walk: confirmed subscribers of a target by frequency, in id order.
    { name: "idx_target_status_subscriptions", columns: ["target", "status", "frequency", "id"] },
    { name: "idx_owner_subscriptions", columns: ["owner"] },
    { name: "idx_user_subscriptions", columns: ["user"] },
  ],
  listRule: ownerOrAdmin,
  viewRule: ownerOrAdmin,
  createRule: null,
  updateRule: null,
  deleteRule: null,
};

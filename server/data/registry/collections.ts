/**
 * The collection registry: Cahier's collections, their fields, limits, indexes and API
 * rules. Everything else (migrations, validation, rules, filter resolution, schema export)
 * derives from this file. Rules are PocketBase filter expressions; superusers bypass them all.
 */
import type { AuthCollection, Collection, Field, IndexSpec } from "../../core/models/collection.ts";
import { COMMENT_MODES } from "../../../shared/records/comment-mode.ts";
import { POST_LIVE_FILTER } from "../../../shared/records/post-state.ts";
import {
  ENTRY_ATTACHMENT_MAX_SIZE,
  POST_COVER_MAX_SIZE,
  POST_IMAGE_MAX_SIZE,
} from "../../../shared/records/file-limits.ts";
import { THEMES } from "../../../shared/theme.ts";
import {
  autodates,
  collectionId,
  IMAGE_TYPES,
  idField,
  isAdmin,
  markdownField,
  MB,
  ownerField,
  tagsField,
  translationField,
  USERS_COLLECTION_ID,
} from "./common-fields.ts";
import { itemsCollection } from "./items.ts";
import { authEventsCollection } from "./auth-events.ts";
import { commentBlocksCollection, commentsCollection } from "./comments.ts";
import { devicesCollection } from "./devices.ts";
import { externalAuthsCollection } from "./external-auths.ts";
import { passkeysCollection } from "./passkeys.ts";
import { pagesCollection } from "./pages.ts";
import { pendingEditsCollection } from "./pending-edits.ts";
import { revisionsCollection } from "./revisions.ts";
import { subscriptionsCollection } from "./subscriptions.ts";

export { USERS_COLLECTION_ID } from "./common-fields.ts";
/** Id of the `_superusers` collection (fixed by PocketBase). */
export const SUPERUSERS_COLLECTION_ID = "pbc_3142635823";
const ENTRIES_ID = collectionId("base", "entries");
const POSTS_ID = collectionId("base", "posts");
const COLLECTIONS_ID = collectionId("base", "collections");

/** Slug pattern for entry and collection names and post slugs. */
export const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
/** Username pattern (3–30 characters, case-insensitive uniqueness). */
export const USERNAME_PATTERN = "^[A-Za-z0-9_.-]{3,30}$";
/** Visibility values shared by entries and collections. */
export const VISIBILITIES = ["private", "unlisted", "public"] as const;
/** Supported interface and content languages. */
export const LOCALES = ["en", "fr"] as const;
/** User roles beyond the default `""`. */
export const ROLES = ["writer", "admin"] as const;

const authFields: Field[] = [
  {
    name: "password",
    type: "password",
    system: true,
    hidden: true,
    required: true,
    min: 8,
    max: 71,
    cost: 10,
  },
  {
    name: "tokenKey",
    type: "text",
    system: true,
    hidden: true,
    required: true,
    min: 30,
    max: 60,
    autogeneratePattern: "[a-zA-Z0-9]{50}",
  },
  { name: "email", type: "email", system: true, required: true },
  { name: "emailVisibility", type: "bool", system: true },
  { name: "verified", type: "bool", system: true },
];
const authIndexes = (name: string): IndexSpec[] => [
  { name: `idx_tokenKey_${name}`, columns: ["tokenKey"], unique: true, field: "tokenKey" },
  {
    name: `idx_email_${name}`,
    columns: ["lower(email)"],
    unique: true,
    where: "email != ''",
    field: "email",
  },
];

const isWriter = `(@request.auth.role = "writer" || @request.auth.role = "admin")`;

/** The fields of `users`. */
const userFields: Field[] = [
  idField,
  ...authFields,
  {
    name: "username",
    type: "text",
    required: true,
    min: 3,
    max: 30,
    pattern: USERNAME_PATTERN,
    autogeneratePattern: "user[0-9]{6}",
  },
  { name: "name", type: "text", max: 80 },
  {
    name: "avatar",
    type: "file",
    maxSelect: 1,
    maxSize: 5 * MB,
    mimeTypes: IMAGE_TYPES,
    thumbs: ["200x200"],
    protected: false,
  },
  { name: "role", type: "select", values: ROLES, maxSelect: 1 },
  { name: "bio", type: "text", max: 2000 },
  { name: "locale", type: "select", values: LOCALES, maxSelect: 1 },
  // The colour theme the account chose ("" follows the system, ADR 051); only the owner sets it: the
  // admin clause of the update rule refuses every field not in ADMIN_MANAGED_USER_FIELDS.
  { name: "theme", type: "select", values: THEMES, maxSelect: 1 },
  // Set by admins and superusers: a suspended account cannot sign in (the authRule), and
  // suspending it ends its sessions (a users hook rotates its tokenKey).
  { name: "suspended", type: "bool" },
  // Held comments come in one daily digest instead of one mail each (ADR 065).
  { name: "commentDigest", type: "bool" },
  ...autodates,
];

/**
 * What an admin may change on a user who is not an admin (ADR 046). Not `verified` (ADR 055):
 * an admin who could mark an account verified would keep the password it was registered with
 * past its owner's first emailed code or OAuth2 sign-in, which replace it only while unverified.
 */
export const ADMIN_MANAGED_USER_FIELDS = ["role", "suspended"] as const;

/**
 * `@request.body.<field>:isset = false` for every field of `users` a body can set, except
 * those admins manage: the password, the email and the verified flag above all (ADR 046,
 * ADR 055), and every field added later unless it is added to
 * {@link ADMIN_MANAGED_USER_FIELDS}.
 */
const noOtherUserFields = [
  ...userFields
    .filter(
      (f) =>
        !f.system || f.name === "email" || f.name === "emailVisibility" || f.name === "verified",
    )
    .map((f) => f.name),
  "password",
]
  .filter((name) => !(ADMIN_MANAGED_USER_FIELDS as readonly string[]).includes(name))
  .map((name) => `@request.body.${name}:isset = false`)
  .join(" && ");

/** A body that leaves `field` as it is stored (absent, or the same value). */
const keeps = (field: string) =>
  `(@request.body.${field}:isset = false || @request.body.${field} = ${field})`;

/** Users: accounts that write entries and (with the writer role) posts. */
export const usersCollection: AuthCollection = {
  id: USERS_COLLECTION_ID,
  name: "users",
  type: "auth",
  system: false,
  fields: userFields,
  indexes: [
    ...authIndexes("users"),
    { name: "idx_username_users", columns: ["lower(username)"], unique: true, field: "username" },
  ],
  listRule: "",
  viewRule: "",
  // Anyone signs up; admins may give a role or a suspension at sign-up, never the verified
  // flag (ADR 055: only superusers set it). The last clause stops admins, whom the manageRule
  // would let set it; guests and users match no manageRule and get PocketBase's field error.
  createRule:
    `(@request.body.role:isset = false || @request.body.role = "" || (${isAdmin})) && ` +
    `(@request.body.suspended:isset = false || @request.body.suspended = false || (${isAdmin})) && ` +
    `(@request.body.verified:isset = false || @request.body.verified = false || @request.auth.role != "admin")`,
  // SECURITY: a user may edit themself but never their own role nor suspension; admins
  // change the role and suspension of users who are not admins, and nothing else: never their
  // password, email (ADR 046, superseding ADR 024's wider clause) or verified flag (ADR 055).
  updateRule:
    `(id = @request.auth.id && ${keeps("role")} && ${keeps("suspended")}) || ` +
    `(${isAdmin} && role != "admin" && ${noOtherUserFields})`,
  // A user may delete their own account; admins delete users who are not admins (ADR 024).
  // Superusers live in `_superusers` and are never reachable through this rule.
  deleteRule: `id = @request.auth.id || (${isAdmin} && role != "admin")`,
  auth: {
    identityFields: ["email", "username"],
    authTokenDuration: 432000,
    // A suspended account cannot sign in, by any method (ADR 046).
    authRule: "suspended = false",
    // Admins see the addresses of users they manage; the create and update rules keep them
    // away from passwords, emails and the verified flag (ADR 046, ADR 055).
    manageRule: isAdmin,
    otp: { duration: 180, length: 8 },
    // PocketBase's default MFA session lifetime: 10 minutes between the two factors.
    mfa: { duration: 600 },
  },
};

/** Superusers: operators of the instance; they bypass every rule. */
export const superusersCollection: AuthCollection = {
  id: SUPERUSERS_COLLECTION_ID,
  name: "_superusers",
  type: "auth",
  system: true,
  fields: [idField, ...authFields, ...autodates],
  indexes: authIndexes("_superusers"),
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  auth: { identityFields: ["email"], authTokenDuration: 86400, authRule: "", manageRule: null },
};

const visibilityField: Field = {
  name: "visibility",
  type: "select",
  values: VISIBILITIES,
  maxSelect: 1,
  required: true,
  default: "private",
};
/** Who may comment on the record (issue 26); empty follows the site's default. */
const commentsField: Field = {
  name: "comments",
  type: "select",
  values: COMMENT_MODES,
  maxSelect: 1,
};
const slugField = (name: string): Field => ({
  name,
  type: "text",
  required: true,
  min: 1,
  max: 120,
  pattern: SLUG_PATTERN,
});

/**
 * Who is shown a collection (its title, description and name), by a list, a view, an expand,
 * a realtime event or a relation filter alike: everyone a public one; its owner; an unlisted
 * one only to a request that names its link, the owner's username and its name (ADR 062).
 */
const COLLECTION_SHOWN_RULE =
  `visibility = "public" || owner = @request.auth.id || ` +
  `(visibility = "unlisted" && name = @request.query.name && owner.username = @request.query.owner)`;

/** Collections: notebooks that group a user's entries. */
export const collectionsCollection: Collection = {
  id: COLLECTIONS_ID,
  name: "collections",
  type: "base",
  system: false,
  fields: [
    idField,
    ownerField("owner", true, true),
    slugField("name"),
    { name: "title", type: "text", required: true, max: 200 },
    markdownField("description", 2000),
    visibilityField,
    ...autodates,
  ],
  indexes: [
    { name: "idx_owner_name_collections", columns: ["owner", "name"], unique: true, field: "name" },
    // A page finds a collection by its owner's username and its name: the name narrows it.
    { name: "idx_name_collections", columns: ["name"] },
  ],
  // An unlisted collection is listed only to a request that names its link (ADR 017, ADR 033),
  // and shown only to one: its id, which its public entries carry, is no link (ADR 062).
  listRule: COLLECTION_SHOWN_RULE,
  viewRule: COLLECTION_SHOWN_RULE,
  createRule: `@request.auth.collectionName = "users" && owner = @request.auth.id`,
  updateRule: `owner = @request.auth.id && (@request.body.owner:isset = false || @request.body.owner = @request.auth.id)`,
  deleteRule: "owner = @request.auth.id",
};

/** Entries: journal entries, private by default. */
export const entriesCollection: Collection = {
  id: ENTRIES_ID,
  name: "entries",
  type: "base",
  system: false,
  fields: [
    idField,
    ownerField("author", true, true),
    slugField("name"),
    { name: "title", type: "text", required: true, max: 200 },
    markdownField("content", 100_000),
    {
      name: "collection",
      type: "relation",
      collectionId: COLLECTIONS_ID,
      maxSelect: 1,
      cascadeDelete: false,
    },
    visibilityField,
    commentsField,
    tagsField,
    { name: "date", type: "date" },
    {
      name: "attachments",
      type: "file",
      maxSelect: 10,
      maxSize: ENTRY_ATTACHMENT_MAX_SIZE,
      mimeTypes: [],
      thumbs: ["400x0"],
      protected: true,
    },
    ...autodates,
  ],
  indexes: [
    { name: "idx_author_name_entries", columns: ["author", "name"], unique: true, field: "name" },
    { name: "idx_visibility_date_entries", columns: ["visibility", "date"] },
    { name: "idx_collection_entries", columns: ["collection"] },
    // An entry's page finds it by `author.username` and `name`: the name narrows it first.
    { name: "idx_name_entries", columns: ["name"] },
    // A search joins each match to its entry for the rules, filters and ordering: this index
    // holds every column they read, so the join never reads the row (whose text comes first
    // and often overflows its page). 5× faster for a common word on SQLite (ADR 043).
    {
      name: "idx_search_entries",
      columns: ["id", "visibility", "author", "date", "created", "collection"],
    },
  ],
  // An unlisted entry is listed only to a request that names its link (ADR 017).
  listRule:
    `visibility = "public" || author = @request.auth.id || ` +
    `(visibility = "unlisted" && name = @request.query.name && author.username = @request.query.author)`,
  viewRule: `visibility != "private" || author = @request.auth.id`,
  // SECURITY: an entry may only join a collection of its own author.
  createRule:
    `@request.auth.collectionName = "users" && author = @request.auth.id && ` +
    `(collection = "" || collection.owner = @request.auth.id)`,
  updateRule:
    `author = @request.auth.id && (@request.body.author:isset = false || @request.body.author = @request.auth.id) && ` +
    `(@request.body.collection:isset = false || @request.body.collection = "" || @request.body.collection.owner = @request.auth.id)`,
  deleteRule: "author = @request.auth.id",
};

/** Posts: blog posts by writers; drafts and scheduled posts stay with their author. */
export const postsCollection: Collection = {
  id: POSTS_ID,
  name: "posts",
  type: "base",
  system: false,
  fields: [
    idField,
    ownerField("author", true, true),
    slugField("slug"),
    { name: "title", type: "text", required: true, max: 200 },
    markdownField("excerpt", 500),
    markdownField("content", 200_000),
    {
      name: "cover",
      type: "file",
      maxSelect: 1,
      maxSize: POST_COVER_MAX_SIZE,
      mimeTypes: IMAGE_TYPES,
      thumbs: ["1200x630", "600x315", "400x0"],
      protected: false,
    },
    {
      // Images in the post's text (pasted, dropped or picked in the editor), each served in
      // the widths of `POST_IMAGE_WIDTHS` (shared/markdown/render.ts) through `srcset`.
      name: "images",
      type: "file",
      maxSelect: 99,
      maxSize: POST_IMAGE_MAX_SIZE,
      mimeTypes: IMAGE_TYPES,
      thumbs: ["480x0", "960x0", "1600x0"],
      protected: false,
    },
    tagsField,
    {
      name: "status",
      type: "select",
      values: ["draft", "published"],
      maxSelect: 1,
      required: true,
      default: "draft",
    },
    { name: "publishedAt", type: "date" },
    { name: "lang", type: "select", values: LOCALES, maxSelect: 1 },
    translationField(POSTS_ID),
    commentsField,
    // Set: the post is not mailed to subscribers when it goes live (issue 26).
    { name: "skipMail", type: "bool" },
    // For search engines and social cards, when they should differ from the title and the
    // excerpt (issue 25).
    { name: "seoTitle", type: "text", max: 120 },
    { name: "seoDescription", type: "text", max: 300 },
    // The post's earlier slugs, newest last: their addresses redirect to it (issue 25). Only
    // the server writes them (`hooks/posts.ts`).
    { name: "formerSlugs", type: "tags", maxSelect: 20, maxLength: 120 },
    // The secret of the draft's private preview link (issue 25), `""` when none: shown to the
    // author alone; only `/api/posts/{id}/preview` writes it (`core/posts/post-preview.ts`).
    { name: "previewToken", type: "text", max: 64, shownTo: "author = @request.auth.id" },
    ...autodates,
  ],
  indexes: [
    { name: "idx_author_slug_posts", columns: ["author", "slug"], unique: true, field: "slug" },
    // The blog's order (publication date, creation, id) among live posts: the blog, the feeds
    // and a post's previous and next links find their first row without sorting (issue 30).
    {
      name: "idx_blog_order_posts",
      columns: ["status", "publishedAt", "created", "id"],
    },
    // A post's page finds it by `author.username` and `slug`: without this index a signed-in
    // reader's lookup (whose rule is an OR) scanned every post (230 ms at 100,000 posts).
    { name: "idx_slug_posts", columns: ["slug"] },
    // A preview link finds its post by its secret.
    { name: "idx_previewToken_posts", columns: ["previewToken"], where: `"previewToken" != ''` },
    // The search's join reads these columns alone (rules, filters, ordering), as for entries.
    { name: "idx_search_posts", columns: ["id", "status", "publishedAt", "author", "created"] },
  ],
  listRule: `(${POST_LIVE_FILTER}) || author = @request.auth.id`,
  viewRule: `(${POST_LIVE_FILTER}) || author = @request.auth.id`,
  createRule: `@request.auth.collectionName = "users" && author = @request.auth.id && ${isWriter}`,
  // SECURITY (F1): changing or publishing a post takes the writer role, as creating one does;
  // a demoted writer keeps reading and may delete their posts, but no longer changes them.
  updateRule: `author = @request.auth.id && ${isWriter} && (@request.body.author:isset = false || @request.body.author = @request.auth.id)`,
  deleteRule: "author = @request.auth.id",
};

export { externalAuthsCollection, itemsCollection };

/** Every collection, in dependency order (referenced collections first). */
export const COLLECTIONS: readonly Collection[] = [
  superusersCollection,
  usersCollection,
  collectionsCollection,
  entriesCollection,
  postsCollection,
  itemsCollection,
  externalAuthsCollection,
  revisionsCollection,
  authEventsCollection,
  pendingEditsCollection,
  devicesCollection,
  passkeysCollection,
  commentsCollection,
  commentBlocksCollection,
  subscriptionsCollection,
  pagesCollection,
];

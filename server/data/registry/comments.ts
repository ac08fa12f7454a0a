/**
 * `comments` and `commentBlocks` (issue 26, ADR 065): readers' comments under posts and public
 * entries, and the commenters a writer (or, site-wide, an admin) blocked. The rules say who
 * reads and changes a comment; what a rule cannot say (the record is readable and open, a
 * guest's proof of work, the status a new comment gets, the 15-minute edit window) is the
 * comments module's, in record hooks (`server/core/comments`).
 */
import type { Collection } from "../../core/models/collection.ts";
import { POST_LIVE_FILTER } from "../../../shared/records/post-state.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Where a comment stands: only `approved` ones show to readers. */
export const COMMENT_STATUSES = ["pending", "approved", "rejected", "spam"] as const;

/** A comment's status. */
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** The collections whose records take comments. */
export const COMMENTED_COLLECTIONS = ["posts", "entries"] as const;

/** Where a comment came from: this site, or (issue 27) the fediverse. */
export const COMMENT_SOURCES = ["local", "fediverse"] as const;

/** Most characters of a comment's Markdown. */
export const COMMENT_MAX_LENGTH = 5000;

/** The fields of a comment its commenter may change (within the edit window). */
export const COMMENTER_FIELDS = ["content", "notifyReplies"] as const;

const COMMENTS_ID = collectionId("base", "comments");
const POSTS_ID = collectionId("base", "posts");
const ENTRIES_ID = collectionId("base", "entries");

const signedIn = `@request.auth.collectionName = "users" && @request.auth.id != ""`;
const isAdmin = `@request.auth.collectionName = "users" && @request.auth.role = "admin"`;
/** The record's author: who moderates its comments. */
const isModerator = `(${signedIn} && recordAuthor = @request.auth.id) || (${isAdmin})`;
const isCommenter = `${signedIn} && author = @request.auth.id`;

/**
 * The commented record is readable by anyone: a live post, or a public entry. Its relation
 * (`post.`, `entry.`) is set by the server from `record`.
 */
const READABLE_RECORD =
  `(recordCollection = "posts" && ${POST_LIVE_FILTER.replace(/\b(status|publishedAt)\b/g, "post.$1")}) || ` +
  `(recordCollection = "entries" && entry.visibility = "public")`;

/**
 * Who reads a comment: approved ones on a readable record, the commenter's own while pending
 * or approved, every comment of one's own records, and admins every comment. SECURITY: a
 * pending, rejected or spam comment exists for nobody else (lists, counts, realtime).
 */
const READ_RULE =
  `(status = "approved" && (${READABLE_RECORD})) || ` +
  `(${isCommenter} && (status = "pending" || status = "approved")) || ${isModerator}`;

/** `@request.body.<field>:isset = false` for each field. */
const unset = (fields: readonly string[]) =>
  fields.map((f) => `@request.body.${f}:isset = false`).join(" && ");

/** Every field a body could set, but for those a writer may. */
const fieldsBut = (allowed: readonly string[]) =>
  COMMENT_FIELD_NAMES.filter((f) => !allowed.includes(f));

/** The fields of `comments` a body could name (the autodates and id never change). */
const COMMENT_FIELD_NAMES = [
  "record",
  "recordCollection",
  "post",
  "entry",
  "parent",
  "author",
  "authorName",
  "email",
  "content",
  "status",
  "source",
  "remoteUrl",
  "remoteActor",
  "remoteAuthorUrl",
  "remoteAvatar",
  "recordAuthor",
  "notifyReplies",
] as const;

/** The `comments` collection. */
export const commentsCollection: Collection = {
  id: COMMENTS_ID,
  name: "comments",
  type: "base",
  system: false,
  fields: [
    idField,
    /** The post's or entry's id (`recordCollection` says which). */
    { name: "record", type: "text", required: true, max: 15, pattern: "^[a-z0-9]+$" },
    {
      name: "recordCollection",
      type: "select",
      values: COMMENTED_COLLECTIONS,
      maxSelect: 1,
      required: true,
    },
    // Set by the server from `record`: deleting the record deletes its comments.
    { name: "post", type: "relation", collectionId: POSTS_ID, maxSelect: 1, cascadeDelete: true },
    {
      name: "entry",
      type: "relation",
      collectionId: ENTRIES_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    // The comment answered (one level: a reply to a reply answers its parent's parent);
    // deleting a comment deletes its replies.
    {
      name: "parent",
      type: "relation",
      collectionId: COMMENTS_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    // The commenter's account (empty for a guest); deleting it deletes its comments.
    {
      name: "author",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    { name: "authorName", type: "text", max: 80 },
    // A guest's address: shown to the record's author and admins only (and superusers).
    { name: "email", type: "email", shownTo: isModerator },
    { name: "content", type: "text", required: true, max: COMMENT_MAX_LENGTH },
    {
      name: "status",
      type: "select",
      values: COMMENT_STATUSES,
      maxSelect: 1,
      required: true,
      default: "pending",
    },
    { name: "source", type: "select", values: COMMENT_SOURCES, maxSelect: 1, default: "local" },
    // Where a fediverse comment lives (issue 27); empty for a local one. Only the server
    // (the operator) writes it: the module empties it for everyone else.
    { name: "remoteUrl", type: "text", max: 2000 },
    // A fediverse comment's author (issue 27): their actor id (who alone may edit or delete
    // it), their profile page and their avatar's address. Written by the server only.
    { name: "remoteActor", type: "text", max: 2000 },
    { name: "remoteAuthorUrl", type: "text", max: 2000 },
    { name: "remoteAvatar", type: "text", max: 2000 },
    // The record's author, set by the server: the rules name the moderator without a join.
    {
      name: "recordAuthor",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    /** The commenter asked to be mailed replies. */
    { name: "notifyReplies", type: "bool" },
    ...autodates,
  ],
  indexes: [
    { name: "idx_record_comments", columns: ["record", "status", "created"] },
    { name: "idx_recordAuthor_comments", columns: ["recordAuthor", "status"] },
    { name: "idx_author_comments", columns: ["author", "status"] },
    { name: "idx_post_comments", columns: ["post"] },
    { name: "idx_entry_comments", columns: ["entry"] },
    { name: "idx_parent_comments", columns: ["parent"] },
    // One comment per fediverse `Note`, even when it reaches two inboxes at once.
    {
      name: "idx_remoteUrl_comments",
      columns: ["remoteUrl"],
      unique: true,
      where: `"remoteUrl" != ''`,
    },
  ],
  listRule: READ_RULE,
  viewRule: READ_RULE,
  // Anyone: the comments module checks the record, its mode and a guest's proof of work, and
  // sets the status and the server's fields.
  createRule: "",
  // The commenter changes the text and `notifyReplies` (the module keeps it to 15 minutes and
  // answers 403 to a commenter who sends a status); the record's author and admins change
  // the status only.
  updateRule:
    `(${isCommenter} && ${unset(fieldsBut(["content", "notifyReplies", "status"]))}) || ` +
    `((${isModerator}) && ${unset(fieldsBut(["status"]))})`,
  deleteRule: `(${isCommenter}) || ${isModerator}`,
};

/** Blocks one's own: only their owner reads and lifts them. */
const ownBlocks = `@request.auth.id != "" && owner = @request.auth.id`;

/**
 * `commentBlocks`: a commenter (an account, or a guest's lower-cased address) whose comments
 * go straight to spam on the records of `owner`, or on every record when `owner` is an admin.
 * Made by `POST /api/comments/{id}/block`; listed and deleted by their owner.
 */
export const commentBlocksCollection: Collection = {
  id: collectionId("base", "commentBlocks"),
  name: "commentBlocks",
  type: "base",
  system: false,
  fields: [
    idField,
    {
      name: "owner",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    {
      name: "user",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    { name: "email", type: "email" },
    ...autodates,
  ],
  indexes: [
    { name: "idx_owner_commentBlocks", columns: ["owner"] },
    { name: "idx_user_commentBlocks", columns: ["user"] },
    { name: "idx_email_commentBlocks", columns: ["email"] },
  ],
  listRule: ownBlocks,
  viewRule: ownBlocks,
  createRule: null,
  updateRule: null,
  deleteRule: ownBlocks,
};

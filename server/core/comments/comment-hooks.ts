/**
 * What the `comments` rules cannot say (ADR 065), in record hooks of the comments module:
 *
 * - **Create**: the record exists and readers can see it (else the same 400 as a missing
 *   record, so nothing tells a draft exists); its mode (`closed` refuses everyone with 403,
 *   `members` refuses guests); guests only where the site allows them, with a name, an
 *   address and a solved proof of work (`altcha`, else 400); a filled honeypot (`website`) is
 *   answered as a held comment and stored as `spam` after the answer. The server sets `author`, `authorName` (a
 *   signed-in commenter's name), `post`/`entry`, `recordAuthor`, `source` and the `status`: the
 *   record's author and admins are approved, a blocked commenter is spam, a guest is held, a
 *   signed-in reader is approved once any of their comments was, else held. A reply to a
 *   reply answers its parent's parent; a parent must be a comment of the same record that
 *   the commenter can see. Superusers (the operator, imports) write what they send.
 * - **Update**: a commenter sending `status` is refused (403) unless they moderate the
 *   record; the commenter's own text changes for {@link EDIT_WINDOW_MS} after `created`.
 */
import { hasApprovedComment, isBlocked } from "../../data/repositories/comment-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { commentsCollection, type CommentStatus } from "../../data/registry/comments.ts";
import { badRequest, fieldError, forbidden, type FieldErrors } from "../errors.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest, type AuthInfo } from "../records/request-info.ts";
import type { CommentProof } from "./comment-proof.ts";
import type { CommentSettings } from "./comment-settings.ts";
import { commentMode, dateMs, findTarget, type CommentTarget } from "./comment-target.ts";

/** How long a commenter may change what they wrote. */
export const EDIT_WINDOW_MS = 15 * 60_000;

/** Answers when comments are closed on the record. */
export const CLOSED_MESSAGE = "Comments are closed on this record.";
/** Answers a guest where only signed-in readers comment. */
export const MEMBERS_MESSAGE = "Only signed-in readers can comment on this record.";
/** Answers a guest on a site that takes no guest comments. */
export const NO_GUESTS_MESSAGE = "Guests cannot comment on this site; sign in to comment.";
/** Answers a commenter who sends a status. */
export const STATUS_MESSAGE = "Only the record's author or an admin can change a comment's status.";
/** Answers an edit after the window. */
export const EDIT_WINDOW_MESSAGE =
  "A comment can only be changed for 15 minutes after it was written.";

/** A fediverse comment's fields (issue 27): only the server (the operator) writes them. */
const REMOTE_FIELDS = ["remoteUrl", "remoteActor", "remoteAuthorUrl", "remoteAvatar"] as const;

/** What the hooks read. */
export interface CommentHookDeps {
  settings: () => CommentSettings;
  proof: CommentProof;
  /** The clock (tests move it). */
  now: () => number;
  /** Where a caught bot's comment is stored after the answer (as the operator). */
  records: Pick<RecordService, "create">;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const missingRecord = (action: string) =>
  badRequest(`Failed to ${action} record.`, {
    record: fieldError(
      "validation_missing_rel_records",
      "Failed to find all relation records with the provided ids.",
    ),
  });

/** The signed-in account of a request (`users`), or null for a guest. */
function userOf(event: RecordEvent): AuthInfo | null {
  const auth = event.request.auth;
  return auth && !auth.isSuperuser && auth.collection.name === "users" ? auth : null;
}

/** Registers the comment hooks on the record lifecycle. */
export function registerCommentHooks(hooks: RecordHooks, deps: CommentHookDeps): void {
  const only = { collections: [commentsCollection.name] };
  hooks.on("beforeCreate", (event) => beforeCreate(event, deps), only);
  hooks.on(
    "beforeUpdate",
    (event) => {
      beforeUpdate(event, deps);
    },
    only,
  );
}

async function beforeCreate(event: RecordEvent, deps: CommentHookDeps): Promise<void> {
  const { values, db } = event;
  const now = deps.now();
  const target = await findTarget(db, values.recordCollection, values.record, now);
  const operator = event.request.auth?.isSuperuser === true;
  if (operator) {
    if (!target) throw missingRecord("create");
    place(event, target);
    return;
  }
  if (!target?.readable) throw missingRecord("create");
  const settings = deps.settings();
  const mode = commentMode(target, settings, now);
  if (mode === "closed") throw forbidden(CLOSED_MESSAGE);
  const user = userOf(event);
  place(event, target);
  values.source = "local";
  for (const field of REMOTE_FIELDS) values[field] = "";
  await attachParent(event, target, user);
  if (user) {
    const id = String(user.record.id);
    values.author = id;
    values.authorName = text(user.record.name) || text(user.record.username);
    values.email = "";
    values.status = await signedInStatus(event, target, user);
    return;
  }
  if (mode === "members") throw forbidden(MEMBERS_MESSAGE);
  if (!settings.guests) throw forbidden(NO_GUESTS_MESSAGE);
  await checkGuest(event, deps);
  values.author = "";
  values.email = text(values.email).toLowerCase();
  const blocked = await isBlocked(db.kysely, target.author, {
    user: "",
    email: text(values.email),
  });
  values.status = (blocked ? "spam" : "pending") satisfies CommentStatus;
  if (text(event.input?.website)) standInAsSpam(event, deps);
}

/**
 * A filled honeypot: the create is answered as a held comment (nothing tells the bot), and
 * the comment is stored as `spam` once the answer's transaction committed, so moderators
 * can still see what was caught.
 */
function standInAsSpam(event: RecordEvent, deps: CommentHookDeps): void {
  const stored = { ...event.values, status: "spam" };
  event.standIn = {
    values: { status: "pending" },
    committed: async () => {
      await deps.records.create(commentsCollection, operatorRequest(), stored);
    },
  };
}

/** `post`/`entry` and `recordAuthor` from the record. */
function place(event: RecordEvent, target: CommentTarget): void {
  const { values } = event;
  values.post = target.collection === "posts" ? target.id : "";
  values.entry = target.collection === "entries" ? target.id : "";
  values.recordAuthor = target.author;
}

/** A guest's name, address and proof of work (400 with field errors when missing or wrong). */
async function checkGuest(event: RecordEvent, deps: CommentHookDeps): Promise<void> {
  const { values, input } = event;
  const errors: FieldErrors = {};
  if (!text(values.authorName).trim())
    errors.authorName = fieldError("validation_required", "Cannot be blank.");
  if (!text(values.email)) errors.email = fieldError("validation_required", "Cannot be blank.");
  if (!text(input?.altcha)) errors.altcha = fieldError("validation_required", "Cannot be blank.");
  else if (!(await deps.proof.verify(input?.altcha)))
    errors.altcha = fieldError("validation_invalid_altcha", "The proof of work is not valid.");
  if (Object.keys(errors).length > 0) throw badRequest("Failed to create record.", errors);
}

/** The status of a signed-in reader's new comment. */
async function signedInStatus(
  event: RecordEvent,
  target: CommentTarget,
  user: AuthInfo,
): Promise<CommentStatus> {
  const id = String(user.record.id);
  if (id === target.author || user.record.role === "admin") return "approved";
  const kysely = event.db.kysely;
  if (await isBlocked(kysely, target.author, { user: id, email: "" })) return "spam";
  return (await hasApprovedComment(kysely, id)) ? "approved" : "pending";
}

/**
 * The parent of a reply: a comment of the same record the commenter can see (approved, or
 * their own); a reply to a reply answers the top-level comment.
 */
async function attachParent(
  event: RecordEvent,
  target: CommentTarget,
  user: AuthInfo | null,
): Promise<void> {
  const { values } = event;
  const parentId = text(values.parent);
  if (!parentId) return;
  const [parent] = await findRowsByIds(event.db.kysely, commentsCollection, [parentId]);
  const visible =
    parent &&
    (parent.status === "approved" ||
      (user !== null && parent.author === user.record.id && parent.status === "pending"));
  if (!parent || !visible || parent.record !== target.id) {
    throw badRequest("Failed to create record.", {
      parent: fieldError(
        "validation_missing_rel_records",
        "Failed to find all relation records with the provided ids.",
      ),
    });
  }
  values.parent = text(parent.parent) || parentId;
}

function beforeUpdate(event: RecordEvent, deps: CommentHookDeps): void {
  const { old, values, input } = event;
  if (!old || event.cascade || event.request.auth?.isSuperuser) return;
  const user = userOf(event);
  if (!user) return;
  const id = String(user.record.id);
  const moderator = old.recordAuthor === id || user.record.role === "admin";
  if (!moderator && input && Object.hasOwn(input, "status")) throw forbidden(STATUS_MESSAGE);
  const textChanged = values.content !== old.content || values.notifyReplies !== old.notifyReplies;
  if (!textChanged) return;
  const created = dateMs(old.created);
  if (created === null || deps.now() - created > EDIT_WINDOW_MS)
    throw forbidden(EDIT_WINDOW_MESSAGE);
}

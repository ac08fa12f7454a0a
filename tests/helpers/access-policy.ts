/**
 * Who may do what, written from the design's access rules (design §5, ADR 017, ADR 041,
 * ADR 046, ADR 047, ADR 062) in plain JavaScript, independently of the rule strings of the
 * registry. The generated access matrix (`tests/properties/access-matrix.test.ts`) asks the
 * real API every collection × action × actor question and compares the answer with this
 * model, so a rule that drifts from the design, or a collection added without a policy here,
 * fails.
 *
 * Actors include the two that rules forget most easily: a **suspended** user (their tokens
 * stop working when the suspension is set, so they are a guest) and a **demoted** writer (the
 * writer role taken away after they wrote posts: they keep reading and may delete their posts,
 * and no longer change or publish them, finding F1).
 */
import type { RecordData } from "#server/core/records/request-info.ts";

/** The actors of the matrix. */
export const ACTORS = [
  "guest",
  "user",
  "writer",
  "admin",
  "superuser",
  "suspended",
  "demoted",
] as const;

/** One actor of the matrix. */
export type ActorName = (typeof ACTORS)[number];

/** What the model knows of an actor at the time of a request. */
export interface Actor {
  name: ActorName;
  /** The actor's `users` record id; null for guests and superusers. */
  id: string | null;
  /** The role the actor's record holds now ("" for plain users). */
  role: "" | "writer" | "admin";
}

/** The actions of the records API. */
export type Action = "list" | "view" | "create" | "update" | "delete";

/** The decisions of one collection: may this actor do this to this record (or body)? */
export interface CollectionPolicy {
  list(actor: Actor, record: RecordData, now: Date): boolean;
  view(actor: Actor, record: RecordData, now: Date): boolean;
  create(actor: Actor, body: RecordData): boolean;
  update(actor: Actor, record: RecordData, body: RecordData): boolean;
  delete(actor: Actor, record: RecordData): boolean;
}

/** A signed-in `users` record whose token works (suspended accounts' tokens do not). */
function member(actor: Actor): actor is Actor & { id: string } {
  return actor.id !== null && actor.name !== "suspended";
}

function owns(actor: Actor, record: RecordData, field: string): boolean {
  return member(actor) && record[field] === actor.id;
}

function writes(actor: Actor): boolean {
  return member(actor) && (actor.role === "writer" || actor.role === "admin");
}

function adminActor(actor: Actor): boolean {
  return member(actor) && actor.role === "admin";
}

/** Public, unlisted (by link only) and private things written by one owner. */
function ownedVisibility(ownerField: string): CollectionPolicy {
  return {
    list: (actor, record) => record.visibility === "public" || owns(actor, record, ownerField),
    view: (actor, record) => record.visibility !== "private" || owns(actor, record, ownerField),
    create: (actor, body) => member(actor) && body[ownerField] === actor.id,
    update: (actor, record, body) =>
      owns(actor, record, ownerField) &&
      (body[ownerField] === undefined || body[ownerField] === actor.id),
    delete: (actor, record) => owns(actor, record, ownerField),
  };
}

/** Records the server writes and only their owner reads (revisions, auth events). */
function ownReadOnly(ownerField: string): CollectionPolicy {
  return {
    list: (actor, record) => owns(actor, record, ownerField),
    view: (actor, record) => owns(actor, record, ownerField),
    create: () => false,
    update: () => false,
    delete: () => false,
  };
}

const nobody: CollectionPolicy = {
  list: () => false,
  view: () => false,
  create: () => false,
  update: () => false,
  delete: () => false,
};

/** A post readers see: published, with a publication time that has come. */
function live(record: RecordData, now: Date): boolean {
  const at = typeof record.publishedAt === "string" ? record.publishedAt : "";
  return record.status === "published" && at !== "" && new Date(at.replace(" ", "T")) <= now;
}

/**
 * The user fields admins (of non-admins) change; superusers change anything. The verified flag
 * is a superuser's only (ADR 055).
 */
const MANAGED_USER_FIELDS = ["role", "suspended"];

/** Every collection's policy, by collection name; superusers bypass them all. */
export const POLICIES: Readonly<Record<string, CollectionPolicy>> = {
  _superusers: nobody,
  users: {
    list: () => true,
    view: () => true,
    // Anyone signs up; only admins hand out roles or suspensions at sign-up; nobody but a
    // superuser creates an account verified (ADR 055).
    create: (actor, body) =>
      (body.verified === undefined || body.verified === false) &&
      (adminActor(actor) ||
        ((body.role === undefined || body.role === "") &&
          (body.suspended === undefined || body.suspended === false))),
    update: (actor, record, body) => {
      const keys = Object.keys(body);
      // Oneself: anything but a change of one's own role or suspension.
      if (member(actor) && record.id === actor.id)
        return ["role", "suspended"].every(
          (key) => body[key] === undefined || body[key] === record[key],
        );
      // Admins manage the role and suspension of non-admins, nothing else.
      return (
        adminActor(actor) &&
        record.role !== "admin" &&
        keys.every((key) => MANAGED_USER_FIELDS.includes(key))
      );
    },
    delete: (actor, record) =>
      (member(actor) && record.id === actor.id) || (adminActor(actor) && record.role !== "admin"),
  },
  // An unlisted collection is shown only to a request naming its link (owner and name), which
  // the matrix never sends: by id it is as hidden as a private one (ADR 062).
  collections: {
    ...ownedVisibility("owner"),
    view: (actor, record) => record.visibility === "public" || owns(actor, record, "owner"),
  },
  entries: ownedVisibility("author"),
  posts: {
    list: (actor, record, now) => live(record, now) || owns(actor, record, "author"),
    view: (actor, record, now) => live(record, now) || owns(actor, record, "author"),
    create: (actor, body) => writes(actor) && body.author === actor.id,
    update: (actor, record, body) =>
      writes(actor) &&
      owns(actor, record, "author") &&
      (body.author === undefined || body.author === actor.id),
    delete: (actor, record) => owns(actor, record, "author"),
  },
  // Standalone pages (ADR 075): published ones for everyone; a writer keeps their own, an
  // admin any (its author unchanged).
  pages: {
    list: (actor, record) =>
      record.status === "published" || owns(actor, record, "author") || adminActor(actor),
    view: (actor, record) =>
      record.status === "published" || owns(actor, record, "author") || adminActor(actor),
    create: (actor, body) => writes(actor) && body.author === actor.id,
    update: (actor, record, body) =>
      writes(actor) &&
      (owns(actor, record, "author") || adminActor(actor)) &&
      (body.author === undefined || body.author === record.author),
    delete: (actor, record) => owns(actor, record, "author") || adminActor(actor),
  },
  items: {
    list: adminActor,
    view: adminActor,
    create: adminActor,
    update: adminActor,
    delete: adminActor,
  },
  _externalAuths: {
    list: (actor, record) => owns(actor, record, "recordRef"),
    view: (actor, record) => owns(actor, record, "recordRef"),
    create: () => false,
    update: () => false,
    delete: (actor, record) => owns(actor, record, "recordRef"),
  },
  revisions: ownReadOnly("author"),
  // Registered by the server; their owner renames (the name only) and removes them (ADR 052).
  passkeys: {
    ...ownReadOnly("user"),
    update: (actor, record, body) =>
      owns(actor, record, "user") && Object.keys(body).every((key) => key === "name"),
    delete: (actor, record) => owns(actor, record, "user"),
  },
  // Written by sign-ins; their owner lists them and signs one out by deleting it (ADR 053).
  devices: { ...ownReadOnly("user"), delete: (actor, record) => owns(actor, record, "user") },
  authEvents: ownReadOnly("user"),
  pendingEdits: {
    list: (actor, record) => owns(actor, record, "author"),
    view: (actor, record) => owns(actor, record, "author"),
    create: (actor, body) => member(actor) && body.author === actor.id,
    update: (actor, record, body) =>
      owns(actor, record, "author") && (body.author === undefined || body.author === actor.id),
    delete: (actor, record) => owns(actor, record, "author"),
  }, // ADR 065. The matrix's comments are all on a live post (the readable record's side, drafts
  // and private entries, is tested in server/http/comments): approved ones to everyone, a
  // commenter's own held or approved ones, every comment of one's records, admins all. The
  // server sets author and status, so any signed-in reader creates; guests are off (403).
  comments: {
    list: (actor, record) => commentShown(actor, record),
    view: (actor, record) => commentShown(actor, record),
    create: (actor) => member(actor),
    update: (actor, record, body) =>
      owns(actor, record, "author") &&
      Object.keys(body).every((key) => key === "content" || key === "notifyReplies"),
    delete: (actor, record) =>
      owns(actor, record, "author") || owns(actor, record, "recordAuthor") || adminActor(actor),
  },
  // Made by POST /api/comments/{id}/block only; their owner lists and lifts them.
  commentBlocks: {
    ...ownReadOnly("owner"),
    delete: (actor, record) => owns(actor, record, "owner"),
  },
  // A target's subscribers are its owner's to read (the blog's, with no owner, admins'); rows
  // are made and changed only through /api/subscriptions (ADR 065).
  subscriptions: {
    ...ownReadOnly("owner"),
    list: (actor, record) => owns(actor, record, "owner") || adminActor(actor),
    view: (actor, record) => owns(actor, record, "owner") || adminActor(actor),
  },
};

/** Who reads a comment on a readable record (see `comments` above). */
function commentShown(actor: Actor, record: RecordData): boolean {
  return (
    record.status === "approved" ||
    (owns(actor, record, "author") && record.status === "pending") ||
    owns(actor, record, "recordAuthor") ||
    adminActor(actor)
  );
}

/** Whether the model lets `actor` do `action` (superusers may do everything). */
export function allowed(
  policy: CollectionPolicy,
  actor: Actor,
  action: Action,
  record: RecordData,
  body: RecordData = {},
  now: Date = new Date(),
): boolean {
  if (actor.name === "superuser") return true;
  switch (action) {
    case "list":
      return policy.list(actor, record, now);
    case "view":
      return policy.view(actor, record, now);
    case "create":
      return policy.create(actor, body);
    case "update":
      return policy.update(actor, record, body);
    case "delete":
      return policy.delete(actor, record);
  }
}

/**
 * What the inboxes do with what arrives (ADR 071). Fedify has verified the HTTP signature
 * (draft-cavage or RFC 9421) and that the signing key belongs to the activity's actor before
 * a listener runs; activities are idempotent per inbox through the key-value store.
 * - `Follow` of a local actor: the follower is stored, then accepted with a signed `Accept`,
 *   or held for the writer's approval when they chose so; a blocked actor or domain gets a
 *   `Reject`; an inbox on a private address is refused unless `FEDERATION_ALLOW_PRIVATE`.
 * - `Undo` of a `Follow`: the follower is removed.
 * - `Delete` of an actor: it no longer follows anyone here.
 * - Replies (`Create`, `Update`, `Delete` of a `Note`), `Like`, `Announce` and their `Undo`:
 *   `reply-listeners.ts` (issue 27 item 4).
 */
import { randomUUID } from "node:crypto";
import { validatePublicUrl, type Context, type Federation } from "@fedify/fedify";
import {
  Accept,
  Announce,
  Create,
  Delete,
  Follow,
  Like,
  Reject,
  Undo,
  Update,
  type Actor,
  type Recipient,
} from "@fedify/vocab";
import type { Database } from "../../data/db.ts";
import {
  deleteFollower,
  deleteRemoteActor,
  findActorRow,
  isBlocked,
  saveFollower,
  type FollowerRow,
} from "../../data/repositories/fediverse-repository.ts";
import { deleteReactionsOf } from "../../data/repositories/fediverse-reactions-repository.ts";
import { hostOfAddress } from "./addresses.ts";
import type { LocalActors } from "./local-actors.ts";
import type { FediverseReplies } from "./replies.ts";
import {
  deletesObject,
  onCreate,
  onDeleteObject,
  onReaction,
  onUndoReaction,
  onUpdate,
} from "./reply-listeners.ts";

/** What the listeners need. */
export interface InboxDeps {
  db: Database;
  actors: LocalActors;
  replies: FediverseReplies;
  allowPrivate: boolean;
  log: (level: "info" | "warn" | "error", message: string, data: Record<string, unknown>) => void;
}

/** A remote actor as a follower row (without status). */
async function followerRow(
  actor: Actor,
  local: string,
  followId: string,
): Promise<Omit<FollowerRow, "status" | "created"> | null> {
  const id = actor.id;
  const inbox = actor.inboxId;
  if (!id || !inbox) return null;
  const icon = await actor.getIcon().catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? "");
  const url = actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? "");
  return {
    actor: local,
    follower: id.href,
    followId,
    inbox: inbox.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? "",
    name: String(actor.name ?? actor.preferredUsername ?? "").slice(0, 200),
    handle: actor.preferredUsername ? `@${String(actor.preferredUsername)}@${id.host}` : id.href,
    avatar: iconUrl,
    url: url || id.href,
  };
}

/** The recipient of a stored follower. */
export function recipientOf(
  row: Pick<FollowerRow, "follower" | "inbox" | "sharedInbox">,
): Recipient {
  return {
    id: new URL(row.follower),
    inboxId: new URL(row.inbox),
    endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
  };
}

/** Sends a signed `Accept` or `Reject` of a stored follow. */
export async function answerFollow(
  ctx: Context<undefined>,
  row: Pick<FollowerRow, "actor" | "follower" | "followId" | "inbox" | "sharedInbox">,
  answer: "accept" | "reject",
): Promise<void> {
  const me = ctx.getActorUri(row.actor);
  const follow = new Follow({
    id: new URL(row.followId),
    actor: new URL(row.follower),
    object: me,
  });
  const values = { id: new URL(`#${answer}s/${randomUUID()}`, me), actor: me, object: follow };
  await ctx.sendActivity(
    { identifier: row.actor },
    recipientOf(row),
    answer === "accept" ? new Accept(values) : new Reject(values),
  );
}

/** Whether an inbox may receive deliveries (public, unless private addresses are allowed). */
async function deliverable(deps: InboxDeps, inbox: string): Promise<boolean> {
  if (deps.allowPrivate) return true;
  try {
    await validatePublicUrl(inbox);
    return true;
  } catch {
    return false;
  }
}

/** Registers the listeners on both inboxes. */
export function registerInboxListeners(
  federation: Federation<undefined>,
  deps: InboxDeps,
  inboxPath: `${string}{identifier}${string}`,
  sharedInboxPath: string,
): void {
  const { db } = deps;
  federation
    .setInboxListeners(inboxPath, sharedInboxPath)
    .withIdempotency("per-inbox")
    .on(Follow, async (ctx, follow) => {
      const parsed = ctx.parseUri(follow.objectId);
      if (parsed?.type !== "actor" || !follow.id || !follow.actorId) return;
      const local = await deps.actors.byIdentifier(parsed.identifier);
      if (!local) return;
      const actor = await follow.getActor(ctx);
      if (!actor || actor.id?.href !== follow.actorId.href) return;
      const row = await followerRow(actor, local.identifier, follow.id.href);
      if (!row) return;
      const blocked = await isBlocked(
        db.kysely,
        local.identifier,
        row.follower,
        hostOfAddress(row.follower),
      );
      if (blocked || !(await deliverable(deps, row.inbox))) {
        if (blocked) await answerFollow(ctx, row, "reject");
        return;
      }
      if (row.sharedInbox && !(await deliverable(deps, row.sharedInbox))) row.sharedInbox = "";
      const settings = await findActorRow(db.kysely, local.identifier);
      const held = settings?.approveFollowers === true;
      await saveFollower(db.kysely, { ...row, status: held ? "pending" : "accepted" });
      deps.log("info", "fediverse follow", {
        actor: local.identifier,
        follower: row.follower,
        held,
      });
      if (!held) await answerFollow(ctx, row, "accept");
    })
    .on(Undo, async (ctx, undo) => {
      if (await onUndoReaction(ctx, undo, deps)) return;
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !undo.actorId) return;
      if (object.actorId?.href !== undo.actorId.href) return;
      const parsed = ctx.parseUri(object.objectId);
      if (parsed?.type !== "actor") return;
      await deleteFollower(db.kysely, parsed.identifier, undo.actorId.href);
    })
    .on(Delete, async (_ctx, activity) => {
      if (deletesObject(activity)) {
        await onDeleteObject(activity, deps);
        return;
      }
      // An account deleted elsewhere: its object is the actor itself.
      if (!activity.actorId || activity.objectId?.href !== activity.actorId.href) return;
      await deleteRemoteActor(db.kysely, activity.actorId.href);
      await deleteReactionsOf(db.kysely, activity.actorId.href);
    })
    .on(Create, (ctx, create) => onCreate(ctx, create, deps))
    .on(Update, (ctx, update) => onUpdate(ctx, update, deps))
    .on(Like, (_ctx, like) => onReaction(like, deps))
    .on(Announce, (_ctx, announce) => onReaction(announce, deps))
    .onError((_ctx, error) => {
      deps.log("warn", "fediverse inbox activity failed", { err: error });
    });
}

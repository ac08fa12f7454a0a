/**
 * The inbox's replies and reactions (issue 27 item 4, ADR 071): Fedify verified the signature
 * and that the key is the activity's actor's; these handlers check the rest and hand over to
 * {@link FediverseReplies}. A `Note` counts only when its `attributedTo` is the actor who
 * signed; an `Update` or `Delete` only when that actor wrote the comment. An account a writer
 * (or the blog) blocked, or its domain, is dropped here too, should the inbox's guard not have
 * known which writer the activity was for. Bad input is logged and dropped, never thrown.
 */
import type { Context } from "@fedify/fedify";
import {
  Announce,
  Like,
  Note,
  type Actor,
  type Create,
  type Delete,
  type Undo,
  type Update,
} from "@fedify/vocab";
import type { Database } from "../../data/db.ts";
import { isBlocked } from "../../data/repositories/fediverse-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { hostOfAddress } from "./addresses.ts";
import { BLOG_ACTOR } from "./local-actors.ts";
import type { FediverseReplies } from "./replies.ts";

/** What the handlers need. */
export interface ReplyListenerDeps {
  db: Database;
  replies: FediverseReplies;
  log: (level: "info" | "warn" | "error", message: string, data: Record<string, unknown>) => void;
}

/** A `Note`'s content as HTML (the first language's, when it has several). */
function htmlOf(note: Note): string {
  const content = note.content;
  return content === null ? "" : String(content);
}

/** An address of a vocabulary value (`URL` or `Link`). */
function hrefOf(value: unknown): string {
  if (value instanceof URL) return value.href;
  const href = (value as { href?: unknown } | null)?.href;
  return href instanceof URL ? href.href : "";
}

/** Whether the post's author or the blog blocked the account or its domain. */
async function blockedOnPost(db: Database, post: string, actor: string): Promise<boolean> {
  const [row] = await findRowsByIds(db.kysely, requireCollection("posts"), [post]);
  const host = hostOfAddress(actor);
  for (const local of [typeof row?.author === "string" ? row.author : "", BLOG_ACTOR])
    if (local && (await isBlocked(db.kysely, local, actor, host))) return true;
  return false;
}

/** The remote author as a comment shows them. */
async function authorOf(
  ctx: Context<undefined>,
  create: Create,
): Promise<{ name: string; profileUrl: string; avatar: string }> {
  const actor: Actor | null = await create.getActor(ctx).catch(() => null);
  if (!actor) return { name: "", profileUrl: "", avatar: "" };
  const icon = await actor.getIcon(ctx).catch(() => null);
  const username = actor.preferredUsername ? String(actor.preferredUsername) : "";
  return {
    name: String(actor.name ?? username),
    profileUrl: hrefOf(actor.url),
    avatar: hrefOf(icon?.url),
  };
}

/** `Create(Note)`: a reply to a live post (or to a comment of one) becomes a comment. */
export async function onCreate(
  ctx: Context<undefined>,
  create: Create,
  deps: ReplyListenerDeps,
): Promise<void> {
  const note = await create.getObject(ctx).catch(() => null);
  if (!(note instanceof Note) || !note.id || !create.actorId) return;
  const actor = create.actorId.href;
  const inReplyTo = note.replyTargetId?.href ?? "";
  if (!inReplyTo || note.attributionId?.href !== actor) return;
  const place = await deps.replies.placeOf(inReplyTo);
  if (!place) return;
  if (await blockedOnPost(deps.db, place.post, actor)) return;
  const reply = { id: note.id.href, actor, inReplyTo, html: htmlOf(note) };
  try {
    const result = await deps.replies.receive({ ...reply, ...(await authorOf(ctx, create)) });
    deps.log("info", "fediverse reply", { note: reply.id, post: place.post, result });
  } catch (error) {
    // A reply the records refuse (a field out of bounds) is dropped, not retried for days.
    deps.log("warn", "fediverse reply dropped", { note: reply.id, err: error });
  }
}

/** `Update(Note)` by its author: the comment's text changes. */
export async function onUpdate(
  ctx: Context<undefined>,
  update: Update,
  deps: ReplyListenerDeps,
): Promise<void> {
  const note = await update.getObject(ctx).catch(() => null);
  if (!(note instanceof Note) || !note.id || !update.actorId) return;
  if (note.attributionId && note.attributionId.href !== update.actorId.href) return;
  try {
    await deps.replies.edit(note.id.href, update.actorId.href, htmlOf(note));
  } catch (error) {
    deps.log("warn", "fediverse reply edit dropped", { note: note.id.href, err: error });
  }
}

/** `Delete` of a `Note` (or its `Tombstone`) by its author: the comment goes. */
export async function onDeleteObject(delete_: Delete, deps: ReplyListenerDeps): Promise<void> {
  const object = delete_.objectId?.href;
  if (!object || !delete_.actorId) return;
  await deps.replies.remove(object, delete_.actorId.href);
}

/** `Like` or `Announce` of a live post: counted once per account. */
export async function onReaction(
  activity: Like | Announce,
  deps: ReplyListenerDeps,
): Promise<void> {
  const object = activity.objectId?.href;
  if (!object || !activity.actorId || !activity.id) return;
  const kind = activity instanceof Like ? "like" : "announce";
  await deps.replies.react(kind, activity.actorId.href, object, activity.id.href);
}

/** `Undo` of a `Like` or `Announce`: the count goes down. Answers whether it was one. */
export async function onUndoReaction(
  ctx: Context<undefined>,
  undo: Undo,
  deps: ReplyListenerDeps,
): Promise<boolean> {
  const object = await undo.getObject(ctx).catch(() => null);
  if (!(object instanceof Like || object instanceof Announce) || !undo.actorId) return false;
  if (object.actorId && object.actorId.href !== undo.actorId.href) return true;
  await deps.replies.unreact(undo.actorId.href, {
    activity: object.id?.href ?? "",
    kind: object instanceof Like ? "like" : "announce",
    object: object.objectId?.href ?? "",
  });
  return true;
}

/** Whether a `Delete`'s object is a `Tombstone` or an address (not an embedded actor). */
export function deletesObject(delete_: Delete): boolean {
  return delete_.objectId !== null && delete_.objectId.href !== delete_.actorId?.href;
}

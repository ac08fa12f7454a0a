/**
 * Sends a post's `Create`, `Update` or `Delete` (ADR 071), run by a `fediverse.publish` job
 * with the federation loaded. The author sends to their followers; the blog announces new
 * posts to its own followers (`Announce`), who also get the author's `Update` and `Delete`.
 * Fedify fans each out to one delivery per shared inbox (jobs of the queue, with retries).
 * Which posts went out is kept in the key-value store, so a post never sent sends no update
 * or delete, and a post told twice to have gone live goes out once.
 */
import { randomUUID } from "node:crypto";
import type { Context, KvStore } from "@fedify/fedify";
import { Announce, Create, Delete, PUBLIC_COLLECTION, Update, type Recipient } from "@fedify/vocab";
import type { Database } from "../../data/db.ts";
import { listFollowers } from "../../data/repositories/fediverse-repository.ts";
import { articleOf, tombstoneOf, type ArticleSite } from "./articles.ts";
import { recipientOf } from "./inbox-listeners.ts";
import { BLOG_ACTOR, type LocalActors } from "./local-actors.ts";
import type { PublishPayload } from "./publisher.ts";

/** What sending needs. */
export interface SendPostsDeps {
  db: Database;
  kv: KvStore;
  actors: LocalActors;
  site: ArticleSite;
}

/** The key marking a post as sent. */
const sentKey = (postId: string) => ["cahier", "fediverse", "sent", postId] as const;

/** The blog's followers as recipients. */
async function blogFollowers(db: Database): Promise<Recipient[]> {
  const rows = await listFollowers(db.kysely, BLOG_ACTOR, {
    status: "accepted",
    limit: 1_000_000,
    offset: 0,
  });
  return rows.map(recipientOf);
}

/** Sends one publish job's activity. */
export async function sendPost(
  ctx: Context<undefined>,
  deps: SendPostsDeps,
  payload: PublishPayload,
): Promise<void> {
  const { kv, actors, site, db } = deps;
  const sent = (await kv.get(sentKey(payload.postId))) === true;
  const options = { preferSharedInbox: true } as const;
  const sender = { identifier: payload.author };
  const actor = ctx.getActorUri(payload.author);
  if (payload.kind === "delete") {
    if (!sent) return;
    const activity = new Delete({
      id: new URL(`#delete-${randomUUID()}`, actor),
      actor,
      object: tombstoneOf(ctx, payload.postId),
      to: PUBLIC_COLLECTION,
    });
    await ctx.sendActivity(sender, "followers", activity, options);
    const others = await blogFollowers(db);
    if (others.length) await ctx.sendActivity(sender, others, activity, options);
    await kv.delete(sentKey(payload.postId));
    return;
  }
  const found = await actors.livePost(payload.postId);
  if (!found || found.author.identifier !== payload.author) return;
  if (payload.kind === "update" && !sent) return;
  if (payload.kind === "create" && sent) return;
  const article = articleOf(ctx, site, found.post, found.author);
  const values = {
    actor,
    object: article,
    tos: article.toIds,
    ccs: article.ccIds,
  };
  if (payload.kind === "update") {
    const update = new Update({
      id: new URL(`#update-${randomUUID()}`, article.id ?? actor),
      ...values,
    });
    await ctx.sendActivity(sender, "followers", update, options);
    const others = await blogFollowers(db);
    if (others.length) await ctx.sendActivity(sender, others, update, options);
    return;
  }
  // Marked first, so an edit right after going live finds the post sent; unmarked again if
  // sending fails (the job runs again).
  await kv.set(sentKey(payload.postId), true);
  try {
    const create = new Create({
      id: new URL(`#create-${randomUUID()}`, article.id ?? actor),
      published: article.published,
      ...values,
    });
    await ctx.sendActivity(sender, "followers", create, options);
    const blog = ctx.getActorUri(BLOG_ACTOR);
    const announce = new Announce({
      id: new URL(`#announce-${randomUUID()}`, blog),
      actor: blog,
      object: article.id,
      published: article.published,
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(BLOG_ACTOR),
    });
    await ctx.sendActivity({ identifier: BLOG_ACTOR }, "followers", announce, options);
  } catch (error) {
    await kv.delete(sentKey(payload.postId));
    throw error;
  }
}

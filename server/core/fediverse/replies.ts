/**
 * Replies and reactions from the fediverse (issue 27 item 4, ADR 071), with no Fedify import
 * (the inbox listeners hand over what they verified):
 * - a `Note` replying to a live post (its `Article` id, its page's address, or either with
 *   `#comment-{id}`), or to a comment of one (a fediverse comment by its `Note` id), becomes a
 *   comment with `source` `fediverse`, through the records core as the operator so the comment
 *   hooks place it, mails go out and the page cache clears. Moderation is a local comment's:
 *   the record's mode (`closed` and `members` take none: a remote account is not a member
 *   here), held (`pending`) unless an earlier fediverse comment of the same account was
 *   approved; a reply to a reply answers its parent's parent. The same `Note` twice makes one
 *   comment; a reply to a draft, scheduled or deleted post is dropped.
 * - `Update` and `Delete` of the `Note` by its own author edit or remove the comment.
 * - `Like` and `Announce` of a live post are counted once per remote account; `Undo` takes
 *   them back.
 */
import type { Database } from "../../data/db.ts";
import { hasApprovedRemoteComment } from "../../data/repositories/comment-repository.ts";
import {
  deleteReaction,
  reactionCounts,
  saveReaction,
  type ReactionCounts,
  type ReactionKind,
} from "../../data/repositories/fediverse-reactions-repository.ts";
import { findRowBy, findRowsByIds, type Row } from "../../data/repositories/record-repository.ts";
import { COMMENT_MAX_LENGTH, commentsCollection } from "../../data/registry/comments.ts";
import type { CommentSettings } from "../comments/comment-settings.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { commentMode, findTarget, targetOf } from "../comments/comment-target.ts";
import { htmlToMarkdown } from "../data-import/formats/html-to-markdown.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest } from "../records/request-info.ts";
import type { LocalActors } from "./local-actors.ts";

/** A reply as the inbox verified it. */
export interface IncomingReply {
  /** The `Note`'s id. */
  id: string;
  /** Its author's actor id (who signed the `Create`). */
  actor: string;
  /** What it answers. */
  inReplyTo: string;
  /** Its content (HTML). */
  html: string;
  /** Its author as their actor document shows them. */
  name: string;
  profileUrl: string;
  avatar: string;
}

/** Where a reply lands: a post, and the comment it answers ("" for none). */
interface Place {
  post: string;
  parent: string;
}

/** What the replies need. */
export interface ReplyDeps {
  db: Database;
  records: Pick<RecordService, "create" | "update" | "delete">;
  actors: Pick<LocalActors, "livePostAt">;
  /** `APP_URL`. */
  origin: string;
  commentSettings: () => CommentSettings;
  now: () => number;
}

/** Most posts {@link FediverseReplies.liveCounts} answers for at once. */
export const MAX_COUNTED_POSTS = 100;

const POST_OBJECT_RE = /^\/ap\/posts\/([a-z0-9]{15})$/;
const POST_PAGE_RE = /^\/post\/([^/]+)\/([^/]+)$/;
const COMMENT_HASH_RE = /^#comment-([a-z0-9]{15})$/;
/** How much of a remote name or address a comment keeps. */
const MAX_NAME = 80;
const MAX_URL = 2000;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** An http(s) address kept as it is, or "" (nothing else is ever linked). */
export function webAddress(value: string): string {
  if (!URL.canParse(value) || value.length > MAX_URL) return "";
  const url = new URL(value);
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : "";
}

/** A `Note`'s HTML as our Markdown, at most a comment's length ("" when there is none). */
export function noteMarkdown(html: string): string {
  let markdown: string;
  try {
    markdown = htmlToMarkdown(html);
  } catch {
    return "";
  }
  return markdown.slice(0, COMMENT_MAX_LENGTH).trim();
}

/** Replies and reactions from the fediverse. */
export class FediverseReplies {
  private readonly deps: ReplyDeps;

  constructor(deps: ReplyDeps) {
    this.deps = deps;
  }

  /** The post (and comment) an address names, if readers can see it; else null. */
  async placeOf(address: string): Promise<Place | null> {
    if (!URL.canParse(address)) return null;
    const url = new URL(address);
    const local = url.origin === new URL(this.deps.origin).origin;
    let post = "";
    if (local) {
      const object = POST_OBJECT_RE.exec(url.pathname);
      const page = POST_PAGE_RE.exec(url.pathname);
      if (object?.[1]) post = object[1];
      else if (page?.[1] && page[2])
        post =
          (await this.deps.actors.livePostAt(
            decodeURIComponent(page[1]),
            decodeURIComponent(page[2]),
          )) ?? "";
    }
    let parent: Row | undefined;
    const hash = local ? COMMENT_HASH_RE.exec(url.hash) : null;
    if (post && hash?.[1]) {
      [parent] = await findRowsByIds(this.deps.db.kysely, commentsCollection, [hash[1]]);
      if (!parent || parent.record !== post) return null;
    } else if (!post) {
      parent = await this.byNote(url.href);
      post = parent?.recordCollection === "posts" ? text(parent.record) : "";
    }
    if (!post || (parent && parent.status !== "approved")) return null;
    const target = await findTarget(this.deps.db, "posts", post, this.deps.now());
    if (!target?.readable) return null;
    return { post, parent: parent ? text(parent.parent) || text(parent.id) : "" };
  }

  /**
   * Makes a comment of a reply; answers what happened (`created`, `exists` for a `Note` seen
   * before, `ignored` when it answers nothing readers here can see, or comments are closed).
   */
  async receive(reply: IncomingReply): Promise<"created" | "exists" | "ignored"> {
    const id = webAddress(reply.id);
    const actor = webAddress(reply.actor);
    // SECURITY: a note lives on its author's server; one claiming an id elsewhere would take
    // that id (and the real note's place) from the comments.
    if (!id || !actor || new URL(id).origin !== new URL(actor).origin) return "ignored";
    if (await this.byNote(id)) return "exists";
    const place = await this.placeOf(reply.inReplyTo);
    if (!place) return "ignored";
    const now = this.deps.now();
    const target = await findTarget(this.deps.db, "posts", place.post, now);
    if (!target) return "ignored";
    const mode = commentMode(target, this.deps.commentSettings(), now);
    if (mode !== "open") return "ignored";
    const content = noteMarkdown(reply.html);
    if (!content) return "ignored";
    const approved = await hasApprovedRemoteComment(this.deps.db.kysely, actor);
    try {
      await this.deps.records.create(commentsCollection, operatorRequest(), {
        record: place.post,
        recordCollection: "posts",
        parent: place.parent,
        author: "",
        authorName: (reply.name.trim() || new URL(actor).host).slice(0, MAX_NAME),
        email: "",
        content,
        status: approved ? "approved" : "pending",
        source: "fediverse",
        remoteUrl: id,
        remoteActor: actor,
        remoteAuthorUrl: webAddress(reply.profileUrl) || actor,
        remoteAvatar: webAddress(reply.avatar),
        notifyReplies: false,
      });
    } catch (error) {
      // Another inbox (or instance) stored the same `Note` first: the unique index says so.
      if (await this.byNote(id)) return "exists";
      throw error;
    }
    return "created";
  }

  /** Changes a reply's text; only its author may. Answers whether it did. */
  async edit(noteId: string, actor: string, html: string): Promise<boolean> {
    const comment = await this.byNote(noteId);
    if (!comment || comment.remoteActor !== actor) return false;
    const content = noteMarkdown(html);
    if (!content || content === comment.content) return false;
    await this.deps.records.update(commentsCollection, operatorRequest(), text(comment.id), {
      content,
    });
    return true;
  }

  /** Deletes a reply; only its author may. Answers whether it did. */
  async remove(noteId: string, actor: string): Promise<boolean> {
    const comment = await this.byNote(noteId);
    if (!comment || comment.remoteActor !== actor) return false;
    await this.deps.records.delete(commentsCollection, operatorRequest(), text(comment.id));
    return true;
  }

  /** Counts a `Like` or `Announce` of a live post (once per account). */
  async react(
    kind: ReactionKind,
    actor: string,
    object: string,
    activity: string,
  ): Promise<boolean> {
    const place = await this.placeOf(object);
    if (!place || place.parent || !webAddress(actor)) return false;
    await saveReaction(this.deps.db.kysely, {
      post: place.post,
      remoteActor: actor,
      kind,
      activity,
    });
    return true;
  }

  /** Takes back a reaction (`Undo`): by the undone activity's id, else by its post and kind. */
  async unreact(
    actor: string,
    undone: { activity: string; kind: ReactionKind; object: string },
  ): Promise<boolean> {
    const kysely = this.deps.db.kysely;
    if (undone.activity && (await deleteReaction(kysely, actor, { activity: undone.activity })))
      return true;
    const post = this.postOf(undone.object);
    if (!post) return false;
    return (await deleteReaction(kysely, actor, { post, kind: undone.kind })) > 0;
  }

  /** The likes and boosts of posts (only those with any). */
  counts(posts: readonly string[]): Promise<Map<string, ReactionCounts>> {
    return reactionCounts(this.deps.db.kysely, posts);
  }

  /**
   * The likes and boosts of each post of `ids` readers can see (0 and 0 for one without any);
   * drafts, scheduled posts and unknown ids are left out, so the answer is everyone's.
   */
  async liveCounts(ids: readonly string[]): Promise<Record<string, ReactionCounts>> {
    const unique = [...new Set(ids)].slice(0, MAX_COUNTED_POSTS);
    const now = this.deps.now();
    const rows = await findRowsByIds(this.deps.db.kysely, requireCollection("posts"), unique);
    const live = rows
      .filter((row) => targetOf("posts", row, now).readable)
      .map((row) => text(row.id));
    const counted = await this.counts(live);
    const out: Record<string, ReactionCounts> = {};
    for (const id of live) out[id] = counted.get(id) ?? { likes: 0, boosts: 0 };
    return out;
  }

  /** The comment made of a `Note`, if any. */
  private async byNote(noteId: string): Promise<Row | undefined> {
    if (!noteId) return undefined;
    return findRowBy(this.deps.db.kysely, commentsCollection, "remoteUrl", noteId);
  }

  /** A post's id from its `Article` id (an undone reaction of a post gone since). */
  private postOf(address: string): string {
    if (!URL.canParse(address)) return "";
    const url = new URL(address);
    if (url.origin !== new URL(this.deps.origin).origin) return "";
    return POST_OBJECT_RE.exec(url.pathname)?.[1] ?? "";
  }
}

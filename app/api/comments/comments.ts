/**
 * The comments of posts and public entries (ADR 065): the `comments` collection read and
 * written through the records API under its rules, the altcha challenge a guest solves
 * (`GET /api/comments/challenge`), the approved counts of many records at once
 * (`GET /api/comments/counts`), blocking a commenter (`POST /api/comments/{id}/block`) and
 * the moderation's bulk changes through `/api/batch`.
 *
 * @example
 * const comments = await listRecordComments(api, post.id, user?.id ?? null);
 */
import type { RecordModel } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import {
  filterExpression,
  listAllRecords,
  listRecords,
  type ListPage,
} from "../records/record-reads.ts";
import { createRecord, deleteRecord, updateRecord } from "../records/record-writes.ts";

/** The collection's name. */
export const COMMENTS = "comments";

/** Where a comment stands: only `approved` ones show to readers. */
export type CommentStatus = "pending" | "approved" | "rejected" | "spam";

/** The statuses, in the moderation page's order (what waits first). */
export const COMMENT_STATUSES: readonly CommentStatus[] = [
  "pending",
  "approved",
  "spam",
  "rejected",
];

/** The records a comment may be written under. */
export type CommentedCollection = "posts" | "entries";

/** A comment as the API answers it (`email` blank for all but the moderators). */
export interface CommentRecord extends RecordModel {
  /** The post's or entry's id. */
  record: string;
  recordCollection: CommentedCollection;
  /** The comment it answers (one level), `""` for a comment of the record itself. */
  parent: string;
  /** The commenter's account, `""` for a guest. */
  author: string;
  authorName: string;
  email: string;
  /** Markdown (no raw HTML), at most 5,000 characters. */
  content: string;
  status: CommentStatus;
  source: "local" | "fediverse";
  /** A fediverse comment's `Note`, its author's actor id, profile page and avatar (issue 27). */
  remoteUrl?: string;
  remoteActor?: string;
  remoteAuthorUrl?: string;
  remoteAvatar?: string;
  /** The record's author: who moderates it. */
  recordAuthor: string;
  /** The commenter asked to be mailed the replies. */
  notifyReplies: boolean;
  created: string;
  updated: string;
  expand?: {
    post?: { id: string; title: string; slug: string; expand?: { author?: { username: string } } };
    entry?: { id: string; title: string; name: string; expand?: { author?: { username: string } } };
  };
}

/** What a commenter sends: the text, and a guest's name, address, honeypot and proof of work. */
export interface NewComment {
  record: string;
  recordCollection: CommentedCollection;
  parent?: string;
  content: string;
  notifyReplies: boolean;
  /** A guest's name and address (ignored for a signed-in commenter). */
  authorName?: string;
  email?: string;
  /** SECURITY: the honeypot; a person leaves it empty, the server refuses anything else. */
  website?: string;
  /** The solved altcha challenge (base64 JSON), a guest's proof of work. */
  altcha?: string;
}

/**
 * The comments a page shows under a record: the approved ones, and the viewer's own that
 * wait for approval (`viewerId`, `null` for a guest), oldest first. The rules keep every
 * other comment out whatever the filter says; this one only leaves out what the record's
 * author would see besides (they moderate at `/writing/comments`).
 */
export function listRecordComments(
  api: ApiClient,
  recordId: string,
  viewerId: string | null,
): Promise<CommentRecord[]> {
  const filter = viewerId
    ? filterExpression(
        api,
        'record = {:record} && (status = "approved" || (status = "pending" && author = {:me}))',
        { record: recordId, me: viewerId },
      )
    : filterExpression(api, 'record = {:record} && status = "approved"', { record: recordId });
  return listAllRecords<CommentRecord>(api, COMMENTS, {
    filter,
    sort: "created,id",
    fields:
      "id,record,recordCollection,parent,author,authorName,content,status,source,remoteAuthorUrl,remoteAvatar,remoteActor,created,updated",
  });
}

/** Writes a comment; the server decides its status (`pending` when it is held). */
export function createComment(api: ApiClient, comment: NewComment): Promise<CommentRecord> {
  return createRecord<CommentRecord>(api, COMMENTS, { ...comment });
}

/** Changes a comment's text (its commenter, within 15 minutes of writing it). */
export function updateCommentText(
  api: ApiClient,
  id: string,
  content: string,
): Promise<CommentRecord> {
  return updateRecord<CommentRecord>(api, COMMENTS, id, { content });
}

/** Deletes a comment (its commenter, the record's author, an admin). */
export function deleteComment(api: ApiClient, id: string): Promise<void> {
  return deleteRecord(api, COMMENTS, id);
}

/** An altcha challenge, as `GET /api/comments/challenge` answers it. */
export interface CommentChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** A fresh proof-of-work challenge for a guest's comment. */
export function commentChallenge(api: ApiClient): Promise<CommentChallenge> {
  return sdk(api).send<CommentChallenge>("/api/comments/challenge", { method: "GET" });
}

/**
 * How many approved comments each record has (`GET /api/comments/counts?records=…`): the
 * counts of blog cards and archive rows; a record without any is absent or 0.
 */
export async function commentCounts(
  api: ApiClient,
  recordIds: readonly string[],
): Promise<Record<string, number>> {
  if (recordIds.length === 0) return {};
  const answer = await sdk(api).send<unknown>("/api/comments/counts", {
    method: "GET",
    query: { records: recordIds.join(",") },
  });
  return readCounts(answer);
}

/** The counts of an answer, whether a map of ids or `{ counts: … }`; numbers only. */
function readCounts(answer: unknown): Record<string, number> {
  const source =
    answer && typeof answer === "object" && "counts" in answer ? answer.counts : answer;
  const out: Record<string, number> = {};
  if (!source || typeof source !== "object") return out;
  for (const [id, value] of Object.entries(source)) {
    if (typeof value === "number" && Number.isFinite(value)) out[id] = value;
  }
  return out;
}

/** Marks a comment as spam and blocks its commenter on the moderator's records. */
export async function blockCommenter(api: ApiClient, id: string): Promise<void> {
  await sdk(api).send(`/api/comments/${encodeURIComponent(id)}/block`, { method: "POST" });
}

/** What a moderator does to many comments at once. */
export type ModerationAction = "approve" | "reject" | "spam" | "delete";

const STATUS_OF: Record<Exclude<ModerationAction, "delete">, CommentStatus> = {
  approve: "approved",
  reject: "rejected",
  spam: "spam",
};

/**
 * Applies one moderation action to every comment of `ids` in one `/api/batch` request (all or
 * nothing, as the batch endpoint runs them in one transaction).
 */
export async function moderateComments(
  api: ApiClient,
  ids: readonly string[],
  action: ModerationAction,
): Promise<void> {
  if (ids.length === 0) return;
  const batch = sdk(api).createBatch();
  for (const id of ids) {
    if (action === "delete") batch.collection(COMMENTS).delete(id);
    else batch.collection(COMMENTS).update(id, { status: STATUS_OF[action] });
  }
  await batch.send();
}

/**
 * The moderation filter: comments with `status` on the records of `recordAuthor`, or on
 * every record (`null`: an admin, whom the rules let see them all).
 */
function moderatedFilter(
  api: ApiClient,
  status: CommentStatus,
  recordAuthor: string | null,
): string {
  return recordAuthor
    ? filterExpression(api, "status = {:status} && recordAuthor = {:me}", {
        status,
        me: recordAuthor,
      })
    : filterExpression(api, "status = {:status}", { status });
}

/**
 * A page of the comments with `status` a moderator looks after: on the records of
 * `recordAuthor`, or every record's (`null`, an admin), newest first, with the record.
 */
export function listModeratedComments(
  api: ApiClient,
  status: CommentStatus,
  recordAuthor: string | null,
  page: number,
  perPage: number,
): Promise<ListPage<CommentRecord>> {
  return listRecords<CommentRecord>(api, COMMENTS, page, perPage, {
    filter: moderatedFilter(api, status, recordAuthor),
    sort: "-created,-id",
    expand: "post.author,entry.author",
  });
}

/** How many comments of each status a moderator looks after (see {@link listModeratedComments}). */
export async function moderatedCounts(
  api: ApiClient,
  recordAuthor: string | null,
): Promise<Record<CommentStatus, number>> {
  const totals = await Promise.all(
    COMMENT_STATUSES.map(async (status) => {
      const list = await listRecords(api, COMMENTS, 1, 1, {
        filter: moderatedFilter(api, status, recordAuthor),
        fields: "id",
      });
      return [status, list.totalItems] as const;
    }),
  );
  return Object.fromEntries(totals) as Record<CommentStatus, number>;
}

/** How many comments wait for `recordAuthor`'s approval (every record's for `null`). */
export async function pendingCommentCount(
  api: ApiClient,
  recordAuthor: string | null,
): Promise<number> {
  const list = await listRecords(api, COMMENTS, 1, 1, {
    filter: moderatedFilter(api, "pending", recordAuthor),
    fields: "id",
  });
  return list.totalItems;
}

/**
 * `items` with the approved comment count of each (`comments`, absent for a record the
 * answer leaves out), asked in one request per 100 records. The counts only decorate a list:
 * when they cannot be read, the items come back without them rather than failing the page.
 */
export async function withCommentCounts<T extends { id: string }>(
  api: ApiClient,
  items: readonly T[],
): Promise<(T & { comments?: number })[]> {
  const ids = items.map((item) => item.id);
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += 100) chunks.push(ids.slice(start, start + 100));
  const counts: Record<string, number> = {};
  try {
    for (const answer of await Promise.all(chunks.map((chunk) => commentCounts(api, chunk)))) {
      Object.assign(counts, answer);
    }
  } catch {
    // Decoration only: the list shows without counts.
  }
  return items.map((item) => {
    const count = counts[item.id];
    return count === undefined ? item : { ...item, comments: count };
  });
}

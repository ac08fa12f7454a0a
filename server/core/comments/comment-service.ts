/**
 * The comments module's own operations beyond the records API (ADR 065): blocking a
 * commenter, the approved counts of many records at once, the approved comments of one
 * record as a guest reads them, and the comments an account's export holds.
 */
import type { Database, Row } from "../../data/db.ts";
import {
  approvedCounts,
  exportedCommentRows,
  findBlock,
} from "../../data/repositories/comment-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import {
  commentBlocksCollection,
  commentsCollection,
  COMMENTED_COLLECTIONS,
} from "../../data/registry/comments.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { badRequest, forbidden, notFound, unauthorized } from "../errors.ts";
import type { RecordService } from "../records/record-service.ts";
import {
  guestRequest,
  operatorRequest,
  type RecordData,
  type RequestInfo,
} from "../records/request-info.ts";
import { targetOf } from "./comment-target.ts";

/** Most records `counts` answers for at once. */
export const MAX_COUNTED_RECORDS = 100;
/** Most approved comments {@link CommentService.approvedComments} reads (one page). */
const MAX_APPROVED = 500;

/** Answers a block by someone who does not moderate the comment's record. */
export const BLOCK_FORBIDDEN = "Only the record's author or an admin can block its commenters.";

/** What the comment service needs. */
export interface CommentServiceDeps {
  db: Database;
  records: RecordService;
  now: () => number;
}

/** Blocks, counts, reads and exports of comments. */
export class CommentService {
  private readonly deps: CommentServiceDeps;

  constructor(deps: CommentServiceDeps) {
    this.deps = deps;
  }

  /**
   * Marks comment `id` as spam and blocks its commenter on the requester's records (every
   * record when the requester is an admin). Only the record's author or an admin: the comment
   * is "not found" for anyone who may not read it, 403 for a reader who may.
   */
  async block(request: RequestInfo, id: string): Promise<void> {
    const auth = request.auth;
    if (!auth) throw unauthorized("The request requires valid record authorization token.");
    const [comment] = await findRowsByIds(this.deps.db.kysely, commentsCollection, [id]);
    if (!comment) throw notFound();
    const me = String(auth.record.id);
    const moderator =
      !auth.isSuperuser &&
      auth.collection.name === "users" &&
      (comment.recordAuthor === me || auth.record.role === "admin");
    if (!moderator) {
      const visible = await this.deps.records
        .view(commentsCollection, request, id)
        .then(() => true)
        .catch(() => false);
      if (!visible) throw notFound();
      throw forbidden(BLOCK_FORBIDDEN);
    }
    if (comment.author === me) throw badRequest("You cannot block yourself.");
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const commenter = {
      user: text(comment.author),
      email: comment.author ? "" : text(comment.email).toLowerCase(),
    };
    await this.deps.records.batch(async (scoped) => {
      await scoped.update(commentsCollection, operatorRequest(), id, { status: "spam" });
      if (!commenter.user && !commenter.email) return;
      if (await findBlock(scoped.db.kysely, me, commenter)) return;
      await scoped.create(commentBlocksCollection, operatorRequest(), { owner: me, ...commenter });
    });
  }

  /**
   * The approved comments of each record of `ids` that readers can see (a live post, a public
   * entry): 0 for one without any; records nobody else may read are left out.
   */
  async commentCounts(ids: readonly string[]): Promise<Record<string, number>> {
    const unique = [...new Set(ids)].slice(0, MAX_COUNTED_RECORDS);
    const readable: string[] = [];
    const now = this.deps.now();
    for (const name of COMMENTED_COLLECTIONS) {
      const collection = findCollection(name);
      if (!collection) continue;
      const rows = await findRowsByIds(this.deps.db.kysely, collection, unique);
      for (const row of rows) {
        const target = targetOf(name, row, now);
        if (target.readable) readable.push(target.id);
      }
    }
    const counted = await approvedCounts(this.deps.db.kysely, readable);
    const out: Record<string, number> = {};
    for (const id of readable) out[id] = counted.get(id) ?? 0;
    return out;
  }

  /**
   * The approved comments of one post or entry as a guest reads them (the records API's
   * rules: none when readers cannot see the record), oldest first, at most 500.
   */
  async approvedComments(
    recordCollection: (typeof COMMENTED_COLLECTIONS)[number],
    recordId: string,
  ): Promise<RecordData[]> {
    const list = await this.deps.records.list(commentsCollection, guestRequest(), {
      filter: `recordCollection = "${recordCollection}" && record = "${recordId.replace(/[^a-z0-9]/g, "")}" && status = "approved"`,
      sort: "created,id",
      page: "1",
      perPage: String(MAX_APPROVED),
      skipTotal: "1",
    });
    return list.items;
  }

  /**
   * The comments an export of `userId` holds, by record: the approved ones on their records
   * and every one they wrote.
   */
  async exported(userId: string): Promise<Map<string, Row[]>> {
    const byRecord = new Map<string, Row[]>();
    for (const row of await exportedCommentRows(this.deps.db.kysely, userId)) {
      const record = String(row.record);
      byRecord.set(record, [...(byRecord.get(record) ?? []), row]);
    }
    return byRecord;
  }
}

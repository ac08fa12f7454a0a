/**
 * `posts.live` (ADR 065, issue 24): the moment a post goes live, as an event other features
 * use (subscription mail today). A post goes live when it is written live (published now, or
 * published with a date already past): a commit hook enqueues the job for it; or when its
 * scheduled `publishedAt` is reached, which no write marks: a recurring job sweeps, every
 * minute, the posts whose `publishedAt` fell between the last instant it swept (kept in
 * `_params`, shared by every instance) and now.
 *
 * Delivery is at least once (a sweep and a hook may both see one post; a job may run twice):
 * listeners make their effect idempotent (subscription mail keeps one `_mailings` row per post).
 * A listener that throws fails the job, which runs again with the queue's backoff.
 */
import { postState } from "#shared/records/post-state.ts";
import type { Database } from "../../data/db.ts";
import { readParam, writeParam } from "../../data/repositories/params-repository.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest, type RecordData } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";

export const POSTS_LIVE = "posts.live";
/** How often scheduled posts are looked for. */
export const POSTS_LIVE_EVERY_MS = 60_000;
/** Where the last swept instant is kept. */
const SWEPT_PARAM = "postsLiveSwept";
/** Posts read per page of a sweep. */
const SWEEP_PAGE = 200;

/** What a `posts.live` job is given: one post written live, or a period of the sweep. */
type PostsLivePayload = { postId: string } | { period: string };

/** Called with each post that went live (wire-typed values). */
export type PostLiveListener = (post: RecordData) => Promise<void>;

/** The `posts.live` job and its listeners. */
export class PostsLive {
  private readonly listeners: PostLiveListener[] = [];
  private readonly db: Database;
  private readonly records: RecordService;
  private readonly queue: JobQueue;
  private readonly now: () => number;

  constructor(options: {
    db: Database;
    records: RecordService;
    queue: JobQueue;
    now?: () => number;
  }) {
    this.db = options.db;
    this.records = options.records;
    this.queue = options.queue;
    this.now = options.now ?? Date.now;
  }

  /** Adds a listener (in the order they were added); answers its removal. */
  on(listener: PostLiveListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Defines the job, its minute sweep and the hook of posts written live. */
  register(): () => void {
    this.queue.define<PostsLivePayload>({
      kind: POSTS_LIVE,
      maxAttempts: 5,
      run: (payload) => ("postId" in payload ? this.one(payload.postId) : this.sweep()),
    });
    this.queue.recurring.every(POSTS_LIVE, POSTS_LIVE_EVERY_MS);
    return this.records.hooks.on(
      ["afterCreateCommit", "afterUpdateCommit"],
      async (event) => {
        const now = this.now();
        if (postState(event.values as never, now) !== "live") return;
        if (event.old && postState(event.old as never, now) === "live") return;
        await this.queue.enqueue(POSTS_LIVE, { postId: event.id });
      },
      { collections: ["posts"] },
    );
  }

  private async emit(post: RecordData): Promise<void> {
    for (const listener of [...this.listeners]) await listener(post);
  }

  /** A post written live: told if it still is. */
  private async one(id: string): Promise<void> {
    const post = await this.records.findById(requireCollection("posts"), id);
    if (!post) return;
    const [live] = await this.records.present(
      requireCollection("posts"),
      [post],
      operatorRequest(),
    );
    if (live && postState(live as never, this.now()) === "live") await this.emit(live);
  }

  /**
   * The posts whose `publishedAt` came between the last sweep and now. The first sweep of a
   * database only notes the instant: posts live before it are not news.
   */
  async sweep(): Promise<number> {
    const now = formatDate(new Date(this.now()));
    const last = await readParam(this.db.kysely, SWEPT_PARAM);
    let told = 0;
    if (last !== undefined && last < now) {
      const posts = requireCollection("posts");
      for (let page = 1; ; page += 1) {
        const result = await this.records.list(posts, operatorRequest(), {
          filter: `status = "published" && publishedAt > "${last}" && publishedAt <= "${now}"`,
          sort: "publishedAt,id",
          page: String(page),
          perPage: String(SWEEP_PAGE),
          skipTotal: "1",
        });
        for (const post of result.items) await this.emit(post);
        told += result.items.length;
        if (result.items.length < SWEEP_PAGE) break;
      }
    }
    await writeParam(this.db.kysely, SWEPT_PARAM, now);
    return told;
  }
}

/**
 * The blog's tags (`GET /api/posts/tags`, issue 25): every tag of the posts readers can see
 * (published and due), with how many of them carry it, most used first, then by name. The
 * answer is the same for everyone: the posts are counted under the records API's list rule as
 * a guest sees it, in one statement, so no draft's or scheduled post's tag ever shows. Kept on each instance until a post
 * changes (here or, relayed by the fan-out, on another instance), a restore, or a minute
 * passes (a scheduled post going live changes no row).
 */
import { countListValues } from "../../data/repositories/tag-repository.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import { guestRequest } from "../records/request-info.ts";

/** How long a computed list is kept at most (ms). */
export const TAGS_TTL_MS = 60_000;

/** One tag and how many live posts carry it. */
export interface TagCount {
  tag: string;
  count: number;
}

/** The answer of `GET /api/posts/tags`. */
export interface PostTagsAnswer {
  items: TagCount[];
}

/** Counts the live posts' tags (see the module comment). */
export class PostTags {
  private readonly records: RecordService;
  private readonly now: () => number;
  private cached: { at: number; answer: Promise<PostTagsAnswer> } | null = null;
  private readonly unlisten: (() => void)[];

  constructor(records: RecordService, now: () => number = Date.now) {
    this.records = records;
    this.now = now;
    const forget = () => {
      this.cached = null;
    };
    this.unlisten = [
      records.events.on((change) => {
        if (change.collection.name === "posts") forget();
      }),
      records.events.onReset(forget),
    ];
  }

  /** The tags of the live posts, most used first (computed at most once a minute). */
  tags(): Promise<PostTagsAnswer> {
    const now = this.now();
    if (this.cached && now - this.cached.at < TAGS_TTL_MS) return this.cached.answer;
    const answer = this.count();
    const entry = { at: now, answer };
    this.cached = entry;
    // A failed count is not kept.
    answer.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return answer;
  }

  /** Stops listening to the records (the server closes). */
  close(): void {
    for (const off of this.unlisten) off();
  }

  private async count(): Promise<PostTagsAnswer> {
    const posts = requireCollection("posts");
    const rule = posts.listRule;
    if (rule === null) return { items: [] };
    const condition = rule === "" ? true : this.records.ruleCondition(posts, rule, guestRequest());
    if (condition === false) return { items: [] };
    const { kysely, dialect } = this.records.db;
    const counted = await countListValues(kysely, dialect, posts, "tags", condition);
    return { items: counted.map(({ value, count }) => ({ tag: value, count })) };
  }
}

/**
 * Posts going out to the fediverse (ADR 071), decided here without Fedify: a post going live
 * (`posts.live`: published now, or its scheduled time come) is a `create`; an edit of a live
 * post that changes what readers see is an `update`; a live post unpublished, scheduled again
 * or deleted is a `delete`. Each is a `fediverse.publish` job (durable, retried with backoff)
 * whose run loads the federation and sends the activity to the followers' inboxes, through
 * more jobs, one per shared inbox. Drafts and scheduled posts never leave; a post that was
 * never sent sends no update or delete (the federation keeps which posts went out).
 */
import { postState } from "#shared/records/post-state.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { RecordHooks } from "../records/record-hooks.ts";
import type { RecordData } from "../records/request-info.ts";
import type { PostLiveListener } from "../subscriptions/posts-live.ts";
import type { FediverseHost } from "./fediverse-host.ts";
import { text } from "./local-actors.ts";

export const PUBLISH_JOB = "fediverse.publish";

/** What a publish job is given. */
export interface PublishPayload {
  postId: string;
  /** The author's user id (a deleted post's row is gone). */
  author: string;
  kind: "create" | "update" | "delete";
}

/** The fields whose change is news to readers elsewhere. */
const SHOWN_FIELDS = ["title", "content", "excerpt", "tags", "cover", "images", "slug", "lang"];

function live(values: RecordData | null, now: number): boolean {
  return values !== null && postState(values as never, now) === "live";
}

function changed(before: RecordData, after: RecordData): boolean {
  return SHOWN_FIELDS.some(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

/** Registers the publish job and the hooks that enqueue it. */
export class Publisher {
  private readonly jobs: JobQueue;
  private readonly hooks: RecordHooks;
  private readonly host: FediverseHost;
  private readonly audience: (author: string) => Promise<boolean>;
  private readonly now: () => number;

  constructor(options: {
    jobs: JobQueue;
    hooks: RecordHooks;
    host: FediverseHost;
    /** Whether the author or the blog has followers (no one to tell: nothing is loaded). */
    audience: (author: string) => Promise<boolean>;
    now?: () => number;
  }) {
    this.jobs = options.jobs;
    this.hooks = options.hooks;
    this.host = options.host;
    this.audience = options.audience;
    this.now = options.now ?? Date.now;
  }

  /** Defines the job and adds the hooks; answers their removal. */
  register(onLive: (listener: PostLiveListener) => () => void): () => void {
    this.jobs.define<PublishPayload>({
      kind: PUBLISH_JOB,
      maxAttempts: 8,
      run: async (payload) => {
        // Nobody follows: nothing to send, and Fedify (tens of MB) stays unloaded.
        if (!(await this.audience(payload.author))) return null;
        const loaded = await this.host.load();
        await loaded.publish(payload);
        return null;
      },
    });
    const offLive = onLive(async (post) => {
      await this.enqueue(post, "create");
    });
    const offUpdate = this.hooks.on(
      "afterUpdateCommit",
      async (event) => {
        const now = this.now();
        const was = live(event.old, now);
        if (!was || !event.old) return;
        if (!live(event.values, now))
          await this.enqueue({ ...event.values, id: event.id }, "delete");
        else if (changed(event.old, event.values))
          await this.enqueue({ ...event.values, id: event.id }, "update");
      },
      { collections: ["posts"] },
    );
    const offDelete = this.hooks.on(
      "afterDeleteCommit",
      async (event) => {
        if (live(event.old, this.now()) && event.old)
          await this.enqueue({ ...event.old, id: event.id }, "delete");
      },
      { collections: ["posts"] },
    );
    return () => {
      offLive();
      offUpdate();
      offDelete();
    };
  }

  private async enqueue(post: RecordData, kind: PublishPayload["kind"]): Promise<void> {
    const postId = text(post.id);
    const payload: PublishPayload = { postId, author: text(post.author), kind };
    // One job per state of the post (a sweep and a hook may both tell a post went live).
    const key = `${PUBLISH_JOB}:${kind}:${postId}:${text(post.updated)}`;
    await this.jobs.enqueue(PUBLISH_JOB, payload, { key });
  }
}

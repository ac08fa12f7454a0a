/**
 * Who is an actor here (ADR 071): every writer (a `users` account with the writer or admin
 * role, not suspended) is a `Person` whose identifier is their user id (stable when the
 * username changes) and whose handle is their username; the blog itself is a `Service` with
 * the identifier and handle `blog`. This file reads them through the records core, with no
 * Fedify import, so pages and the HTTP layer can use it without loading the federation.
 */
import { POST_LIVE_FILTER } from "#shared/records/post-state.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest, type RecordData } from "../records/request-info.ts";

/** The blog's actor identifier and handle. */
export const BLOG_ACTOR = "blog";
/** What a username may look like (the `users.username` pattern). */
const USERNAME_RE = /^[A-Za-z0-9_.-]{3,30}$/;
/** What a record id looks like. */
const RECORD_ID_RE = /^[a-z0-9]{15}$/;

/** A local actor as the federation shows it. */
export interface LocalActor {
  identifier: string;
  kind: "person" | "blog";
  /** The handle's user part (`alice` of `@alice@example.com`). */
  username: string;
  name: string;
  summary: string;
  /** Site-relative addresses (the profile page, the avatar), or "". */
  profilePath: string;
  avatarPath: string;
  /** The writer's user id (persons only). */
  userId: string;
}

/** A text value of a record ("" for anything else). */
export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A writer's record as a local actor, or null when the account may not post. */
export function actorOfUser(user: RecordData): LocalActor | null {
  const role = text(user.role);
  if ((role !== "writer" && role !== "admin") || user.suspended === true) return null;
  const id = String(user.id);
  const username = text(user.username);
  const avatar = text(user.avatar);
  return {
    identifier: id,
    kind: "person",
    username,
    name: text(user.name) || username,
    summary: text(user.bio),
    profilePath: `/profile/${encodeURIComponent(username)}`,
    avatarPath: avatar
      ? `/api/files/${String(user.collectionId)}/${id}/${encodeURIComponent(avatar)}`
      : "",
    userId: id,
  };
}

/** Finds local actors and what NodeInfo counts. */
export class LocalActors {
  private readonly records: RecordService;
  private readonly siteName: () => string;

  constructor(records: RecordService, siteName: () => string) {
    this.records = records;
    this.siteName = siteName;
  }

  /** The blog's actor. */
  blog(): LocalActor {
    return {
      identifier: BLOG_ACTOR,
      kind: "blog",
      username: BLOG_ACTOR,
      name: this.siteName(),
      summary: "",
      profilePath: "/blog",
      avatarPath: "",
      userId: "",
    };
  }

  /** The actor of an identifier (a writer's user id, or `blog`), or null. */
  async byIdentifier(identifier: string): Promise<LocalActor | null> {
    if (identifier === BLOG_ACTOR) return this.blog();
    if (!RECORD_ID_RE.test(identifier)) return null;
    const user = await this.records.findById(requireCollection("users"), identifier);
    if (!user) return null;
    const [presented] = await this.records.present(
      requireCollection("users"),
      [user],
      operatorRequest(),
    );
    return presented ? actorOfUser(presented) : null;
  }

  /** The actor a handle's user part names (the blog's handle first), or null. */
  async byUsername(username: string): Promise<LocalActor | null> {
    if (username.toLowerCase() === BLOG_ACTOR) return this.blog();
    if (!USERNAME_RE.test(username)) return null;
    const result = await this.records.list(requireCollection("users"), operatorRequest(), {
      filter: `username = "${username}"`,
      perPage: "1",
      skipTotal: "1",
    });
    const user = result.items[0];
    return user ? actorOfUser(user) : null;
  }

  /** Writers (actors) and live posts, for NodeInfo. */
  async usage(): Promise<{ writers: number; posts: number }> {
    const writers = await this.records.list(requireCollection("users"), operatorRequest(), {
      filter: `(role = "writer" || role = "admin") && suspended != true`,
      perPage: "1",
    });
    const posts = await this.records.list(requireCollection("posts"), operatorRequest(), {
      filter: POST_LIVE_FILTER,
      perPage: "1",
    });
    return { writers: writers.totalItems, posts: posts.totalItems };
  }

  /** A live post by id, with its author's username, or null (drafts and scheduled posts never). */
  async livePost(id: string): Promise<{ post: RecordData; author: LocalActor } | null> {
    if (!RECORD_ID_RE.test(id)) return null;
    const result = await this.records.list(requireCollection("posts"), operatorRequest(), {
      filter: `id = "${id}" && (${POST_LIVE_FILTER})`,
      perPage: "1",
      skipTotal: "1",
    });
    const post = result.items[0];
    if (!post) return null;
    const author = await this.byIdentifier(String(post.author));
    return author ? { post, author } : null;
  }

  /** The id of the live post at `/post/{username}/{slug}`, or null. */
  async livePostAt(username: string, slug: string): Promise<string | null> {
    // Slugs never hold quotes or backslashes; one that does names no post.
    if (!slug || slug.length > 200 || /["\\]/.test(slug)) return null;
    const author = await this.byUsername(username);
    if (!author || author.kind !== "person") return null;
    const result = await this.records.list(requireCollection("posts"), operatorRequest(), {
      filter: `author = "${author.userId}" && slug = "${slug}" && (${POST_LIVE_FILTER})`,
      perPage: "1",
      skipTotal: "1",
    });
    const post = result.items[0];
    return post ? String(post.id) : null;
  }

  /** An author's (or, for the blog, everyone's) live posts, newest first. */
  async livePosts(
    actor: LocalActor,
    limit: number,
  ): Promise<{ items: RecordData[]; total: number }> {
    const mine = actor.kind === "person" ? `author = "${actor.userId}" && ` : "";
    const result = await this.records.list(requireCollection("posts"), operatorRequest(), {
      filter: `${mine}(${POST_LIVE_FILTER})`,
      sort: "-publishedAt,-id",
      perPage: String(limit),
    });
    return { items: result.items, total: result.totalItems };
  }
}

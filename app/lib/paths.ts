/**
 * Every internal URL of the web app, built in one place: one function per page of
 * `app/routes.ts`, each encoding its path segments (`encodeURIComponent`) and writing its query
 * the way the pages read it back. Links, redirects, canonical URLs, feeds and the sitemap all
 * take their paths from here, so a route that moves changes here only. The addresses of stored
 * files (avatars, covers, attachments) are here too, as {@link files}: the API serves them,
 * so `api/files/file-urls.ts` writes them (only `app/api/` writes `/api`).
 *
 * @example paths.post("alice", "first light") // "/post/alice/first%20light"
 * @example paths.blog({ tag: "garden", page: 2 }) // "/blog?tag=garden&page=2"
 */

import { avatarUrl, coverUrl, storedFileUrl } from "../api/files/file-urls.ts";

/** Query parameters of a path: empty, `null` and `undefined` values are left out. */
export type PathQuery = Readonly<Record<string, string | number | null | undefined>>;

/**
 * `path` with `query` as its query string (`URLSearchParams`, so a space is `+`), the
 * parameters in the order given and the empty ones left out; `path` alone when none is left.
 *
 * @example withQuery("/archive", { kind: "posts", tag: "" }) // "/archive?kind=posts"
 */
export function withQuery(path: string, query: PathQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** `/{first}/{…segments}`, each segment encoded. */
function segments(first: string, ...rest: string[]): string {
  return `/${first}${rest.map((segment) => `/${encodeURIComponent(segment)}`).join("")}`;
}

/** The filters of the blog (`/blog`). */
export interface BlogQuery {
  /** Only the posts with this tag. */
  tag?: string;
  /** The page number (1, the first, is left out by callers that mean it). */
  page?: number;
}

/** The filters of the archive (`/archive`). */
export interface ArchiveQuery {
  /** `entries` or `posts`; absent for both. */
  kind?: string;
  /** Only the records with this tag. */
  tag?: string;
}

/** The filters of "My writing" (`/writing`). */
export interface WritingPathQuery {
  /** What to show (`drafts`, `private`, `posts`…); absent for everything. */
  show?: string;
  /** Only the entries of this collection (its name). */
  collection?: string;
  /** The page number (1, the first, is left out by callers that mean it). */
  page?: number;
}

/** The query and filters of the search page (`/search`), in the order its URL writes them. */
export interface SearchPathQuery {
  q?: string;
  /** `entries`, `posts` or `collections`; absent for all. */
  kind?: string;
  /** A collection id. */
  collection?: string;
  tag?: string;
  /** A username. */
  author?: string;
  /** `YYYY-MM-DD`. */
  from?: string;
  /** `YYYY-MM-DD`. */
  to?: string;
  /** The page number (1, the first, is left out by callers that mean it). */
  page?: number;
}

/** The internal URLs, one function per page. */
export const paths = {
  /** The home page: `/`. */
  home: () => "/",

  /** The blog, optionally filtered: `/blog`, `/blog?tag=garden&page=2`. */
  blog: (query: BlogQuery = {}) => withQuery("/blog", { tag: query.tag, page: query.page }),

  /**
   * The blog's posts with `tag` as the entry and post pages link them: the tag encoded with
   * `encodeURIComponent` (a space is `%20`, where {@link paths.blog} writes `+`; the page reads
   * the same tag either way).
   */
  blogTag: (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`,

  /** The blog's tags, most used first: `/tags`. */
  tags: () => "/tags",

  /** The archive, optionally filtered: `/archive`, `/archive?kind=posts&tag=garden`. */
  archive: (query: ArchiveQuery = {}) =>
    withQuery("/archive", { kind: query.kind, tag: query.tag }),

  /** The archive's records with `tag` as the entry page links them (see {@link paths.blogTag}). */
  archiveTag: (tag: string) => `/archive?tag=${encodeURIComponent(tag)}`,

  /**
   * The search page, optionally with a query and filters:
   * `/search`, `/search?q=garden&kind=entries&page=2` (see `SearchPathQuery`).
   */
  search: (query: SearchPathQuery = {}) => withQuery("/search", { ...query }),

  /**
   * The journal's calendar: `/calendar`, a month `/calendar?month=2026-05`, a day's
   * entries `/calendar?day=2026-05-14`, or a year `/calendar?year=2026`.
   */
  calendar: (query: { month?: string; day?: string; year?: string } = {}) =>
    withQuery("/calendar", { month: query.month, day: query.day, year: query.year }),

  /** The signed-in person's collections: `/collections`. */
  collections: () => "/collections",

  /**
   * The signed-in person's own entries and posts ("My writing"), optionally filtered:
   * `/writing`, `/writing?show=drafts&page=2`.
   */
  writing: (query: WritingPathQuery = {}) =>
    withQuery("/writing", { show: query.show, collection: query.collection, page: query.page }),

  /**
   * The comments a writer moderates (ADR 065), optionally of one status, and the outcome of
   * the last change: `/writing/comments`, `/writing/comments?status=spam&done=3`.
   */
  writingComments: (query: PathQuery = {}) => withQuery("/writing/comments", query),

  /**
   * The writer's email subscribers, optionally filtered (ADR 065):
   * `/writing/subscribers`, `/writing/subscribers?target=blog&status=confirmed&page=2`.
   */
  writingSubscribers: (query: PathQuery = {}) => withQuery("/writing/subscribers", query),

  /**
   * The writer's followers on the fediverse (issue 27), with the outcome of the last change:
   * `/writing/followers`, `/writing/followers?done=approved`.
   */
  writingFollowers: (query: PathQuery = {}) => withQuery("/writing/followers", query),

  /**
   * The signed-in person's deleted entries and posts (ADR 067), with the outcome of the last
   * action: `/writing/deleted`, `/writing/deleted?page=2`, `/writing/deleted?confirm=<id>`.
   */
  writingDeleted: (query: PathQuery = {}) => withQuery("/writing/deleted", query),

  /**
   * The writer's statistics (ADR 070), optionally of one work and a period:
   * `/writing/stats`, `/writing/stats?record=<id>&days=90`.
   */
  writingStats: (query: PathQuery = {}) => withQuery("/writing/stats", query),

  /** The CSV of one target's subscribers: `/writing/subscribers/export?target=blog`. */
  writingSubscribersExport: (target: string) =>
    withQuery("/writing/subscribers/export", { target }),

  /** The page of a confirmation mail's link: `/subscriptions/confirm?token=…`. */
  subscriptionConfirm: (query: PathQuery = {}) => withQuery("/subscriptions/confirm", query),

  /** The page of a mail's unsubscribe link: `/subscriptions/unsubscribe?token=…`. */
  subscriptionUnsubscribe: (query: PathQuery = {}) =>
    withQuery("/subscriptions/unsubscribe", query),

  /** The subscriptions of the address a mail's link signs: `/subscriptions/manage?token=…`. */
  subscriptionManage: (query: PathQuery = {}) => withQuery("/subscriptions/manage", query),

  /** The blog's email subscribe form (ADR 065): `/blog#subscribe`. */
  blogSubscribe: () => "/blog#subscribe",

  /** The team page: `/team`. */
  team: () => "/team",

  /** The privacy policy: `/privacyPolicy`. */
  privacyPolicy: () => "/privacyPolicy",

  /**
   * The login page (also the OAuth2 callback): `/login`, or `/login?redirectTo=%2Fi` to go
   * back to a page after signing in.
   */
  login: (query: { redirectTo?: string | undefined } = {}) =>
    withQuery("/login", { redirectTo: query.redirectTo }),

  /** The sign-up page: `/signUp`. */
  signUp: () => "/signUp",

  /** The password reset page: `/passwordReset`. */
  passwordReset: () => "/passwordReset",

  /** Someone's profile (also the base of their feeds): `/profile/{username}`. */
  profile: (username: string) => segments("profile", username),

  /** The signed-in person's account settings: `/profileSettings`. */
  profileSettings: () => "/profileSettings",

  /** An entry: `/entry/{username}/{name}`. */
  entry: (username: string, name: string) => segments("entry", username, name),

  /** The new-entry form: `/entry/create`. */
  entryCreate: () => "/entry/create",

  /** An entry's edit form: `/entry/update/{username}/{name}`. */
  entryUpdate: (username: string, name: string) => segments("entry/update", username, name),

  /** A standalone page (ADR 075): `/page/{slug}`. */
  page: (slug: string) => segments("page", slug),

  /** A post: `/post/{username}/{slug}`. */
  post: (username: string, slug: string) => segments("post", username, slug),

  /** The new-post form: `/post/create`. */
  postCreate: () => "/post/create",

  /** A post's edit form: `/post/update/{username}/{slug}`. */
  postUpdate: (username: string, slug: string) => segments("post/update", username, slug),

  /** A collection (also the base of its feeds): `/collection/{username}/{name}`. */
  collection: (username: string, name: string) => segments("collection", username, name),

  /** The new-collection form: `/collection/create`. */
  collectionCreate: () => "/collection/create",

  /**
   * A collection as a book to print (title page, contents, entries in date order):
   * `/collection/{username}/{name}/print`.
   */
  collectionPrint: (username: string, name: string) =>
    `${segments("collection", username, name)}/print`,

  /** A collection's edit form: `/collection/update/{username}/{name}`. */
  collectionUpdate: (username: string, name: string) =>
    segments("collection/update", username, name),

  /** The items of the instances area: `/i`. */
  items: () => "/i",

  /** One item: `/i/{code}`. */
  item: (code: string) => segments("i", code),

  /** The new-item form: `/i/create`. */
  itemCreate: () => "/i/create",

  /** An item's edit form: `/i/update/{code}`. */
  itemUpdate: (code: string) => segments("i/update", code),

  /** The admin sections: `/admin`. */
  admin: () => "/admin",

  /** The accounts list: `/admin/users`. */
  adminUsers: () => "/admin/users",

  /** The instance settings (superusers): `/admin/settings`. */
  adminSettings: () => "/admin/settings",

  /** The request log (superusers): `/admin/logs`. */
  adminLogs: () => "/admin/logs",

  /** One request log entry (superusers): `/admin/logs/{id}`. */
  adminLog: (id: string) => segments("admin/logs", id),

  /** The backups (superusers): `/admin/backups`. */
  adminBackups: () => "/admin/backups",

  /** The site's statistics (superusers, ADR 070): `/admin/stats`, `/admin/stats?days=90`. */
  adminStats: (query: PathQuery = {}) => withQuery("/admin/stats", query),

  /** The job queue (superusers): `/admin/jobs`, `?state=` one state. */
  adminJobs: () => "/admin/jobs",
} as const;

/** The addresses of stored files pages show or link to (written by `api/files/file-urls.ts`). */
export const files = {
  /** A record's stored file (`collection`: its id or name), without a token. */
  stored: storedFileUrl,
  /** A user's avatar thumbnail (200x200), `""` when they have none. */
  avatar: avatarUrl,
  /** A post's cover thumbnail. */
  cover: coverUrl,
} as const;

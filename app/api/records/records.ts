/**
 * Wire types of the records the web app reads (`server/data/registry/collections.ts` is
 * the source of truth). The reads are `record-reads.ts` (any list), `record-pages.ts` (the
 * record a page's URL names); the writes `record-writes.ts`.
 */
import type { RecordModel } from "pocketbase";
import { POST_LIVE_FILTER } from "#shared/records/post-state.ts";

/** A record as the API answers it: `id`, `collectionId`, `collectionName` and its fields. */
export type ApiRecord = RecordModel;

/** Default list page size (spec §9). */
export const PAGE_SIZE = 30;

/** Posts readers see on the blog: published and due (an author's drafts excluded). */
export const PUBLISHED_FILTER = POST_LIVE_FILTER;

/** A `users` record as anyone may see it. */
export interface UserRecord extends RecordModel {
  username: string;
  name: string;
  avatar: string;
  role: "" | "writer" | "admin";
  bio: string;
  locale: string;
  created: string;
}

/** Visibility of entries and collections. */
export type Visibility = "private" | "unlisted" | "public";

/** A journal entry. */
export interface EntryRecord extends RecordModel {
  author: string;
  name: string;
  title: string;
  content: string;
  collection: string;
  visibility: Visibility;
  tags: string[];
  date: string;
  /** Who may comment (`""`: the site's default, ADR 065). */
  comments?: "" | "open" | "members" | "closed";
  /** Stored file names (protected: a private entry's need a file token). */
  attachments: string[];
  created: string;
  updated: string;
  expand?: { author?: UserRecord; collection?: CollectionRecord };
}

/** A blog post. */
export interface PostRecord extends RecordModel {
  author: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  /** Stored cover image name, `""` when none. */
  cover: string;
  /** Stored names of the images of the text. */
  images?: string[];
  tags: string[];
  status: "draft" | "published";
  publishedAt: string;
  lang: string;
  /** The same post in the other language, by the same author (`""`: none; issue 29). */
  translations?: string;
  /** Who may comment (`""`: the site's default, ADR 065). */
  comments?: "" | "open" | "members" | "closed";
  /** Not mailed to subscribers when it goes live (ADR 065). */
  skipMail?: boolean;
  /** The title and description for search engines and social cards (`""`: the post's own). */
  seoTitle?: string;
  seoDescription?: string;
  /** Earlier slugs, whose addresses redirect to the post (set by the server). */
  formerSlugs?: string[];
  /** The secret of its private preview link (`""`: none); shown to the author alone. */
  previewToken?: string;
  created: string;
  updated: string;
  expand?: { author?: UserRecord };
}

/** A collection (notebook) of entries. */
export interface CollectionRecord extends RecordModel {
  owner: string;
  name: string;
  title: string;
  description: string;
  visibility: Visibility;
  created: string;
  updated: string;
  expand?: { owner?: UserRecord };
}

/** An item of the instances area. */
export interface ItemRecord extends RecordModel {
  code: string;
  name: string;
  description: string;
  status: "active" | "archived";
  tags: string[];
  data: unknown;
  created: string;
  updated: string;
}

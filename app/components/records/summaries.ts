/**
 * What lists show of a post, an entry or a collection, made by loaders from the API's records
 * (on the server): only the fields a card needs, with the Markdown already turned into a
 * plain-text excerpt and a reading time, so the page's serialised data stays small and never
 * carries whole texts. The summaries that read Markdown are in `summaries.server.ts`, so the
 * cards' code in the browser never pulls markdown-it (ADR 050).
 */
import type { EntryRecord, UserRecord, Visibility } from "../../api/records/records.ts";
import { paths } from "../../lib/paths.ts";

/** Length of excerpts on cards, in characters. */
export const EXCERPT_LENGTH = 220;

/** Thumbnail size of post covers on cards (declared by the `cover` field). */
export const COVER_THUMB = "600x315";

/** An author or owner as lists show them (name, profile link, avatar). */
export interface PersonSummary {
  id: string;
  collectionId: string;
  username: string;
  name: string;
  avatar: string;
}

/** A post on a card. */
export interface PostSummary {
  kind: "post";
  id: string;
  href: string;
  title: string;
  /** The post's language, when set, for its title and excerpt. */
  lang: string | undefined;
  /** Publication date (API format). */
  date: string;
  excerpt: string;
  readingMinutes: number;
  tags: string[];
  /** Cover thumbnail URL, `""` without a cover. */
  cover: string;
  author: PersonSummary | null;
  /** Approved comments, when the list asked (ADR 065). */
  comments?: number;
}

/** An entry in a list. */
export interface EntrySummary {
  kind: "entry";
  id: string;
  href: string;
  title: string;
  /** The day it is about (or its creation date). */
  date: string;
  visibility: Visibility;
  tags: string[];
  author: PersonSummary | null;
  /** Approved comments, when the list asked (ADR 065). */
  comments?: number;
}

/** A collection on a card. */
export interface CollectionSummary {
  id: string;
  href: string;
  title: string;
  /** Plain-text excerpt of its Markdown description. */
  description: string;
  visibility: Visibility;
  owner: PersonSummary | null;
}

/** An author or owner from an `expand`. */
export function personSummary(user: UserRecord | undefined): PersonSummary | null {
  if (!user) return null;
  return {
    id: user.id,
    collectionId: user.collectionId,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
  };
}

/** A person's display name: their name, else their username. */
export function personName(person: Pick<PersonSummary, "name" | "username">): string {
  return person.name || person.username;
}

/** An entry for a list (`username` when the author is known but not expanded). */
export function entrySummary(entry: EntryRecord, username?: string): EntrySummary {
  const owner = username ?? entry.expand?.author?.username ?? "";
  return {
    kind: "entry",
    id: entry.id,
    href: paths.entry(owner, entry.name),
    title: entry.title,
    date: entry.date || entry.created,
    visibility: entry.visibility,
    tags: entry.tags,
    author: personSummary(entry.expand?.author),
  };
}

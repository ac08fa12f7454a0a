/**
 * The Markdown files of an export: YAML front matter (type, title, date, tags, visibility or
 * status, publishedAt, collection, slug, and the record's files) and the text, with links to
 * the account's stored files rewritten to their relative paths in the archive, so the folder
 * reads well in any Markdown editor.
 */
import { loadYaml } from "../../tools/yaml-module.ts";
import { fileNames } from "../files/file-input.ts";
import type { RecordData } from "../records/request-info.ts";
import {
  collectionPath,
  entryFilePath,
  entryPath,
  postFilePath,
  postPath,
  profileFilePath,
  relativeTo,
} from "./export-layout.ts";
import { linkPath, rewriteFileLinks, type FileLink } from "./file-links.ts";

/** What the export knows of each record's files, to rewrite links that point at them. */
export class FileIndex {
  private readonly byRecord = new Map<string, Map<string, string>>();

  /** Adds the stored files of a record and their archive paths. */
  add(recordId: string, files: Iterable<[filename: string, path: string]>): void {
    const known = this.byRecord.get(recordId) ?? new Map<string, string>();
    for (const [filename, path] of files) known.set(filename, path);
    if (known.size > 0) this.byRecord.set(recordId, known);
  }

  /** Indexes an entry's attachments. */
  addEntry(entry: RecordData): void {
    this.add(
      String(entry.id),
      fileNames(entry.attachments).map((name) => [name, entryFilePath(entry, name)]),
    );
  }

  /** Indexes a post's cover and the images of its text. */
  addPost(post: RecordData): void {
    this.add(
      String(post.id),
      postFileNames(post).map((name) => [name, postFilePath(post, name)]),
    );
  }

  /** Indexes the avatar. */
  addProfile(user: RecordData): void {
    this.add(
      String(user.id),
      fileNames(user.avatar).map((name) => [name, profileFilePath(name)]),
    );
  }

  /** The archive path of a linked file, if it is one of the account's. */
  pathOf(link: FileLink): string | null {
    return this.byRecord.get(link.recordId)?.get(link.filename) ?? null;
  }
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A PocketBase date (`2024-05-06 07:08:09.000Z`) as ISO 8601; `""` stays `""`. */
export function isoDate(value: unknown): string {
  const raw = text(value);
  if (!raw) return "";
  const date = new Date(raw.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? raw : date.toISOString();
}

/** Front matter without its empty values (empty lists of tags are kept: they say "none"). */
function frontMatter(fields: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === "" || value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0 && key !== "tags") continue;
    kept[key] = value;
  }
  return `---\n${loadYaml().stringify(kept, { lineWidth: 0 })}---\n`;
}

/** The text with links to the account's files made relative to the file at `at`. */
function rewritten(content: string, at: string, index: FileIndex): string {
  return rewriteFileLinks(content, (link) => {
    const target = index.pathOf(link);
    return target ? linkPath(relativeTo(at, target)) : null;
  });
}

/** A Markdown file: its path in the archive and its text. */
export interface MarkdownFile {
  path: string;
  text: string;
}

/** The Markdown file of a collection. */
export function collectionMarkdown(collection: RecordData, index: FileIndex): MarkdownFile {
  const path = collectionPath(collection);
  const head = frontMatter({
    type: "collection",
    title: text(collection.title),
    slug: text(collection.name),
    visibility: text(collection.visibility),
    created: isoDate(collection.created),
  });
  return { path, text: `${head}\n${rewritten(text(collection.description), path, index)}\n` };
}

/** The Markdown file of an entry (`collection` is the one it belongs to, if any). */
export function entryMarkdown(
  entry: RecordData,
  collection: RecordData | undefined,
  index: FileIndex,
): MarkdownFile {
  const path = entryPath(entry, collection);
  const attachments = fileNames(entry.attachments);
  const head = frontMatter({
    type: "entry",
    title: text(entry.title),
    date: isoDate(entry.date),
    tags: Array.isArray(entry.tags) ? entry.tags : [],
    visibility: text(entry.visibility),
    collection: collection ? text(collection.name) : "",
    slug: text(entry.name),
    attachments: attachments.map((name) => relativeTo(path, entryFilePath(entry, name))),
  });
  return { path, text: `${head}\n${rewritten(text(entry.content), path, index)}\n` };
}

/** A post's stored files: its cover, then the images of its text. */
export function postFileNames(post: RecordData): string[] {
  return [...fileNames(post.cover), ...fileNames(post.images)];
}

/** The Markdown file of a post. */
export function postMarkdown(post: RecordData, index: FileIndex): MarkdownFile {
  const path = postPath(post);
  const [cover] = fileNames(post.cover);
  const head = frontMatter({
    type: "post",
    title: text(post.title),
    date: isoDate(post.publishedAt) || isoDate(post.created),
    tags: Array.isArray(post.tags) ? post.tags : [],
    status: text(post.status),
    publishedAt: isoDate(post.publishedAt),
    slug: text(post.slug),
    excerpt: text(post.excerpt),
    lang: text(post.lang),
    cover: cover ? relativeTo(path, postFilePath(post, cover)) : "",
  });
  return { path, text: `${head}\n${rewritten(text(post.content), path, index)}\n` };
}

/**
 * `GET /api/export`: everything one account owns as a zip archive, streamed while it is
 * made (ADR 044). The archive holds the manifest `cahier.json` (format version, the profile,
 * every collection, entry and post with all of their fields), a Markdown file per
 * collection, entry and post with YAML front matter, and every stored file (attachments,
 * covers, the avatar) under `files/`, read as streams from the file storage (local or S3),
 * and the comments under `comments/<record id>.json` (`export-comments.ts`, ADR 065), and the
 * version history under `revisions/<record id>.json` (`export-revisions.ts`).
 *
 * Records are read through the records service with the requester's rules, filtered on the
 * owner: a user exports exactly what they may read of their own (private entries included),
 * a superuser any account; nobody else's record ever enters the archive.
 */
import { badRequest, forbidden, notFound, unauthorized } from "../errors.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { fileNames } from "../files/file-input.ts";
import type { Collection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { zipStream, type ZipStreamSource } from "../../tools/archive/zip-stream.ts";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MANIFEST_NAME,
  collectionPath,
  entryFilePath,
  entryPath,
  isCompressible,
  postFilePath,
  postPath,
  profileFilePath,
} from "./export-layout.ts";
import { commentFiles } from "./export-comments.ts";
import { revisionFiles } from "./export-revisions.ts";
import {
  collectionMarkdown,
  entryMarkdown,
  FileIndex,
  postFileNames,
  postMarkdown,
} from "./export-markdown.ts";

/** Records read per query. */
const PAGE_SIZE = 200;
/** Ids are `[a-z0-9]` (they are interpolated into filters only after this check). */
const ID_PATTERN = /^[a-z0-9]+$/;

/** Whose data an export holds, and the request it is read with. */
export interface ExportTarget {
  /** The account's record (as its owner sees it). */
  user: RecordData;
  /** The read request: the owner's own, or a superuser's. */
  request: RequestInfo;
}

const encoder = new TextEncoder();
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** Reads a file's modification time from a record's `updated` (now when absent). */
function modified(record: RecordData): Date {
  const date = new Date(text(record.updated).replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/** Exports of accounts. */
export class DataExportService {
  private readonly records: RecordService;
  private readonly users: Collection = requireCollection("users");
  private readonly entries: Collection = requireCollection("entries");
  private readonly posts: Collection = requireCollection("posts");
  private readonly collections: Collection = requireCollection("collections");

  constructor(records: RecordService) {
    this.records = records;
  }

  /**
   * Whose data `request` may export: its own account, or (superusers only) the account
   * `user` names by id or username. 401 for guests, 403 for another user's account, 404
   * when the named account does not exist, 400 for a superuser who names none.
   */
  async target(request: RequestInfo, user: string | undefined): Promise<ExportTarget> {
    const auth = request.auth;
    if (!auth) throw unauthorized();
    const read: RequestInfo = { ...request, method: "GET", query: {}, body: undefined };
    const wanted = (user ?? "").trim();
    if (auth.isSuperuser) {
      if (!wanted)
        throw badRequest("Superusers export a user's data: name the user with ?user=.", {
          user: { code: "validation_required", message: "Cannot be blank." },
        });
      const row =
        (ID_PATTERN.test(wanted) ? await this.records.findById(this.users, wanted) : undefined) ??
        (await this.records.findAuthRecord(this.users, "username", wanted));
      if (!row) throw notFound();
      return { user: await this.records.view(this.users, read, String(row.id)), request: read };
    }
    if (auth.collection.id !== this.users.id) throw forbidden();
    const own = String(auth.record.id);
    const username = text(auth.record.username).toLowerCase();
    if (wanted && wanted !== own && wanted.toLowerCase() !== username)
      throw forbidden("You can export only your own data.");
    return { user: await this.records.view(this.users, read, own), request: read };
  }

  /** The archive's download name: `cahier-<username>-<yyyymmdd>.zip`. */
  fileName(target: ExportTarget, now = new Date()): string {
    const username = text(target.user.username).replace(/[^A-Za-z0-9_.-]/g, "_") || "account";
    return `cahier-${username}-${now.toISOString().slice(0, 10).replace(/-/g, "")}.zip`;
  }

  /** The archive's bytes, made as they are read. */
  archive(target: ExportTarget): AsyncGenerator<Uint8Array> {
    return zipStream(this.sources(target));
  }

  /** One owner's records of a collection, page by page, in id order. */
  private async *pages(
    collection: Collection,
    ownerField: string,
    target: ExportTarget,
  ): AsyncGenerator<RecordData[]> {
    const owner = String(target.user.id);
    if (!ID_PATTERN.test(owner)) return;
    let last = "";
    for (;;) {
      const filter = last
        ? `${ownerField} = "${owner}" && id > "${last}"`
        : `${ownerField} = "${owner}"`;
      const page = await this.records.list(collection, target.request, {
        filter,
        sort: "id",
        perPage: String(PAGE_SIZE),
        skipTotal: "true",
      });
      if (page.items.length > 0) yield page.items;
      const next = text(page.items.at(-1)?.id);
      if (page.items.length < PAGE_SIZE || !ID_PATTERN.test(next)) return;
      last = next;
    }
  }

  /** The manifest, written as JSON while the records are read; fills `index` on the way. */
  private async *manifest(
    target: ExportTarget,
    collections: readonly RecordData[],
    byId: ReadonlyMap<string, RecordData>,
    index: FileIndex,
  ): AsyncGenerator<Uint8Array> {
    const { user } = target;
    const [avatar] = fileNames(user.avatar);
    const profile = { ...user, paths: avatar ? { avatar: profileFilePath(avatar) } : {} };
    const head = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported: new Date().toISOString(),
      profile,
    };
    const json = JSON.stringify(head);
    yield encoder.encode(`${json.slice(0, -1)},\n"collections":[`);
    yield encoder.encode(
      collections
        .map((c) => JSON.stringify({ ...c, paths: { markdown: collectionPath(c) } }))
        .join(",\n"),
    );
    yield encoder.encode('],\n"entries":[');
    let first = true;
    for await (const page of this.pages(this.entries, "author", target)) {
      const items = page.map((entry) => {
        index.addEntry(entry);
        const collection = byId.get(text(entry.collection));
        return JSON.stringify({
          ...entry,
          paths: {
            markdown: entryPath(entry, collection),
            attachments: fileNames(entry.attachments).map((n) => entryFilePath(entry, n)),
          },
        });
      });
      yield encoder.encode(`${first ? "" : ",\n"}${items.join(",\n")}`);
      first = false;
    }
    yield encoder.encode('],\n"posts":[');
    first = true;
    for await (const page of this.pages(this.posts, "author", target)) {
      const items = page.map((post) => {
        index.addPost(post);
        const [cover] = fileNames(post.cover);
        return JSON.stringify({
          ...post,
          paths: {
            markdown: postPath(post),
            ...(cover ? { cover: postFilePath(post, cover) } : {}),
            images: fileNames(post.images).map((n) => postFilePath(post, n)),
          },
        });
      });
      yield encoder.encode(`${first ? "" : ",\n"}${items.join(",\n")}`);
      first = false;
    }
    yield encoder.encode("]}\n");
  }

  /** A stored file as an archive entry, read as a stream; nothing when it is missing. */
  private async *storedFile(
    collection: Collection,
    record: RecordData,
    filename: string,
    path: string,
  ): AsyncGenerator<ZipStreamSource> {
    const files = this.records.files;
    if (!files || filename === "" || /[/\\]/.test(filename)) return;
    const file = await files.storage.open(files.fileKey(collection, String(record.id), filename));
    if (!file) return;
    yield {
      name: path,
      content: file.stream() as AsyncIterable<Uint8Array>,
      compress: isCompressible(filename),
      modified: file.modified,
    };
  }

  /** Every entry of the archive, in order. */
  private async *sources(target: ExportTarget): AsyncGenerator<ZipStreamSource> {
    const collections: RecordData[] = [];
    for await (const page of this.pages(this.collections, "owner", target))
      collections.push(...page);
    const byId = new Map(collections.map((c) => [String(c.id), c]));
    const index = new FileIndex();
    index.addProfile(target.user);
    yield {
      name: MANIFEST_NAME,
      content: this.manifest(target, collections, byId, index),
      compress: true,
    };
    const markdown = (file: { path: string; text: string }, record: RecordData) => ({
      name: file.path,
      content: encoder.encode(file.text),
      compress: true,
      modified: modified(record),
    });
    for (const collection of collections)
      yield markdown(collectionMarkdown(collection, index), collection);
    for await (const page of this.pages(this.entries, "author", target)) {
      for (const entry of page) {
        const collection = byId.get(text(entry.collection));
        // Entries created after the manifest was read still get their links rewritten.
        index.addEntry(entry);
        yield markdown(entryMarkdown(entry, collection, index), entry);
        for (const name of fileNames(entry.attachments))
          yield* this.storedFile(this.entries, entry, name, entryFilePath(entry, name));
      }
    }
    for await (const page of this.pages(this.posts, "author", target)) {
      for (const post of page) {
        index.addPost(post);
        yield markdown(postMarkdown(post, index), post);
        for (const name of postFileNames(post))
          yield* this.storedFile(this.posts, post, name, postFilePath(post, name));
      }
    }
    yield* commentFiles(this.records, target.request, String(target.user.id));
    yield* revisionFiles(this.records, target.request, String(target.user.id));
    for (const name of fileNames(target.user.avatar))
      yield* this.storedFile(this.users, target.user, name, profileFilePath(name));
  }
}

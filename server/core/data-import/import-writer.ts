/**
 * Carries out an import plan through the records service, so every write runs the record
 * lifecycle (slugs, dates, revisions, change events) under the importer's rules (ADR 044):
 *
 * - one transaction per item: the record (with its files) and its `_imports` row commit
 *   together, so an item is either imported and known, or absent;
 * - an item already imported into this account (its key in `_imports`, or, from a Cahier
 *   export of this very account, its own id) is skipped: importing twice creates nothing;
 * - posts go to accounts that may write them; others get each post as an entry (public when
 *   the post was published), and the report says so;
 * - files go through the fields' limits (count, size, type); a text over its field's limit
 *   leaves its item out, with the reason;
 * - a dry run goes through the same checks and counts, and writes nothing.
 */
import { CoreError } from "../errors.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { Collection, FileField } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import { generateFromPattern } from "../records/record-input.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { nowString } from "../records/values.ts";
import { existsOther } from "../../data/repositories/record-repository.ts";
import { findImported, saveImported } from "../../data/repositories/import-repository.ts";
import { mimeAllowed, UploadedFile } from "../../tools/filesystem/index.ts";
import type {
  ImportPlan,
  PlannedCollection,
  PlannedEntry,
  PlannedFile,
  PlannedPost,
  SkippedItem,
} from "./import-plan.ts";
import type { ImportSource } from "./import-source.ts";
import { clamp, runeLength } from "./import-values.ts";

/** The answer of `POST /api/import`. */
export interface ImportReport {
  imported: { entries: number; posts: number; collections: number; files: number };
  skipped: SkippedItem[];
}

/** Whose account an import writes into, and how. */
export interface ImportTarget {
  /** The account's record. */
  owner: RecordData;
  /** The request the writes run under: the owner's own, or a superuser's. */
  request: RequestInfo;
  /** Whether the account may write posts (writers and admins). */
  canPost: boolean;
}

const entries = requireCollection("entries");
const posts = requireCollection("posts");
const collections = requireCollection("collections");

function fileField(collection: Collection, name: string): FileField {
  const field = collection.fields.find((f) => f.name === name);
  if (field?.type !== "file") throw new Error(`${collection.name}.${name} is not a file field`);
  return field;
}

function maxLength(collection: Collection, name: string): number {
  const field = collection.fields.find((f) => f.name === name);
  return field?.type === "text" && field.max !== undefined ? field.max : Infinity;
}

const ATTACHMENTS = fileField(entries, "attachments");
const COVER = fileField(posts, "cover");

/** A refusal of the records service, in a sentence for the report. */
function describe(error: CoreError): string {
  const fields = Object.entries(error.data)
    .map(([name, value]) => {
      const message = (value as { message?: unknown }).message;
      return typeof message === "string" ? `${name}: ${message}` : name;
    })
    .join("; ");
  return fields ? `${error.message} (${fields})` : error.message;
}

/** Megabytes, for the report. */
const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Writes one import plan. */
export class ImportWriter {
  private readonly records: RecordService;
  private readonly source: ImportSource;
  private readonly target: ImportTarget;
  private readonly dryRun: boolean;
  private readonly ownerId: string;
  private readonly collectionIds = new Map<string, string>();
  private readonly planned = new Map<string, PlannedCollection>();
  readonly report: ImportReport = {
    imported: { entries: 0, posts: 0, collections: 0, files: 0 },
    skipped: [],
  };

  constructor(records: RecordService, source: ImportSource, target: ImportTarget, dryRun: boolean) {
    this.records = records;
    this.source = source;
    this.target = target;
    this.dryRun = dryRun;
    this.ownerId = String(target.owner.id);
  }

  private skip(item: string, reason: string): void {
    this.report.skipped.push({ item, reason });
  }

  private get request(): RequestInfo {
    return { ...this.target.request, method: "POST", body: undefined };
  }

  /** Writes the plan; answers the report. */
  async run(plan: ImportPlan): Promise<ImportReport> {
    this.report.skipped.push(...plan.skipped);
    for (const collection of plan.collections) this.planned.set(collection.ref, collection);
    for (const collection of plan.collections)
      if (collection.always) await this.collectionId(collection.ref);
    const dated = plan.records.map((record, index) => ({ record, index, date: dateOf(record) }));
    // Oldest first, so records of one day keep their order; undated ones last.
    dated.sort((a, b) =>
      a.date === b.date
        ? a.index - b.index
        : a.date === ""
          ? 1
          : b.date === ""
            ? -1
            : a.date < b.date
              ? -1
              : 1,
    );
    for (const { record } of dated) {
      if (record.kind === "entry") await this.writeEntry(record);
      else if (this.target.canPost) await this.writePost(record);
      else {
        this.skip(record.label, "imported as an entry: only writers publish posts");
        await this.writeEntry(asEntry(record));
      }
    }
    return this.report;
  }

  /**
   * Whether the account already has this item: its key in `_imports` (and the record still
   * there), or, for a Cahier export of this very account, the record itself.
   */
  private async known(
    collection: Collection,
    key: string,
    sourceId?: string,
  ): Promise<string | null> {
    const ownerField = collection.name === "collections" ? "owner" : "author";
    const owned = async (id: string) => {
      const row = await this.records.findById(collection, id);
      return row !== undefined && row[ownerField] === this.ownerId;
    };
    const imported = await findImported(this.records.db.kysely, this.ownerId, key);
    if (imported?.recordCollection === collection.id && (await owned(imported.recordRef)))
      return imported.recordRef;
    if (sourceId && (await owned(sourceId))) return sourceId;
    return null;
  }

  /** Whether the account already uses `value` in `field` (a slug) for another record. */
  private async taken(collection: Collection, ownerField: string, field: string, value: string) {
    if (!value) return false;
    return existsOther(
      this.records.db.kysely,
      collection,
      [
        { column: ownerField, value: this.ownerId, lower: false },
        { column: field, value, lower: false },
      ],
      "",
    );
  }

  /** Creates a record and remembers its key, in one transaction (nothing in a dry run). */
  private async create(collection: Collection, key: string, body: RecordData): Promise<boolean> {
    if (this.dryRun) return true;
    const id = String(body.id);
    await this.records.batch(async (scoped) => {
      await scoped.create(collection, this.request, body);
      await saveImported(
        scoped.db.kysely,
        this.ownerId,
        key,
        { recordCollection: collection.id, recordRef: id },
        nowString(),
      );
    });
    return true;
  }

  /** Runs `write`; a refusal of the records service leaves the item out, with the reason. */
  private async attempt(label: string, write: () => Promise<boolean>): Promise<boolean> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof CoreError && error.status < 500) {
        this.skip(label, describe(error));
        return false;
      }
      throw error;
    }
  }

  /** The id of a planned collection: found again, or created on first use. */
  private async collectionId(ref: string): Promise<string> {
    const cached = this.collectionIds.get(ref);
    if (cached !== undefined) return cached;
    const planned = this.planned.get(ref);
    if (!planned) return "";
    let id = await this.known(collections, planned.key, planned.sourceId);
    if (id) this.skip(planned.label, "already imported");
    if (!id && planned.name) {
      const page = await this.records.list(collections, this.request, {
        filter: `owner = "${this.ownerId}" && name = "${planned.name}"`,
        perPage: "1",
        skipTotal: "true",
      });
      id = page.items[0] ? String(page.items[0].id) : null;
    }
    if (!id) {
      const newId = generateFromPattern("[a-z0-9]{15}");
      const max = maxLength(collections, "description");
      let description = planned.description;
      if (runeLength(description) > max) {
        description = clamp(description, max);
        this.skip(`description of ${planned.label}`, `shortened to ${max} characters`);
      }
      const created = await this.attempt(planned.label, () =>
        this.create(collections, planned.key, {
          id: newId,
          owner: this.ownerId,
          title: planned.title,
          name: planned.name,
          description,
          visibility: planned.visibility,
        }),
      );
      if (created) this.report.imported.collections += 1;
      id = created ? newId : "";
    }
    this.collectionIds.set(ref, id);
    return id;
  }

  /**
   * The uploads of planned files within `field`'s limits; what does not fit is left out,
   * with the reason. Answers the uploads by planned file.
   */
  private async uploads(
    label: string,
    files: readonly PlannedFile[],
    field: FileField,
  ): Promise<Map<PlannedFile, UploadedFile>> {
    const out = new Map<PlannedFile, UploadedFile>();
    const max = Math.max(1, field.maxSelect);
    for (const file of files) {
      const item = `${file.path} (${label})`;
      if (!this.source.has(file.path)) {
        this.skip(item, "not in the archive");
        continue;
      }
      if (out.size >= max) {
        this.skip(item, `more than ${max} files`);
        continue;
      }
      const size = this.source.size(file.path);
      if (size > field.maxSize) {
        this.skip(item, `larger than ${mb(field.maxSize)}`);
        continue;
      }
      const upload = new UploadedFile(file.name, await this.source.readBytes(file.path));
      if (field.mimeTypes.length > 0 && !mimeAllowed(upload.mime, field.mimeTypes)) {
        this.skip(item, `not one of ${field.mimeTypes.join(", ")}`);
        continue;
      }
      out.set(file, upload);
    }
    return out;
  }

  /** The text with each file placeholder replaced by the stored file's address (or its fallback). */
  private linked(
    text: string,
    collection: Collection,
    id: string,
    files: readonly PlannedFile[],
    uploads: ReadonlyMap<PlannedFile, UploadedFile>,
  ): string {
    let out = text;
    for (const file of files) {
      if (!file.placeholder) continue;
      const upload = uploads.get(file);
      const address = upload
        ? `/api/files/${collection.name}/${id}/${encodeURIComponent(upload.name)}`
        : (file.fallback ?? "");
      out = out.replaceAll(file.placeholder, address);
    }
    return out;
  }

  /** Whether a text fits its field; else the item is left out with the reason. */
  private fits(label: string, collection: Collection, field: string, text: string): boolean {
    const max = maxLength(collection, field);
    if (runeLength(text) <= max) return true;
    this.skip(label, `its text is longer than ${max} characters`);
    return false;
  }

  private async writeEntry(entry: PlannedEntry): Promise<void> {
    if (await this.known(entries, entry.key, entry.sourceId)) {
      this.skip(entry.label, "already imported");
      return;
    }
    const id = generateFromPattern("[a-z0-9]{15}");
    const uploads = await this.uploads(entry.label, entry.attachments, ATTACHMENTS);
    const content = this.linked(entry.content, entries, id, entry.attachments, uploads);
    if (!this.fits(entry.label, entries, "content", content)) return;
    const collection = entry.collectionRef ? await this.collectionId(entry.collectionRef) : "";
    const name = (await this.taken(entries, "author", "name", entry.name)) ? "" : entry.name;
    const created = await this.attempt(entry.label, () =>
      this.create(entries, entry.key, {
        id,
        author: this.ownerId,
        title: entry.title,
        name,
        content,
        collection,
        visibility: entry.visibility,
        tags: entry.tags,
        date: entry.date,
        attachments: [...uploads.values()],
      }),
    );
    if (!created) return;
    this.report.imported.entries += 1;
    this.report.imported.files += uploads.size;
  }

  private async writePost(post: PlannedPost): Promise<void> {
    if (await this.known(posts, post.key, post.sourceId)) {
      this.skip(post.label, "already imported");
      return;
    }
    const id = generateFromPattern("[a-z0-9]{15}");
    const covers = post.cover ? [post.cover] : [];
    const uploads = await this.uploads(post.label, covers, COVER);
    const content = this.linked(post.content, posts, id, [...covers, ...post.inline], uploads);
    if (!this.fits(post.label, posts, "content", content)) return;
    const slug = (await this.taken(posts, "author", "slug", post.slug)) ? "" : post.slug;
    const created = await this.attempt(post.label, () =>
      this.create(posts, post.key, {
        id,
        author: this.ownerId,
        title: post.title,
        slug,
        excerpt: clamp(post.excerpt, maxLength(posts, "excerpt")),
        content,
        tags: post.tags,
        status: post.status,
        publishedAt: post.publishedAt,
        lang: post.lang,
        cover: [...uploads.values()],
      }),
    );
    if (!created) return;
    this.report.imported.posts += 1;
    this.report.imported.files += uploads.size;
  }
}

/** The date an item is ordered by. */
function dateOf(record: PlannedEntry | PlannedPost): string {
  return record.kind === "entry" ? record.date : record.publishedAt || record.created;
}

/** A post as an entry, for an account that may not write posts (published: public). */
function asEntry(post: PlannedPost): PlannedEntry {
  return {
    kind: "entry",
    key: post.key,
    label: post.label,
    title: post.title,
    content: post.content,
    tags: post.tags,
    name: post.slug,
    visibility: post.status === "published" ? "public" : "private",
    date: post.publishedAt || post.created,
    collectionRef: post.collectionRef,
    attachments: [...(post.cover ? [post.cover] : []), ...post.inline],
    ...(post.sourceId ? { sourceId: post.sourceId } : {}),
  };
}

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
 *   leaves its item out, with the reason; a post keeps one image of its text as its cover
 *   when it has none (its only file field), and a post of a collection gets the collection's
 *   name as a tag (posts have no collection);
 * - a dry run makes every write, in its transaction, then rolls it back: the records
 *   service checks each item as in a real import, so the report is the real import's.
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
import { Pacer } from "../../tools/routine/pacer.ts";
import { ImportFiles, linkFiles } from "./import-files.ts";
import { importPostFiles } from "./import-post-files.ts";
import {
  skipped,
  type ImportPlan,
  type PlannedCollection,
  type PlannedEntry,
  type PlannedPost,
  type SkippedItem,
} from "./import-plan.ts";
import type { ImportSource } from "./import-source.ts";
import { clamp, cleanTags, MAX_TAGS, runeLength } from "./import-values.ts";

/** The answer of `POST /api/import`. */
export interface ImportReport {
  imported: { entries: number; posts: number; collections: number; files: number };
  skipped: SkippedItem[];
}

/** How a plan is written. */
export interface WriteOptions {
  /** Hears how many of the plan's records are written, before the first and after each. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the writing between two items (the server is stopping). */
  signal?: AbortSignal;
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

/** A refusal of the records service, as a report line (its fields, and a sentence). */
function refusal(item: string, error: CoreError): SkippedItem {
  const fields = Object.entries(error.data);
  const sentence = fields
    .map(([name, value]) => {
      const message = (value as { message?: unknown }).message;
      return typeof message === "string" ? `${name}: ${message}` : name;
    })
    .join("; ");
  return skipped(
    item,
    "refused",
    fields.length > 0 ? { fields: fields.map(([name]) => name).join(", ") } : undefined,
    sentence ? `${error.message} (${sentence})` : error.message,
  );
}

/** Thrown inside a dry run's transaction, once its writes have passed, to roll it back. */
class DryRunRollback extends Error {}

/** Writes one import plan. */
export class ImportWriter {
  private readonly records: RecordService;
  private readonly files: ImportFiles;
  private readonly target: ImportTarget;
  private readonly dryRun: boolean;
  private readonly ownerId: string;
  private readonly collectionIds = new Map<string, string>();
  private readonly planned = new Map<string, PlannedCollection>();
  private readonly pacer = new Pacer();
  /** Collections whose posts were tagged with their name (reported once each). */
  private readonly tagged = new Set<string>();
  /**
   * What a dry run wrote and rolled back, standing for what a real import would find in the
   * database at this point: records by import key, collections by id (with their values, so
   * an entry joining one creates it again in its own transaction) and by name.
   */
  private readonly dry = {
    keys: new Map<string, { collection: string; id: string }>(),
    collections: new Map<string, RecordData>(),
    names: new Map<string, string>(),
  };
  readonly report: ImportReport = {
    imported: { entries: 0, posts: 0, collections: 0, files: 0 },
    skipped: [],
  };

  constructor(records: RecordService, source: ImportSource, target: ImportTarget, dryRun: boolean) {
    this.records = records;
    this.files = new ImportFiles(source);
    this.target = target;
    this.dryRun = dryRun;
    this.ownerId = String(target.owner.id);
  }

  private skip(line: SkippedItem): void {
    this.report.skipped.push(line);
  }

  private get request(): RequestInfo {
    return { ...this.target.request, method: "POST", body: undefined };
  }

  /** Writes the plan; answers the report. */
  async run(plan: ImportPlan, options: WriteOptions = {}): Promise<ImportReport> {
    const onProgress = options.onProgress ?? (() => undefined);
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
    let done = 0;
    onProgress(done, dated.length);
    for (const { record } of dated) {
      if (done > 0) onProgress(done, dated.length);
      done += 1;
      // Each item is its own transaction; between them, other requests are answered.
      await this.pacer.pace();
      options.signal?.throwIfAborted();
      if (record.kind === "entry") await this.writeEntry(record);
      else if (this.target.canPost) await this.writePost(record);
      else {
        this.skip(skipped(record.label, "post_as_entry"));
        await this.writeEntry(asEntry(record));
      }
    }
    onProgress(done, dated.length);
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
    const dry = this.dry.keys.get(key);
    if (dry?.collection === collection.id) return dry.id;
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

  /**
   * Creates a record and remembers its key, in one transaction. A dry run makes the same
   * writes, then rolls them back (the files they stored are deleted with them).
   */
  private async create(collection: Collection, key: string, body: RecordData): Promise<boolean> {
    const id = String(body.id);
    const write = async (scoped: RecordService) => {
      // A collection of a dry run exists only in its own rolled-back transaction: an entry
      // joining one makes it again first, so the rules see what a real import would.
      const joined = this.dryRun
        ? this.dry.collections.get(typeof body.collection === "string" ? body.collection : "")
        : null;
      if (joined) await scoped.create(collections, this.request, joined);
      await scoped.create(collection, this.request, body);
      await saveImported(
        scoped.db.kysely,
        this.ownerId,
        key,
        { recordCollection: collection.id, recordRef: id },
        nowString(),
      );
    };
    if (!this.dryRun) {
      await this.records.batch(write);
      return true;
    }
    try {
      await this.records.batch(async (scoped) => {
        await write(scoped);
        throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    this.dry.keys.set(key, { collection: collection.id, id });
    if (collection.id === collections.id) {
      this.dry.collections.set(id, body);
      if (typeof body.name === "string" && body.name) this.dry.names.set(body.name, id);
    }
    return true;
  }

  /** Runs `write`; a refusal of the records service leaves the item out, with the reason. */
  private async attempt(label: string, write: () => Promise<boolean>): Promise<boolean> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof CoreError && error.status < 500) {
        this.skip(refusal(label, error));
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
    if (id) this.skip(skipped(planned.label, "already_imported"));
    if (!id && planned.name) id = this.dry.names.get(planned.name) ?? null;
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
        this.skip(skipped(`description of ${planned.label}`, "description_shortened", { max }));
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

  /** Whether a text fits its field; else the item is left out with the reason. */
  private fits(label: string, collection: Collection, field: string, text: string): boolean {
    const max = maxLength(collection, field);
    if (runeLength(text) <= max) return true;
    this.skip(skipped(label, "text_too_long", { max }));
    return false;
  }

  private async writeEntry(entry: PlannedEntry): Promise<void> {
    if (await this.known(entries, entry.key, entry.sourceId)) {
      this.skip(skipped(entry.label, "already_imported"));
      return;
    }
    const id = generateFromPattern("[a-z0-9]{15}");
    const uploads = await this.files.uploads(
      entry.label,
      entry.attachments,
      ATTACHMENTS,
      (line) => {
        this.skip(line);
      },
    );
    const content = linkFiles(entry.content, entries, id, entry.attachments, uploads);
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

  /**
   * A post's tags, with its collection's name when it has one (posts have no collection),
   * and the report line of that collection, due once its first post is written.
   */
  private postTags(post: PlannedPost): { tags: string[]; line: SkippedItem | null } {
    const planned = post.collectionRef ? this.planned.get(post.collectionRef) : undefined;
    const tag = planned ? cleanTags([planned.name || planned.title])[0] : undefined;
    if (!planned || !tag) return { tags: post.tags, line: null };
    const tags = cleanTags([...post.tags, tag], () => {
      this.skip(skipped(`tag "${tag}" of ${post.label}`, "too_many_tags", { max: MAX_TAGS }));
    });
    if (this.tagged.has(planned.ref) || !tags.includes(tag)) return { tags, line: null };
    return { tags, line: skipped(planned.label, "collection_as_tag", { tag }) };
  }

  private async writePost(post: PlannedPost): Promise<void> {
    if (await this.known(posts, post.key, post.sourceId)) {
      this.skip(skipped(post.label, "already_imported"));
      return;
    }
    const id = generateFromPattern("[a-z0-9]{15}");
    const { cover, images, uploads } = await importPostFiles(this.files, post, (line) => {
      this.skip(line);
    });
    const linked = [...(post.cover ? [post.cover] : []), ...post.inline];
    const content = linkFiles(post.content, posts, id, linked, uploads);
    if (!this.fits(post.label, posts, "content", content)) return;
    const slug = (await this.taken(posts, "author", "slug", post.slug)) ? "" : post.slug;
    const { tags, line } = this.postTags(post);
    const created = await this.attempt(post.label, () =>
      this.create(posts, post.key, {
        id,
        author: this.ownerId,
        title: post.title,
        slug,
        excerpt: clamp(post.excerpt, maxLength(posts, "excerpt")),
        seoTitle: clamp(post.seo?.title ?? "", maxLength(posts, "seoTitle")),
        seoDescription: clamp(post.seo?.description ?? "", maxLength(posts, "seoDescription")),
        content,
        tags,
        status: post.status,
        publishedAt: post.publishedAt,
        lang: post.lang,
        cover: cover ? [cover] : [],
        images,
      }),
    );
    if (!created) return;
    if (line) {
      this.tagged.add(post.collectionRef);
      this.skip(line);
    }
    this.report.imported.posts += 1;
    this.report.imported.files += (cover ? 1 : 0) + images.length;
  }
}

/** The date an item is ordered by. */
function dateOf(record: PlannedEntry | PlannedPost): string {
  return record.kind === "entry" ? record.date : record.publishedAt || record.created;
}

/**
 * A post as a private entry, for an account that may not write posts: a published post does
 * not become public through an account that may not publish (issue 25 item 6).
 */
function asEntry(post: PlannedPost): PlannedEntry {
  return {
    kind: "entry",
    key: post.key,
    label: post.label,
    title: post.title,
    content: post.content,
    tags: post.tags,
    name: post.slug,
    visibility: "private",
    date: post.publishedAt || post.created,
    collectionRef: post.collectionRef,
    // The cover first, unless the text shows it (then its planned file links it).
    attachments: [
      ...(post.cover && !post.inline.some((file) => file.path === post.cover?.path)
        ? [post.cover]
        : []),
      ...post.inline,
    ],
    ...(post.sourceId ? { sourceId: post.sourceId } : {}),
  };
}

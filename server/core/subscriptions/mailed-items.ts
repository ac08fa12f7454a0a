/**
 * Posts and entries as subscription mail shows them (ADR 065): read as the operator (mail
 * goes out whatever the rules say to a guest at that moment, so each reader checks what
 * makes it mailable: live and not `skipMail`; public, in a public collection), with their
 * author's name and the paths of their page and cover.
 */
import { isLocale } from "#shared/i18n/locales.ts";
import { postState } from "#shared/records/post-state.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest, type RecordData } from "../records/request-info.ts";
import type { MailedItem } from "./subscription-mail.ts";

/** At most this many posts and entries in one digest. */
const DIGEST_MAX_ITEMS = 100;

/** A mailable item with what decides who gets it. */
export interface TargetedItem {
  item: MailedItem;
  /** The targets whose subscribers get it (`blog` and `author:<id>`, or `collection:<id>`). */
  targets: string[];
}

/** A text value of a record, or "" (relations, names and files are strings). */
function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function segment(value: unknown): string {
  return encodeURIComponent(text(value));
}

/** Reads posts, entries and their authors for mail. */
export class MailedItems {
  private readonly records: RecordService;
  private readonly now: () => number;

  constructor(records: RecordService, now: () => number = Date.now) {
    this.records = records;
    this.now = now;
  }

  private async load(collection: string, id: string): Promise<RecordData | null> {
    const row = await this.records.findById(requireCollection(collection), id);
    if (!row) return null;
    const [record] = await this.records.present(
      requireCollection(collection),
      [row],
      operatorRequest(),
    );
    return record ?? null;
  }

  private async author(id: unknown): Promise<{ name: string; username: string }> {
    const user = await this.load("users", text(id));
    return {
      name: text(user?.name) || text(user?.username),
      username: text(user?.username),
    };
  }

  private async fromPost(post: RecordData): Promise<TargetedItem> {
    const author = await this.author(post.author);
    const cover = text(post.cover);
    return {
      targets: ["blog", `author:${text(post.author)}`],
      item: {
        kind: "post",
        title: text(post.title),
        content: text(post.content),
        excerpt: text(post.excerpt),
        author: author.name,
        collection: "",
        path: `/post/${segment(author.username)}/${segment(post.slug)}`,
        coverPath: cover ? `/api/files/posts/${segment(post.id)}/${segment(cover)}` : "",
        lang: isLocale(post.lang) ? post.lang : null,
      },
    };
  }

  private async fromEntry(entry: RecordData, title: string): Promise<TargetedItem> {
    const author = await this.author(entry.author);
    return {
      targets: [`collection:${text(entry.collection)}`],
      item: {
        kind: "entry",
        title: text(entry.title),
        content: text(entry.content),
        excerpt: "",
        author: author.name,
        collection: title,
        path: `/entry/${segment(author.username)}/${segment(entry.name)}`,
        coverPath: "",
        lang: null,
      },
    };
  }

  /** The post `id` if it is live and mailable, else null. */
  async post(id: string): Promise<TargetedItem | null> {
    const post = await this.load("posts", id);
    if (!post || post.skipMail === true) return null;
    if (postState(post as never, this.now()) !== "live") return null;
    return this.fromPost(post);
  }

  /** The entry `id` if it is public in a public collection, else null. */
  async entry(id: string): Promise<TargetedItem | null> {
    const entry = await this.load("entries", id);
    if (!entry || entry.visibility !== "public" || !entry.collection) return null;
    const collection = await this.load("collections", text(entry.collection));
    if (!collection || collection.visibility !== "public") return null;
    return this.fromEntry(entry, text(collection.title));
  }

  /** What went live in `[from, to)` (PocketBase dates), for a digest: posts, then entries. */
  async between(from: string, to: string): Promise<TargetedItem[]> {
    const posts = await this.records.list(requireCollection("posts"), operatorRequest(), {
      filter: `status = "published" && skipMail != true && publishedAt >= "${from}" && publishedAt < "${to}"`,
      sort: "publishedAt,id",
      perPage: String(DIGEST_MAX_ITEMS),
      skipTotal: "1",
    });
    const entries = await this.records.list(requireCollection("entries"), operatorRequest(), {
      filter: `visibility = "public" && collection != "" && collection.visibility = "public" && created >= "${from}" && created < "${to}"`,
      sort: "created,id",
      perPage: String(DIGEST_MAX_ITEMS),
      skipTotal: "1",
      expand: "collection",
    });
    const items: TargetedItem[] = [];
    for (const post of posts.items) items.push(await this.fromPost(post));
    for (const entry of entries.items) {
      const collection = (entry.expand as { collection?: RecordData } | undefined)?.collection;
      items.push(await this.fromEntry(entry, text(collection?.title)));
    }
    return items;
  }
}

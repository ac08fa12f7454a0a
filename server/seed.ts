/**
 * `cahier seed`: demo content (users of each role, notebooks, entries, posts, items) created
 * through the record service as a superuser, so validation and slug generation apply.
 * Idempotent: a record is looked up by its identity (email, username, code, or owner and slug)
 * first and left untouched when it exists. The content itself lives in `seed-data.ts`.
 */
import type { App } from "./app.ts";
import { requireCollection } from "./core/collections/collection-lookup.ts";
import type { Collection } from "./core/models/collection.ts";
import { operatorRequest, type RecordData } from "./core/records/request-info.ts";
import { slugify } from "#shared/records/slugs.ts";
import { formatDate } from "./core/records/values.ts";
import {
  DEMO_PASSWORD,
  DEMO_SUPERUSER_EMAIL,
  SEED_ENTRIES,
  SEED_ITEMS,
  SEED_NOTEBOOKS,
  SEED_POSTS,
  SEED_USERS,
  type SeedPublication,
} from "./seed-data.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What happened to one kind of record. */
interface Tally {
  created: number;
  /** Already there (left untouched). */
  existing: number;
  /** Not created because something it depends on could not be seeded. */
  blocked: number;
}

function tally(): Tally {
  return { created: 0, existing: 0, blocked: 0 };
}

/** A filter comparing a field with a literal (JSON quoting is what the filter lexer decodes). */
function equals(field: string, value: string): string {
  return `${field} = ${JSON.stringify(value)}`;
}

/** A filter for the record of `owner` whose `slugField` is the slug of `title`. */
function slugFilter(ownerField: string, owner: string, slugField: string, title: string): string {
  return `${equals(ownerField, owner)} && ${equals(slugField, slugify(title))}`;
}

/** Midnight UTC, `days` days before `now` (the day an entry is about). */
function dayBefore(now: Date, days: number): string {
  const day = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY_MS,
  );
  return formatDate(day);
}

/** A publication time: 08:30 UTC on a past day, or 07:00 UTC on a future day. */
function publicationFields(now: Date, publication: SeedPublication): RecordData {
  if (publication === "draft") return { status: "draft", publishedAt: "" };
  const offset = "daysAgo" in publication ? -publication.daysAgo : publication.inDays;
  const hour = "daysAgo" in publication ? 8.5 : 7;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    status: "published",
    publishedAt: formatDate(new Date(midnight + offset * DAY_MS + hour * 60 * 60 * 1000)),
  };
}

/**
 * Adds the demo content to the app's database and returns a multi-line summary with counts
 * and the demo logins. Running it again creates nothing new and reports what it skipped.
 * Example: `console.log(await seed(app))`.
 */
export async function seed(app: App): Promise<string> {
  const request = operatorRequest();
  const users = requireCollection("users");
  const superusers = requireCollection("_superusers");
  const notebooks = requireCollection("collections");
  const entries = requireCollection("entries");
  const posts = requireCollection("posts");
  const items = requireCollection("items");
  const now = new Date();
  const notes: string[] = [];

  const findOne = async (
    collection: Collection,
    filter: string,
  ): Promise<RecordData | undefined> => {
    const page = await app.records.list(collection, request, {
      filter,
      perPage: "1",
      skipTotal: "1",
    });
    return page.items[0];
  };
  const create = (collection: Collection, body: RecordData): Promise<RecordData> =>
    app.records.create(collection, request, body);
  /** The record matching `filter`, else one created from `body()`; `counts` says which. */
  const ensure = async (
    collection: Collection,
    filter: string,
    body: () => RecordData,
    counts: Tally,
  ): Promise<RecordData> => {
    const existing = await findOne(collection, filter);
    if (existing) {
      counts.existing += 1;
      return existing;
    }
    const created = await create(collection, body());
    counts.created += 1;
    return created;
  };

  // SECURITY: existing accounts keep their password; only accounts created here use the
  // published demo password.
  const superuser = tally();
  if (await app.records.findAuthRecord(superusers, "email", DEMO_SUPERUSER_EMAIL)) {
    superuser.existing += 1;
    notes.push(`Superuser ${DEMO_SUPERUSER_EMAIL} already existed; its password was not changed.`);
  } else {
    await create(superusers, {
      email: DEMO_SUPERUSER_EMAIL,
      password: DEMO_PASSWORD,
      passwordConfirm: DEMO_PASSWORD,
      verified: true,
    });
    superuser.created += 1;
  }

  const userIds = new Map<string, string>();
  const userTally = tally();
  for (const user of SEED_USERS) {
    const byEmail = await app.records.findAuthRecord(users, "email", user.email);
    if (byEmail) {
      userIds.set(user.username, String(byEmail.id));
      userTally.existing += 1;
      continue;
    }
    if (await app.records.findAuthRecord(users, "username", user.username)) {
      // Another account holds the username: never attach demo content to it.
      userTally.blocked += 1;
      notes.push(
        `User "${user.username}" belongs to another account; it and its content were skipped.`,
      );
      continue;
    }
    const created = await create(users, {
      ...user,
      password: DEMO_PASSWORD,
      passwordConfirm: DEMO_PASSWORD,
      emailVisibility: false,
      verified: true,
    });
    userIds.set(user.username, String(created.id));
    userTally.created += 1;
  }

  /** The id of the seeded user `username`; a user that could not be seeded blocks `counts`. */
  const seededUser = (username: string, counts: Tally): string | undefined => {
    const id = userIds.get(username);
    if (!id) counts.blocked += 1;
    return id;
  };

  const notebookIds = new Map<string, { id: string; owner: string }>();
  const notebookTally = tally();
  for (const notebook of SEED_NOTEBOOKS) {
    const owner = seededUser(notebook.owner, notebookTally);
    if (!owner) continue;
    const { title, description, visibility } = notebook;
    const record = await ensure(
      notebooks,
      slugFilter("owner", owner, "name", title),
      () => ({ owner, title, description, visibility }),
      notebookTally,
    );
    notebookIds.set(notebook.key, { id: String(record.id), owner: notebook.owner });
  }

  const entryTally = tally();
  for (const entry of SEED_ENTRIES) {
    const notebook = entry.notebook === undefined ? undefined : notebookIds.get(entry.notebook);
    if (entry.notebook !== undefined && !notebook) {
      entryTally.blocked += 1;
      continue;
    }
    const author = seededUser(entry.author, entryTally);
    if (!author) continue;
    // The superuser bypasses the rule that keeps entries in their author's notebooks.
    if (notebook && notebook.owner !== entry.author) {
      throw new Error(`seed data: entry "${entry.title}" is in a notebook of another user`);
    }
    const { title, content, visibility, tags } = entry;
    const collection = notebook?.id ?? "";
    const date = dayBefore(now, entry.daysAgo);
    await ensure(
      entries,
      slugFilter("author", author, "name", title),
      () => ({ author, title, content, collection, visibility, tags, date }),
      entryTally,
    );
  }

  const postTally = tally();
  for (const post of SEED_POSTS) {
    const author = seededUser(post.author, postTally);
    if (!author) continue;
    const { title, excerpt, content, tags, lang } = post;
    const publication = publicationFields(now, post.publication);
    await ensure(
      posts,
      slugFilter("author", author, "slug", title),
      () => ({ author, title, excerpt, content, tags, lang, ...publication }),
      postTally,
    );
  }

  const itemTally = tally();
  for (const item of SEED_ITEMS) {
    await ensure(
      items,
      equals("code", item.code),
      () => ({
        ...item,
        owner: item.owner === undefined ? "" : (userIds.get(item.owner) ?? ""),
      }),
      itemTally,
    );
  }

  return summary(
    [
      ["superuser", superuser],
      ["users", userTally],
      ["collections", notebookTally],
      ["entries", entryTally],
      ["posts", postTally],
      ["items", itemTally],
    ],
    notes,
  );
}

function summary(rows: [string, Tally][], notes: string[]): string {
  const created = rows.reduce((sum, [, t]) => sum + t.created, 0);
  const lines = [
    created > 0 ? "Demo content seeded:" : "Demo content already present, nothing created:",
  ];
  for (const [name, t] of rows) {
    const blocked = t.blocked ? `, ${t.blocked} skipped (blocked)` : "";
    lines.push(
      `  ${name.padEnd(12)}${String(t.created).padStart(3)} created, ${t.existing} skipped (already there)${blocked}`,
    );
  }
  lines.push(`Demo logins (password "${DEMO_PASSWORD}" for accounts created by the seed):`);
  lines.push(`  ${"superuser".padEnd(10)}${DEMO_SUPERUSER_EMAIL}`);
  for (const user of SEED_USERS) {
    lines.push(
      `  ${(user.role || "user").padEnd(10)}${user.email} (${user.username}, ${user.locale})`,
    );
  }
  lines.push(...notes);
  return lines.join("\n");
}

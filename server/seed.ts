/**
 * `cahier seed`: demo content (notebooks, entries, posts, items and the users who wrote them)
 * created through the record service as a superuser, so validation and slug generation apply.
 * Idempotent: a record is looked up by its identity (email, username, code, or owner and slug)
 * first and left untouched when it exists. The content itself lives in `seed-data.ts`.
 *
 * SECURITY (issue 25 item 1): the seed makes no superuser, and by default nobody can sign in
 * to the demo users (random passwords nobody is told, addresses on `.invalid`), none of whom is
 * an admin. Only `--demo-accounts` makes accounts to try: each gets its role and a new random
 * password, printed once under a warning.
 */
import type { App } from "./app.ts";
import { randomSecret } from "./core/auth/secrets.ts";
import { requireCollection } from "./core/collections/collection-lookup.ts";
import type { Collection } from "./core/models/collection.ts";
import { operatorRequest, type RecordData } from "./core/records/request-info.ts";
import { slugify } from "#shared/records/slugs.ts";
import { formatDate } from "./core/records/values.ts";
import { verifyPassword } from "./tools/security/passwords.ts";
import {
  LEGACY_SEED,
  SEED_ENTRIES,
  SEED_ITEMS,
  SEED_NOTEBOOKS,
  SEED_POSTS,
  SEED_USERS,
  type SeedPublication,
  type SeedUser,
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

/** Options of {@link seed}. */
export interface SeedOptions {
  /**
   * Make the demo users accounts to try: each gets its role (an admin among them) and a new
   * random password, returned in `accounts` and in the summary. Off by default.
   */
  demoAccounts?: boolean;
}

/** A demo account made usable by `--demo-accounts`. */
export interface DemoAccount {
  username: string;
  email: string;
  role: SeedUser["role"];
  /** Its new random password, shown this once. */
  password: string;
}

/** What {@link seed} did. */
export interface SeedResult {
  /** The multi-line summary the CLI prints: counts, notes, and the accounts to try, if any. */
  summary: string;
  /** The accounts to try (`demoAccounts` only), with their passwords. */
  accounts: DemoAccount[];
}

/** A password nobody is told: 24 random letters and digits (about 143 bits). */
function unknownPassword(): string {
  return randomSecret(24);
}

/**
 * Adds the demo content to the app's database; answers a summary with counts (and, with
 * `demoAccounts`, the accounts to try). Running it again creates nothing new and reports what
 * it skipped. Example: `console.log((await seed(app)).summary)`.
 */
export async function seed(app: App, options: SeedOptions = {}): Promise<SeedResult> {
  const demoAccounts = options.demoAccounts === true;
  const request = operatorRequest();
  const users = requireCollection("users");
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

  // SECURITY: a seed before issue 25 made a superuser and demo users with a password printed
  // in the repository; those still holding it get a random one that nobody is told.
  const legacy = await takeBackLegacyPasswords(app, notes);

  const userIds = new Map<string, string>();
  const userTally = tally();
  const accounts: DemoAccount[] = [];
  for (const user of SEED_USERS) {
    const legacyEmail = `${user.username}@${LEGACY_SEED.emailDomain}`;
    const existing =
      (await app.records.findAuthRecord(users, "email", user.email)) ??
      (await app.records.findAuthRecord(users, "email", legacyEmail));
    if (!existing && (await app.records.findAuthRecord(users, "username", user.username))) {
      // Another account holds the username: never attach demo content to it.
      userTally.blocked += 1;
      notes.push(
        `User "${user.username}" belongs to another account; it and its content were skipped.`,
      );
      continue;
    }
    // Without --demo-accounts no demo user is an admin: nobody signs in to them anyway.
    const role = demoAccounts || user.role !== "admin" ? user.role : "writer";
    const password = unknownPassword();
    let id: string;
    if (existing) {
      id = String(existing.id);
      userTally.existing += 1;
      // Existing demo users are left as they are, unless accounts to try were asked for.
      if (demoAccounts) {
        await app.records.update(users, request, id, {
          password,
          passwordConfirm: password,
          role,
        });
      }
    } else {
      const { username, email, name, locale, bio } = user;
      const created = await create(users, {
        username,
        email,
        name,
        locale,
        bio,
        role,
        password,
        passwordConfirm: password,
        emailVisibility: false,
        verified: true,
      });
      id = String(created.id);
      userTally.created += 1;
    }
    userIds.set(user.username, id);
    if (demoAccounts) {
      const email = existing ? String(existing.email) : user.email;
      accounts.push({ username: user.username, email, role, password });
    }
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

  const rows: [string, Tally][] = [
    ["users", userTally],
    ["collections", notebookTally],
    ["entries", entryTally],
    ["posts", postTally],
    ["items", itemTally],
  ];
  return { summary: summary(rows, notes, accounts, legacy), accounts };
}

/**
 * Gives a random password, told to nobody, to every account a seed before issue 25 made that
 * still has the password it printed: its superuser and its demo users. Answers how many.
 */
async function takeBackLegacyPasswords(app: App, notes: string[]): Promise<number> {
  const request = operatorRequest();
  const holders: { collection: Collection; email: string }[] = [
    { collection: requireCollection("_superusers"), email: LEGACY_SEED.superuserEmail },
    ...SEED_USERS.map((user) => ({
      collection: requireCollection("users"),
      email: `${user.username}@${LEGACY_SEED.emailDomain}`,
    })),
  ];
  let count = 0;
  for (const { collection, email } of holders) {
    const row = await app.records.findAuthRecord(collection, "email", email);
    if (!row || !(await verifyPassword(LEGACY_SEED.password, String(row.password)))) continue;
    const password = unknownPassword();
    await app.records.update(collection, request, String(row.id), {
      password,
      passwordConfirm: password,
    });
    count += 1;
    if (collection.name === "_superusers")
      notes.push(
        `Superuser ${email}, made by an earlier seed with its published password, now has a password nobody knows: run "cahier superuser upsert ${email} PASSWORD" to choose one.`,
      );
  }
  return count;
}

function summary(
  rows: [string, Tally][],
  notes: string[],
  accounts: DemoAccount[],
  legacy: number,
): string {
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
  if (legacy > 0)
    lines.push(
      `${String(legacy)} account${legacy === 1 ? "" : "s"} from an earlier seed had the published demo password; it is replaced by one nobody knows.`,
    );
  lines.push(...notes);
  if (accounts.length === 0) {
    const users = rows.find(([name]) => name === "users")?.[1].created ?? 0;
    if (users > 0)
      lines.push(
        "Nobody can sign in to the demo users made now: their passwords are random and were not kept.",
      );
    lines.push('For accounts to try, run "cahier seed --demo-accounts".');
    return lines.join("\n");
  }
  lines.push(
    "",
    "WARNING: these demo accounts, an admin among them, sign in with the passwords below, shown",
    "only now (a new seed with --demo-accounts gives new ones). Anyone who reads them can use",
    "the accounts: keep demo accounts off a site that others can reach.",
    "",
    `  ${"role".padEnd(8)}${"username".padEnd(10)}${"email".padEnd(24)}password`,
  );
  for (const account of accounts) {
    lines.push(
      `  ${(account.role || "user").padEnd(8)}${account.username.padEnd(10)}${account.email.padEnd(24)}${account.password}`,
    );
  }
  return lines.join("\n");
}

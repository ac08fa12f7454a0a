/**
 * Seeds a migrated database with a few writers and many posts, fast: rows are built from the
 * registry's fields (stored with the server's own value conversions) and inserted with
 * multi-row INSERTs in one transaction. Values are deterministic (seeded PRNG) and realistic:
 * 15-character ids, PocketBase dates, mostly published posts spread over years, JSON tag lists.
 */
import { sql } from "kysely";
import { hashPassword } from "#server/tools/security/passwords.ts";
import { randomSecret } from "#server/core/auth/secrets.ts";
import type { Collection } from "#server/core/models/collection.ts";
import { slugify } from "#shared/records/slugs.ts";
import { emptyValue, formatDate, toStoredValue } from "#server/core/records/values.ts";
import type { Database } from "#server/data/db.ts";
import { postsCollection, usersCollection } from "#server/data/registry/collections.ts";

/** Tags posts draw from; `travel` is on about one post in ten. */
export const TAGS = [
  "travel",
  "food",
  "photography",
  "books",
  "code",
  "music",
  "family",
  "garden",
  "running",
  "notes",
  "film",
  "design",
  "science",
  "history",
  "cooking",
  "hiking",
  "art",
  "ideas",
  "work",
  "life",
] as const;

const WORDS = (
  "the a of and to in is it on for with as at by from an be this that was are or we our my " +
  "morning river light city mountain coffee bread train station market letter window garden " +
  "autumn winter summer spring harbour village road journey notebook story photograph silence " +
  "kitchen recipe book chapter island forest bridge evening rain wind sea coast walk travel " +
  "small quiet long slow bright early late old new simple careful honest strange familiar " +
  "writing reading cooking walking waiting learning building planting running thinking " +
  "remember notice begin finish return carry follow gather listen open close"
).split(" ");

/** What the seeder made (the ids the bench needs). */
export interface SeedResult {
  authorIds: string[];
  posts: number;
  /** Posts a guest can list (published, not scheduled). */
  visiblePosts: number;
}

/** mulberry32: a small, fast, seeded PRNG so every run seeds the same data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

class Generator {
  private readonly random: () => number;
  private readonly ids = new Set<string>();

  constructor(seed: number) {
    this.random = prng(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  chars(length: number, alphabet = ID_ALPHABET): string {
    let out = "";
    for (let i = 0; i < length; i++)
      out += alphabet.charAt(Math.floor(this.random() * alphabet.length));
    return out;
  }

  /** A unique 15-character record id. */
  id(): string {
    for (;;) {
      const id = this.chars(15);
      if (!this.ids.has(id)) {
        this.ids.add(id);
        return id;
      }
    }
  }

  words(min: number, max: number): string[] {
    const count = this.int(min, max);
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(this.pick(WORDS));
    return out;
  }

  sentence(min: number, max: number): string {
    const text = this.words(min, max).join(" ");
    return text.charAt(0).toUpperCase() + text.slice(1) + ".";
  }

  title(): string {
    return this.words(3, 8)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
  }

  /** Markdown of a few paragraphs (0.5–2.5 KB, about 1.1 KB on average), with an occasional heading and list. */
  markdown(): string {
    const blocks: string[] = [];
    const paragraphs = this.int(2, 5);
    for (let p = 0; p < paragraphs; p++) {
      if (p > 0 && this.chance(0.25)) blocks.push(`## ${this.title()}`);
      const sentences: string[] = [];
      for (let s = this.int(3, 6); s > 0; s--) sentences.push(this.sentence(6, 16));
      blocks.push(sentences.join(" "));
      if (this.chance(0.15))
        blocks.push([1, 2, 3].map(() => `- ${this.sentence(3, 7)}`).join("\n"));
    }
    return blocks.join("\n\n");
  }

  tags(): string[] {
    const tags = new Set<string>();
    for (let n = this.int(0, 4); n > 0; n--) tags.add(this.pick(TAGS));
    return [...tags];
  }
}

const DAY_MS = 86_400_000;

/**
 * Stores a record given as wire values, column by column through the registry's fields; a field
 * the seed does not name (one added since, like `users.commentDigest`) gets the empty value a
 * create through the API would give it.
 */
export function storedRow(
  collection: Collection,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of collection.fields) {
    const value = values[field.name] ?? emptyValue(field);
    row[field.name] = field.type === "password" ? value : toStoredValue(field, value);
  }
  return row;
}

/** Largest number of bound parameters per INSERT (SQLite's limit is 32766, PostgreSQL's 65535). */
const MAX_PARAMS = 30_000;

/** Inserts rows made by {@link storedRow} in multi-row INSERTs, in one transaction. */
export async function insertAll(
  database: Database,
  collection: Collection,
  rows: Record<string, unknown>[],
): Promise<void> {
  const batch = Math.max(1, Math.floor(MAX_PARAMS / collection.fields.length));
  await database.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) {
      await trx
        .insertInto(collection.name)
        .values(rows.slice(i, i + batch))
        .execute();
    }
  });
}

/**
 * Inserts `authors` writers and `count` posts. Run it after the server migrated the schema;
 * the server keeps running (SQLite in WAL mode lets this second connection write).
 */
export async function seedPosts(
  database: Database,
  options: { count: number; authors: number; seed?: number },
): Promise<SeedResult> {
  const gen = new Generator(options.seed ?? 20261121);
  const now = Date.now();
  const start = Date.UTC(2017, 0, 1);
  const passwordHash = await hashPassword("password123");

  const authorIds: string[] = [];
  const users: Record<string, unknown>[] = [];
  for (let i = 1; i <= options.authors; i++) {
    const id = gen.id();
    authorIds.push(id);
    const created = formatDate(new Date(start - gen.int(1, 300) * DAY_MS));
    users.push(
      storedRow(usersCollection, {
        id,
        password: passwordHash,
        tokenKey: randomSecret(50),
        email: `writer${String(i)}@example.com`,
        emailVisibility: false,
        verified: true,
        username: `writer${String(i)}`,
        name: `Writer ${String(i)}`,
        avatar: gen.chance(0.5) ? `portrait_${gen.chars(10)}.jpg` : "",
        role: "writer",
        bio: gen.sentence(8, 20),
        locale: gen.chance(0.7) ? "en" : "fr",
        theme: "",
        suspended: false,
        created,
        updated: created,
      }),
    );
  }
  await insertAll(database, usersCollection, users);

  const posts: Record<string, unknown>[] = [];
  let visiblePosts = 0;
  for (let i = 0; i < options.count; i++) {
    const title = gen.title();
    const published = gen.chance(0.92);
    const scheduled = published && gen.chance(0.01);
    let publishedAt = "";
    let createdMs: number;
    if (published) {
      const at = scheduled
        ? now + gen.int(1, 60) * DAY_MS
        : start + Math.floor((gen.int(0, 1_000_000) / 1_000_000) * (now - start));
      publishedAt = formatDate(new Date(at));
      createdMs = Math.min(at, now) - gen.int(0, 3 * DAY_MS);
      if (!scheduled) visiblePosts += 1;
    } else {
      createdMs = start + Math.floor((gen.int(0, 1_000_000) / 1_000_000) * (now - start));
      if (gen.chance(0.2)) publishedAt = formatDate(new Date(createdMs + gen.int(1, 30) * DAY_MS));
    }
    const updatedMs = Math.min(now, createdMs + (gen.chance(0.3) ? gen.int(0, 30 * DAY_MS) : 0));
    posts.push(
      storedRow(postsCollection, {
        id: gen.id(),
        author: gen.pick(authorIds),
        // Unique per author: the index suffix keeps equal titles apart.
        slug: `${slugify(title) || "post"}-${i.toString(36)}`,
        title,
        excerpt: gen.sentence(12, 35),
        content: gen.markdown(),
        cover: gen.chance(0.4) ? `${slugify(gen.pick(WORDS))}_${gen.chars(10)}.jpg` : "",
        tags: gen.tags(),
        status: published ? "published" : "draft",
        publishedAt,
        lang: gen.chance(0.7) ? "en" : "fr",
        created: formatDate(new Date(createdMs)),
        updated: formatDate(new Date(updatedMs)),
      }),
    );
  }
  await insertAll(database, postsCollection, posts);

  if (database.dialect.name === "postgres") {
    // What autovacuum would have done by the time such a table serves traffic.
    await sql`ANALYZE`.execute(database.kysely);
  } else {
    // The planner's statistics, as the server's own `PRAGMA optimize` takes them within
    // minutes of a bulk load (without them it picks the wrong index for some reads), then the
    // seeded pages moved from the WAL into the main file, as a long-running server would.
    await sql`ANALYZE`.execute(database.kysely);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.kysely);
  }
  return { authorIds, posts: posts.length, visiblePosts };
}

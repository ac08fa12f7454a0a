/**
 * Seeds a migrated database with many journal entries for the search benchmark, fast: users,
 * collections and entries are inserted straight into their tables (registry fields, the
 * server's own value conversions, multi-row INSERTs in one transaction), then the search index
 * is built by the same code as `cahier reindex`, and timed.
 *
 * Text is realistic for search: words follow a Zipf law over a 20,000-word vocabulary (common
 * English or French words first, then invented ones), so most words are rare and a few are in
 * every entry, as in real writing. Two entries in five are French. Half the entries are
 * private, one in ten unlisted, the rest public. Values are deterministic (seeded PRNG).
 */
import { sql } from "kysely";
import { randomSecret } from "#server/core/auth/secrets.ts";
import { formatDate } from "#server/core/records/values.ts";
import type { Database } from "#server/data/db.ts";
import {
  collectionsCollection,
  entriesCollection,
  usersCollection,
} from "#server/data/registry/collections.ts";
import { hashPassword } from "#server/tools/security/passwords.ts";
import { insertAll, storedRow } from "./seed.ts";

/** Phrases collected for the benchmark's quoted queries, one per this many entries. */
const MAX_PHRASES = 4;
const PHRASE_EVERY = 9973;
/** Words of the vocabulary, by frequency rank. */
const VOCABULARY_SIZE = 20_000;
/** Zipf exponent of word frequencies (about 1 in natural language). */
const ZIPF_EXPONENT = 1.05;

const ENGLISH_HEAD = (
  "the and of to a in is it that was i for on you he be with as by at have are this not but " +
  "from or they his she her we all there one so an my what were when up out if about who " +
  "which them into some time just would could day morning garden river light city walk " +
  "coffee bread train window winter summer autumn spring rain sea road book letter kitchen " +
  "friend mother father house street forest mountain evening night dream quiet long slow " +
  "running reading writing cooking walking waiting learning thinking remember notice"
).split(" ");
const FRENCH_HEAD = (
  "le la les de des du et un une est en que qui dans pour pas au sur avec ce il elle je nous " +
  "vous ne se par plus mais ou son sa ses leur comme tout aux cette jardin matin soir nuit " +
  "pluie mer route livre lettre cuisine ami mère père maison rue forêt montagne été hiver " +
  "printemps automne café pain train fenêtre rivière lumière ville marche rêve calme lent " +
  "courir lire écrire cuisiner marcher attendre apprendre penser souvenir jardins"
).split(" ");
const SYLLABLES =
  "ba be bi bo bu da de di do du fa fe fi fo ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no pa pe pi po ra re ri ro ru sa se si so ta te ti to va ve vi vo za zo".split(
    " ",
  );

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

/** A vocabulary: the language's common words, then invented words of 2 to 4 syllables. */
function vocabulary(head: readonly string[], random: () => number): string[] {
  const words = [...head];
  const seen = new Set(words);
  while (words.length < VOCABULARY_SIZE) {
    let word = "";
    for (let n = 2 + Math.floor(random() * 3); n > 0; n--)
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)] ?? "";
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** Draws ranks by a Zipf law (cumulative weights, binary search). */
function zipf(size: number): (random: number) => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) {
    total += 1 / Math.pow(rank + 1, ZIPF_EXPONENT);
    cumulative[rank] = total;
  }
  return (random) => {
    const target = random * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The two languages' vocabularies and their rank sampler (exported for the queries). */
export interface Corpus {
  english: string[];
  french: string[];
  rank: (random: number) => number;
}

/** The corpus every run uses (the same seed, the same words). */
export function benchCorpus(): Corpus {
  const random = prng(14);
  return {
    english: vocabulary(ENGLISH_HEAD, random),
    french: vocabulary(FRENCH_HEAD, random),
    rank: zipf(VOCABULARY_SIZE),
  };
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const TAGS = ["travel", "garden", "family", "work", "books", "running", "food", "jardin", "voyage"];
const DAY_MS = 86_400_000;
/** What the seeder made. */
export interface SearchSeed {
  /** The users, `user1`… (password `password123`); `user1`'s entries are the measured user's. */
  usernames: string[];
  entries: number;
  /** Entries a guest can find (public). */
  publicEntries: number;
  /** Entries of `user1` (any visibility). */
  firstUserEntries: number;
  /** Pairs of adjacent words from public entries, for phrase queries. */
  phrases: string[];
}

/**
 * Inserts `users` users with 3 collections each and `entries` entries spread over them. Run it
 * on a migrated database; build the index afterwards (`SearchIndex.rebuild`).
 */
export async function seedEntries(
  database: Database,
  options: { entries: number; users: number; seed?: number },
): Promise<SearchSeed> {
  const random = prng(options.seed ?? 20261214);
  const corpus = benchCorpus();
  const ids = new Set<string>();
  const id = () => {
    for (;;) {
      let out = "";
      for (let i = 0; i < 15; i++) out += ID_ALPHABET.charAt(Math.floor(random() * 36));
      if (!ids.has(out)) {
        ids.add(out);
        return out;
      }
    }
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words = (language: string[], min: number, max: number): string => {
    const out: string[] = [];
    for (let n = min + Math.floor(random() * (max - min + 1)); n > 0; n--)
      out.push(language[corpus.rank(random())] as string);
    return out.join(" ");
  };
  const now = Date.now();
  const start = now - 5 * 365 * DAY_MS;
  const passwordHash = await hashPassword("password123");

  const users: Record<string, unknown>[] = [];
  const userIds: string[] = [];
  const usernames: string[] = [];
  const collections: Record<string, unknown>[] = [];
  const collectionsOf = new Map<string, string[]>();
  for (let u = 1; u <= options.users; u++) {
    const userId = id();
    const username = `user${String(u)}`;
    userIds.push(userId);
    usernames.push(username);
    const created = formatDate(new Date(start - DAY_MS));
    users.push(
      storedRow(usersCollection, {
        id: userId,
        password: passwordHash,
        tokenKey: randomSecret(50),
        email: `${username}@example.com`,
        emailVisibility: false,
        verified: true,
        username,
        name: `User ${String(u)}`,
        avatar: "",
        role: "",
        bio: "",
        locale: random() < 0.6 ? "en" : "fr",
        theme: "",
        suspended: false,
        created,
        updated: created,
      }),
    );
    const own: string[] = [];
    for (let c = 1; c <= 3; c++) {
      const collectionId = id();
      own.push(collectionId);
      collections.push(
        storedRow(collectionsCollection, {
          id: collectionId,
          owner: userId,
          name: `notebook-${String(c)}`,
          title: words(random() < 0.6 ? corpus.english : corpus.french, 1, 3),
          description: "",
          visibility: pick(["public", "private", "unlisted"]),
          created,
          updated: created,
        }),
      );
    }
    collectionsOf.set(userId, own);
  }
  await insertAll(database, usersCollection, users);
  await insertAll(database, collectionsCollection, collections);

  const entries: Record<string, unknown>[] = [];
  let publicEntries = 0;
  let firstUserEntries = 0;
  const phrases: string[] = [];
  const first = userIds[0];
  for (let i = 0; i < options.entries; i++) {
    const author = userIds[i % userIds.length] as string;
    const language = random() < 0.6 ? corpus.english : corpus.french;
    const roll = random();
    const visibility = roll < 0.5 ? "private" : roll < 0.6 ? "unlisted" : "public";
    if (visibility === "public") publicEntries += 1;
    if (author === first) firstUserEntries += 1;
    const at = start + Math.floor(random() * (now - start));
    const date = formatDate(new Date(at - (at % DAY_MS)));
    const tags = new Set<string>();
    for (let n = Math.floor(random() * 3); n > 0; n--) tags.add(pick(TAGS));
    const paragraphs: string[] = [];
    for (let p = 1 + Math.floor(random() * 3); p > 0; p--)
      paragraphs.push(words(language, 20, 110));
    // A few phrases a reader would quote: three consecutive words of a public entry.
    if (visibility === "public" && phrases.length < MAX_PHRASES && i % PHRASE_EVERY === 0)
      phrases.push((paragraphs[0] ?? "").split(" ").slice(5, 8).join(" "));
    entries.push(
      storedRow(entriesCollection, {
        id: id(),
        author,
        name: `entry-${i.toString(36)}`,
        title: words(language, 2, 7),
        content: paragraphs.join("\n\n"),
        collection: random() < 0.5 ? pick(collectionsOf.get(author) ?? []) : "",
        visibility,
        tags: [...tags],
        date,
        attachments: [],
        created: formatDate(new Date(at)),
        updated: formatDate(new Date(at)),
      }),
    );
  }
  await insertAll(database, entriesCollection, entries);
  if (database.dialect.name === "postgres") await sql`ANALYZE`.execute(database.kysely);
  return { usernames, entries: entries.length, publicEntries, firstUserEntries, phrases };
}

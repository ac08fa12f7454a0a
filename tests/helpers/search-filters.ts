/**
 * Random filters of `GET /api/search` (`kind`, `collection`, `tag`, `author`, `from`, `to`) for
 * the search property tests, and a reference of their semantics in plain TypeScript: the
 * behaviour `search-params.ts` and the search registry document, restated without the SQL that
 * applies it (each field named here, not read from the registry):
 *
 * - `kind`: a comma list of collections (spaces around names allowed): those only;
 * - `collection`: entries whose `collection` is that id (posts and collections never match);
 * - `tag`: entries and posts carrying exactly that tag (collections never match);
 * - `author`: a user's id, or a username in any case: records whose author (a collection's
 *   `owner`) is that user; an unknown one matches nothing;
 * - `from`/`to`: bounds, inclusive, on the record's date (an entry's `date`, a post's
 *   `publishedAt`, `created` when empty; a collection's `created`); a day alone as `to` means
 *   that day's last millisecond. Any date format the API accepts, any time zone.
 *
 * A choice is drawn before the corpus exists and resolved against it when the query is sent:
 * an index picks a collection, a user or a record's date (one the query may find, mostly).
 */
import fc from "fast-check";
import type { Row } from "#server/data/db.ts";

/** Tags the corpus's entries and posts carry (a tag also joins their documents' text). */
export const TAGS = ["river", "jardin", "Été", "l'été"] as const;

const MIN_DATE = Date.UTC(2000, 0, 1);
const MAX_DATE = Date.UTC(2999, 11, 31, 23, 59, 59, 999);
const randomInstant = fc.integer({ min: MIN_DATE, max: MAX_DATE });
/** Instants the corpus's dates share, so that bounds fall on them or a millisecond off. */
const NOTABLE = [
  Date.UTC(2020, 0, 1),
  Date.UTC(2020, 0, 1, 12, 30),
  Date.UTC(2023, 5, 15),
  Date.UTC(2999, 0, 1),
];

/** PocketBase's date format. */
export const pocketbaseDate = (ms: number): string => new Date(ms).toISOString().replace("T", " ");

/** A record's stored date: empty, a shared instant (some given as a day alone), or any. */
export const storedDateArb = fc.oneof(
  fc.constant(""),
  fc.constantFrom(...NOTABLE.map(pocketbaseDate), "2023-06-15"),
  randomInstant.map(pocketbaseDate),
);

/**
 * How a bound is written; repeated names come more often (the formats whose reading differs
 * from the plain one's: offsets, digits past the millisecond, a day alone).
 */
const FORMATS = [
  "pocketbase",
  "iso",
  "offset",
  "offset",
  "compactOffset",
  "compactOffset",
  "nanos",
  "nanos",
  "seconds",
  "minutes",
  "day",
  "day",
  "paddedDay",
] as const;
type DateFormat = (typeof FORMATS)[number];
const OFFSETS = [0, 120, -330, 840, -720];

/** When a bound lies: a fixed instant, a corpus record's date (± 1 ms), or the request's time. */
type Moment =
  | { fixed: number }
  | { record: number; among: "found" | "any"; shift: number }
  | { now: true; shift: number };
interface Bound {
  at: Moment;
  format: DateFormat;
  /** Minutes east of UTC, for the formats with an offset. */
  offset: number;
  /** Digits past the millisecond, for `nanos`. */
  digits: string;
}

// Mostly on the corpus's dates (or a millisecond off), where a bound's edge decides.
const momentArb: fc.Arbitrary<Moment> = fc.oneof(
  {
    arbitrary: fc.record({
      record: fc.nat(40),
      among: fc.constantFrom("found", "found", "any"),
      shift: fc.constantFrom(-1, 0, 1),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      fixed: fc
        .tuple(fc.constantFrom(...NOTABLE), fc.constantFrom(-1, 0, 1))
        .map(([ms, shift]) => ms + shift),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ fixed: randomInstant }), weight: 1 },
  {
    arbitrary: fc.record({
      now: fc.constant(true as const),
      shift: fc.constantFrom(-60_000, 0, 86_400_000),
    }),
    weight: 1,
  },
);
const boundArb: fc.Arbitrary<Bound> = fc.record({
  at: momentArb,
  format: fc.constantFrom(...FORMATS),
  offset: fc.constantFrom(...OFFSETS),
  digits: fc.constantFrom("9", "999999", "000001"),
});

const two = (n: number) => String(Math.abs(n)).padStart(2, "0");
const DAY = 86_400_000;

/** A bound as sent, and the first (`from`) or last (`to`) instant it admits. */
function writeBound(ms: number, bound: Bound, end: boolean): { text: string; limit: number } {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const local = new Date(ms + bound.offset * 60_000).toISOString().slice(0, 23);
  const zone = `${bound.offset < 0 ? "-" : "+"}${two(Math.trunc(bound.offset / 60))}`;
  const minutes = two(bound.offset % 60);
  switch (bound.format) {
    case "pocketbase":
      return { text: pocketbaseDate(ms), limit: ms };
    case "iso":
      return { text: iso, limit: ms };
    case "offset":
      return { text: `${local}${zone}:${minutes}`, limit: ms };
    case "compactOffset":
      return { text: `${local.replace("T", " ")}${zone}${minutes}`, limit: ms };
    case "nanos":
      // Digits past the millisecond are dropped (not rounded), as PocketBase drops them.
      return { text: `${iso.slice(0, 23)}${bound.digits}Z`, limit: ms };
    case "seconds":
      return { text: iso.slice(0, 19).replace("T", " "), limit: ms - (ms % 1000) };
    case "minutes":
      return { text: iso.slice(0, 16), limit: ms - (ms % 60_000) };
    case "day":
    case "paddedDay": {
      const day = iso.slice(0, 10);
      const start = ms - (ms % DAY);
      return {
        text: bound.format === "day" ? day : ` ${day} `,
        limit: end ? start + DAY - 1 : start,
      };
    }
  }
}

const KINDS = ["entries", "posts", "collections"] as const;
/** A value of every filter. */
const valuesArb = fc.record({
  kind: fc.record({
    names: fc.shuffledSubarray([...KINDS], { minLength: 1 }),
    spaced: fc.boolean(),
  }),
  collection: fc.oneof(
    { arbitrary: fc.record({ index: fc.nat(2) }), weight: 3 },
    {
      arbitrary: fc.constantFrom({ unknown: "zzzzzzzzzzzzzzz" }, { unknown: "entry" }),
      weight: 1,
    },
  ),
  // A tag matches exactly: not in another case.
  tag: fc.oneof(
    { arbitrary: fc.constantFrom(...TAGS), weight: 3 },
    { arbitrary: fc.constantFrom("été", "River", "RIVER", "nope"), weight: 2 },
  ),
  author: fc.oneof(
    { arbitrary: fc.record({ user: fc.nat(2), as: fc.constant("id" as const) }), weight: 2 },
    {
      arbitrary: fc.record({
        user: fc.nat(2),
        as: fc.constant("username" as const),
        upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      }),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom("nobody", "user9", "USERID", "collection")
        .map((unknown) => ({ unknown })),
      weight: 1,
    },
  ),
  from: boundArb,
  to: boundArb,
});

type FilterValues = typeof valuesArb extends fc.Arbitrary<infer T> ? T : never;
/** Some filters of one query, before the corpus is known. */
export type FilterChoice = Partial<FilterValues>;

/** The filters' parameter names. */
export const FILTER_NAMES = ["kind", "collection", "tag", "author", "from", "to"] as const;
/** One to three filters (more would rarely leave anything to find). */
export const filtersArb: fc.Arbitrary<FilterChoice> = fc
  .tuple(valuesArb, fc.subarray([...FILTER_NAMES], { minLength: 1, maxLength: 3 }))
  .map(([values, names]) => Object.fromEntries(names.map((n) => [n, values[n]])));

/** No filter at all. */
export const NO_FILTERS: FilterChoice = {};

/** What a choice is resolved against. */
export interface FilterCorpus {
  /** The corpus's collections' ids, in their generated order. */
  collections: readonly string[];
  /** Any entry's id (not a collection's). */
  anEntry: string | undefined;
  users: readonly { id: string; username: string }[];
  /** Every record of the corpus (as a superuser lists them), by `name/id`. */
  records: readonly (readonly [string, Row])[];
  /** The records the query may find (the caller's that match it): there a bound's edge tells. */
  found: readonly (readonly [string, Row])[];
}

/** The filters a reference applies: absent ones are undefined; `none` when nothing matches. */
export interface ReferenceFilters {
  kinds?: readonly string[];
  collection?: string;
  tag?: string;
  authorId?: string;
  none?: boolean;
  from?: number;
  to?: number;
}

/** Which field each filter reads, per searchable collection. */
const FIELDS: Record<string, { owner: string; date: string; tags?: string; group?: string }> = {
  entries: { owner: "author", date: "date", tags: "tags", group: "collection" },
  posts: { owner: "author", date: "publishedAt", tags: "tags" },
  collections: { owner: "owner", date: "created" },
};

const instant = (value: unknown): number => Date.parse(String(value).replace(" ", "T"));

/** The date `from`/`to` compare, as an instant. */
export function recordDate(collection: string, record: Row): number {
  const fields = FIELDS[collection];
  if (!fields) throw new Error(`${collection} is not searchable`);
  const value = record[fields.date];
  return instant(typeof value === "string" && value !== "" ? value : record.created);
}

const pick = (list: readonly number[], index: number, fallback: number) =>
  list[index % Math.max(list.length, 1)] ?? fallback;

/**
 * Resolves a choice against the corpus: the query parameters to send, and the filters the
 * reference applies. `now` is the request's time.
 */
export function resolveFilters(
  choice: FilterChoice,
  corpus: FilterCorpus,
  now: number,
): { params: [string, string][]; reference: ReferenceFilters } {
  const params: [string, string][] = [];
  const reference: ReferenceFilters = {};
  if (choice.kind) {
    params.push(["kind", choice.kind.names.join(choice.kind.spaced ? " , " : ",")]);
    reference.kinds = choice.kind.names;
  }
  if (choice.collection) {
    const c = choice.collection;
    const id =
      "index" in c
        ? (corpus.collections[c.index] ?? "")
        : c.unknown === "entry"
          ? (corpus.anEntry ?? "")
          : c.unknown;
    if (id !== "") {
      params.push(["collection", id]);
      reference.collection = id;
    }
  }
  if (choice.tag !== undefined) {
    params.push(["tag", choice.tag]);
    reference.tag = choice.tag;
  }
  if (choice.author) {
    const a = choice.author;
    if ("user" in a) {
      const user = corpus.users[a.user];
      if (!user) throw new Error(`no user ${String(a.user)}`);
      const name =
        a.as === "id"
          ? user.id
          : Array.from(user.username, (ch, i) => (a.upper[i] ? ch.toUpperCase() : ch)).join("");
      params.push(["author", name]);
      reference.authorId = user.id;
    } else {
      const name =
        a.unknown === "USERID"
          ? (corpus.users[0]?.id ?? "").toUpperCase()
          : a.unknown === "collection"
            ? (corpus.collections[0] ?? "")
            : a.unknown;
      params.push(["author", name]);
      reference.none = true;
    }
  }
  const dateOf = ([key, record]: readonly [string, Row]) =>
    recordDate(key.split("/")[0] ?? "", record);
  const dates = { found: corpus.found.map(dateOf), any: corpus.records.map(dateOf) };
  for (const [name, bound] of [
    ["from", choice.from],
    ["to", choice.to],
  ] as const) {
    if (!bound) continue;
    const at = bound.at;
    const ms =
      "fixed" in at
        ? at.fixed
        : "now" in at
          ? now + at.shift
          : pick(dates[at.among].length ? dates[at.among] : dates.any, at.record, now) + at.shift;
    const { text, limit } = writeBound(ms, bound, name === "to");
    params.push([name, text]);
    reference[name] = limit;
  }
  return { params, reference };
}

/** Whether a record (as its GET answers) passes the filters. */
export function filtersMatch(collection: string, record: Row, filters: ReferenceFilters): boolean {
  const fields = FIELDS[collection];
  if (!fields) throw new Error(`${collection} is not searchable`);
  if (filters.none) return false;
  if (filters.kinds && !filters.kinds.includes(collection)) return false;
  if (filters.collection !== undefined) {
    if (!fields.group || record[fields.group] !== filters.collection) return false;
  }
  if (filters.tag !== undefined) {
    const tags = fields.tags ? record[fields.tags] : undefined;
    if (!Array.isArray(tags) || !tags.includes(filters.tag)) return false;
  }
  if (filters.authorId !== undefined && record[fields.owner] !== filters.authorId) return false;
  const date = recordDate(collection, record);
  if (filters.from !== undefined && date < filters.from) return false;
  if (filters.to !== undefined && date > filters.to) return false;
  return true;
}

/** Each filter of `filters` alone, by its parameter's name. */
export function eachFilter(filters: ReferenceFilters): [string, ReferenceFilters][] {
  const { kinds, collection, tag, authorId, none, from, to } = filters;
  const parts: [string, ReferenceFilters | false][] = [
    ["kind", kinds !== undefined && { kinds }],
    ["collection", collection !== undefined && { collection }],
    ["tag", tag !== undefined && { tag }],
    ["author", none ? { none } : authorId !== undefined && { authorId }],
    ["from", from !== undefined && { from }],
    ["to", to !== undefined && { to }],
  ];
  return parts.filter((p): p is [string, ReferenceFilters] => p[1] !== false);
}

/** The query string of a search: `q`, `perPage`, and the filters. */
export function searchUrl(q: string, params: readonly [string, string][]): string {
  const all: [string, string][] = [["perPage", "100"], ["q", q], ...params];
  return `/api/search?${all.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`;
}

/**
 * Property tests of full-text search through the real HTTP path, on every dialect (issue 14):
 * for random corpora of entries, posts and collections (any visibility, status, publication
 * date, collection, including a collection of another author) edited at random afterwards,
 * and random queries (words, accents, stems, prefixes, phrases, exclusions):
 *
 * - search never returns a record its caller could not GET, and returns it exactly as the GET
 *   does (guest, each user, a superuser);
 * - it returns exactly the records the caller can list whose document matches the query by
 *   the reference (`tests/helpers/search-reference.ts`): the same set on SQLite and
 *   PostgreSQL, whatever the engine's query syntax;
 * - `totalItems` counts them.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorRequest } from "#server/cli.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { findSearchSpec } from "#server/data/registry/search.ts";
import { parseQuery } from "#server/tools/fulltext/index.ts";
import { recordMatches } from "#tests/helpers/search-reference.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** Fixed seed: every run generates the same corpora (`SEARCH_SEED` explores others). */
const SEED = Number(process.env.SEARCH_SEED ?? 20261214);
/** `SEARCH_RUNS_SCALE=10` searches ten times longer. */
const SCALE = Number(process.env.SEARCH_RUNS_SCALE ?? 1);
const CORPUS_RUNS = 8 * SCALE;
const QUERIES_PER_CORPUS = 12;

/** Words of generated text: stems, accents, case, both languages, common words. */
const WORDS = [
  "lantern",
  "Lanterns",
  "river",
  "jardin",
  "jardins",
  "été",
  "ete",
  "Été",
  "running",
  "run",
  "cuisinées",
  "cuisinees",
  "le",
  "the",
  "walk",
  "walking",
  "l'été",
  "e-mail",
  "日本",
  "<b>",
  "a&b",
];
const text = (max: number) =>
  fc.array(fc.constantFrom(...WORDS), { maxLength: max }).map((w) => w.join(" "));
const VISIBILITY = fc.constantFrom("public", "unlisted", "private");

const corpusArb = fc.record({
  collections: fc.array(fc.record({ owner: fc.nat(2), title: text(3), visibility: VISIBILITY }), {
    minLength: 3,
    maxLength: 3,
  }),
  entries: fc.array(
    fc.record({
      author: fc.nat(2),
      title: text(3),
      content: text(8),
      visibility: VISIBILITY,
      tags: fc.array(fc.constantFrom("river", "jardin", "Été"), { maxLength: 2 }),
      // Any collection, another author's included (a superuser may write that).
      collection: fc.integer({ min: -1, max: 2 }),
    }),
    { minLength: 8, maxLength: 8 },
  ),
  posts: fc.array(
    fc.record({
      author: fc.nat(1),
      title: text(3),
      content: text(6),
      status: fc.constantFrom("draft", "published"),
      publishedAt: fc.constantFrom("", "2020-01-01 00:00:00.000Z", "2999-01-01 00:00:00.000Z"),
    }),
    { minLength: 4, maxLength: 4 },
  ),
  // Edits after indexing: each flips a record's visibility (or status) or retitles it.
  edits: fc.array(
    fc.record({
      target: fc.constantFrom("collections", "entries", "posts"),
      index: fc.nat(7),
      change: fc.oneof(
        fc.record({ visibility: VISIBILITY }),
        fc.record({ status: fc.constantFrom("draft", "published") }),
        fc.record({ title: text(2).filter((t) => t !== "") }),
      ),
    }),
    { maxLength: 4 },
  ),
  deletions: fc.array(fc.nat(7), { maxLength: 2 }),
});

type Corpus = typeof corpusArb extends fc.Arbitrary<infer T> ? T : never;

const clause = fc.oneof(
  fc.constantFrom(...WORDS).map((w) => `${w} `),
  fc.constantFrom(...WORDS).map((w) => `-${w} `),
  fc.constantFrom("lant", "jard", "walki", "cuisi", "riv").map((w) => `${w}* `),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `"${a} ${b}" `),
);
const queryArb = fc
  .tuple(fc.array(clause, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([clauses, typing]) => {
    const q = clauses.join("").trim();
    return typing ? q : `${q} `;
  });

type Viewer = { name: string; token?: string; superuser: boolean };

describe.each(DIALECTS)("search properties (%s)", (dialect) => {
  let app: TestApp;
  const users: { id: string; token: string }[] = [];
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    app = await createTestApp(dialect);
    for (const [i, role] of (["writer", "writer", ""] as const).entries()) {
      const login = await app.createUser({ username: `user${String(i)}`, role });
      users.push({ id: String(login.record.id), token: login.token });
    }
    const root = await app.createSuperuser();
    viewers.push(
      { name: "guest", superuser: false },
      ...users.map((u, i) => ({ name: `u${String(i)}`, token: u.token, superuser: false })),
      { name: "root", token: root.token, superuser: true },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string, viewer: Viewer) =>
    app.http.inject({
      method: "GET",
      url,
      headers: viewer.token ? { authorization: viewer.token } : {},
    });

  /** Every record of a collection the viewer can list, by id. */
  async function listed(collection: string, viewer: Viewer): Promise<Map<string, RecordData>> {
    const res = await get(`/api/collections/${collection}/records?perPage=500`, viewer);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: RecordData[] }>().items;
    return new Map(items.map((r) => [String(r.id), r]));
  }

  async function build(corpus: Corpus): Promise<string[]> {
    const created: string[] = [];
    const create = async (name: string, data: RecordData) => {
      const record = await app.records.create(requireCollection(name), operatorRequest(), data);
      created.push(`${name}/${String(record.id)}`);
      return String(record.id);
    };
    const collections: string[] = [];
    for (const c of corpus.collections)
      collections.push(
        await create("collections", {
          ...c,
          title: c.title || "untitled",
          owner: users[c.owner]?.id,
        }),
      );
    const entries: string[] = [];
    for (const e of corpus.entries) {
      entries.push(
        await create("entries", {
          ...e,
          title: e.title || "untitled",
          author: users[e.author]?.id,
          collection: e.collection >= 0 ? collections[e.collection] : "",
        }),
      );
    }
    const posts: string[] = [];
    for (const p of corpus.posts) {
      posts.push(
        await create("posts", { ...p, title: p.title || "untitled", author: users[p.author]?.id }),
      );
    }
    const ids = { collections, entries, posts };
    for (const edit of corpus.edits) {
      const list = ids[edit.target];
      const id = list[edit.index % list.length];
      const fields = requireCollection(edit.target).fields.map((f) => f.name);
      const change = Object.fromEntries(
        Object.entries(edit.change).filter(([key]) => fields.includes(key)),
      );
      if (id && Object.keys(change).length)
        await app.records.update(requireCollection(edit.target), operatorRequest(), id, change);
    }
    for (const index of corpus.deletions) {
      const id = entries[index % entries.length];
      if (id && created.includes(`entries/${id}`)) {
        await app.records.delete(requireCollection("entries"), operatorRequest(), id);
        created.splice(created.indexOf(`entries/${id}`), 1);
      }
    }
    return created;
  }

  async function clear(created: readonly string[]): Promise<void> {
    // Entries first: a collection's deletion would rewrite its entries.
    const order = ["entries", "posts", "collections"];
    const sorted = [...created].sort(
      (a, b) => order.indexOf(a.split("/")[0] ?? "") - order.indexOf(b.split("/")[0] ?? ""),
    );
    for (const key of sorted) {
      const [name = "", id = ""] = key.split("/");
      await app.records.delete(requireCollection(name), operatorRequest(), id);
    }
  }

  it("finds exactly what the caller may list and GET that matches, on any corpus", async () => {
    await fc.assert(
      fc.asyncProperty(
        corpusArb,
        fc.array(queryArb, { minLength: QUERIES_PER_CORPUS, maxLength: QUERIES_PER_CORPUS }),
        async (corpus, queries) => {
          const created = await build(corpus);
          try {
            // Superusers list everything: the related rows of the reference.
            const all = await listed("collections", viewers[viewers.length - 1] as Viewer);
            for (const viewer of viewers) {
              const visible = new Map<string, RecordData>();
              for (const name of ["entries", "posts", "collections"]) {
                for (const [id, record] of await listed(name, viewer))
                  visible.set(`${name}/${id}`, record);
              }
              for (const q of queries) {
                const query = parseQuery(q);
                const expected = [...visible]
                  .filter(([key, record]) => {
                    const name = key.split("/")[0] ?? "";
                    const spec = findSearchSpec(name);
                    const related =
                      name === "entries" ? all.get(String(record.collection)) : undefined;
                    return spec ? recordMatches(spec, record, related, query) : false;
                  })
                  .map(([key]) => key)
                  .sort();
                const res = await get(`/api/search?perPage=100&q=${encodeURIComponent(q)}`, viewer);
                expect(res.statusCode, q).toBe(200);
                const answer = res.json<{
                  totalItems: number;
                  items: { collectionName: string; id: string; record: RecordData }[];
                }>();
                const got = answer.items.map((i) => `${i.collectionName}/${i.id}`).sort();
                expect(got, `${viewer.name} searching ${JSON.stringify(q)}`).toEqual(expected);
                expect(answer.totalItems).toBe(expected.length);
                for (const item of answer.items) {
                  const view = await get(
                    `/api/collections/${item.collectionName}/records/${item.id}`,
                    viewer,
                  );
                  expect(view.statusCode, `${viewer.name} GET ${item.id}`).toBe(200);
                  expect(item.record).toEqual(view.json());
                }
              }
            }
          } finally {
            await clear(created);
          }
        },
      ),
      { numRuns: CORPUS_RUNS, seed: SEED, endOnFailure: true },
    );
  });
});

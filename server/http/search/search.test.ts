/**
 * `GET /api/search` (issue 14): every access case (guest, author, another user, an admin,
 * a superuser) over public, unlisted and private entries and collections and over published,
 * draft and scheduled posts; each result's `record` equals the record's GET for the same
 * caller (`expand` included, `fields` picking inside items); bad input is a PocketBase-shaped
 * 400, never a 500; search counts against `*:list` rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;
type Who = "guest" | "alice" | "bob" | "admin" | "root";

interface Item {
  collectionName: string;
  id: string;
  score: number;
  snippet: string;
  record: Record<string, unknown>;
}
interface Answer {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: Item[];
}

const FUTURE = "2999-01-01 00:00:00.000Z";
const PAST = "2020-05-01 10:00:00.000Z";

describe.each(DIALECTS)("GET /api/search (%s)", (dialect) => {
  let app: TestApp;
  const logins: Partial<Record<Who, Login>> = {};
  const tokens: Partial<Record<Who, string>> = {};
  /** Record ids by fixture name. */
  const ids: Record<string, string> = {};

  async function search(query: string, who: Who = "guest"): Promise<Answer> {
    const token = tokens[who];
    const res = await app.http.inject({
      method: "GET",
      url: `/api/search?${query}`,
      headers: token ? { authorization: token } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>();
  }

  /** The fixture names of the results, sorted. */
  async function found(query: string, who: Who = "guest"): Promise<string[]> {
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    const answer = await search(query, who);
    return answer.items.map((i) => byId.get(i.id) ?? i.id).sort();
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    for (const [who, data] of [
      ["alice", { username: "alice", role: "writer" }],
      ["bob", { username: "bob", role: "writer" }],
      ["admin", { username: "ada", role: "admin" }],
    ] as const) {
      const login = await app.createUser(data);
      logins[who] = login;
      tokens[who] = login.token;
    }
    tokens.root = (await app.createSuperuser()).token;
    const alice = logins.alice?.record.id;
    const bob = logins.bob?.record.id;
    const seed = async (name: string, collection: string, data: Record<string, unknown>) => {
      ids[name] = String((await app.seedRecord(collection, data)).id);
    };
    for (const visibility of ["public", "unlisted", "private"] as const) {
      await seed(`c_${visibility}`, "collections", {
        owner: alice,
        title: `Lantern notebook ${visibility}`,
        description: "Where the lantern notes go.",
        visibility,
      });
      await seed(`e_${visibility}`, "entries", {
        author: alice,
        title: `Lantern walk ${visibility}`,
        content: "We carried a *lantern* down to the river.",
        visibility,
        tags: ["night"],
      });
    }
    await seed("e_bob", "entries", {
      author: bob,
      title: "Bob's lantern",
      content: "A private lantern.",
      visibility: "private",
    });
    for (const [name, status, publishedAt] of [
      ["p_live", "published", PAST],
      ["p_draft", "draft", ""],
      ["p_scheduled", "published", FUTURE],
    ] as const) {
      await seed(name, "posts", {
        author: alice,
        title: `Lantern post ${name}`,
        content: "On lanterns.",
        status,
        publishedAt,
      });
    }
  });
  afterAll(async () => {
    await app.close();
  });

  describe("access: exactly the records API's rules", () => {
    const everything = [
      "c_private",
      "c_public",
      "c_unlisted",
      "e_bob",
      "e_private",
      "e_public",
      "e_unlisted",
      "p_draft",
      "p_live",
      "p_scheduled",
    ];
    const cases: [Who, string[]][] = [
      ["guest", ["c_public", "e_public", "p_live"]],
      ["bob", ["c_public", "e_bob", "e_public", "p_live"]],
      ["admin", ["c_public", "e_public", "p_live"]],
      ["alice", everything.filter((n) => n !== "e_bob")],
      ["root", everything],
    ];
    it.each(cases)("%s finds what they may list and GET", async (who, expected) => {
      expect(await found("q=lantern", who)).toEqual(expected);
    });

    it("never finds an unlisted record by naming its link in the search URL", async () => {
      for (const who of ["guest", "bob"] as const) {
        const names = await found(
          "q=lantern&name=lantern-walk-unlisted&author=alice&owner=alice",
          who,
        );
        expect(names).not.toContain("e_unlisted");
        expect(names).not.toContain("c_unlisted");
      }
    });

    it("answers each record exactly as its GET does, for the same caller", async () => {
      for (const who of ["guest", "alice", "bob", "root"] as const) {
        for (const expand of ["", "&expand=author", "&expand=collection,owner"]) {
          const answer = await search(`q=lantern&perPage=50${expand}`, who);
          expect(answer.items.length).toBeGreaterThan(0);
          for (const item of answer.items) {
            const token = tokens[who];
            const res = await app.http.inject({
              method: "GET",
              url: `/api/collections/${item.collectionName}/records/${item.id}?${expand.slice(1)}`,
              headers: token ? { authorization: token } : {},
            });
            expect(res.statusCode).toBe(200);
            expect(item.record).toEqual(res.json());
          }
        }
      }
    });

    it("hides no less than a GET: hidden fields and other users' emails stay out", async () => {
      const answer = await search("q=lantern&expand=author", "bob");
      const text = JSON.stringify(answer);
      expect(text).not.toContain("alice@example.com");
      expect(text).not.toContain("tokenKey");
      expect(text).not.toContain("password");
    });
  });

  describe("answer shape", () => {
    it("pages like a list, with each item's collection, id, score, snippet and record", async () => {
      const answer = await search("q=lantern&perPage=2&page=2", "alice");
      expect(Object.keys(answer)).toEqual(["items", "page", "perPage", "totalItems", "totalPages"]);
      expect(answer).toMatchObject({ page: 2, perPage: 2, totalItems: 9, totalPages: 5 });
      expect(answer.items).toHaveLength(2);
      for (const item of answer.items) {
        expect(Object.keys(item)).toEqual(["collectionName", "id", "score", "snippet", "record"]);
        expect(item.score).toBeGreaterThanOrEqual(0);
        expect(item.score).toBeLessThan(1);
        expect(item.record.id).toBe(item.id);
        expect(item.record.collectionName).toBe(item.collectionName);
      }
      const past = await search("q=lantern&perPage=5&page=9", "alice");
      expect(past).toMatchObject({ page: 9, totalItems: 9, totalPages: 2, items: [] });
      const skipped = await search("q=lantern&skipTotal=1", "alice");
      expect(skipped).toMatchObject({ totalItems: -1, totalPages: -1 });
      expect(skipped.items).toHaveLength(9);
    });

    it("picks fields inside the items, as lists do", async () => {
      const res = await app.http.inject({
        method: "GET",
        url: "/api/search?q=lantern&fields=id,snippet,record.title",
      });
      const answer = res.json<{ items: Record<string, unknown>[]; totalItems: number }>();
      expect(answer.totalItems).toBe(3);
      for (const item of answer.items) {
        expect(Object.keys(item).sort()).toEqual(["id", "record", "snippet"]);
        expect(Object.keys(item.record as object)).toEqual(["title"]);
      }
    });

    it("is callable like the SDK's pb.send, with repeated parameters read once", async () => {
      const res = await app.http.inject({
        method: "GET",
        url: "/api/search?q=lantern&q=ignored&kind=posts",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().items.map((i) => i.id)).toEqual([ids.p_live]);
    });
  });

  describe("bad input: PocketBase-shaped errors, never a 500", () => {
    const rows: TableScenario<Who>[] = [
      {
        name: "missing q",
        as: "guest",
        method: "GET",
        url: "/api/search",
        expectedStatus: 400,
        expectedContent: ['"q":{"code":"validation_required","message":"Cannot be blank."}'],
      },
      {
        name: "blank q",
        as: "alice",
        method: "GET",
        url: "/api/search?q=%20%20%09",
        expectedStatus: 400,
        expectedContent: ['"validation_required"', '"status":400'],
      },
      {
        name: "q over 500 characters",
        as: "guest",
        method: "GET",
        url: `/api/search?q=${"é".repeat(501)}`,
        expectedStatus: 400,
        expectedContent: [
          '"q":{"code":"validation_length_too_long","message":"The length must be no more than 500.","params":{"max":500}}',
        ],
      },
      {
        name: "unknown kind",
        as: "guest",
        method: "GET",
        url: "/api/search?q=lantern&kind=entries,users",
        expectedStatus: 400,
        expectedContent: ['"kind":{"code":"validation_in_invalid"'],
      },
      {
        name: "bad dates",
        as: "guest",
        method: "GET",
        url: "/api/search?q=lantern&from=yesterday&to=2024-13-45",
        expectedStatus: 400,
        expectedContent: [
          '"from":{"code":"validation_invalid_date"',
          '"to":{"code":"validation_invalid_date"',
        ],
      },
      {
        name: "bad page",
        as: "guest",
        method: "GET",
        url: "/api/search?q=lantern&page=two",
        expectedStatus: 400,
        expectedContent: ['"status":400'],
      },
      {
        name: "bad perPage",
        as: "guest",
        method: "GET",
        url: "/api/search?q=lantern&perPage=1e3",
        expectedStatus: 400,
      },
      {
        name: "bad skipTotal",
        as: "guest",
        method: "GET",
        url: "/api/search?q=lantern&skipTotal=maybe",
        expectedStatus: 400,
      },
      {
        name: "a bad expand is ignored as on a GET",
        as: "guest",
        method: "GET",
        url: "/api/search?q=lantern&expand=nope,author.nope",
        expectedStatus: 200,
      },
      {
        name: "other methods are not routes",
        as: "alice",
        method: "POST",
        url: "/api/search?q=lantern",
        body: {},
        expectedStatus: 404,
      },
    ];
    it.each(rows.map((r) => [r.name, r] as const))("%s", async (_name, row) => {
      await tableRunner(() => app, ids, tokens).check(row);
    });

    it("searches as a guest with a forged or malformed token, as lists do", async () => {
      for (const token of ["Bearer nonsense", "eyJhbGciOiJIUzI1NiJ9.e30.forged"]) {
        const res = await app.http.inject({
          method: "GET",
          url: "/api/search?q=lantern",
          headers: { authorization: token },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json<Answer>().totalItems).toBe(3);
      }
    });

    it("accepts exactly 500 characters", async () => {
      expect((await search(`q=${"a".repeat(500)}`)).items).toEqual([]);
    });

    it("reads query syntax of the engines as plain words", async () => {
      const hostile = [
        'lantern" OR "x',
        "NEAR(lantern walk)",
        "{title}: lantern",
        "lantern & !walk | x:*",
        "'lantern' <-> 'walk'",
        "^lantern* -* -- ;DROP TABLE entries",
        "\u0000lantern",
        "*",
        '"',
        "💡 lantern\u202e",
      ];
      for (const q of hostile) {
        const res = await app.http.inject({
          method: "GET",
          url: `/api/search?q=${encodeURIComponent(q)}`,
        });
        expect(res.statusCode, q).toBe(200);
        expect(res.body, q).not.toMatch(/sqlite|syntax|tsquery|SELECT/i);
      }
    });

    it("finds nothing for filters that name nothing, NUL bytes included", async () => {
      for (const filter of [
        "tag=%00",
        "collection=%00x",
        "author=%00",
        "author=nobody",
        "tag=' OR 1=1 --",
        "collection=nope",
      ]) {
        const answer = await search(`q=lantern&${filter}`);
        expect(answer.items, filter).toEqual([]);
        expect(answer.totalItems, filter).toBe(0);
      }
    });

    it("clamps perPage to 100 and reads 0 as the default 30", async () => {
      expect((await search("q=lantern&perPage=5000")).perPage).toBe(100);
      expect((await search("q=lantern&perPage=0")).perPage).toBe(30);
    });
  });
});

describe.each(DIALECTS)("GET /api/search rate limits (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMITS: JSON.stringify([
        { label: "*:list", audience: "@guest", duration: 60, maxRequests: 2 },
        { label: "/api/", duration: 60, maxRequests: 50 },
      ]),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts a search like a list, in its own bucket", async () => {
    const call = (url: string) =>
      app.http.inject({ method: "GET", url, remoteAddress: "198.51.100.77" });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call("/api/search?q=x")).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call("/api/search?q=x")).body).toBe(
      '{"data":{},"message":"Too Many Requests.","status":429}\n',
    );
    // Lists have their own count.
    expect((await call("/api/collections/posts/records")).statusCode).toBe(200);
  });
});

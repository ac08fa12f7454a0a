/**
 * What `GET /api/search` finds and how it orders it, the same on both engines (ADR 043):
 * English and French stems, folded accents and case, phrases, exclusions, prefixes while
 * typing, filters (kind, collection, tag, author, dates), ranking with recency breaking ties,
 * highlighted snippets, and scheduled posts that appear when their time comes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

interface Item {
  collectionName: string;
  id: string;
  score: number;
  snippet: string;
  record: Record<string, unknown>;
}

describe.each(DIALECTS)("search matching (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;
  const ids: Record<string, string> = {};
  const names = new Map<string, string>();

  async function items(query: string, login?: Login): Promise<Item[]> {
    const res = await app.http.inject({
      method: "GET",
      url: `/api/search?${query}`,
      headers: login ? { authorization: login.token } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Item[] }>().items;
  }

  /** Fixture names of the results, in result order. */
  async function found(q: string, extra = "", login?: Login): Promise<string[]> {
    const list = await items(`q=${encodeURIComponent(q)}${extra}`, login);
    return list.map((i) => names.get(i.id) ?? i.id);
  }

  const sorted = async (q: string, extra = "", login?: Login) =>
    (await found(q, extra, login)).sort();

  async function seed(name: string, collection: string, data: Record<string, unknown>) {
    const record = await app.seedRecord(collection, data);
    ids[name] = String(record.id);
    names.set(String(record.id), name);
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "Alice", role: "writer" });
    bob = await app.createUser({ username: "bob", role: "writer" });
    const a = alice.record.id;
    const b = bob.record.id;
    await seed("garden", "collections", {
      owner: a,
      title: "Carnet du potager",
      visibility: "public",
    });
    const entry = (name: string, data: Record<string, unknown>) =>
      seed(name, "entries", { author: a, visibility: "public", ...data });
    await entry("jardins", {
      title: "Les jardins d'été",
      content: "Nous avons planté des tomates dans le jardin et les enfants couraient.",
      tags: ["jardin", "famille"],
      date: "2024-07-14 00:00:00.000Z",
      collection: ids.garden,
    });
    await entry("running", {
      title: "Morning run",
      content: "I was running along the river before breakfast, as the city woke up.",
      tags: ["running"],
      date: "2024-03-02 00:00:00.000Z",
    });
    await entry("cuisine", {
      title: "Recettes",
      content: "Les courgettes cuisinées au four avec du thym, c'était délicieux.",
      date: "2023-11-20 00:00:00.000Z",
    });
    await entry("weeds", {
      title: "Weeding day",
      content: "The garden was full of weeds; we pulled them all afternoon.",
      tags: ["garden"],
      date: "2022-06-01 00:00:00.000Z",
    });
    await entry("phrase", {
      title: "Notes",
      content: "A walk in the old garden and then the new bridge over the river.",
      date: "2021-01-10 00:00:00.000Z",
    });
    await seed("post", "posts", {
      author: b,
      title: "Garden tools",
      excerpt: "What I use in the garden.",
      content: "Spades, forks and a <script>alert(1)</script> good hat.",
      status: "published",
      publishedAt: "2024-05-05 09:00:00.000Z",
      tags: ["garden", "tools"],
    });
    // A word in an old title outranks the same word in a newer text only.
    await entry("title_old", {
      title: "Wombat burrows",
      content: "Dug deep under the hill.",
      date: "2019-01-01 00:00:00.000Z",
    });
    await entry("text_new", {
      title: "Hill walk",
      content: "A wombat crossed the path at dusk.",
      date: "2025-06-01 00:00:00.000Z",
    });
    // Equal text, different dates: recency decides.
    await entry("twin_old", {
      title: "Quokka",
      content: "Quokka sighting.",
      date: "2020-01-01 00:00:00.000Z",
    });
    await entry("twin_new", {
      title: "Quokka",
      content: "Quokka sighting.",
      date: "2025-01-01 00:00:00.000Z",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  describe("language", () => {
    it("finds French and English words by their stems", async () => {
      expect(await sorted("jardin ")).toContain("jardins");
      expect(await sorted("jardins ")).toContain("jardins");
      expect(await sorted("run ")).toEqual(["running"]);
      expect(await sorted("runs ")).toEqual(["running"]);
      expect(await sorted("courgette ")).toEqual(["cuisine"]);
    });

    it("folds accents and case, both ways", async () => {
      expect(await sorted("ete ")).toEqual(["jardins"]);
      expect(await sorted("ÉTÉ ")).toEqual(["jardins"]);
      expect(await sorted("cuisinees ")).toEqual(["cuisine"]);
      expect(await sorted("cuisinées ")).toEqual(["cuisine"]);
      expect(await sorted("DELICIEUX ")).toEqual(["cuisine"]);
    });

    it("matches quoted phrases word for word, in order, within one field", async () => {
      expect(await sorted('"the old garden"')).toEqual(["phrase"]);
      expect(await sorted('"garden old"')).toEqual([]);
      // Title and content are separate fields: no phrase across them.
      expect(await sorted('"notes a walk"')).toEqual([]);
    });

    it("leaves out what an excluded word or phrase matches", async () => {
      expect(await sorted("garden -weeds")).toEqual(["phrase", "post"]);
      expect(await sorted('garden -"old garden"')).toEqual(["post", "weeds"]);
    });

    it("matches the word being typed as a prefix, and word* anywhere", async () => {
      expect(await sorted("riv")).toEqual(["phrase", "running"]);
      expect(await sorted("riv ")).toEqual([]);
      expect(await sorted("quok* sighting ")).toEqual(["twin_new", "twin_old"]);
    });

    it("requires every word, and leaves common words out", async () => {
      expect(await sorted("garden river ")).toEqual(["phrase"]);
      expect(await sorted("the garden of the ")).toEqual(["phrase", "post", "weeds"]);
    });

    it("finds a public entry by its public collection's title", async () => {
      expect(await sorted("potager ")).toEqual(["garden", "jardins"]);
    });
  });

  describe("order and snippets", () => {
    it("ranks by relevance: a word in the title before a word in the text", async () => {
      const order = await found("garden ");
      expect(order[0]).toBe("post");
      expect(order).toHaveLength(3);
    });

    it("scores a word in the title above the same word in the text, whatever their dates", async () => {
      const list = await items(`q=${encodeURIComponent("wombat")}`);
      expect(list.map((i) => names.get(i.id))).toEqual(["title_old", "text_new"]);
      const [title, text] = list.map((i) => i.score);
      expect(title).toBeGreaterThan(text ?? 1);
      expect(text).toBe(0);
    });

    it("scores from the document alone: others' private entries change nothing", async () => {
      await seed("zebu_public", "entries", {
        author: bob.record.id,
        title: "Zebu",
        content: "A zebu in the field, and a zebu again.",
        visibility: "public",
      });
      const scores = async () =>
        (await items(`q=${encodeURIComponent("zebu field")}`)).map((i) => [i.id, i.score]);
      const before = await scores();
      expect(before).toHaveLength(1);
      for (let i = 0; i < 12; i++) {
        await app.seedRecord("entries", {
          author: alice.record.id,
          title: i % 2 ? "Zebu" : "Field notes",
          content: `zebu ${"field ".repeat(i)} ${"filler ".repeat(40 * i)}`,
          visibility: "private",
        });
      }
      expect(await scores()).toEqual(before);
    });

    it("breaks ties by recency", async () => {
      expect(await found("quokka ")).toEqual(["twin_new", "twin_old"]);
    });

    it("marks the matches in escaped text", async () => {
      const [post] = await items(`q=${encodeURIComponent("spades hat")}&kind=posts`);
      expect(post?.snippet).toBe(
        "<mark>Spades</mark>, forks and a &lt;script&gt;alert(1)&lt;/script&gt; good <mark>hat</mark>.",
      );
      const [entry] = await items(`q=${encodeURIComponent("ete")}`);
      expect(entry?.snippet).toBe(
        "Nous avons planté des tomates dans le jardin et les enfants couraient.",
      );
      const [cuisine] = await items(`q=${encodeURIComponent("four thym")}`);
      expect(cuisine?.snippet).toBe(
        "Les courgettes cuisinées au <mark>four</mark> avec du <mark>thym</mark>, c’était délicieux.",
      );
    });

    it("separates a snippet's blocks: headings, list items, cells and lines never run together", async () => {
      await seed("blocks", "entries", {
        author: alice.record.id,
        title: "Ocelot notes",
        content:
          "## Heading text\n- List item one\n- List item two\n\n| Cell one | Cell two |\n|---|---|\n| ocelot | end |\n\nLine one\nLine two",
        visibility: "public",
      });
      const [blocks] = await items(`q=${encodeURIComponent("item ocelot")}`);
      expect(blocks?.snippet).toBe(
        "Heading text List <mark>item</mark> one List <mark>item</mark> two Cell one Cell two <mark>ocelot</mark> end Line one Line two",
      );
    });
  });

  describe("filters", () => {
    it("keeps the kinds asked for", async () => {
      expect(await sorted("garden ", "&kind=posts")).toEqual(["post"]);
      expect(await sorted("potager ", "&kind=collections")).toEqual(["garden"]);
      expect(await sorted("garden ", "&kind=entries,collections")).toEqual(["phrase", "weeds"]);
    });

    it("keeps one exact tag (posts and entries only)", async () => {
      expect(await sorted("garden ", "&tag=garden")).toEqual(["post", "weeds"]);
      expect(await sorted("garden ", "&tag=Garden")).toEqual([]);
      expect(await sorted("potager ", "&tag=jardin")).toEqual(["jardins"]);
    });

    it("keeps one author, by id or username in any case", async () => {
      expect(await sorted("garden ", `&author=${bob.record.id as string}`)).toEqual(["post"]);
      expect(await sorted("garden ", "&author=BOB")).toEqual(["post"]);
      expect(await sorted("garden ", "&author=alice")).toEqual(["phrase", "weeds"]);
    });

    it("keeps the entries of one collection", async () => {
      expect(await sorted("potager ", `&collection=${ids.garden ?? ""}`)).toEqual(["jardins"]);
    });

    it("keeps a date range: entry dates, publication dates, days inclusive", async () => {
      expect(await sorted("garden ", "&from=2022-06-01&to=2024-05-05")).toEqual(["post", "weeds"]);
      expect(await sorted("garden ", "&to=2022-05-31")).toEqual(["phrase"]);
      expect(await sorted("garden ", "&from=2024-05-05T09:00:01Z")).toEqual([]);
    });
  });

  it("finds a scheduled post once its time has come, without re-indexing", async () => {
    const at = new Date(Date.now() + 1500).toISOString().replace("T", " ");
    await seed("soon", "posts", {
      author: bob.record.id,
      title: "Zeppelin arrives",
      status: "published",
      publishedAt: at,
    });
    expect(await sorted("zeppelin ")).toEqual([]);
    expect(await sorted("zeppelin ", "", bob)).toEqual(["soon"]);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await sorted("zeppelin ")).toEqual(["soon"]);
    expect(await sorted("zeppelin ", "", alice)).toEqual(["soon"]);
  });
});

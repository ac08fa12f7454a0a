/**
 * The search statement's plan on SQLite: each match is joined to its entry or post through
 * the covering index of that join (`idx_search_entries`, `idx_search_posts`), never through
 * the primary key and the row, whatever the caller's rule (a guest's equality, a user's OR).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { parseQuery } from "../../tools/fulltext/index.ts";
import { OPEN_ACCESS_KEY, SEARCH_SPECS } from "../registry/search.ts";
import { documentText, searchHitsStatement, type SearchPart } from "./search-repository.ts";

const column = (name: string) => sql.ref(`_t.${name}`);

const RULES = {
  guest: {
    entries: sql`${column("visibility")} = 'public' AND ${column("visibility")} <> 'private'`,
    posts: sql`${column("status")} = 'published' AND ${column("publishedAt")} <> '' AND ${column("publishedAt")} <= '2026-01-01'`,
  },
  user: {
    entries: sql`(${column("visibility")} = 'public' OR ${column("author")} = 'u1') AND (${column("visibility")} <> 'private' OR ${column("author")} = 'u1')`,
    posts: sql`(${column("status")} = 'published' OR ${column("author")} = 'u1')`,
  },
};

describe.runIf(DIALECTS.includes("sqlite"))("search statement plan (sqlite)", () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase("sqlite");
  });
  afterAll(async () => {
    await fresh.close();
  });

  it.each(Object.entries(RULES))(
    "joins the matches through the covering indexes for a %s",
    async (_who, rules) => {
      const { database } = fresh;
      const parts: SearchPart[] = [
        { collectionName: "entries", where: rules.entries },
        { collectionName: "posts", where: rules.posts },
      ];
      const matches = database.dialect.fulltext.matches(
        parseQuery("garden"),
        ["entries", "posts"],
        true,
        [OPEN_ACCESS_KEY],
      );
      const statement = searchHitsStatement(database, matches, parts, {
        limit: 30,
        offset: 0,
        withTotal: true,
      }).compile(database.kysely);
      const rows = await database.kysely.executeQuery<{ detail: string }>({
        ...statement,
        sql: `EXPLAIN QUERY PLAN ${statement.sql}`,
      });
      const details = rows.rows.map((r) => r.detail).join("\n");
      expect(details).toContain("USING COVERING INDEX idx_search_entries");
      expect(details).toContain("USING COVERING INDEX idx_search_posts");
      expect(details).not.toContain("sqlite_autoindex");
    },
  );
});

describe("a record's document text", () => {
  const posts = SEARCH_SPECS.find((spec) => spec.collection === "posts");
  const entries = SEARCH_SPECS.find((spec) => spec.collection === "entries");

  it("carries the language a post declares, and none where it declares none", () => {
    if (!posts || !entries) throw new Error("posts and entries are searchable");
    const post = { title: "Jardins", tags: "[]", excerpt: "", content: "The gardens." };
    expect(documentText(posts, { ...post, lang: "fr" }).language).toBe("f");
    expect(documentText(posts, { ...post, lang: "en" }).language).toBe("e");
    expect(documentText(posts, { ...post, lang: "" }).language).toBeUndefined();
    expect(documentText(entries, { title: "Jardins", content: "" }).language).toBeUndefined();
  });
});

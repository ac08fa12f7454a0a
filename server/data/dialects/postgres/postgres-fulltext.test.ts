import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { analyzeDocument, parseQuery } from "../../../tools/fulltext/index.ts";
import { up as upgradeSearchHead } from "../../migrations/1796500000-search-head.ts";
import { OPEN_ACCESS_KEY } from "../../registry/search.ts";
import { withSearchSettings } from "../../repositories/search-repository.ts";
import { tsqueryLiteral, tsvectorLiteral } from "./postgres-fulltext.ts";

describe("PostgreSQL full-text literals", () => {
  it("writes words and stems at their positions, head weighted A, fields one position apart", () => {
    const document = analyzeDocument({ head: ["Jardins", "potager"], body: ["Le jardin"] });
    expect(tsvectorLiteral(document)).toBe(
      "'wjardins':2A 'ejardin':2A,7 'fjardin':2A,7 'wpotager':4A 'epotag':4A 'fpotag':4A " +
        "'wle':6 'ele':6 'fle':6 'wjardin':7",
    );
  });

  it("keeps at most 256 positions per lexeme and clamps positions to 16,383", () => {
    const words = Array.from({ length: 17_000 }, () => "yak").join(" ");
    const literal = tsvectorLiteral(analyzeDocument({ head: [], body: [words] }));
    const positions = /'wyak':([\d,]+)/.exec(literal)?.[1]?.split(",") ?? [];
    expect(positions).toHaveLength(256);
    const long = tsvectorLiteral(
      analyzeDocument({ head: [], body: [`${"x ".repeat(17_000)}zebra quagga`] }),
    );
    expect(long).toContain("'wzebra':16383 ");
    expect(long).toContain("'wquagga':16383 ");
  });

  it("keeps access keys as lexemes without positions, and asks for one of them", () => {
    const document = analyzeDocument({ head: ["Yak"], body: [] });
    expect(tsvectorLiteral(document, false, ["xopen", "xo616263"])).toBe(
      "'wyak':2A 'eyak':2A 'fyak':2A 'xopen' 'xo616263'",
    );
    expect(tsqueryLiteral(parseQuery("yak -ox"), ["xopen", "xo616263"])).toBe(
      "('eyak' | 'fyak') & ('xopen' | 'xo616263') & !('eox' | 'fox')",
    );
  });

  it("translates clauses: stems or prefix, phrases, exclusions", () => {
    expect(tsqueryLiteral(parseQuery('jardins -"mauvaise herbe" pot'))).toBe(
      "('ejardin' | 'fjardin') & ('epot' | 'fpot' | 'wpot':*) & !('wmauvaise' <-> 'wherbe')",
    );
  });

  it("quotes lexemes whatever they hold", () => {
    const literal = tsqueryLiteral({
      include: [{ kind: "phrase", words: ["it's", "a\\b"] }],
      exclude: [],
    });
    expect(literal).toBe("('wit''s' <-> 'wa\\\\b')");
  });
});

describe.runIf(DIALECTS.includes("postgres"))("PostgreSQL search statements", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("postgres");
  });
  afterAll(async () => {
    await app.close();
  });

  it("rank with the small head vector, filled again by the migration that adds it", async () => {
    const user = await app.createUser();
    await app.seedRecord("entries", {
      author: user.record.id,
      title: "Yaks at dawn",
      content: "Nothing about the other animal.",
      visibility: "public",
    });
    const db = app.records.db;
    // The index as the first version made it: no head vector.
    await sql`ALTER TABLE "_searchDocs" DROP COLUMN "head"`.execute(db.kysely);
    await upgradeSearchHead(db.kysely, db.dialect);
    const heads = await sql<{ head: string }>`SELECT "head" FROM "_searchDocs"`.execute(db.kysely);
    expect(heads.rows.map((row) => row.head).join(" ")).toContain("'wyaks':2A");
    expect(heads.rows.map((row) => row.head).join(" ")).not.toContain("animal");
  });

  it("always go through the GIN index, never a scan of every vector", async () => {
    const db = app.records.db;
    const matches = db.dialect.fulltext.matches(parseQuery("jardin"), ["entries"], true, [
      OPEN_ACCESS_KEY,
    ]);
    const plan = await withSearchSettings(db, async (tx) => {
      const result = await sql<{ "QUERY PLAN": string }>`EXPLAIN ${matches}`.execute(tx.kysely);
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("idx__searchDocs_vector");
    expect(plan).not.toMatch(/Seq Scan on "_searchDocs"/);
    // The setting lasts for the search's own transaction only.
    const after = await sql<{ enable_seqscan: string }>`SHOW enable_seqscan`.execute(db.kysely);
    expect(after.rows[0]?.enable_seqscan).toBe("on");
  });
});

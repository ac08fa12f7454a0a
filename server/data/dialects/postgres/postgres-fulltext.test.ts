import { describe, expect, it } from "vitest";
import { analyzeDocument, parseQuery } from "../../../tools/fulltext/index.ts";
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

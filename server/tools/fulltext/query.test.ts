import { describe, expect, it } from "vitest";
import { canMatch, MAX_QUERY_CLAUSES, parseQuery, type QueryClause } from "./query.ts";

const describeClause = (c: QueryClause) =>
  c.kind === "term" ? `${c.word}${c.prefix ? "*" : ""}` : `"${c.words.join(" ")}"`;
const parsed = (q: string) => {
  const query = parseQuery(q);
  return { include: query.include.map(describeClause), exclude: query.exclude.map(describeClause) };
};

describe("parseQuery", () => {
  it("reads words, the last one as a prefix while it is being typed", () => {
    expect(parsed("jardin potag")).toEqual({ include: ["jardin", "potag*"], exclude: [] });
    expect(parsed("jardin potager ")).toEqual({ include: ["jardin", "potager"], exclude: [] });
    expect(parsed("j")).toEqual({ include: ["j"], exclude: [] });
  });

  it("reads quoted phrases (closed or not) and words written with punctuation as phrases", () => {
    expect(parsed('"jardin d\'hiver" e-mail 日本 "unclosed phrase')).toEqual({
      include: ['"jardin hiver"', '"e mail"', '"日 本"', '"unclosed phrase"'],
      exclude: [],
    });
    expect(parsed('"Été"')).toEqual({ include: ['"ete"'], exclude: [] });
  });

  it("reads exclusions of words and phrases; a lone dash is nothing", () => {
    expect(parsed('jardin -tomates -"mauvaises herbes" - x-y')).toEqual({
      include: ["jardin", '"x y"'],
      exclude: ["tomates", '"mauvaises herbes"'],
    });
    // An excluded last word is not a prefix.
    expect(parsed("jardin -tom")).toEqual({ include: ["jardin"], exclude: ["tom"] });
  });

  it("reads word* as a prefix anywhere, from three letters", () => {
    expect(parsed("jard* potager ab*")).toEqual({
      include: ["jard*", "potager", "ab"],
      exclude: [],
    });
  });

  it("leaves common words out when other words remain, keeps them otherwise", () => {
    expect(parsed("the garden of le jardin ")).toEqual({
      include: ["garden", "jardin"],
      exclude: [],
    });
    expect(parsed("the ")).toEqual({ include: ["the"], exclude: [] });
    expect(parsed('"the end"')).toEqual({ include: ['"the end"'], exclude: [] });
  });

  it("folds case and accents, drops duplicates, keeps stems of both languages", () => {
    const query = parseQuery("Jardins jardins JARDINS ");
    expect(query.include).toEqual([
      { kind: "term", word: "jardins", stems: ["ejardin", "fjardin"], prefix: false },
    ]);
  });

  it("matches nothing without words to look for", () => {
    for (const q of ["", "   ", "!!! ???", "-", "-jardin", '""', "- -"]) {
      expect(canMatch(parseQuery(q)), q).toBe(false);
    }
  });

  it("keeps at most MAX_QUERY_CLAUSES clauses", () => {
    const q = Array.from({ length: 100 }, (_, i) => `w${String(i)}`).join(" ");
    expect(parseQuery(q).include).toHaveLength(MAX_QUERY_CLAUSES);
  });
});

import { describe, expect, it } from "vitest";
import { parseQuery } from "../../../tools/fulltext/index.ts";
import { clauseQuery, fts5Query } from "./sqlite-fulltext.ts";

describe("SQLite full-text queries", () => {
  it("translates clauses: stems or prefix, phrases, exclusions", () => {
    expect(fts5Query(parseQuery('jardins -"mauvaise herbe" pot'))).toBe(
      '({headStems bodyStems} : ("ejardin" OR "fjardin")) AND ' +
        '({headStems bodyStems} : ("epot" OR "fpot") OR {headWords bodyWords} : "pot"*) NOT ' +
        '({headWords bodyWords} : "mauvaise herbe")',
    );
  });

  it("asks for one of the caller's access keys, kept in the body's stems", () => {
    expect(fts5Query(parseQuery("yak -ox"), ["xopen", "xo616263"])).toBe(
      '({headStems bodyStems} : ("eyak" OR "fyak")) AND ({bodyStems} : ("xopen" OR "xo616263")) NOT ' +
        '({headStems bodyStems} : ("eox" OR "fox"))',
    );
  });

  it("looks for one clause in the head only, for the rank", () => {
    const [clause] = parseQuery("jard").include;
    expect(clause && clauseQuery(clause, "head")).toBe(
      '({headStems} : ("ejard" OR "fjard") OR {headWords} : "jard"*)',
    );
  });

  it("quotes strings whatever they hold", () => {
    expect(fts5Query({ include: [{ kind: "phrase", words: ['a"b', "c"] }], exclude: [] })).toBe(
      '({headWords bodyWords} : "a""b c")',
    );
  });
});

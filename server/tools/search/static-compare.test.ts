import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asciiLower,
  compareStatic,
  compareText,
  endsWithLoneEscape,
  isNumericText,
  likeMatch,
  likePattern,
  type BaseOperator,
} from "./static-compare.ts";

describe("isNumericText", () => {
  it.each(["0", "12", "-3", "+4", "2.5", ".5", "5.", "1e3", "1E-2", " 7 ", "\t8\n"])(
    "accepts %j",
    (value) => {
      expect(isNumericText(value)).toBe(true);
    },
  );

  it.each(["", " ", "abc", "1a", "0x10", "1e", "--1", "1.2.3", "Infinity", "NaN", "1 2", "½"])(
    "refuses %j",
    (value) => {
      expect(isNumericText(value)).toBe(false);
    },
  );
});

describe("likePattern", () => {
  it("escapes wildcards and wraps a plain literal as a contains pattern", () => {
    expect(likePattern("abc")).toBe("%abc%");
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePattern("a\\b")).toBe("%a\\\\b%");
    expect(likePattern("\\%")).toBe("%\\\\\\%%");
    expect(likePattern("")).toBe("%%");
  });

  it("keeps a literal holding an unescaped % as written", () => {
    expect(likePattern("pb_%")).toBe("pb_%");
    expect(likePattern("%end")).toBe("%end");
    expect(likePattern("a%b_c")).toBe("a%b_c");
  });
});

describe("endsWithLoneEscape", () => {
  it.each([
    ["x\\", true],
    ["\\", true],
    ["x\\\\\\", true],
    ["x\\\\", false],
    ["x", false],
    ["", false],
    ["\\%", false],
  ])("%j → %s", (pattern, expected) => {
    expect(endsWithLoneEscape(pattern)).toBe(expected);
  });
});

describe("likeMatch", () => {
  it("matches % and _ wildcards over code points", () => {
    expect(likeMatch("abc", "a%")).toBe(true);
    expect(likeMatch("abc", "%c")).toBe(true);
    expect(likeMatch("abc", "a_c")).toBe(true);
    expect(likeMatch("ac", "a_c")).toBe(false);
    expect(likeMatch("a😀c", "a_c")).toBe(true);
    expect(likeMatch("a\nc", "a_c")).toBe(true);
    expect(likeMatch("", "%")).toBe(true);
  });

  it("is case-insensitive for ASCII letters only", () => {
    expect(likeMatch("ABC", "%b%")).toBe(true);
    expect(likeMatch("abc", "%B%")).toBe(true);
    expect(likeMatch("É", "%é%")).toBe(false);
    expect(likeMatch("ß", "%ss%")).toBe(false);
  });

  it("treats escaped characters literally", () => {
    expect(likeMatch("a%c", "a\\%c")).toBe(true);
    expect(likeMatch("abc", "a\\%c")).toBe(false);
    expect(likeMatch("a_c", "%\\_%")).toBe(true);
    expect(likeMatch("abc", "%\\_%")).toBe(false);
    expect(likeMatch("a\\c", "%\\\\%")).toBe(true);
    expect(likeMatch("A", "\\a")).toBe(true);
  });

  it("never matches a pattern ending in a lone escape (SQLite)", () => {
    expect(likeMatch("ab\\", "ab\\")).toBe(false);
    expect(likeMatch("abc", "%\\")).toBe(false);
    expect(likeMatch("x\\", "%x\\")).toBe(false);
    expect(likeMatch("x\\", "%x\\\\")).toBe(true);
  });

  it("treats regular expression syntax as plain characters", () => {
    expect(likeMatch("a.c", "a.c")).toBe(true);
    expect(likeMatch("abc", "a.c")).toBe(false);
    expect(likeMatch("(a)+[b]$^{2}|/", "(a)+[b]$^{2}|/")).toBe(true);
  });

  it("agrees with the contains pattern of likePattern for any text", () => {
    const chars = fc.constantFrom("a", "B", "%", "_", "\\", "😀", "é", " ", ".", "*");
    const text = fc.array(chars, { maxLength: 6 }).map((c) => c.join(""));
    fc.assert(
      fc.property(text, text, (value, needle) => {
        if (/(^|[^\\])%/.test(needle)) return;
        expect(likeMatch(value, likePattern(needle))).toBe(
          asciiLower(value).includes(asciiLower(needle)),
        );
      }),
      { seed: 5, numRuns: 500 },
    );
  });
});

describe("asciiLower", () => {
  it("lower-cases ASCII letters and nothing else", () => {
    expect(asciiLower("AbC-ÉÀ-İ-ẞ")).toBe("abc-ÉÀ-İ-ẞ");
  });
});

describe("compareText", () => {
  it("orders by code point, not by UTF-16 unit", () => {
    expect(compareText("😀", "\uE000")).toBe(1);
    expect(compareText("\uE000", "😀")).toBe(-1);
    expect(compareText("a😀", "a\uFFFD")).toBe(1);
    expect(compareText("B", "a")).toBe(-1);
    expect(compareText("a", "ab")).toBe(-1);
    expect(compareText("ab", "a")).toBe(1);
    expect(compareText("😀", "😀")).toBe(0);
    expect(compareText("", "")).toBe(0);
  });

  it("orders like UTF-8 bytes", () => {
    const chars = fc.constantFrom("a", "B", "é", "日", "😀", "\uE000", "\uFFFD", "\u0000", "𝄞");
    const text = fc.array(chars, { maxLength: 4 }).map((c) => c.join(""));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(compareText(a, b)).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
      { seed: 5, numRuns: 500 },
    );
  });
});

describe("compareStatic", () => {
  const cases: [BaseOperator, string | number | null, string | number | null, boolean][] = [
    // "" and null are equal for = and !=.
    ["=", "", null, true],
    ["=", null, null, true],
    ["!=", "", null, false],
    ["=", "a", null, false],
    ["!=", "a", null, true],
    ["!=", null, "", false],
    // Numbers and numeric text compare as numbers; other text compares as text.
    ["=", 1, "1", true],
    ["=", "1.0", 1, true],
    ["=", " 2 ", 2, true],
    ["=", 1, "a", false],
    ["<", 10, "9", false],
    ["<", "10", "9", true],
    ["<", 5, "a", true],
    ["<", "a", 5, false],
    [">=", 2, 2, true],
    ["<=", 3, 2, false],
    // Ordering with NULL is unknown, hence false.
    [">", "a", null, false],
    ["<", null, "a", false],
    ["<=", null, null, false],
    // Text orders by code point.
    [">", "😀", "\uE000", true],
    ["<", "😀", "\uE000", false],
    ["<", "B", "a", true],
    ["<", "", "a", true],
    // LIKE: contains, ASCII case-insensitive, wildcards in the literal escaped.
    ["~", "Hello", "ell", true],
    ["~", "Hello", "ELL", true],
    ["~", "Hello", "x", false],
    ["!~", "Hello", "x", true],
    ["~", "a_c", "_", true],
    ["~", "abc", "_", false],
    ["~", "abc", "a%", true],
    ["~", "abc", "b%", false],
    ["~", "", "", true],
    ["~", 123, 2, true],
    ["~", "x\\", "%x\\", false],
    ["!~", "x\\", "%x\\", true],
    // LIKE with NULL on either side is unknown, hence false, negated or not.
    ["~", null, "a", false],
    ["!~", null, "a", false],
    ["~", "a", null, false],
    ["!~", "a", null, false],
  ];

  it.each(cases)("%j %j %j → %s", (op, left, right, expected) => {
    expect(compareStatic(op, left, right)).toBe(expected);
  });
});

import PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import {
  FilterError,
  MAX_FILTER_DEPTH,
  MAX_FILTER_EXPRESSIONS,
  MAX_FILTER_LENGTH,
  MAX_FUNCTION_DEPTH,
  parseFilter,
  type FilterNode,
  type Operand,
  type Operator,
} from "./index.ts";

const id = (name: string): Operand => ({ kind: "identifier", name });
const text = (value: string): Operand => ({ kind: "text", value });
const num = (raw: string): Operand => ({ kind: "number", value: Number(raw), raw });
const fn = (name: string, ...args: Operand[]): Operand => ({ kind: "function", name, args });
const cmp = (left: Operand, op: Operator, right: Operand): FilterNode => ({
  type: "compare",
  op,
  left,
  right,
});
const and = (...children: FilterNode[]): FilterNode => ({ type: "and", children });
const or = (...children: FilterNode[]): FilterNode => ({ type: "or", children });
/** `a = 1`-style shorthand for structure tests. */
const eq = (name: string, raw: string) => cmp(id(name), "=", num(raw));

const OPERATORS: Operator[] = ["=", "!=", ">", ">=", "<", "<=", "~", "!~"];

describe("parseFilter: empty input", () => {
  it.each(["", "   ", "\n\t\r", "// comment only", "// a\n// b"])("returns null for %j", (s) => {
    expect(parseFilter(s)).toBeNull();
  });
});

describe("parseFilter: operators", () => {
  it.each([...OPERATORS, ...OPERATORS.map((op) => `?${op}` as Operator)])("parses %s", (op) => {
    expect(parseFilter(`title ${op} 'x'`)).toEqual(cmp(id("title"), op, text("x")));
    expect(parseFilter(`title${op}'x'`)).toEqual(cmp(id("title"), op, text("x")));
  });
});

describe("parseFilter: operands", () => {
  it.each<[string, FilterNode]>([
    ["author.username = 'bob'", cmp(id("author.username"), "=", text("bob"))],
    ["@request.auth.id != ''", cmp(id("@request.auth.id"), "!=", text(""))],
    ["tags:length > 2", cmp(id("tags:length"), ">", num("2"))],
    ["@collection.posts:p.title ?~ 'x'", cmp(id("@collection.posts:p.title"), "?~", text("x"))],
    ["#abc = null", cmp(id("#abc"), "=", id("null"))],
    ["active = true", cmp(id("active"), "=", id("true"))],
    ["'a' = \"b\"", cmp(text("a"), "=", text("b"))],
    ["n >= -14", cmp(id("n"), ">=", num("-14"))],
    ["n<10.5", cmp(id("n"), "<", num("10.5"))],
    ["n=-0.5", cmp(id("n"), "=", num("-0.5"))],
    ["1 = 1", cmp(num("1"), "=", num("1"))],
    ["n = 007", cmp(id("n"), "=", num("007"))],
  ])("parses %j", (input, expected) => {
    expect(parseFilter(input)).toEqual(expected);
  });

  it("keeps the raw number spelling", () => {
    expect(parseFilter("n = 1.50")).toEqual(
      cmp(id("n"), "=", { kind: "number", value: 1.5, raw: "1.50" }),
    );
  });

  it.each<[string, string]>([
    [`t = 'it\\'s'`, "it's"],
    [`t = "say \\"hi\\""`, 'say "hi"'],
    [`t = 'a\\\\b'`, "a\\b"],
    [`t = 'x\\ny'`, "x\ny"],
    [`t = '\\u00e9'`, "é"],
    [`t = 'keep \\% literal'`, "keep \\% literal"],
    [`t = 'a // not a comment'`, "a // not a comment"],
  ])("decodes text in %s", (input, value) => {
    expect(parseFilter(input)).toEqual(cmp(id("t"), "=", text(value)));
  });

  it.each([
    'a"b\\c',
    "it's",
    "\\",
    "\\\\'\"",
    "multi\nline\r\n\ttabbed",
    "\u0000\u001f control",
    "unicode é ü 中文 😀",
    "lone \udc00 surrogate",
    "%like_pattern%",
    "\\u0041 not an escape",
  ])("round-trips JSON.stringify(%j) as the SDK's pb.filter does", (value) => {
    expect(parseFilter(`title = ${JSON.stringify(value)}`)).toEqual(
      cmp(id("title"), "=", text(value)),
    );
  });
});

describe("parseFilter: structure", () => {
  it.each<[string, FilterNode]>([
    ["a=1 && b=2", and(eq("a", "1"), eq("b", "2"))],
    ["a=1 || b=2", or(eq("a", "1"), eq("b", "2"))],
    ["a=1 && b=2 && c=3", and(eq("a", "1"), eq("b", "2"), eq("c", "3"))],
    ["a=1 || b=2 || c=3", or(eq("a", "1"), eq("b", "2"), eq("c", "3"))],
    ["a=1 || b=2 && c=3", or(eq("a", "1"), and(eq("b", "2"), eq("c", "3")))],
    ["a=1 && b=2 || c=3", or(and(eq("a", "1"), eq("b", "2")), eq("c", "3"))],
    [
      "a=1 && b=2 || c=3 && d=4",
      or(and(eq("a", "1"), eq("b", "2")), and(eq("c", "3"), eq("d", "4"))),
    ],
    ["(a=1 || b=2) && c=3", and(or(eq("a", "1"), eq("b", "2")), eq("c", "3"))],
    ["a=1 && (b=2 || c=3)", and(eq("a", "1"), or(eq("b", "2"), eq("c", "3")))],
    ["(a=1)", eq("a", "1")],
    ["((((a=1))))", eq("a", "1")],
    ["(a=1 && b=2) && c=3", and(eq("a", "1"), eq("b", "2"), eq("c", "3"))],
    ["a=1 && (b=2 && (c=3))", and(eq("a", "1"), eq("b", "2"), eq("c", "3"))],
    ["(a=1 || b=2) || c=3", or(eq("a", "1"), eq("b", "2"), eq("c", "3"))],
    ["a=1 || (b=2 || c=3)", or(eq("a", "1"), eq("b", "2"), eq("c", "3"))],
    [
      "(a=1 || b=2) && (c=3 || d=4)",
      and(or(eq("a", "1"), eq("b", "2")), or(eq("c", "3"), eq("d", "4"))),
    ],
    [
      "a=1 || (b=2 || c=3) && d=4",
      or(eq("a", "1"), and(or(eq("b", "2"), eq("c", "3")), eq("d", "4"))),
    ],
    ["a=1&&b=2||c=3", or(and(eq("a", "1"), eq("b", "2")), eq("c", "3"))],
    ["a = 1 // first\n&& b = 2 // second", and(eq("a", "1"), eq("b", "2"))],
    ["  \n a = 1 \r\n\t|| \n b = 2  ", or(eq("a", "1"), eq("b", "2"))],
  ])("parses %j", (input, expected) => {
    expect(parseFilter(input)).toEqual(expected);
  });
});

describe("parseFilter: functions", () => {
  it.each<[string, FilterNode]>([
    [
      "strftime('%Y', created) = '2024'",
      cmp(fn("strftime", text("%Y"), id("created")), "=", text("2024")),
    ],
    [
      "geoDistance(a, b, 1, -2.5) < 25",
      cmp(fn("geoDistance", id("a"), id("b"), num("1"), num("-2.5")), "<", num("25")),
    ],
    ["x = f()", cmp(id("x"), "=", fn("f"))],
    ["f(a,) = 1", cmp(fn("f", id("a")), "=", num("1"))],
    ["f( a , b , ) = 1", cmp(fn("f", id("a"), id("b")), "=", num("1"))],
    ["f(a, // note\n b) = 1", cmp(fn("f", id("a"), id("b")), "=", num("1"))],
    ["f(g(h(x))) = 1", cmp(fn("f", fn("g", fn("h", id("x")))), "=", num("1"))],
    ["f(x) = g(y)", cmp(fn("f", id("x")), "=", fn("g", id("y")))],
    ["(f(x) = 1)", cmp(fn("f", id("x")), "=", num("1"))],
    ["@a.b:c(x) = 1", cmp(fn("@a.b:c", id("x")), "=", num("1"))],
  ])("parses %j", (input, expected) => {
    expect(parseFilter(input)).toEqual(expected);
  });

  it(`allows exactly ${MAX_FUNCTION_DEPTH} nested calls`, () => {
    const ok = "f(".repeat(MAX_FUNCTION_DEPTH) + "x" + ")".repeat(MAX_FUNCTION_DEPTH);
    expect(parseFilter(`${ok} = 1`)).not.toBeNull();
    const deep = "f(".repeat(MAX_FUNCTION_DEPTH + 1) + "x" + ")".repeat(MAX_FUNCTION_DEPTH + 1);
    expect(() => parseFilter(`${deep} = 1`)).toThrow(
      `Invalid filter: function calls nested too deeply (max ${MAX_FUNCTION_DEPTH}).`,
    );
    expect(() => parseFilter(`x = ${deep}`)).toThrow(FilterError);
  });
});

describe("parseFilter: errors", () => {
  it.each<[string, string]>([
    ["a", "unexpected end of input"],
    ["a =", "unexpected end of input"],
    ["= 1", "unexpected token at position 0"],
    ["a 1", "unexpected token at position 2"],
    ["a = 1 2", "unexpected token at position 6"],
    ["a = 1 b = 2", "unexpected token at position 6"],
    ["a = = 1", "unexpected token at position 4"],
    ["a = 1 &&", "unexpected end of input"],
    ["&& a = 1", "unexpected token at position 0"],
    ["a = 1 && || b = 2", "unexpected token at position 9"],
    ["a = 1 || && b = 2", "unexpected token at position 9"],
    ["()", "unexpected token at position 1"],
    ["a = 1 && ()", "unexpected token at position 10"],
    ["(a = 1", "missing closing parenthesis"],
    ["((a = 1)", "missing closing parenthesis"],
    ["a = 1)", "unexpected token at position 5"],
    ["(a = 1))", "unexpected token at position 7"],
    [")", "unexpected token at position 0"],
    ["(a) = 1", "unexpected token at position 2"],
    ["a = (1)", "unexpected token at position 4"],
    ["(a = 1)(b = 2)", "unexpected token at position 7"],
    ["a = 1, b = 2", "unexpected token at position 5"],
    ["a = 1 && (b = 2", "missing closing parenthesis"],
    ["f(a b) = 1", "unexpected token at position 4"],
    ["f(,) = 1", "unexpected token at position 2"],
    ["f(a,,) = 1", "unexpected token at position 4"],
    ["f(a = 1", "unexpected token at position 4"],
    ["f(a", "unexpected end of input"],
    ["f((a)) = 1", "unexpected token at position 2"],
    ["f(a && b) = 1", "unexpected token at position 4"],
    ["f (a) = 1", "unexpected token at position 2"],
    ["a == 1", "invalid operator at position 2"],
    ["a ! 1", "invalid operator at position 2"],
    ["a => 1", "invalid operator at position 2"],
    ["a ? 1", "invalid operator at position 2"],
    ["a = 'x", "unterminated text at position 4"],
    ["a = -", "invalid number at position 4"],
    ["a = - 1", "invalid number at position 4"],
    ["a = 12abc", "invalid number at position 4"],
    ["a = 1 & b = 2", "invalid join operator at position 6"],
    ["a = 1 / 2", "unexpected character at position 6"],
    ["a = 1 AND b = 2", "unexpected token at position 6"],
    ["!(a = 1)", "invalid operator at position 0"],
  ])("rejects %j", (input, message) => {
    expect(() => parseFilter(input)).toThrow(FilterError);
    expect(() => parseFilter(input)).toThrow(message);
  });

  it("prefixes every message with 'Invalid filter:'", () => {
    for (const input of ["a", "()", "a == 1", "'x", "(a=1"]) {
      expect(() => parseFilter(input)).toThrow(/^Invalid filter: /);
    }
  });

  it("rejects non-string input with a FilterError", () => {
    expect(() => parseFilter(42 as unknown as string)).toThrow(FilterError);
    expect(() => parseFilter(undefined as unknown as string)).toThrow(FilterError);
  });
});

describe("parseFilter: limits", () => {
  it(`accepts ${MAX_FILTER_LENGTH} characters and rejects one more`, () => {
    const base = "a = 1";
    const padded = base + " ".repeat(MAX_FILTER_LENGTH - base.length);
    expect(parseFilter(padded)).toEqual(eq("a", "1"));
    expect(() => parseFilter(padded + " ")).toThrow(
      `Invalid filter: too long (max ${MAX_FILTER_LENGTH} characters).`,
    );
  });

  it("checks the length before tokenizing", () => {
    expect(() => parseFilter("'".repeat(MAX_FILTER_LENGTH + 1))).toThrow("too long");
  });

  const chain = (n: number) => Array.from({ length: n }, (_, i) => `a=${i}`).join("&&");

  it(`accepts ${MAX_FILTER_EXPRESSIONS} expressions and rejects one more`, () => {
    const node = parseFilter(chain(MAX_FILTER_EXPRESSIONS));
    expect(node?.type === "and" && node.children.length).toBe(MAX_FILTER_EXPRESSIONS);
    expect(() => parseFilter(chain(MAX_FILTER_EXPRESSIONS + 1))).toThrow(
      `Invalid filter: too many expressions (max ${MAX_FILTER_EXPRESSIONS}).`,
    );
  });

  it("honours a custom maxExpressions", () => {
    expect(parseFilter(chain(3), { maxExpressions: 3 })).not.toBeNull();
    expect(() => parseFilter(chain(4), { maxExpressions: 3 })).toThrow(
      "Invalid filter: too many expressions (max 3).",
    );
    expect(parseFilter(chain(201), { maxExpressions: 500 })).not.toBeNull();
  });

  it(`accepts ${MAX_FILTER_DEPTH} nested parentheses and rejects one more`, () => {
    const nest = (n: number) => "(".repeat(n) + "a=1" + ")".repeat(n);
    expect(parseFilter(nest(MAX_FILTER_DEPTH))).toEqual(eq("a", "1"));
    expect(() => parseFilter(nest(MAX_FILTER_DEPTH + 1))).toThrow(
      `Invalid filter: too deeply nested (max ${MAX_FILTER_DEPTH}).`,
    );
  });

  it("does not count sibling groups as nesting", () => {
    const siblings = Array.from({ length: 60 }, () => "(a=1)").join(" || ");
    expect(parseFilter(siblings)?.type).toBe("or");
  });
});

describe("parseFilter: official JS SDK pb.filter() output", () => {
  const pb = new PocketBase("http://127.0.0.1:1");

  it.each(['a"b\\c', "it's", "multi\nline\t😀", "\\u0041", "trailing\\"])(
    "round-trips string param %j",
    (t) => {
      const source = pb.filter("title = {:t}", { t });
      expect(parseFilter(source)).toEqual(cmp(id("title"), "=", text(t)));
    },
  );

  it("parses numbers, booleans, null and dates", () => {
    const source = pb.filter("n > {:n} && b = {:b} && x = {:x} && d >= {:d}", {
      n: -1.5,
      b: true,
      x: null,
      d: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
    });
    expect(parseFilter(source)).toEqual(
      and(
        cmp(id("n"), ">", num("-1.5")),
        cmp(id("b"), "=", id("true")),
        cmp(id("x"), "=", id("null")),
        cmp(id("d"), ">=", text("2024-01-02 03:04:05.000Z")),
      ),
    );
  });
});

import { describe, expect, it } from "vitest";
import { FilterError } from "./ast.ts";
import { tokenize, type Token } from "./lexer.ts";

const kinds = (input: string) => tokenize(input).map((t) => [t.kind, t.value]);

describe("tokenize", () => {
  it("returns no tokens for blank input and comments", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize(" \t\r\n ")).toEqual([]);
    expect(tokenize("// just a comment")).toEqual([]);
    expect(tokenize("// one\n  // two\n")).toEqual([]);
  });

  it("records 0-based positions", () => {
    expect(tokenize("  a >= 'x'")).toEqual<Token[]>([
      { kind: "identifier", value: "a", pos: 2 },
      { kind: "operator", value: ">=", pos: 4 },
      { kind: "text", value: "x", pos: 7 },
    ]);
  });

  it.each([
    ["a", [["identifier", "a"]]],
    ["@request.auth.id", [["identifier", "@request.auth.id"]]],
    ["tags:each", [["identifier", "tags:each"]]],
    ["@collection.posts:p.title", [["identifier", "@collection.posts:p.title"]]],
    ["#abc", [["identifier", "#abc"]]],
    ["_id2", [["identifier", "_id2"]]],
    ["123", [["number", "123"]]],
    ["-14", [["number", "-14"]]],
    ["10.5", [["number", "10.5"]]],
    ["-0.5", [["number", "-0.5"]]],
    [
      "&& ||",
      [
        ["and", "&&"],
        ["or", "||"],
      ],
    ],
    [
      "( ) ,",
      [
        ["open", "("],
        ["close", ")"],
        ["comma", ","],
      ],
    ],
    ["f(", [["call", "f"]]],
    [
      "f (",
      [
        ["identifier", "f"],
        ["open", "("],
      ],
    ],
    [
      "a>-1",
      [
        ["identifier", "a"],
        ["operator", ">"],
        ["number", "-1"],
      ],
    ],
    [
      "a?!~b",
      [
        ["identifier", "a"],
        ["operator", "?!~"],
        ["identifier", "b"],
      ],
    ],
    ["'a // b' // c", [["text", "a // b"]]],
    [
      "a// c\n=1",
      [
        ["identifier", "a"],
        ["operator", "="],
        ["number", "1"],
      ],
    ],
  ])("tokenizes %j", (input, expected) => {
    expect(kinds(input)).toEqual(expected);
  });

  it.each(["=", "!=", ">", ">=", "<", "<=", "~", "!~"])("accepts operator %s and ?%s", (op) => {
    expect(kinds(op)).toEqual([["operator", op]]);
    expect(kinds(`?${op}`)).toEqual([["operator", `?${op}`]]);
  });

  it.each([
    [`'plain'`, "plain"],
    [`"plain"`, "plain"],
    [`'it\\'s'`, "it's"],
    [`"say \\"hi\\""`, 'say "hi"'],
    [`"it\\'s"`, "it\\'s"],
    [`'a"b'`, 'a"b'],
    [`'a\\\\b'`, "a\\b"],
    [`'a\\\\'`, "a\\"],
    [`'l1\\nl2\\tx\\r'`, "l1\nl2\tx\r"],
    [`'\\b\\f'`, "\b\f"],
    [`'\\u00e9\\u20AC'`, "é€"],
    [`'\\ud83d\\ude00'`, "😀"],
    [`'\\u12'`, "\\u12"],
    [`'\\x41 \\%'`, "\\x41 \\%"],
    [`'raw\u0001\nline'`, "raw\u0001\nline"],
    [`'unicode é 😀'`, "unicode é 😀"],
    [`''`, ""],
  ])("decodes text %s", (input, expected) => {
    expect(tokenize(input)).toEqual([{ kind: "text", value: expected, pos: 0 }]);
  });

  it.each([
    'a\\b"c',
    'it\'s "quoted"',
    "line1\nline2\r\n\ttab",
    "\u0000\u0001\u001f\u007f",
    "emoji 😀 and \ud800 lone surrogate",
    "ends with backslash\\",
    "\\u0041 literal escape text",
  ])("round-trips JSON.stringify(%j)", (value) => {
    expect(tokenize(JSON.stringify(value))).toEqual([{ kind: "text", value, pos: 0 }]);
  });

  it.each([
    ["'unterminated", "unterminated text at position 0"],
    ['a = "x\\"', "unterminated text at position 4"],
    ["'x\\", "unterminated text at position 0"],
    ["a / b", "unexpected character at position 2"],
    ["a == b", "invalid operator at position 2"],
    ["a => b", "invalid operator at position 2"],
    ["!a", "invalid operator at position 0"],
    ["?", "invalid operator at position 0"],
    ["a & b", "invalid join operator at position 2"],
    ["a &&& b", "invalid join operator at position 2"],
    ["a |&", "invalid join operator at position 2"],
    ["-", "invalid number at position 0"],
    ["- 1", "invalid number at position 0"],
    ["--1", "invalid number at position 0"],
    ["1.", "invalid number at position 0"],
    ["1.2.3", "invalid number at position 0"],
    ["12abc", "invalid number at position 0"],
    ["1@a", "invalid number at position 0"],
    ["9".repeat(400), "number out of range at position 0"],
    ["a.", "invalid identifier at position 0"],
    ["tags:", "invalid identifier at position 0"],
    ["@", "invalid identifier at position 0"],
    ["#", "invalid identifier at position 0"],
    ["_", "invalid identifier at position 0"],
    ["é = 1", "unexpected character at position 0"],
    ["a\u00a0= 1", "unexpected character at position 1"],
    ["a = 1;", "unexpected character at position 5"],
    [".5", "unexpected character at position 0"],
    ["[1]", "unexpected character at position 0"],
  ])("rejects %j", (input, message) => {
    expect(() => tokenize(input)).toThrow(FilterError);
    expect(() => tokenize(input)).toThrow(message);
  });
});

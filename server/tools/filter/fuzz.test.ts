import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FilterError,
  MAX_FILTER_DEPTH,
  MAX_FILTER_EXPRESSIONS,
  MAX_FILTER_LENGTH,
  MAX_FUNCTION_DEPTH,
  formatFilter,
  parseFilter,
  type FilterNode,
  type Operand,
  type Operator,
} from "./index.ts";

const OPERATORS: Operator[] = ["=", "!=", ">", ">=", "<", "<=", "~", "!~"].flatMap((op) => [
  op as Operator,
  `?${op}` as Operator,
]);

/** Parses and asserts the outcome is a node, null or a well-formed FilterError. */
function parseOrFilterError(input: string): FilterNode | null | FilterError {
  try {
    return parseFilter(input);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    expect(error.message).toMatch(/^Invalid filter: [^\n]{1,100}$/);
    return error;
  }
}

/** Checks the documented AST invariants: flattened and/or with >= 2 children. */
function assertNormalized(node: FilterNode, parent?: FilterNode["type"]): number {
  if (node.type === "compare") return 1;
  expect(node.children.length).toBeGreaterThanOrEqual(2);
  expect(node.type).not.toBe(parent);
  return node.children.reduce((sum, child) => sum + assertNormalized(child, node.type), 0);
}

const FRAGMENTS = [
  ...OPERATORS,
  ...["a", "b.c", "@request.auth.id", "tags:each", "@collection.p:x.y", "#h", "_", "@", "null"],
  ...["f(", "g(", "(", ")", ",", "&&", "||", "&", "|", "!", "?", "==", "/", "//", "\n", " "],
  ...["'x'", '"y"', "'it\\'s'", '"\\""', "'", '"', "\\", "\\u00e9", "1", "-2.5", "-", ".", "1."],
];

const fragmentString = fc
  .array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 })
  .map((parts) => parts.join(""));

const identifier = fc.oneof(
  fc.constantFrom("null", "true", "false", "id", "@request.auth.id", "tags:length"),
  fc.stringMatching(/^[A-Za-z_@#][A-Za-z0-9_.:]{0,8}[A-Za-z0-9_]$/),
);
const textValue = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom("'", '"', "\\", "n", "u", "0", "/", " ", "\n"),
    maxLength: 12,
  }),
);
const numberRaw = fc.stringMatching(/^-?[0-9]{1,6}(\.[0-9]{1,4})?$/);

function operandArb(depth: number): fc.Arbitrary<Operand> {
  const leaves: fc.Arbitrary<Operand>[] = [
    identifier.map((name): Operand => ({ kind: "identifier", name })),
    textValue.map((value): Operand => ({ kind: "text", value })),
    numberRaw.map((raw): Operand => ({ kind: "number", value: Number(raw), raw })),
  ];
  if (depth >= MAX_FUNCTION_DEPTH) return fc.oneof(...leaves);
  const call = fc
    .record({ name: identifier, args: fc.array(operandArb(depth + 1), { maxLength: 3 }) })
    .map((f): Operand => ({ kind: "function", ...f }));
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...leaves) }, { weight: 1, arbitrary: call });
}

const compare: fc.Arbitrary<FilterNode> = fc
  .record({ left: operandArb(0), op: fc.constantFrom(...OPERATORS), right: operandArb(0) })
  .map((c): FilterNode => ({ type: "compare", ...c }));

/** Well-formed, normalized ASTs: and/or alternate and have 2..3 children. */
function nodeArb(depth: number, type: "and" | "or"): fc.Arbitrary<FilterNode> {
  const other = type === "and" ? "or" : "and";
  const child = depth <= 0 ? compare : fc.oneof(compare, nodeArb(depth - 1, other));
  return fc.array(child, { minLength: 2, maxLength: 3 }).map((children) => ({ type, children }));
}
const filterNode = fc.oneof(compare, nodeArb(3, "and"), nodeArb(3, "or"));

describe("fuzz: parseFilter never throws anything but FilterError", () => {
  it.each([
    ["binary strings", fc.string({ unit: "binary", maxLength: 200 })],
    ["ascii strings", fc.string({ unit: "binary-ascii", maxLength: 200 })],
    ["grammar fragments", fragmentString],
  ])("%s", (_name, arb) => {
    fc.assert(
      fc.property(arb, (input) => {
        const result = parseOrFilterError(input);
        if (result !== null && !(result instanceof FilterError)) {
          expect(assertNormalized(result)).toBeLessThanOrEqual(MAX_FILTER_EXPRESSIONS);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("formatting a parsed filter and parsing again is stable", () => {
    fc.assert(
      fc.property(fragmentString, (input) => {
        const result = parseOrFilterError(input);
        if (result === null || result instanceof FilterError) return;
        expect(parseFilter(formatFilter(result))).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("fuzz: format/parse round trip", () => {
  it("parse(format(ast)) equals ast for well-formed ASTs", () => {
    fc.assert(
      fc.property(filterNode, (node) => {
        const source = formatFilter(node);
        fc.pre(source.length <= MAX_FILTER_LENGTH);
        expect(parseFilter(source)).toEqual(node);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("fuzz: hostile inputs fail fast", () => {
  const cases: [string, string][] = [
    ["(".repeat(100_000), "too long"],
    ["a=1 && ".repeat(100_000), "too long"],
    ["(".repeat(MAX_FILTER_LENGTH), "too deeply nested"],
    ["(".repeat(MAX_FILTER_DEPTH + 1) + "a=1" + ")".repeat(MAX_FILTER_DEPTH + 1), "too deeply"],
    ["a=1&&".repeat(699) + "a=1", "too many expressions"],
    ["a=1||".repeat(699) + "a=1", "too many expressions"],
    ["f(".repeat(1750), "function calls nested too deeply"],
    ["'".repeat(MAX_FILTER_LENGTH - 1), "unterminated text"],
    ["\\".repeat(MAX_FILTER_LENGTH), "unexpected character"],
  ];

  it.each(cases)("rejects hostile input %#", (input, message) => {
    const started = Date.now();
    expect(() => parseFilter(input)).toThrow(FilterError);
    expect(() => parseFilter(input)).toThrow(message);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it("parses a maximal flat filter quickly when the expression cap is raised", () => {
    const input = "a=1&&".repeat(699) + "a=1";
    const started = Date.now();
    const node = parseFilter(input, { maxExpressions: 10_000 });
    expect(Date.now() - started).toBeLessThan(250);
    expect(node?.type === "and" && node.children.length).toBe(700);
  });

  it("handles alternating nesting at the depth limit", () => {
    let source = "a=1";
    for (let i = 0; i < MAX_FILTER_DEPTH; i++) source = `(${source} ${i % 2 ? "&&" : "||"} b=${i})`;
    const node = parseFilter(source);
    expect(node).not.toBeNull();
    if (node) assertNormalized(node);
  });
});

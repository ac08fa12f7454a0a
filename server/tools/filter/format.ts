/**
 * Prints an AST back to canonical filter text, such that
 * parseFilter(formatFilter(node)) deep-equals a normalized (flattened) node.
 */
import type { FilterNode, Operand } from "./ast.ts";

/**
 * Formats a filter AST as filter text (for tests, logging and rewriting filters).
 * Trusts its input: identifier and function names are printed verbatim.
 */
export function formatFilter(node: FilterNode): string {
  switch (node.type) {
    case "compare":
      return `${formatOperand(node.left)} ${node.op} ${formatOperand(node.right)}`;
    case "and":
      return node.children
        .map((child) =>
          child.type === "compare" ? formatFilter(child) : `(${formatFilter(child)})`,
        )
        .join(" && ");
    case "or":
      return node.children
        .map((child) => (child.type === "or" ? `(${formatFilter(child)})` : formatFilter(child)))
        .join(" || ");
  }
}

/** Formats one operand; text is JSON-quoted, which the lexer decodes back exactly. */
export function formatOperand(operand: Operand): string {
  switch (operand.kind) {
    case "identifier":
      return operand.name;
    case "text":
      return JSON.stringify(operand.value);
    case "number":
      return operand.raw;
    case "function":
      return `${operand.name}(${operand.args.map(formatOperand).join(", ")})`;
  }
}

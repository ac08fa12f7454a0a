/**
 * A guest's page carries only the CSS its own markup uses (ADR 050, amendment of 2026-11-28).
 * The app's stylesheet is inline so that the first response paints the page, but most of it
 * styles pages a guest never sees (the editor, the admin area): a post page's first response
 * was 17–18 KB in Brotli, over the 14 KB of one initial congestion window. A guest's page
 * runs no script before the reader's first intent, so until then its DOM is exactly the
 * server's markup: the rules whose selectors name a class the markup does not use cannot
 * match, and are left out. The full stylesheet is loaded at the first intent, before the page
 * hydrates (`hydrate-on-intent.ts`), so what React renders afterwards is styled.
 *
 * The stylesheet is parsed once (`compileStylesheet`, with PostCSS); pruning a page
 * (`pruneStylesheet`) only filters the parsed rules. A selector is kept unless a class it
 * requires (outside any parentheses: `:not(.x)`, `:where(.a, .b)` never count) is absent, or
 * an element a top-level `:where(…)` names without alternatives (the typography plugin's
 * `.prose :where(table)`);
 * rules without classes (elements, `:root`, the dark palette), `@keyframes` and the other
 * at-rules without rules inside are kept whole. Then the custom properties nothing kept reads
 * go (issue 25: the header's new links pushed the post page over its budget): a palette
 * colour, a `--tw-*` variable, its `@property` and its fallback are dead once every rule
 * that reads them (`var(--x)`) is pruned, as are rules and groups left empty.
 */
import postcss, { type ChildNode } from "postcss";

/** One piece of the parsed stylesheet. */
type Unit =
  | { kind: "text"; text: string }
  | { kind: "rule"; selectors: ({ text: string } & Requirements)[]; body: string }
  | { kind: "group"; open: string; children: Unit[] };

/** A stylesheet parsed for pruning. */
export interface CompiledStylesheet {
  units: Unit[];
}

/** Undoes CSS escapes in a class name (`md\:hidden` → `md:hidden`). */
function unescapeClass(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6} ?|.)/g, (_all, escaped: string) =>
    /^[0-9a-fA-F]{1,6} ?$/.test(escaped)
      ? String.fromCodePoint(Number.parseInt(escaped.trim(), 16))
      : escaped,
  );
}

/** What a selector needs of the markup to match anything. */
export interface Requirements {
  /** Classes outside parentheses and attribute brackets. */
  classes: string[];
  /** Elements named in a top-level `:where(…)` without alternatives (`:where(thead th)`). */
  elements: string[];
}

/** The elements each compound of a `:where(…)` starts with (`ol[type=A] li` → ol, li). */
function whereElements(inner: string): string[] {
  if (/[,(]/.test(inner)) return [];
  return inner
    .split(/\s*[>+~]\s*|\s+/)
    .map((compound) => /^[a-zA-Z][\w-]*/.exec(compound)?.[0]?.toLowerCase())
    .filter((name): name is string => name !== undefined);
}

/** What `selector` requires (see {@link Requirements}). */
export function requirements(selector: string): Requirements {
  const classes: string[] = [];
  const elements: string[] = [];
  let depth = 0;
  for (let at = 0; at < selector.length; at += 1) {
    const char = selector[at];
    if (char === "\\") {
      at += 1;
    } else if (depth === 0 && selector.startsWith(":where(", at)) {
      const close = selector.indexOf(")", at);
      if (close !== -1) elements.push(...whereElements(selector.slice(at + 7, close)));
      depth += 1;
      at += 6;
    } else if (char === "(" || char === "[") {
      depth += 1;
    } else if (char === ")" || char === "]") {
      depth = Math.max(0, depth - 1);
    } else if (char === "." && depth === 0) {
      const name = /^(?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-]|\P{ASCII})+/u.exec(selector.slice(at + 1));
      if (name) {
        classes.push(unescapeClass(name[0]));
        at += name[0].length;
      }
    }
  }
  return { classes, elements };
}

/** What is between a rule's braces, as PostCSS writes it. */
function ruleBody(rule: string): string {
  return rule.slice(rule.indexOf("{") + 1, rule.lastIndexOf("}"));
}

function compileNodes(nodes: ChildNode[]): Unit[] {
  const units: Unit[] = [];
  for (const node of nodes) {
    if (node.type === "comment") continue;
    if (node.type === "rule") {
      units.push({
        kind: "rule",
        selectors: node.selectors.map((text) => ({ text, ...requirements(text) })),
        body: ruleBody(node.toString()),
      });
    } else if (
      node.type === "atrule" &&
      node.nodes !== undefined &&
      node.nodes.some((child) => child.type === "rule") &&
      node.name !== "keyframes"
    ) {
      units.push({
        kind: "group",
        open: `@${node.name}${node.params ? ` ${node.params}` : ""}`,
        children: compileNodes(node.nodes),
      });
    } else {
      units.push({ kind: "text", text: node.toString() });
    }
  }
  return units;
}

/** Parses a stylesheet once, for {@link pruneStylesheet}. */
export function compileStylesheet(css: string): CompiledStylesheet {
  return { units: compileNodes(postcss.parse(css).nodes) };
}

/** The classes and elements of a document's markup. */
export interface Markup {
  classes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
  /** Custom properties its `style` attributes read (`var(--x)`). */
  variables?: ReadonlySet<string>;
}

/** `var(--name` anywhere in `text`. */
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/**
 * `css` without the custom properties nothing reads: their declarations (`--x:…` in any
 * rule), their `@property` registrations, then the rules and groups left empty. What reads
 * a property is a `var(--x)` in the kept CSS itself (a declaration that feeds another counts,
 * so nothing a kept rule needs goes) or in the markup's `style` attributes.
 */
function dropUnusedVariables(css: string, markup: Markup): string {
  const used = new Set(markup.variables);
  for (const match of css.matchAll(VARIABLE_USE)) used.add(match[1] ?? "");
  const unused = (name: string) => !used.has(name);
  let out = css
    .replace(/@property (--[\w-]+)\{[^{}]*\}/g, (all, name: string) => (unused(name) ? "" : all))
    .replace(/(?<=[{;])(--[\w-]+):[^;{}]*;?/g, (all, name: string) => (unused(name) ? "" : all))
    .replace(/;}/g, "}");
  // Rules, then the groups around them, emptied by the removals.
  for (let previous = ""; previous !== out;) {
    previous = out;
    out = out.replace(/(^|[{}])[^{}@]+\{\}/g, "$1").replace(/@[^{};]+\{\}/g, "");
  }
  return out;
}

function pruneUnits(units: Unit[], markup: Markup): string {
  let out = "";
  for (const unit of units) {
    if (unit.kind === "text") {
      out += unit.text.endsWith("}") ? unit.text : `${unit.text};`;
    } else if (unit.kind === "rule") {
      const kept = unit.selectors.filter(
        (s) =>
          s.classes.every((name) => markup.classes.has(name)) &&
          s.elements.every((name) => markup.elements.has(name)),
      );
      if (kept.length > 0) out += `${kept.map((s) => s.text).join(",")}{${unit.body}}`;
    } else {
      const inner = pruneUnits(unit.children, markup);
      if (inner) out += `${unit.open}{${inner}}`;
    }
  }
  return out;
}

/**
 * The stylesheet with only the rules `markup` can match, opened by a marker naming the full
 * stylesheet at `fullHref` (which the page loads at the first intent).
 */
export function pruneStylesheet(
  compiled: CompiledStylesheet,
  markup: Markup,
  fullHref: string,
): string {
  return `/*pruned:${fullHref}*/${dropUnusedVariables(pruneUnits(compiled.units, markup), markup)}`;
}

/** The classes (of `class` attributes) and the elements of a document's markup. */
export function documentMarkup(html: string): Markup {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? "").split(/\s+/)) {
      if (name) classes.add(name.replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
    }
  }
  const elements = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g))
    elements.add((match[1] ?? "").toLowerCase());
  const variables = new Set<string>();
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g))
    for (const use of (match[1] ?? "").matchAll(VARIABLE_USE)) variables.add(use[1] ?? "");
  return { classes, elements, variables };
}

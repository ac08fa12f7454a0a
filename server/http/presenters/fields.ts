/**
 * The `?fields=` response picker: a comma list of keys and dot paths (`expand.author.name`),
 * `*` for every key at a level, and `:excerpt(max, withEllipsis?)` for plain-text excerpts.
 * Applied to list items, not to the paging keys.
 */

interface PickTree {
  [key: string]: PickTree | { excerpt: { max: number; ellipsis: boolean } } | true;
}

function parseFields(fields: string): PickTree {
  const tree: PickTree = {};
  for (const raw of fields.split(/,(?![^(]*\))/)) {
    const item = raw.trim();
    if (!item) continue;
    const m = /^(.*?)(?::excerpt\((\d+)(?:\s*,\s*(true|false|1|0))?\))?$/.exec(item);
    const path = (m?.[1] ?? item).split(".");
    let node = tree;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = m?.[2]
          ? { excerpt: { max: Number(m[2]), ellipsis: m[3] === "true" || m[3] === "1" } }
          : true;
      } else {
        const next = node[segment];
        if (typeof next !== "object" || "excerpt" in next) node[segment] = {};
        node = node[segment] as PickTree;
      }
    });
  }
  return tree;
}

/** Elements skipped with their content in excerpts (as PocketBase's picker does). */
const EXCLUDED_TAGS = new Set(
  "head style script iframe embed applet object svg img picture dialog template button form textarea input select option".split(
    " ",
  ),
);
/** Excluded elements that never have content. */
const VOID_TAGS = new Set(["embed", "img", "input"]);
/** Inline elements join their text without a space; every other element separates words. */
const INLINE_TAGS = new Set(
  "a abbr acronym b bdo big br button cite code em i label q small span strong strike sub sup time".split(
    " ",
  ),
);
/** Comments and tags; an unclosed one runs to the end, so scanning stays linear. */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][\w-]*)[^>]*(?:>|$)/g;
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntity(entity: string, code: string): string {
  const lower = code.toLowerCase();
  if (!lower.startsWith("#")) return ENTITIES[lower] ?? entity;
  const n = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : entity;
}

/** Plain text of an HTML (or Markdown) string, as PocketBase's `excerpt` modifier reads it. */
function plainText(html: string): string {
  let out = "";
  let last = 0;
  let skipping: string | null = null;
  for (const m of html.matchAll(MARKUP)) {
    if (!skipping) out += html.slice(last, m.index);
    last = m.index + m[0].length;
    const name = m[2]?.toLowerCase();
    if (!name) continue;
    const closing = m[1] === "/";
    if (skipping) {
      if (closing && name === skipping) skipping = null;
    } else if (EXCLUDED_TAGS.has(name)) {
      if (!closing && !VOID_TAGS.has(name) && !m[0].endsWith("/>")) skipping = name;
    } else if (!INLINE_TAGS.has(name)) {
      out += " ";
    }
  }
  if (!skipping) out += html.slice(last);
  return out.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{1,10});/gi, decodeEntity);
}

function excerpt(value: unknown, max: number, ellipsis: boolean): unknown {
  if (typeof value !== "string") return value;
  const text = plainText(value).replace(/\s+/g, " ").trim();
  // Code points, as PocketBase counts runes (a grapheme may span several).
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join("").trimEnd() + (ellipsis ? "..." : "");
}

function pick(value: unknown, tree: PickTree): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, tree));
  if (value === null || typeof value !== "object") return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const star = tree["*"];
  for (const key of Object.keys(source)) {
    const rule = tree[key] ?? star;
    if (rule === undefined) continue;
    if (rule === true) out[key] = source[key];
    else if ("excerpt" in rule && typeof rule.excerpt === "object") {
      const e = rule.excerpt as { max: number; ellipsis: boolean };
      out[key] = excerpt(source[key], e.max, e.ellipsis);
    } else out[key] = pick(source[key], rule as PickTree);
  }
  return out;
}

/** Applies a `fields` parameter to a successful JSON payload. */
export function pickFields(payload: unknown, fields: string): unknown {
  const tree = parseFields(fields);
  if (Object.keys(tree).length === 0) return payload;
  if (
    payload !== null &&
    typeof payload === "object" &&
    !Array.isArray(payload) &&
    Array.isArray((payload as { items?: unknown }).items) &&
    "perPage" in payload
  ) {
    const list = payload as Record<string, unknown>;
    return { ...list, items: pick(list.items, tree) };
  }
  return pick(payload, tree);
}

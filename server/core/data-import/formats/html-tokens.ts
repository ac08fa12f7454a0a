/**
 * Reading HTML as the tokenizer of an HTML parser does (WHATWG HTML, "Tokenization"), for
 * the one pass of `html-limits.ts`: a tag and its attributes, where raw text ends, where a
 * comment ends. Linear in what it reads.
 */

/** A tag as read from the text. */
export interface Tag {
  /** Lowercase, as the parser reads it. */
  name: string;
  /** Written back: ` name="value"` each, values with their character references. */
  attributes: string;
  /** Ends with `/>` (which only SVG and MathML elements obey). */
  selfClosing: boolean;
  /** The index after its `>`. */
  end: number;
}

/** HTML whitespace (a CR counts: the parser reads it as a line feed). */
export const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
/** An ASCII letter (a tag name starts with one). */
export const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Whether a tag's name or an attribute's name ends before the character `c`. */
const endsName = (c: number) => isSpace(c) || c === 47 || c === 62 || Number.isNaN(c);
/** Attribute names written back (others, parse errors all, are left out). */
const SAFE_ATTRIBUTE = /^[a-z_:][-a-z0-9_:.]*$/;

/**
 * Reads the tag whose name starts at `from` (after `<` or `</`), as an HTML tokenizer does;
 * null when the text ends inside it (the parser drops such a tag). Attributes with unusual
 * names are left out; values keep their character references, in double quotes.
 */
export function readTag(html: string, from: number, keepAttributes: boolean): Tag | null {
  const n = html.length;
  let i = from;
  while (i < n && !endsName(html.charCodeAt(i))) i++;
  const name = html.slice(from, i).toLowerCase().replace(/\0/g, "\uFFFD");
  let attributes = "";
  let selfClosing = false;
  while (i < n) {
    const c = html[i];
    if (c === ">") return { name, attributes, selfClosing, end: i + 1 };
    selfClosing = false;
    if (c === "/") {
      selfClosing = html[i + 1] === ">";
      i++;
      continue;
    }
    if (isSpace(html.charCodeAt(i))) {
      i++;
      continue;
    }
    // An attribute: its name (a leading `=` belongs to it), then an optional value.
    const start = i;
    i++;
    while (i < n && !endsName(html.charCodeAt(i)) && html[i] !== "=") i++;
    const attribute = html.slice(start, i).toLowerCase();
    while (i < n && isSpace(html.charCodeAt(i))) i++;
    let value = "";
    if (html[i] === "=") {
      i++;
      while (i < n && isSpace(html.charCodeAt(i))) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < n && !isSpace(html.charCodeAt(i)) && html[i] !== ">") i++;
        value = html.slice(valueStart, i);
      }
    }
    if (keepAttributes && SAFE_ATTRIBUTE.test(attribute))
      attributes += ` ${attribute}="${value.replace(/"/g, "&quot;")}"`;
  }
  return null;
}

/** Where the raw text of `name` that starts at `from` ends (its `</name`), or -1. */
export function rawTextEnd(html: string, from: number, name: string): number {
  let at = html.indexOf("</", from);
  while (at !== -1) {
    const after = html.charCodeAt(at + 2 + name.length);
    if (
      html.slice(at + 2, at + 2 + name.length).toLowerCase() === name &&
      (isSpace(after) || after === 47 || after === 62)
    )
      return at;
    at = html.indexOf("</", at + 2);
  }
  return -1;
}

/** The end of a comment whose text starts at `from` (after `<!--`). */
export function commentEnd(html: string, from: number): number {
  if (html[from] === ">") return from + 1;
  if (html.startsWith("->", from)) return from + 2;
  const a = html.indexOf("-->", from);
  const b = html.indexOf("--!>", from);
  if (a === -1 && b === -1) return html.length;
  if (b === -1 || (a !== -1 && a < b)) return a + 3;
  return b + 4;
}

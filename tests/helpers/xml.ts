/**
 * A small strict XML 1.0 reader for tests of the feeds and the sitemap: it throws on what
 * makes a document not well-formed (characters XML cannot carry, unknown entities, a `<` or
 * `&` out of place, unquoted or repeated attributes, unbalanced or crossed tags, text or a
 * second element outside the root, `]]>` in text) and returns the element tree to query.
 * No DTDs or processing instructions beyond the XML declaration (our documents have none).
 */

/** An element: its name, attributes, children and text (character data and CDATA joined). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const INVALID_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decode(raw: string, where: string): string {
  if (raw.includes("<")) throw new Error(`"<" in ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, ref: string) => {
    if (!match.endsWith(";")) throw new Error(`unterminated reference in ${where}`);
    if (ref in PREDEFINED) return PREDEFINED[ref] as string;
    const code = /^#x[0-9a-fA-F]+$/.test(ref)
      ? parseInt(ref.slice(2), 16)
      : /^#[0-9]+$/.test(ref)
        ? parseInt(ref.slice(1), 10)
        : NaN;
    const char = Number.isNaN(code) || code > 0x10ffff ? "" : String.fromCodePoint(code);
    if (!char || INVALID_CHAR.test(char)) throw new Error(`bad reference &${ref}; in ${where}`);
    return char;
  });
}

/** Parses a whole document; throws with a reason when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  const invalid = INVALID_CHAR.exec(source);
  if (invalid)
    throw new Error(`character U+${(invalid[0].codePointAt(0) ?? 0).toString(16)} not allowed`);
  let rest = source.replace(/^\uFEFF/, "").replace(/^<\?xml\s[^?]*\?>/, "");
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const addText = (text: string) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (text.trim()) throw new Error("text outside the root element");
      return;
    }
    top.text += text;
  };
  while (rest.length) {
    if (rest.startsWith("<![CDATA[")) {
      const end = rest.indexOf("]]>");
      if (end < 0) throw new Error("unterminated CDATA");
      if (!stack.length) throw new Error("CDATA outside the root element");
      addText(rest.slice(9, end));
      rest = rest.slice(end + 3);
    } else if (rest.startsWith("<!--")) {
      const end = rest.indexOf("-->");
      if (end < 0) throw new Error("unterminated comment");
      rest = rest.slice(end + 3);
    } else if (rest.startsWith("</")) {
      const match = /^<\/([^\s>]+)\s*>/.exec(rest);
      const top = stack.pop();
      if (!match || !top || match[1] !== top.name)
        throw new Error(
          `closing tag ${match?.[1] ?? "?"} does not match ${top?.name ?? "nothing"}`,
        );
      rest = rest.slice(match[0].length);
    } else if (rest.startsWith("<")) {
      const name = NAME.exec(rest.slice(1))?.[0];
      if (!name) throw new Error(`bad tag at ${rest.slice(0, 20)}`);
      rest = rest.slice(1 + name.length);
      const element: XmlElement = { name, attributes: {}, children: [], text: "" };
      for (;;) {
        const attr = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(rest);
        if (!attr) break;
        const key = attr[1] as string;
        if (key in element.attributes) throw new Error(`attribute ${key} repeated on ${name}`);
        element.attributes[key] = decode(attr[3] ?? attr[4] ?? "", `attribute ${key}`);
        rest = rest.slice(attr[0].length);
      }
      const close = /^\s*(\/?)>/.exec(rest);
      if (!close) throw new Error(`malformed tag ${name} at ${rest.slice(0, 20)}`);
      rest = rest.slice(close[0].length);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) throw new Error("a second root element");
      else root = element;
      if (!close[1]) stack.push(element);
    } else {
      const end = rest.indexOf("<");
      const raw = end < 0 ? rest : rest.slice(0, end);
      if (raw.includes("]]>")) throw new Error('"]]>" in text');
      addText(decode(raw, "text"));
      rest = end < 0 ? "" : rest.slice(end);
    }
  }
  if (stack.length) throw new Error(`unclosed element ${stack[stack.length - 1]?.name ?? ""}`);
  if (!root) throw new Error("no root element");
  return root;
}

/** The direct children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The first direct child named `name`; throws when there is none. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.find((c) => c.name === name);
  if (!found) throw new Error(`no <${name}> in <${element.name}>`);
  return found;
}

/**
 * A strict reader of the renderer's HTML (`shared/markdown/render.ts`) that lists everything
 * in it that could be active content. It accepts only what the renderer is meant to produce:
 * an allow-list of elements and attributes, double-quoted attribute values, text in which
 * every `<`, `>` and `&` is escaped, and `href`/`src` values whose scheme, read the way a
 * browser reads it, is a web or mail scheme. Anything else is a problem, so a new construct
 * in the renderer's output fails the XSS tests until it is reviewed and added here.
 *
 * Independent of `shared/markdown/urls.ts` on purpose: it checks the renderer's output, not
 * the renderer's own idea of a safe URL.
 */

/** Attributes allowed per element. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: ["id"],
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  h5: ["id"],
  h6: ["id"],
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title", "loading", "referrerpolicy"],
  em: [],
  strong: [],
  s: [],
  code: ["class"],
  pre: [],
  blockquote: [],
  ul: ["class"],
  ol: ["class", "start"],
  li: ["class"],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["class"],
  td: ["class"],
  input: ["type", "class", "disabled", "checked", "aria-label"],
};

/** Elements without an end tag. */
const VOID = new Set(["br", "hr", "img", "input"]);

const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z][a-z0-9-]*(?:="[^"<>]*")?)*)\s*>/y;
const ATTRIBUTE = /\s+([a-z][a-z0-9-]*)(?:="([^"<>]*)")?/g;
const ENTITY = /&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/iy;

const NAMED: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" };

/** Decodes the character references markdown-it writes into attribute values. */
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith("#x") || ref.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The scheme a browser reads in an attribute URL, or `null` when it is relative. */
function browserScheme(url: string): string | null {
  const cleaned = url
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "")
    .replace(/[\t\n\r]/g, "");
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase() ?? null;
}

function checkUrl(tag: string, name: string, raw: string, problems: string[]): void {
  const url = decode(raw);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) problems.push(`${tag}[${name}] has a control character`);
  const scheme = browserScheme(url);
  const allowed = name === "src" ? ["http", "https"] : ["http", "https", "mailto"];
  if (scheme !== null && !allowed.includes(scheme))
    problems.push(`${tag}[${name}] uses the ${scheme}: scheme`);
  if (scheme === null && name === "src" && !/^(\/\/|\/api\/files\/)/.test(url))
    problems.push(`${tag}[src] is not an own file or a web image: ${url}`);
}

function checkTag(tag: string, attributes: string, problems: string[]): void {
  const allowed = ALLOWED[tag];
  if (!allowed) {
    problems.push(`<${tag}> is not an element the renderer may write`);
    return;
  }
  const seen = new Set<string>();
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    const name = match[1] ?? "";
    const value = match[2] ?? "";
    if (seen.has(name)) problems.push(`<${tag}> repeats ${name}`);
    seen.add(name);
    if (!allowed.includes(name)) {
      problems.push(`<${tag}> has the attribute ${name}`);
      continue;
    }
    if (name === "href" || name === "src") checkUrl(tag, name, value, problems);
    if (name === "id" && !value.startsWith("md-"))
      problems.push(`<${tag}> id "${value}" lacks the md- prefix`);
    if (name === "type" && value !== "checkbox") problems.push(`<input> of type ${value}`);
    if (name === "rel" && value !== "noopener noreferrer nofollow ugc")
      problems.push(`<a> rel is "${value}"`);
  }
  if (tag === "input" && !seen.has("disabled")) problems.push("<input> is not disabled");
}

/**
 * Everything in `html` that is not known-inert output of the renderer (empty when it is
 * all inert).
 *
 * @example inertHtmlProblems('<p><img src="x" onerror="alert(1)"></p>')
 * // ['<img> has the attribute onerror', 'img[src] is not an own file or a web image: x']
 */
export function inertHtmlProblems(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  let pos = 0;
  while (pos < html.length) {
    const char = html[pos];
    if (char === "<") {
      TAG.lastIndex = pos;
      const match = TAG.exec(html);
      if (!match) {
        problems.push(`unescaped "<" at ${String(pos)}: ${html.slice(pos, pos + 40)}`);
        pos += 1;
        continue;
      }
      const [whole, slash, tag = "", attributes = ""] = match;
      if (slash) {
        if (attributes.trim() !== "") problems.push(`</${tag}> has attributes`);
        if (open.pop() !== tag) problems.push(`</${tag}> closes nothing it opened`);
      } else {
        checkTag(tag, attributes, problems);
        if (!VOID.has(tag)) open.push(tag);
      }
      pos += whole.length;
    } else if (char === ">") {
      problems.push(`unescaped ">" at ${String(pos)}`);
      pos += 1;
    } else if (char === "&") {
      ENTITY.lastIndex = pos;
      if (!ENTITY.test(html)) problems.push(`bare "&" at ${String(pos)}`);
      pos += 1;
    } else {
      pos += 1;
    }
  }
  if (open.length > 0) problems.push(`unclosed elements: ${open.join(", ")}`);
  return problems;
}

/**
 * The bounds of an HTML fragment before it is turned into Markdown, and the one linear pass
 * (no recursion, no DOM) that measures them.
 *
 * SECURITY: the converter (turndown over domino) parses and walks the tree recursively, in
 * time that grows with the square of the nesting depth: 2,000 nested `<div>`s overflow the
 * stack, 200,000 of them held the event loop for minutes (issue 23). Measuring the depth of
 * the text as written is not enough, because an HTML parser's view of it depends on its
 * state (comments, quoted attributes, `<script>` and `<style>` text, SVG's self-closing
 * tags…), which a cheap scan can only approximate. So the pass also rewrites the fragment
 * into a plain form whose tree it knows: every tag is written back with a safe name and
 * double-quoted attributes, comments and declarations are dropped, `<` in text and in the
 * text of `<script>`, `<style>`, `<textarea>`… is escaped, SVG and MathML elements become
 * `<span>`s, and every element the pass closes gets an explicit end tag (formatting a block
 * closed, like `<b>` in `<p><b>x</p>y`, is opened again as the parser would). The parser then
 * opens an element only where the plain form has a start tag (plus the few it adds itself,
 * like a table's `<tbody>`, counted here too) and closes each one the pass closed, so the
 * depth it builds is at most the depth measured here; `html-limits.test.ts` checks that
 * against turndown's own parser on random tag soups.
 */
import { commentEnd, isAlpha, rawTextEnd, readTag, type Tag } from "./html-tokens.ts";

/** Deepest element nesting accepted in one item's HTML (real posts stay under 30). */
export const MAX_HTML_DEPTH = 200;

/** Largest HTML of one item, in bytes of UTF-8 (a long post's HTML is a few hundred KB). */
export const MAX_HTML_BYTES = 1024 * 1024;

/**
 * Most work in one item's HTML, as its "weight": each tag and each run of text of the plain
 * form weighs its length plus {@link TOKEN_WEIGHT}, times the number of elements it sits in.
 * The converter's time grows with this sum (its parser and its tree walk visit every node
 * once per ancestor), not with the size or the depth alone: 2,000,000 is about 360 KB of a
 * post's usual HTML (paragraphs, links, lists, image cards), 120 KB of bare `<p>`s, or one
 * chain of 200 nested elements; the slowest of them converts in about a third of a second.
 */
export const MAX_HTML_WEIGHT = 2_000_000;

/** What a tag or a run of text weighs beyond its length (each is a node to parse and walk). */
const TOKEN_WEIGHT = 40;

/** The outcome of {@link checkHtml}. */
export type HtmlCheck =
  | {
      ok: true;
      /** The fragment in the plain form the converter is given. */
      html: string;
      /** Its deepest element nesting. */
      depth: number;
    }
  | {
      ok: false;
      /** Why it is refused, in English (`its HTML is 1,537 KB; at most 1,024 KB`). */
      reason: string;
    };

const set = (words: string) => new Set(words.split(" "));

/** Elements without content (never on the stack). */
const VOID = set(
  "area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr",
);
/** Elements whose text is not markup: their `<` are escaped in the plain form. */
const RAW = set("script style xmp iframe noembed noframes noscript textarea title plaintext");
/**
 * Raw text elements whose text is shown but not decoded (`&amp;` stays as written): they
 * become elements whose text is decoded, and their text is escaped, so it reads the same.
 */
const RAW_RENAMED: Readonly<Record<string, string>> = {
  xmp: "pre",
  plaintext: "pre",
  noembed: "span",
  noframes: "span",
};
/** Start tags that close an open `<p>` (`<table>` does not: the converter parses in quirks mode). */
const CLOSES_P = set(
  "address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 pre listing form hr xmp plaintext li dd dt",
);
/** The parser's "special" elements: an unknown end tag's search does not cross them. */
const SPECIAL = set(
  "address applet area article aside base basefont bgsound blockquote body br button caption center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext pre script search section select source style summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp",
);
/** The boundaries of the parser's scopes, which the search for an open element stops at. */
const SCOPE = set("applet caption html table td th marquee object template");
const BUTTON_SCOPE = set("applet caption html table td th marquee object template button");
const TABLE_SCOPE = set("html table template");
/** What the search for an open `<li>`, `<dd>` or `<dt>` stops at. */
const LIST_ITEM_STOP = new Set([...SPECIAL].filter((name) => !/^(address|div|p)$/.test(name)));
/** Parts of a table, whose end tags search within the table. */
const TABLE_PARTS = set("table caption colgroup tbody thead tfoot tr td th");
/** Start tags that end SVG or MathML content. */
const BREAKOUT = set(
  "b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var",
);
/** SVG and MathML elements whose children are HTML again. */
const INTEGRATION = set("foreignobject desc title mi mo mn ms mtext annotation-xml");
const TABLE_SECTIONS = set("tbody thead tfoot");
const HEADINGS = set("h1 h2 h3 h4 h5 h6");
const CELLS = set("td th");
const ROWS = set("tr");
const LIST_ITEMS = set("li");
const DEFINITIONS = set("dd dt");
/** Start tags that belong inside a table, and the elements the table's parser goes back to. */
const TABLE_CHILDREN = set("caption colgroup col tbody thead tfoot tr td th");
const TABLE_CONTEXT = set("table tbody thead tfoot tr");
const CELL_SCOPE = set("td th caption template html");

/** Formatting elements: closed by another element's end tag, the parser opens them again. */
const FORMATTING = set("a b big code em font i nobr s small strike strong tt u");
/** Elements that keep formatting opened outside them from being opened again inside. */
const MARKERS = set("applet object marquee td th caption template");
/** Start tags before which the parser does not open formatting again (it does before text). */
const NO_REOPEN = new Set([
  ...CLOSES_P,
  ...TABLE_CHILDREN,
  ...RAW,
  ...set("table hr head body html frameset frame meta link base"),
]);

const SAFE_NAME = /^[a-z][a-z0-9-]*$/;
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const escapeTags = (text: string) => text.replace(/</g, "&lt;");

/** An open element. */
interface Open {
  /** Its name as written (lowercase). */
  name: string;
  /** Its name in the plain form. */
  emit: string;
  /** Its start tag in the plain form (to open it again). */
  start: string;
  /** An SVG or MathML element (written as a `<span>`). */
  foreign: boolean;
  /** When it was opened (formatting is opened again in this order). */
  order: number;
  /**
   * A formatting element whose end tag came while a block was open in it: the parser took
   * it out (its "adoption agency"); it stays counted here until what is in it closes.
   */
  detached?: boolean;
}

/** A formatting element closed by another element's end tag, to open again. */
interface Reopen {
  open: Open;
  /** The index of the innermost marker element open when it was closed (-1: none). */
  marker: number;
}

/**
 * Measures `html` and writes it in the plain form the converter is given (see the module's
 * comment); refuses it past {@link MAX_HTML_BYTES}, {@link MAX_HTML_DEPTH} or
 * {@link MAX_HTML_WEIGHT}. Runs in time linear in the text's length (a search for an open
 * element looks at most {@link MAX_HTML_DEPTH} elements down).
 */
export function checkHtml(html: string): HtmlCheck {
  const bytes = html.length > MAX_HTML_BYTES ? html.length : Buffer.byteLength(html);
  if (bytes > MAX_HTML_BYTES) return { ok: false, reason: sizeReason(bytes) };
  const out: string[] = [];
  const stack: Open[] = [];
  let deepest = 0;
  let weight = 0;
  const n = html.length;
  let i = 0;

  let order = 0;
  /** The indexes of the open marker elements. */
  const markers: number[] = [];
  let reopen: Reopen[] = [];

  const top = () => stack[stack.length - 1];
  const marker = () => markers[markers.length - 1] ?? -1;
  /** Writes to the plain form, and weighs what was written at the current depth. */
  const write = (text: string) => {
    out.push(text);
    weight += (text.length + TOKEN_WEIGHT) * Math.max(1, stack.length);
  };
  /** Opens an element (`write`: its start tag goes out; not for those the parser adds). */
  const push = (name: string, emit: string, start: string, foreign: boolean, written: boolean) => {
    if (written) write(start);
    if (MARKERS.has(name) && !foreign) markers.push(stack.length);
    stack.push({ name, emit, start, foreign, order: order++ });
    deepest = Math.max(deepest, stack.length);
  };
  /**
   * Closes the open elements down to (and including) the one at `index`, each with its end
   * tag; the formatting elements above it are to be opened again, as the parser does.
   */
  const closeTo = (index: number) => {
    while (stack.length > index || top()?.detached) {
      const open = top();
      if (!open) break;
      write(`</${open.emit}>`);
      stack.pop();
      if (open.foreign) continue;
      if (markers[markers.length - 1] === stack.length) {
        markers.pop();
        reopen = reopen.filter((entry) => entry.marker < stack.length);
      } else if (stack.length > index && FORMATTING.has(open.name) && !open.detached) {
        reopen.push({ open, marker: marker() });
        if (reopen.length > MAX_HTML_DEPTH) reopen.shift();
      }
    }
  };
  /** Opens again the formatting elements closed by other elements' end tags. */
  const reconstruct = () => {
    if (reopen.length === 0) return;
    const now = marker();
    const again = reopen.filter((entry) => entry.marker === now);
    if (again.length === 0) return;
    reopen = reopen.filter((entry) => entry.marker !== now);
    again.sort((a, b) => a.open.order - b.open.order);
    for (const { open } of again) push(open.name, open.emit, open.start, false, true);
  };
  /**
   * The index of the innermost open element named `name` (or one of `names`), searching
   * down to a `stop` element (SVG and MathML elements are crossed, but not those whose
   * children are HTML); -1 when there is none.
   */
  const find = (names: Set<string> | string, stop: Set<string>) => {
    for (let k = stack.length - 1; k >= 0; k--) {
      const open = stack[k];
      if (!open) break;
      if (open.detached) continue;
      if (open.foreign) {
        if (INTEGRATION.has(open.name)) return -1;
        continue;
      }
      if (typeof names === "string" ? open.name === names : names.has(open.name)) return k;
      if (stop.has(open.name)) return -1;
    }
    return -1;
  };
  /** Closes the innermost open `names` when the search finds it. */
  const closeOpen = (names: Set<string> | string, stop: Set<string>) => {
    const at = find(names, stop);
    if (at !== -1) closeTo(at);
  };
  /** Adds an element the parser creates without a tag (a table's `<tbody>`, `<tr>`). */
  const implied = (name: string) => {
    push(name, name, `<${name}>`, false, false);
  };

  /** What the parser closes or adds before inserting the HTML element `name`. */
  const beforeStart = (name: string) => {
    if (top()?.name === "colgroup" && name !== "col") closeTo(stack.length - 1);
    if (name === "li") closeOpen(LIST_ITEMS, LIST_ITEM_STOP);
    if (name === "dd" || name === "dt") closeOpen(DEFINITIONS, LIST_ITEM_STOP);
    if (CLOSES_P.has(name)) closeOpen("p", BUTTON_SCOPE);
    const current = top()?.name ?? "";
    if (HEADINGS.has(name) && HEADINGS.has(current)) closeTo(stack.length - 1);
    if ((name === "option" || name === "optgroup") && current === "option")
      closeTo(stack.length - 1);
    if (name === "a" || name === "nobr") closeOpen(name, SCOPE);
    if (name === "button") closeOpen(name, SCOPE);
    if (TABLE_CHILDREN.has(name)) {
      // What was put in the table but not in a cell (moved out of it) is closed first.
      const at = find(TABLE_CONTEXT, CELL_SCOPE);
      if (at !== -1) closeTo(at + 1);
    }
    if (CELLS.has(name)) closeOpen(CELLS, TABLE_SCOPE);
    if (name === "tr") closeOpen(ROWS, TABLE_SCOPE);
    if (TABLE_SECTIONS.has(name)) closeOpen(TABLE_SECTIONS, TABLE_SCOPE);
    if (
      name === "table" &&
      (current === "table" || current === "tr" || TABLE_SECTIONS.has(current))
    )
      closeOpen("table", TABLE_SCOPE);
    const parent = top()?.name ?? "";
    if (parent === "table" && (name === "tr" || CELLS.has(name))) implied("tbody");
    if (TABLE_SECTIONS.has(top()?.name ?? "") && CELLS.has(name)) implied("tr");
    if (parent === "table" && name === "col") implied("colgroup");
  };

  const startTag = (tag: Tag) => {
    const { name } = tag;
    let current = top();
    const inForeign = current?.foreign === true && !INTEGRATION.has(current.name);
    const breaksOut =
      BREAKOUT.has(name) || (name === "font" && /\s(color|face|size)=/.test(` ${tag.attributes}`));
    if (inForeign && breaksOut) {
      while ((current = top()) && current.foreign && !INTEGRATION.has(current.name))
        closeTo(stack.length - 1);
    }
    if ((inForeign && !breaksOut) || name === "svg" || name === "math") {
      push(name, "span", "<span>", true, true);
      if (tag.selfClosing) closeTo(stack.length - 1);
      return;
    }
    beforeStart(name);
    if (!NO_REOPEN.has(name)) reconstruct();
    const renamed = RAW_RENAMED[name];
    const emit = renamed ?? (SAFE_NAME.test(name) && name !== "x-turndown" ? name : "span");
    const start = `<${emit}${tag.attributes}>`;
    if (VOID.has(name)) {
      write(start);
      return;
    }
    push(name, emit, start, false, true);
    if (RAW.has(name)) {
      // Its text, up to its end tag (`<plaintext>`: the rest), with no `<` left in it.
      const found = name === "plaintext" ? -1 : rawTextEnd(html, i, name);
      const end = found === -1 ? n : found;
      write((renamed ? escapeText : escapeTags)(html.slice(i, end)));
      i = end;
    }
  };

  /** `</b>` and the like: the parser's "adoption agency", as far as the tree's depth goes. */
  const formattingEnd = (name: string) => {
    const at = find(name, SCOPE);
    const closed = reopen.findLastIndex((e) => e.open.name === name && e.marker === marker());
    const open = stack[at];
    if (closed !== -1 && (open === undefined || (reopen[closed]?.open.order ?? 0) > open.order))
      return void reopen.splice(closed, 1);
    if (open === undefined) return;
    if (find(name, SPECIAL) === at) {
      closeTo(at);
      return;
    }
    // A block opened in it: the parser moves that block out of it and ends it there.
    open.detached = true;
    write(`</${open.emit}>`);
  };

  const endTag = (name: string) => {
    const current = top();
    if (!current) return;
    if (name === "br" || name === "p") {
      // In SVG or MathML, they end it first.
      let open = top();
      while (open?.foreign && !INTEGRATION.has(open.name)) {
        closeTo(stack.length - 1);
        open = top();
      }
    } else if (current.foreign) {
      for (let k = stack.length - 1; k >= 0 && stack[k]?.foreign; k--)
        if (stack[k]?.name === name) {
          closeTo(k);
          return;
        }
    }
    if (name === "br") {
      reconstruct();
      write("<br>");
      return;
    }
    if (FORMATTING.has(name)) {
      formattingEnd(name);
      return;
    }
    if (TABLE_PARTS.has(name)) closeOpen(name, TABLE_SCOPE);
    else if (SPECIAL.has(name)) closeOpen(name, name === "p" ? BUTTON_SCOPE : SCOPE);
    else closeOpen(name, SPECIAL);
  };

  while (i < n && deepest <= MAX_HTML_DEPTH && weight <= MAX_HTML_WEIGHT) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      reconstruct();
      write(html.slice(i));
      break;
    }
    if (lt > i) {
      reconstruct();
      write(html.slice(i, lt));
    }
    i = lt;
    const next = html.charCodeAt(i + 1);
    const isEnd = next === 47 && isAlpha(html.charCodeAt(i + 2));
    if (isAlpha(next) || isEnd) {
      const tag = readTag(html, i + (isEnd ? 2 : 1), !isEnd);
      if (!tag) break;
      i = tag.end;
      if (isEnd) endTag(tag.name);
      else startTag(tag);
    } else if (html.startsWith("<!--", i)) {
      i = commentEnd(html, i + 4);
    } else if (html.startsWith("<![CDATA[", i) && top()?.foreign) {
      const end = html.indexOf("]]>", i + 9);
      write(escapeText(html.slice(i + 9, end === -1 ? n : end)));
      i = end === -1 ? n : end + 3;
    } else if (next === 33 || next === 63 || (next === 47 && i + 2 < n)) {
      // `<!…>`, `<?…>`, `</…>` not followed by a letter: a bogus comment, or `</>`.
      const end = html.indexOf(">", i + 2);
      i = end === -1 ? n : end + 1;
    } else {
      write("&lt;");
      i++;
    }
  }
  if (deepest > MAX_HTML_DEPTH)
    return { ok: false, reason: `its HTML nests elements more than ${MAX_HTML_DEPTH} deep` };
  if (weight > MAX_HTML_WEIGHT)
    return {
      ok: false,
      reason: `its HTML is too long for how deeply it nests (a weight over ${MAX_HTML_WEIGHT.toLocaleString("en-US")}: each tag and text counts its length plus ${TOKEN_WEIGHT}, times its depth)`,
    };
  closeTo(0);
  return { ok: true, html: out.join(""), depth: deepest };
}

/** `its HTML is 1,537 KB; at most 1,024 KB`. */
function sizeReason(bytes: number): string {
  const kb = (value: number) => `${Math.ceil(value / 1024).toLocaleString("en-US")} KB`;
  return `its HTML is ${kb(bytes)}; at most ${kb(MAX_HTML_BYTES)}`;
}

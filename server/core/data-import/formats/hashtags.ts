/**
 * `#hashtags` written in a Markdown note's text (Obsidian's, Bear's and Day One's way of
 * tagging), read as tags. Not hashtags: a heading's `#` marks, anything in a code span or a
 * code block (fenced or indented), a URL's fragment (`https://a.b/page#part`), an HTML
 * entity (`&#39;`), an escaped `\#`, and `#` followed by digits only (`issue #12`). A tag is
 * letters, digits, `_`, `-` and `/` (Obsidian's nested tags), lower-cased, each once, in the
 * order of the text.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING_MARK = /^( {0,3}#{1,6})(?=[ \t]|$)/;
/** Addresses, autolinks and HTML tags, and link targets: never hashtags. */
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>()]*|<[a-z/!][^>\n]*>|\]\([^)\n]*\)/gi;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;
const HASHTAG = /(^|[^\p{L}\p{N}_&/#\\])#([\p{L}\p{N}_][\p{L}\p{N}_/-]*)/gu;

/** The text outside code blocks, line by line (code lines become empty). */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  let previousBlank = true;
  let inIndentedCode = false;
  for (const line of text.split(/\r?\n/)) {
    const opening = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      out.push("");
      continue;
    }
    if (opening) {
      fence = opening;
      out.push("");
      continue;
    }
    const blank = line.trim() === "";
    // An indented block starts after a blank line and goes on while lines stay indented.
    const indented = /^( {4}|\t)/.test(line);
    inIndentedCode = indented && (previousBlank || inIndentedCode);
    if (!blank && !indented) inIndentedCode = false;
    out.push(inIndentedCode ? "" : line);
    previousBlank = blank;
  }
  return out;
}

/** The hashtags of a Markdown text, lower-cased and without `#`, each once. */
export function hashtagsOf(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const prose = proseLines(text)
    .map((line) => line.replace(HEADING_MARK, (mark) => " ".repeat(mark.length)))
    .join("\n")
    .replace(CODE_SPAN, " ")
    .replace(URL, " ");
  for (const match of prose.matchAll(HASHTAG)) {
    const tag = (match[2] ?? "").replace(/[/-]+$/, "").toLowerCase();
    if (!/[^\p{N}]/u.test(tag) || seen.has(tag)) continue;
    seen.add(tag);
    found.push(tag);
  }
  return found;
}

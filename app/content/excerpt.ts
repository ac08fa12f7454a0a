/**
 * Short plain-text excerpts of Markdown (biographies, post excerpts) for cards and lists,
 * where the Markdown syntax itself should not show.
 */

/** Removes the Markdown syntax of `markdown`, keeping its words on one line. */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      // Fenced code blocks: keep their text, drop the fences.
      .replace(/^\s*(```|~~~).*$/gm, "")
      // Images and links: keep the alternative text or the link text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      // Raw HTML tags (rendered inert elsewhere; noise in an excerpt).
      .replace(/<\/?[a-z][^>]*>/gi, "")
      // Headings, quotes, list markers and rules at the start of lines.
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
      .replace(/^\s*([-*_]\s*){3,}$/gm, "")
      // Emphasis, strike-through and inline code markers around words.
      .replace(/(\*\*|__|~~|`)(.+?)\1/g, "$2")
      .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * A plain-text excerpt of `markdown`, at most `max` characters: cut at a word boundary and
 * ended with "…" when shortened.
 */
export function excerpt(markdown: string, max = 200): string {
  const text = markdownToPlainText(markdown);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

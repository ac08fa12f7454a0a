/**
 * Search results as pages show them (the request and its wire shape are
 * `api/search/search.ts`): the page each result links to, its title, and the highlighted
 * snippet split into plain text and marked parts, so it renders as React nodes and never as
 * HTML.
 */
import type { SearchItem } from "../../api/search/search.ts";
import { paths } from "../paths.ts";

/** The page a result links to (the record's own page), by its author's or owner's username. */
export function searchItemHref(item: SearchItem): string {
  switch (item.collectionName) {
    case "entries":
      return paths.entry(item.record.expand?.author?.username ?? "", item.record.name);
    case "posts":
      return paths.post(item.record.expand?.author?.username ?? "", item.record.slug);
    case "collections":
      return paths.collection(item.record.expand?.owner?.username ?? "", item.record.name);
  }
}

/** The title a result shows (`""` when the record has none). */
export function searchItemTitle(item: SearchItem): string {
  return item.record.title.trim();
}

/** One part of a snippet: plain text, or a match to highlight. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&apos;": "'",
};

/** Decodes the entities of HTML-escaped text (numeric ones included). */
function unescapeHtml(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|[a-z]+);/gi,
    (entity, dec?: string, hex?: string) => {
      const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : NaN;
      if (!Number.isNaN(code)) {
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[entity.toLowerCase()] ?? entity;
    },
  );
}

/**
 * The parts of a snippet (HTML-escaped text in which only `<mark>…</mark>` is markup): the
 * text between the marks and the marked text, each unescaped. SECURITY: the result is text
 * for React to escape again; any other tag-like text stays text.
 *
 * @example snippetParts("a <mark>b</mark> &amp; c") // [{text:"a ",marked:false},{text:"b",marked:true},{text:" & c",marked:false}]
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (const match of snippet.matchAll(pattern)) {
    if (match.index > last)
      parts.push({ text: unescapeHtml(snippet.slice(last, match.index)), marked: false });
    parts.push({ text: unescapeHtml(match[1] ?? ""), marked: true });
    last = match.index + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: unescapeHtml(snippet.slice(last)), marked: false });
  return parts.filter((part) => part.text !== "");
}

/**
 * YAML front matter at the top of a Markdown file (`---` lines around it, as Jekyll, Hugo,
 * Obsidian and Cahier's own export write it). Parsed with the `yaml` package's core schema
 * (no custom tags, no timestamps turned into objects), with a cap on aliases against
 * "billion laughs" documents. Front matter that is not a YAML mapping is left as text.
 */
import { loadYaml } from "../../tools/yaml-module.ts";

/** A Markdown file split into its front matter and its text. */
export interface FrontMatterFile {
  /** The front matter's keys (empty without front matter). */
  data: Record<string, unknown>;
  /** Whether the file had front matter. */
  hasFrontMatter: boolean;
  /** The text after it. */
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Splits `text` into front matter and body. */
export function readFrontMatter(text: string): FrontMatterFile {
  const source = text.replace(/^\uFEFF/, "");
  const match = FENCE.exec(source);
  if (!match) return { data: {}, hasFrontMatter: false, body: source };
  let data: unknown;
  try {
    data = loadYaml().parse(match[1] ?? "", {
      schema: "core",
      maxAliasCount: 50,
      uniqueKeys: false,
    });
  } catch {
    return { data: {}, hasFrontMatter: false, body: source };
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data))
    return { data: {}, hasFrontMatter: false, body: source };
  const out: Record<string, unknown> = {};
  // Own keys only, lower-cased (`Title` and `title` are the same key in front matter).
  for (const [key, value] of Object.entries(data as Record<string, unknown>))
    Object.defineProperty(out, key.toLowerCase(), { value, enumerable: true, writable: true });
  return { data: out, hasFrontMatter: true, body: source.slice(match[0].length) };
}

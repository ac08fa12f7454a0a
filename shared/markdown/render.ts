/**
 * The one Markdown renderer of Cahier, used identically by server rendering and the browser
 * (the editor's live preview shows exactly what readers see): markdown-it with raw HTML off,
 * links and images validated (`urls.ts`), URL-like text linked, tables, fenced code,
 * strike-through, task lists, heading anchors, and typographic quotes per language.
 *
 * SECURITY: the output is meant for `dangerouslySetInnerHTML`. It is inert because
 * - raw HTML in the source is never parsed as HTML (`html: false`): it comes out escaped;
 * - every link, autolink, reference definition and linkified URL passes `isSafeLinkUrl`, and
 *   every image `isSafeImageUrl`, after character references are decoded;
 * - every attribute value is escaped by markdown-it's renderer, and the only attributes
 *   emitted are `href`, `src`, `srcset`, `sizes`, `alt`, `title`, `id`, `class`, `rel`,
 *   `loading`, `decoding`, `referrerpolicy`, `type`, `checked`, `disabled` and `aria-label`
 *   (no `style`, no `on*`); a `srcset` is made only of a validated `src` and fixed suffixes;
 * - heading ids carry the `md-` prefix, so user text cannot clobber a global or an element
 *   the app looks up by id (DOM clobbering);
 * - a fenced block's highlighter (server only) escapes every character of the code and adds
 *   only `<span class>`;
 * `tests/fixtures/xss-payloads.ts` is the corpus that holds it to this.
 */
import MarkdownIt from "markdown-it";
import type { Env, MarkdownIt as MarkdownItInstance, StateCore, Token } from "markdown-it";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { isExternalUrl, isSafeImageUrl, isSafeLinkUrl } from "./urls.ts";

/** Labels the renderer writes into the HTML (accessible names of task-list checkboxes). */
export interface MarkdownLabels {
  /** Accessible name of a ticked task-list checkbox. */
  taskDone: string;
  /** Accessible name of an unticked task-list checkbox. */
  taskOpen: string;
}

/** Options of {@link renderMarkdown}. */
export interface RenderOptions {
  /** Language of the text, for typographic quotes (`“…”` or `« … »`). Default `en`. */
  locale?: Locale;
  /** Accessible labels; English by default. */
  labels?: MarkdownLabels;
  /**
   * Highlights a fenced block that names its language: the block's inner HTML (every
   * character of `code` escaped, only `<span class>` added), or null to leave it plain. The
   * server's reading pages pass one (`code-highlight.server.ts`); the browser never does.
   */
  highlight?: CodeHighlighter;
}

/** See {@link RenderOptions.highlight}. */
export type CodeHighlighter = (code: string, language: string) => string | null;

/** English labels, used when none are given. */
export const DEFAULT_LABELS: MarkdownLabels = { taskDone: "Done", taskOpen: "Not done" };

/** `rel` of links that leave the site (user-generated, never vouched for). */
export const EXTERNAL_LINK_REL = "noopener noreferrer nofollow ugc";

/**
 * Widths a post's own images are served in (the `images` field's `Wx0` thumbs): an image of
 * the text at `/api/files/posts/{id}/{name}` gets them as `srcset`, so a phone loads 480 px and
 * a wide screen 960 or 1600, never the original.
 */
export const POST_IMAGE_WIDTHS = [480, 960, 1600] as const;

/** How wide a reading page shows an image: the text column, or the whole phone. */
const POST_IMAGE_SIZES = "(min-width: 48rem) 42rem, 100vw";

/** A post's own image (its `images` field's files), by its address as the editor writes it. */
const POST_IMAGE = /^\/api\/files\/posts\/[a-z0-9]{15}\/[\w.-]+$/;

/**
 * The rendered HTML with one source per image: `srcset` and `sizes` removed, for places that
 * make addresses absolute one attribute at a time (feeds, mail), where a `srcset` would keep
 * site-relative addresses. Attribute values never hold `"` (the renderer escapes them).
 */
export function singleSourceImages(html: string): string {
  return html.replace(/\s(?:srcset|sizes)="[^"]*"/g, "");
}

/** Prefix of heading ids (`## Notes` → `id="md-notes"`). */
export const HEADING_ID_PREFIX = "md-";

/** Quotes per language: primary pair, then secondary pair. */
const QUOTES: Record<Locale, string[]> = {
  en: ["\u201c", "\u201d", "\u2018", "\u2019"],
  fr: ["\u00ab\u00a0", "\u00a0\u00bb", "\u201c", "\u201d"],
};

/** Classes replacing markdown-it's `style="text-align:…"` on table cells. */
const ALIGN_CLASSES: Record<string, string> = {
  "text-align:left": "text-left",
  "text-align:center": "text-center",
  "text-align:right": "text-right",
};

/** Per-render data of the core rule, kept in markdown-it's `env`. */
interface RenderEnv extends Env {
  labels?: MarkdownLabels;
  highlight?: CodeHighlighter;
}

const instances = new Map<Locale, MarkdownItInstance>();

/** The markdown-it instance of a language (created once; it holds no per-render state). */
export function markdownIt(locale: Locale = DEFAULT_LOCALE): MarkdownItInstance {
  let md = instances.get(locale);
  if (!md) {
    md = createMarkdownIt(locale);
    instances.set(locale, md);
  }
  return md;
}

function createMarkdownIt(locale: Locale): MarkdownItInstance {
  const md = new MarkdownIt("default", {
    // SECURITY: raw HTML stays text. Never turn this on.
    html: false,
    linkify: true,
    typographer: true,
    quotes: QUOTES[locale],
    breaks: true,
  });
  // SECURITY: an allow-list of schemes replaces markdown-it's deny-list. It also decides
  // which reference definitions (`[a]: url`), autolinks (`<url>`) and linkified URLs exist.
  md.validateLink = isSafeLinkUrl;
  // Linkify only what looks like a web or mail address (no `ftp:`, no bare `//host`).
  md.linkify.set({ fuzzyEmail: true, fuzzyLink: true });
  md.linkify.add("ftp:", null).add("//", null);
  md.core.ruler.push("cahier_safety", cahierRule);
  // A render's highlighter (in its env: the instance is shared) colours fenced code.
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, index, options, env: RenderEnv | undefined, self) => {
    const highlight = env?.highlight;
    const withHighlight = highlight
      ? {
          ...options,
          highlight: (code: string, language: string) => highlight(code, language) ?? "",
        }
      : options;
    return fence ? fence(tokens, index, withHighlight, env, self) : "";
  };
  return md;
}

/**
 * Renders Markdown to HTML that is safe to insert as is (see the module comment).
 *
 * @example renderMarkdown("# Hi\n\n[me](https://example.com)")
 * // '<h1 id="md-hi">Hi</h1>\n<p><a href="https://example.com" rel="noopener noreferrer nofollow ugc">me</a></p>\n'
 */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const env: RenderEnv = { labels: options.labels ?? DEFAULT_LABELS, highlight: options.highlight };
  return markdownIt(options.locale).render(source, env);
}

/** The core rule: images, links, heading ids, table alignment and task lists. */
function cahierRule(state: StateCore): void {
  const env: RenderEnv = state.env;
  const labels = env.labels ?? DEFAULT_LABELS;
  const usedIds = new Set<string>();
  const tokens = state.tokens;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token) continue;
    switch (token.type) {
      case "heading_open": {
        const inline = tokens[index + 1];
        token.attrSet("id", headingId(inline ? inlineText(inline.children ?? []) : "", usedIds));
        break;
      }
      case "th_open":
      case "td_open":
        alignWithClass(token);
        break;
      case "inline":
        if (token.children) {
          token.children = guardInline(token.children, state);
          markTask(tokens, index, state, labels);
        }
        break;
      default:
        break;
    }
  }
}

/** Checks the links and images of one inline run; unsafe images become their alt text. */
function guardInline(children: Token[], state: StateCore): Token[] {
  const out: Token[] = [];
  for (const child of children) {
    if (child.type === "image") {
      const src = String(child.attrGet("src") ?? "");
      if (!isSafeImageUrl(src)) {
        const text = new state.Token("text", "", 0);
        text.content = inlineText(child.children ?? []);
        out.push(text);
        continue;
      }
      child.attrSet("loading", "lazy");
      if (isExternalUrl(src)) child.attrSet("referrerpolicy", "no-referrer");
      else if (POST_IMAGE.test(src)) {
        child.attrSet("src", `${src}?thumb=${String(POST_IMAGE_WIDTHS[1])}x0`);
        child.attrSet(
          "srcset",
          POST_IMAGE_WIDTHS.map(
            (width) => `${src}?thumb=${String(width)}x0 ${String(width)}w`,
          ).join(", "),
        );
        child.attrSet("sizes", POST_IMAGE_SIZES);
        child.attrSet("decoding", "async");
      }
    } else if (child.type === "link_open") {
      const href = String(child.attrGet("href") ?? "");
      // Every link was validated when parsed; this re-check guards against a rule added later.
      if (!isSafeLinkUrl(href))
        child.attrs = (child.attrs ?? []).filter(([name]) => name !== "href");
      else if (isExternalUrl(href)) child.attrSet("rel", EXTERNAL_LINK_REL);
    }
    out.push(child);
  }
  return out;
}

/** Moves a table cell's `text-align` style into a class (no inline styles in the output). */
function alignWithClass(token: Token): void {
  const style = token.attrGet("style");
  if (style === null) return;
  const alignClass = ALIGN_CLASSES[String(style)];
  token.attrs = (token.attrs ?? []).filter(([name]) => name !== "style");
  if (alignClass) token.attrJoin("class", alignClass);
}

const TASK_MARKER = /^\[([ xX])\][ \u00a0]/;

/**
 * Turns `- [ ] text` / `- [x] text` into a list item with a disabled checkbox. `index` is the
 * inline token that may start with the marker.
 */
function markTask(tokens: Token[], index: number, state: StateCore, labels: MarkdownLabels) {
  const inline = tokens[index];
  const paragraph = tokens[index - 1];
  const item = tokens[index - 2];
  const first = inline?.children?.[0];
  if (
    !inline?.children ||
    paragraph?.type !== "paragraph_open" ||
    item?.type !== "list_item_open" ||
    first?.type !== "text"
  )
    return;
  const match = TASK_MARKER.exec(first.content);
  if (!match) return;
  const done = match[1] !== " ";
  first.content = first.content.slice(match[0].length);
  const checkbox = new state.Token("html_inline", "", 0);
  // Constant markup: only the label, escaped, comes from the caller.
  checkbox.content =
    `<input type="checkbox" class="mr-2 align-middle" disabled${done ? " checked" : ""}` +
    ` aria-label="${escapeAttribute(done ? labels.taskDone : labels.taskOpen)}"> `;
  inline.children.unshift(checkbox);
  item.attrJoin("class", "task-list-item list-none");
  for (let back = index - 3; back >= 0; back--) {
    const candidate = tokens[back];
    if (
      candidate &&
      candidate.level === item.level - 1 &&
      (candidate.type === "bullet_list_open" || candidate.type === "ordered_list_open")
    ) {
      if (!String(candidate.attrGet("class") ?? "").includes("contains-task-list"))
        candidate.attrJoin("class", "contains-task-list");
      break;
    }
  }
}

/** The text of inline tokens (their words, without the Markdown syntax). */
export function inlineText(children: Token[]): string {
  let text = "";
  for (const child of children) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "image") text += inlineText(child.children ?? []);
    else if (child.type === "softbreak" || child.type === "hardbreak") text += " ";
  }
  return text;
}

/**
 * A stable anchor id for a heading: `md-` and its words in lower case joined by dashes
 * (accents removed, other letters kept); repeated headings get `-2`, `-3`…
 */
export function headingId(text: string, used: Set<string>): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  const base = `${HEADING_ID_PREFIX}${words || "section"}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${String(n)}`;
  used.add(id);
  return id;
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * `ghost`: Ghost's JSON export (Settings → Labs → Export), `{ db: [{ meta, data: { posts,
 * tags, posts_tags } }] }`, as a JSON file or in a zip archive (with `content/images/` when
 * the images were exported too). Each post becomes a post:
 *
 * - title, slug, `custom_excerpt`, tags (through `posts_tags`, internal `#tags` left out);
 * - the `html` turned into Markdown (`plaintext` when there is no HTML); HTML past the bounds
 *   of `html-limits.ts` (size, depth, weight) refuses the import with a 400 naming the post;
 * - status: `published` and `sent` are published, `scheduled` is published at its future
 *   date (Cahier schedules it), anything else a draft; a post for members only stays a draft
 *   (Cahier has no members), and the report says so;
 * - `published_at`, and `feature_image` as the cover when the image is in the archive;
 * - the images its text shows (`__GHOST_URL__/content/images/…`, or `/content/images/…`)
 *   go with it when the zip holds them (Ghost's `content/images/` folder beside the JSON,
 *   a resized copy `size/w600/…` read as its original), the links pointing at the stored
 *   files. Missing ones keep their link (the Markdown renderer shows their alt text, as it
 *   does for any image not on this server) and the report lists them: the JSON export
 *   carries no site address to point them at.
 *
 * Pages (`type: page`) are not posts: they are left out, and the report lists them.
 * The import key is the post's `uuid` (else its `id`).
 */
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { emptyPlan, skipped, type ImportPlan, type PlannedFile } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import { cleanSlug, cleanTags, cleanTitle, langOf, pbDate, str } from "../import-values.ts";
import type { ImportSource } from "../import-source.ts";
import { checkItemCount, list, prop, type FormatContext } from "./format-context.ts";
import { HtmlRefusedError, htmlToMarkdown } from "./html-to-markdown.ts";
import { PlannedFiles } from "./planned-files.ts";

/**
 * A Ghost image as a link target in Markdown: `](` then `__GHOST_URL__/content/images/…`
 * or `/content/images/…` (an absolute address on another host is left alone: it may work).
 */
const GHOST_IMAGE = /(\]\(\s*<?)((?:__GHOST_URL__)?\/content\/images\/[^\s()<>"']+)/g;

/** The `data` of a Ghost export, from the JSON files of the upload. */
async function findData(source: ImportSource): Promise<unknown> {
  const candidates = source
    .names()
    .filter((name) => name.toLowerCase().endsWith(".json") && name.split("/").length <= 2);
  for (const name of candidates.sort()) {
    const json = await source.readJson(name);
    const db = prop(json, "db");
    const data = Array.isArray(db) ? prop(db[0], "data") : prop(json, "data");
    if (Array.isArray(prop(data, "posts"))) return data;
  }
  throw importFileError(
    "validation_import_wrong_format",
    "no Ghost export (a JSON file with db[0].data.posts) in the upload",
  );
}

/** `content/images/…` of a Ghost image address (without query), or null. */
function imagePath(image: string): string | null {
  const at = image.indexOf("/content/images/");
  if (at === -1) return null;
  const raw = image.slice(at + 1).replace(/[?#].*$/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The archive name of a Ghost image (`content/images/…`, at the root or in the folder the
 * export sits in); a resized copy (`content/images/size/w600/…`) falls back to its original.
 */
function findImage(source: ImportSource, relative: string): string | null {
  const original = relative.replace(/^content\/images\/size\/[^/]+\//, "content/images/");
  for (const wanted of new Set([relative, original])) {
    const found =
      source.find(wanted) ??
      source.names().find((name) => name.endsWith(`/${wanted}`) && name.split("/").length <= 6);
    if (found) return found;
  }
  return null;
}

/** The cover image of a post when its file is in the archive (`content/images/…`). */
function coverFile(source: ImportSource, image: string): PlannedFile | null {
  const relative = imagePath(image);
  const found = relative ? findImage(source, relative) : null;
  return found ? { path: found, name: path.posix.basename(found) } : null;
}

/** The Markdown of a post's HTML, or a 400 naming the post when its HTML is refused. */
function convert(html: string, item: string): string {
  try {
    return htmlToMarkdown(html);
  } catch (error) {
    if (error instanceof HtmlRefusedError)
      throw importFileError("validation_import_too_large", `${item}: ${error.message}`);
    throw error;
  }
}

/** Reads a `ghost` upload. */
export async function readGhost(context: FormatContext): Promise<ImportPlan> {
  const { source, placeholders } = context;
  const data = await findData(source);
  checkItemCount(list(data, "posts").length, context);
  const plan = emptyPlan();
  const tagNames = new Map<string, string>();
  for (const tag of list(data, "tags")) {
    const name = str(prop(tag, "name")).trim();
    const visibility = str(prop(tag, "visibility"));
    if (name && !name.startsWith("#") && visibility !== "internal")
      tagNames.set(str(prop(tag, "id")), name);
  }
  const tagsOf = new Map<string, { order: number; name: string }[]>();
  for (const link of list(data, "posts_tags")) {
    const name = tagNames.get(str(prop(link, "tag_id")));
    if (!name) continue;
    const postId = str(prop(link, "post_id"));
    const order = Number(prop(link, "sort_order") ?? 0);
    tagsOf.set(postId, [...(tagsOf.get(postId) ?? []), { order, name }]);
  }

  for (const [index, post] of list(data, "posts").entries()) {
    // Each post's conversion is bounded (html-limits.ts); between posts, other requests run.
    if (index > 0) await nextTurn();
    const id = str(prop(post, "id"));
    const uuid = str(prop(post, "uuid")) || id;
    if (!/^[A-Za-z0-9-]{1,64}$/.test(uuid))
      throw importFileError("validation_import_invalid", "a Ghost post has no id");
    const title = cleanTitle(str(prop(post, "title")), str(prop(post, "slug")));
    const label = `post "${title}"`;
    if (str(prop(post, "type")) === "page") {
      plan.skipped.push(skipped(label, "ghost_page"));
      continue;
    }
    const html = str(prop(post, "html"));
    const markdown = html.trim()
      ? convert(html, `${label} (#${index + 1} in the export)`)
      : str(prop(post, "plaintext")).trim();
    const files = new PlannedFiles(placeholders);
    const missing = new Set<string>();
    const content = markdown.replace(GHOST_IMAGE, (match, start: string, url: string) => {
      const relative = imagePath(url);
      const found = relative ? findImage(source, relative) : null;
      if (found) return `${start}${files.placeholder(found, url)}`;
      if (relative && !missing.has(relative)) {
        missing.add(relative);
        plan.skipped.push(skipped(`image ${relative} of ${label}`, "ghost_image_missing"));
      }
      return match;
    });
    const ghostStatus = str(prop(post, "status"));
    const visibility = str(prop(post, "visibility")) || "public";
    let status: "draft" | "published" = ["published", "sent", "scheduled"].includes(ghostStatus)
      ? "published"
      : "draft";
    if (status === "published" && visibility !== "public") {
      status = "draft";
      plan.skipped.push(skipped(label, "members_only_draft", { visibility }));
    }
    const image = str(prop(post, "feature_image"));
    const cover = image ? coverFile(source, image) : null;
    if (image && !cover) plan.skipped.push(skipped(`cover of ${label}`, "ghost_image_missing"));
    const tags = (tagsOf.get(id) ?? []).sort((a, b) => a.order - b.order).map((t) => t.name);
    plan.records.push({
      kind: "post",
      key: `ghost:${uuid}`,
      label,
      title,
      content,
      tags: cleanTags(tags),
      slug: cleanSlug(prop(post, "slug")),
      excerpt: str(prop(post, "custom_excerpt")).trim(),
      status,
      publishedAt: pbDate(prop(post, "published_at")),
      created: pbDate(prop(post, "created_at")),
      lang: langOf(prop(post, "locale")),
      cover,
      inline: files.list(),
      collectionRef: "",
    });
  }
  return plan;
}

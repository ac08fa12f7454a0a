/**
 * `markdown`: a zip archive of Markdown files (`.md`, `.markdown`; `.txt` when there are
 * none), with or without
 * YAML front matter; Cahier's own export reads this way too. For each file:
 *
 * - its kind: front matter `type` (`entry`, `post`, `collection`), else `_collection.md` is a
 *   collection, a file under `posts/` or with a `status` is a post, anything else an entry;
 * - title: `title`, else a leading `# heading` (taken out of the text), else the file name;
 * - date: `date` (or `created`), else a `YYYY-MM-DD` at the start of the file name, else the
 *   file's modification time in the archive (the import's day only when it has none);
 * - tags (`tags`, a list or a comma-separated string, then the text's `#hashtags`: see
 *   hashtags.ts), visibility or status, `publishedAt`,
 *   `slug`, `excerpt`, `lang`, `cover`;
 * - collection: `collection` (a collection's slug or title), else the folder it sits in
 *   (`collections/<name>/…`, or any top folder but `entries`, `posts` and `files`);
 * - `[[wikilinks]]` to other notes of the archive become links to their pages (wikilinks.ts);
 * - files: files of the archive its text links to (relative links and images) and those its
 *   `attachments` list names become attachments, the links pointing at their new addresses
 *   (a post, which holds only its cover, keeps one image: see the writer); a link to a file
 *   that is not stored stays as it was written.
 *
 * The import key is a hash of the file's path and content: the same archive imports once.
 */
import path from "node:path";
import { slugify } from "#shared/records/slugs.ts";
import { readFrontMatter } from "../front-matter.ts";
import { emptyPlan, skipped, type ImportPlan, type PlannedCollection } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import {
  cleanSlug,
  cleanTags,
  cleanTitle,
  langOf,
  MAX_TAGS,
  pbDate,
  statusOf,
  str,
  tagList,
  visibilityOf,
} from "../import-values.ts";
import { checkItemCount, contentKey, type FormatContext } from "./format-context.ts";
import { hashtagsOf } from "./hashtags.ts";
import { PlannedFiles } from "./planned-files.ts";
import { Wikilinks } from "./wikilinks.ts";
import { replaceRelativeLinks, resolveRelative } from "./relative-links.ts";

const MARKDOWN_FILE = /\.(md|markdown|mdown)$/i;
const TEXT_FILE = /\.txt$/i;
const COLLECTION_FILE = "_collection.md";
const RESERVED_FOLDERS = new Set(["entries", "posts", "files", "collections"]);

/** The collection a file's folder names, if any (its slug-like key and its title). */
function folderCollection(name: string): { key: string; title: string } | null {
  const parts = name.split("/");
  if (parts.length < 2) return null;
  const [first, second] = parts;
  if (first === "collections" && parts.length >= 3 && second)
    return { key: second.toLowerCase(), title: second };
  if (!first || RESERVED_FOLDERS.has(first.toLowerCase())) return null;
  return { key: first.toLowerCase(), title: first };
}

/** A title from a file name: its stem, without a leading date, dashes and underscores as spaces. */
function titleFromName(name: string): string {
  const stem = path.posix.basename(name).replace(MARKDOWN_FILE, "").replace(TEXT_FILE, "");
  return stem
    .replace(/^\d{4}-\d{2}-\d{2}[-_ ]?/, "")
    .replace(/[-_]+/g, " ")
    .trim();
}

/** A leading `# heading` of the text: the title, and the text without it. */
function leadingHeading(body: string): { title: string; body: string } | null {
  const match = /^\s*#\s+(.+?)\s*#*\s*(?:\n|$)/.exec(body);
  if (!match?.[1]) return null;
  return { title: match[1], body: body.slice(match[0].length).replace(/^\s*\n/, "") };
}

/** Reads a `markdown` upload. */
export async function readMarkdown(context: FormatContext): Promise<ImportPlan> {
  const { source, placeholders } = context;
  if (!source.isArchive)
    throw importFileError("validation_import_not_archive", "a Markdown import is a zip archive");
  // Plain-text files are the documents only in an archive without Markdown (WriteFreely's
  // text export); next to Markdown files they are attachments.
  let names = source.names().filter((name) => MARKDOWN_FILE.test(name));
  if (names.length === 0) names = source.names().filter((name) => TEXT_FILE.test(name));
  const documents = new Set(names);
  if (names.length === 0)
    throw importFileError("validation_import_wrong_format", "no Markdown file in the archive");
  checkItemCount(names.length, context);
  const plan = emptyPlan();
  const collections = new Map<string, PlannedCollection>();
  /** The planned collection of a key, made on first use (created only if an entry joins it). */
  const collectionFor = (key: string, title: string, always = false): PlannedCollection => {
    let planned = collections.get(key);
    if (!planned) {
      planned = {
        key: `markdown:collection:${key}`,
        ref: key,
        label: `collection "${title}"`,
        title: cleanTitle(title, key),
        name: cleanSlug(key) || cleanSlug(slugify(title)),
        description: "",
        visibility: "private",
        always,
      };
      collections.set(key, planned);
      plan.collections.push(planned);
    }
    return planned;
  };

  const wikilinks = new Wikilinks(placeholders);
  for (const name of names.sort()) {
    const raw = await source.readText(name);
    const { data, body: fullBody } = readFrontMatter(raw);
    const baseDir = path.posix.dirname(name) === "." ? "" : path.posix.dirname(name);
    const key = `markdown:${contentKey(name, raw)}`;
    const type = str(data.type).toLowerCase();
    const isCollection =
      type === "collection" || (type === "" && path.posix.basename(name) === COLLECTION_FILE);
    const isPost =
      type === "post" ||
      (type === "" && (name.toLowerCase().startsWith("posts/") || data.status !== undefined));

    if (isCollection) {
      const folder = folderCollection(name);
      const slug = cleanSlug(data.slug) || folder?.key || cleanSlug(slugify(str(data.title)));
      const planned = collectionFor(slug || key, str(data.title) || folder?.title || slug, true);
      planned.title = cleanTitle(str(data.title), planned.title);
      planned.name = cleanSlug(data.slug) || planned.name;
      planned.description = fullBody.trim();
      planned.visibility = visibilityOf(data.visibility);
      planned.label = `collection "${planned.title}" (${name})`;
      continue;
    }

    const heading = data.title === undefined ? leadingHeading(fullBody) : null;
    const title = cleanTitle(str(data.title) || heading?.title || "", titleFromName(name));
    let body = (heading ? heading.body : fullBody).trim();
    const files = new PlannedFiles(placeholders);
    body = replaceRelativeLinks(body, baseDir, (name, written) => {
      const found = source.find(name);
      // A file that cannot be stored keeps the link as it was written.
      return found && !documents.has(found) ? files.placeholder(found, written) : null;
    });
    body = wikilinks.take({ key, name, title }, body);
    const linked = (value: unknown): string | null => {
      const target = resolveRelative(baseDir, str(value));
      const found = target ? source.find(target) : undefined;
      return found && !documents.has(found) ? found : null;
    };
    const tags = cleanTags([...tagList(data.tags), ...hashtagsOf(body)], (tag) =>
      plan.skipped.push(skipped(`tag "${tag}" of ${name}`, "too_many_tags", { max: MAX_TAGS })),
    );
    const fileDate = /^(\d{4}-\d{2}-\d{2})/.exec(path.posix.basename(name))?.[1];
    const date =
      pbDate(data.date) ||
      pbDate(data.created) ||
      pbDate(fileDate) ||
      pbDate(source.modified(name));
    const label = `${isPost ? "post" : "entry"} "${title}" (${name})`;
    const collectionName = str(data.collection).trim();
    const folder = folderCollection(name);
    const collection = collectionName
      ? collectionFor(
          (cleanSlug(collectionName) || slugify(collectionName) || collectionName).toLowerCase(),
          collectionName,
        )
      : folder
        ? collectionFor(folder.key, folder.title)
        : null;

    if (isPost) {
      const coverPath = linked(data.cover) ?? linked(data.image) ?? linked(data.feature_image);
      plan.records.push({
        kind: "post",
        key,
        label,
        title,
        content: body,
        tags,
        slug: cleanSlug(data.slug),
        excerpt: str(data.excerpt).trim(),
        status: statusOf(data.status),
        publishedAt: pbDate(data.publishedat) || pbDate(data.published_at),
        created: date,
        lang: langOf(data.lang),
        cover: coverPath ? { path: coverPath, name: path.posix.basename(coverPath) } : null,
        inline: files.list(),
        collectionRef: collection?.ref ?? "",
      });
      continue;
    }
    for (const attachment of Array.isArray(data.attachments) ? data.attachments : []) {
      const found = linked(attachment);
      if (found) files.add(found);
    }
    plan.records.push({
      kind: "entry",
      key,
      label,
      title,
      content: body,
      tags,
      name: cleanSlug(data.slug),
      visibility: visibilityOf(data.visibility),
      date,
      collectionRef: collection?.ref ?? "",
      attachments: files.list(),
    });
  }
  const byKey = new Map(plan.records.map((record) => [record.key, record]));
  plan.noteLinks = wikilinks.resolve((key, placeholder, written) => {
    const record = byKey.get(key);
    if (record) record.content = record.content.replace(placeholder, () => written);
  });
  return plan;
}

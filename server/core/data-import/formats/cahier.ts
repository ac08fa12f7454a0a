/**
 * `cahier`: Cahier's own export (ADR 044), read from its manifest `cahier.json` (at the root,
 * or in the one folder the archive was re-zipped from). A lossless round trip: every
 * collection, entry and post with its fields (slugs, titles, texts, tags, visibility,
 * status, dates, language, excerpt) and its files (attachments, covers), the links in texts
 * pointing at the new files. The Markdown files are left aside: the manifest is the source.
 */
import path from "node:path";
import { fileNames } from "../../files/file-input.ts";
import { rewriteFileLinks } from "../../data-export/file-links.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, MANIFEST_NAME } from "../../data-export/export-layout.ts";
import { readComments } from "../import-comments.ts";
import { readRevisions } from "../import-revisions.ts";
import { emptyPlan, skipped, type ImportPlan } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import {
  cleanSlug,
  cleanTags,
  cleanTitle,
  langOf,
  pbDate,
  statusOf,
  str,
  visibilityOf,
} from "../import-values.ts";
import { checkItemCount, list, prop, type FormatContext } from "./format-context.ts";
import { PlannedFiles, uploadName } from "./planned-files.ts";

const ID = /^[a-z0-9]{1,64}$/;

/** The archive name of a file the manifest names (relative to the manifest's folder). */
function inArchive(base: string, relative: unknown): string | null {
  const name = str(relative);
  if (!name || name.startsWith("/") || name.split("/").some((s) => s === ".." || s === "."))
    return null;
  return base ? `${base}/${name}` : name;
}

/** Reads a `cahier` upload. */
export async function readCahier(context: FormatContext): Promise<ImportPlan> {
  const { source, placeholders } = context;
  if (!source.isArchive)
    throw importFileError("validation_import_not_archive", "a Cahier export is a zip archive");
  const manifests = source
    .names()
    .filter((name) => name === MANIFEST_NAME || name.endsWith(`/${MANIFEST_NAME}`))
    .sort((a, b) => a.split("/").length - b.split("/").length);
  const manifestName = manifests[0];
  if (!manifestName || manifestName.split("/").length > 2)
    throw importFileError("validation_import_wrong_format", `no ${MANIFEST_NAME} in the archive`);
  const base = path.posix.dirname(manifestName) === "." ? "" : path.posix.dirname(manifestName);
  const manifest = await source.readJson(manifestName);
  if (prop(manifest, "format") !== EXPORT_FORMAT)
    throw importFileError(
      "validation_import_wrong_format",
      `${MANIFEST_NAME} is not a Cahier export`,
    );
  const version = prop(manifest, "version");
  if (typeof version !== "number" || version < 1 || version > EXPORT_VERSION)
    throw importFileError(
      "validation_import_invalid",
      `${MANIFEST_NAME} has version ${String(version)}; this Cahier reads version ${EXPORT_VERSION}`,
    );

  checkItemCount(
    list(manifest, "collections").length +
      list(manifest, "entries").length +
      list(manifest, "posts").length,
    context,
  );
  const plan = emptyPlan();
  const collectionIds = new Set<string>();
  for (const record of list(manifest, "collections")) {
    const id = str(prop(record, "id"));
    if (!ID.test(id)) throw importFileError("validation_import_invalid", "a collection has no id");
    collectionIds.add(id);
    const title = cleanTitle(str(prop(record, "title")), str(prop(record, "name")));
    plan.collections.push({
      key: `cahier:collections:${id}`,
      ref: id,
      sourceId: id,
      label: `collection "${title}"`,
      title,
      name: cleanSlug(prop(record, "name")),
      description: str(prop(record, "description")),
      visibility: visibilityOf(prop(record, "visibility")),
      always: true,
    });
  }

  /**
   * The record's stored files as planned files, and its text with links to them replaced by
   * placeholders. `paths` is the manifest's map of archive paths for `field`.
   */
  const filesOf = (record: unknown, field: string, content: string) => {
    const id = str(prop(record, "id"));
    const stored = fileNames(prop(record, field));
    const declared = prop(prop(record, "paths"), field);
    const archivePaths = Array.isArray(declared) ? declared : declared ? [declared] : [];
    const files = new PlannedFiles(placeholders);
    const byName = new Map<string, string>();
    stored.forEach((name, index) => {
      const archived = inArchive(base, archivePaths[index]);
      const found = archived ? source.find(archived) : undefined;
      if (found) byName.set(name, found);
      else plan.skipped.push(skipped(`file ${name}`, "not_in_archive"));
    });
    const text = rewriteFileLinks(content, (link) => {
      const found = link.recordId === id ? byName.get(link.filename) : undefined;
      const original = `/api/files/${encodeURIComponent(link.collection)}/${link.recordId}/${encodeURIComponent(link.filename)}`;
      return found ? files.placeholder(found, original, uploadName(link.filename)) : null;
    });
    for (const [name, found] of byName) if (!files.has(found)) files.add(found, uploadName(name));
    return { files: files.list(), text };
  };

  for (const record of list(manifest, "entries")) {
    const id = str(prop(record, "id"));
    if (!ID.test(id)) throw importFileError("validation_import_invalid", "an entry has no id");
    const title = cleanTitle(str(prop(record, "title")), str(prop(record, "name")));
    const { files, text } = filesOf(record, "attachments", str(prop(record, "content")));
    const collection = str(prop(record, "collection"));
    plan.records.push({
      kind: "entry",
      key: `cahier:entries:${id}`,
      sourceId: id,
      label: `entry "${title}"`,
      title,
      content: text,
      tags: cleanTags(list(record, "tags")),
      name: cleanSlug(prop(record, "name")),
      visibility: visibilityOf(prop(record, "visibility")),
      date: pbDate(prop(record, "date")),
      collectionRef: collectionIds.has(collection) ? collection : "",
      attachments: files,
    });
  }

  for (const record of list(manifest, "posts")) {
    const id = str(prop(record, "id"));
    if (!ID.test(id)) throw importFileError("validation_import_invalid", "a post has no id");
    const title = cleanTitle(str(prop(record, "title")), str(prop(record, "slug")));
    // A text that shows the post's own cover, or its images, points at the new ones.
    const covered = filesOf(record, "cover", str(prop(record, "content")));
    const { files: images, text } = filesOf(record, "images", covered.text);
    plan.records.push({
      kind: "post",
      key: `cahier:posts:${id}`,
      sourceId: id,
      label: `post "${title}"`,
      title,
      content: text,
      tags: cleanTags(list(record, "tags")),
      slug: cleanSlug(prop(record, "slug")),
      excerpt: str(prop(record, "excerpt")),
      seo: {
        title: str(prop(record, "seoTitle")),
        description: str(prop(record, "seoDescription")),
      },
      status: statusOf(prop(record, "status")),
      publishedAt: pbDate(prop(record, "publishedAt")),
      created: pbDate(prop(record, "created")),
      lang: langOf(prop(record, "lang")),
      cover: covered.files[0] ?? null,
      inline: images,
      collectionRef: "",
    });
  }
  plan.comments = await readComments(source, base, str(prop(prop(manifest, "profile"), "id")));
  plan.revisions = await readRevisions(source, base);
  return plan;
}

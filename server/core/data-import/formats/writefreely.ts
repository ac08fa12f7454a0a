/**
 * `writefreely`: WriteFreely's (and Write.as') JSON export, `{ username, collections: [{
 * alias, title, description, public, posts: [...] }], posts: [...] }`, as a JSON file or in a
 * zip archive. Posts of a blog (collection) become posts, published unless the blog is
 * private, each tagged with its blog's alias (Cahier posts have no collection; the report
 * says so once per blog); the loose posts (drafts outside any blog) become draft posts. For
 * an account that may not write posts, they become entries, each blog a collection of them.
 *
 * Post fields: `title` (else the text's first line when it is a heading), `slug`, `body`
 * (Markdown, as is), `tags`, `language`, `created` (its publication date). The import key is
 * the post's `id`, the collection's `alias`.
 */
import { slugify } from "#shared/records/slugs.ts";
import { emptyPlan, type ImportPlan } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import {
  cleanSlug,
  cleanTags,
  cleanTitle,
  langOf,
  pbDate,
  splitTitle,
  str,
} from "../import-values.ts";
import { checkItemCount, list, prop, type FormatContext } from "./format-context.ts";

/** Title and text of a post: its own title, else a leading heading taken out of the text. */
function titleAndBody(post: unknown): { title: string; body: string } {
  const body = str(prop(post, "body")).replace(/\r\n?/g, "\n");
  const title = str(prop(post, "title")).trim();
  if (title) return { title, body: body.trim() };
  if (/^\s*#{1,6}\s/.test(body)) return splitTitle(body);
  return { title: "", body: body.trim() };
}

/** Reads a `writefreely` upload. */
export async function readWriteFreely(context: FormatContext): Promise<ImportPlan> {
  const { source } = context;
  let data: unknown;
  for (const name of source
    .names()
    .filter((n) => /\.json$/i.test(n) && n.split("/").length <= 2)
    .sort()) {
    const json = await source.readJson(name);
    if (Array.isArray(prop(json, "collections")) || Array.isArray(prop(json, "posts"))) {
      data = json;
      break;
    }
  }
  if (data === undefined)
    throw importFileError(
      "validation_import_wrong_format",
      "no WriteFreely export (a JSON file with collections and posts) in the upload",
    );
  const collections = list(data, "collections");
  checkItemCount(
    collections.reduce<number>((sum, c) => sum + 1 + list(c, "posts").length, 0) +
      list(data, "posts").length,
    context,
  );
  const plan = emptyPlan();
  const addPosts = (posts: unknown[], published: boolean, collectionRef: string) => {
    for (const post of posts) {
      const id = str(prop(post, "id"));
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
        throw importFileError("validation_import_invalid", "a WriteFreely post has no id");
      const { title, body } = titleAndBody(post);
      const created = pbDate(prop(post, "created"));
      const cleaned = cleanTitle(title || body.split("\n")[0] || "", created.slice(0, 10));
      plan.records.push({
        kind: "post",
        key: `writefreely:${id}`,
        label: `post "${cleaned}"`,
        title: cleaned,
        content: body,
        tags: cleanTags(list(post, "tags")),
        slug: cleanSlug(prop(post, "slug")),
        excerpt: "",
        status: published ? "published" : "draft",
        publishedAt: published ? created : "",
        created,
        lang: langOf(prop(post, "language")),
        cover: null,
        inline: [],
        collectionRef,
      });
    }
  };
  for (const collection of collections) {
    const alias = str(prop(collection, "alias"));
    const title = str(prop(collection, "title")) || alias;
    const ref = `collection:${alias}`;
    const published = prop(collection, "public") !== false;
    plan.collections.push({
      key: `writefreely:collection:${alias.toLowerCase()}`,
      ref,
      label: `blog "${title}"`,
      title: cleanTitle(title, "WriteFreely"),
      name: cleanSlug(alias.toLowerCase()) || cleanSlug(slugify(title)),
      description: str(prop(collection, "description")),
      visibility: published ? "public" : "private",
      always: false,
    });
    addPosts(list(collection, "posts"), published, ref);
  }
  addPosts(list(data, "posts"), false, "");
  return plan;
}

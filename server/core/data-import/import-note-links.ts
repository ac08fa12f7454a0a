/**
 * Wikilinks between the notes of an import (formats/wikilinks.ts), made into Markdown links
 * to the pages of the notes they point at, before anything is written: a page's address is
 * its author's username and the note's slug (`/entry/{username}/{name}`, `/post/{username}/
 * {slug}`), so each new note of such an import gets its slug now (its own, else one made
 * from its title, with a `-2`, `-3`… the account and the import do not use yet), the notes
 * linked to first, and the writer keeps it. A note imported before keeps the slug it has.
 * Texts are written once, already linked: no second write, no revision holding placeholders.
 */
import { slugify } from "#shared/records/slugs.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import { existsOther } from "../../data/repositories/record-repository.ts";
import { findImported } from "../../data/repositories/import-repository.ts";
import type { ImportPlan, PlannedEntry, PlannedPost } from "./import-plan.ts";
import type { ImportTarget } from "./import-writer.ts";

const entries = requireCollection("entries");
const posts = requireCollection("posts");

/** The page of a note: an entry's or a post's, by its author's username and its slug. */
const pageOf = (isPost: boolean, username: string, slug: string) =>
  `/${isPost ? "post" : "entry"}/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`;

/** A note's slug field: posts written as posts have `slug`, entries (posts too when they become entries) `name`. */
const slugOf = (record: PlannedEntry | PlannedPost) =>
  record.kind === "entry" ? record.name : record.slug;

/** Gives the notes linked to their slugs and writes the links into the texts that link. */
export async function linkNotes(
  records: RecordService,
  target: ImportTarget,
  plan: ImportPlan,
): Promise<void> {
  const links = plan.noteLinks ?? [];
  if (links.length === 0) return;
  const kysely = records.db.kysely;
  const owner = String(target.owner.id);
  const username = String(target.owner.username);
  const byKey = new Map(plan.records.map((record) => [record.key, record]));
  const asPost = (record: PlannedEntry | PlannedPost) => record.kind === "post" && target.canPost;
  // Slugs the import's notes ask for, and those given in this pass, by collection.
  const requested = { entries: new Set<string>(), posts: new Set<string>() };
  const claimed = { entries: new Set<string>(), posts: new Set<string>() };
  for (const record of plan.records)
    if (slugOf(record)) requested[asPost(record) ? "posts" : "entries"].add(slugOf(record));

  const addresses = new Map<string, string>();
  const linked = new Set(links.map((link) => link.to));
  // Every new note gets its slug here, the notes linked to first: a note written before one
  // linked to cannot take the slug its links were given.
  const order = [
    ...linked,
    ...plan.records.map((record) => record.key).filter((k) => !linked.has(k)),
  ];
  for (const key of order) {
    const record = byKey.get(key);
    if (!record) continue;
    const imported = await findImported(kysely, owner, key);
    const found = [posts, entries].find((c) => c.id === imported?.recordCollection);
    if (imported && found) {
      const row = await records.findById(found, imported.recordRef);
      const isPost = found === posts;
      const slug = row?.author === owner ? row[isPost ? "slug" : "name"] : undefined;
      if (typeof slug === "string" && slug) {
        addresses.set(key, pageOf(isPost, username, slug));
        continue;
      }
    }
    const collection = asPost(record) ? posts : entries;
    const kind = collection === posts ? "posts" : "entries";
    const taken = (slug: string) =>
      existsOther(
        kysely,
        collection,
        [
          { column: "author", value: owner, lower: false },
          { column: collection === posts ? "slug" : "name", value: slug, lower: false },
        ],
        "",
      );
    const own = slugOf(record);
    let slug = own && !claimed[kind].has(own) && !(await taken(own)) ? own : "";
    if (!slug) {
      const base = slugify(record.title) || "note";
      slug = base;
      for (let n = 2; ; n += 1) {
        const free = !claimed[kind].has(slug) && !requested[kind].has(slug) && !(await taken(slug));
        if (free) break;
        slug = `${base}-${n}`;
      }
      if (record.kind === "entry") record.name = slug;
      else record.slug = slug;
    }
    claimed[kind].add(slug);
    addresses.set(key, pageOf(collection === posts, username, slug));
  }

  for (const link of links) {
    const record = byKey.get(link.from);
    if (!record) continue;
    const address = addresses.get(link.to);
    const text = address ? `[${link.label}](${address})` : link.written;
    record.content = record.content.replace(link.placeholder, () => text);
  }
}

/**
 * What a subscription follows (ADR 065): `blog`, `author:<userId>` (a writer's posts) or
 * `collection:<collectionId>` (a public collection's entries), read from the records: a
 * target that does not exist, or is not public, is refused as a field error. It names no
 * address, so refusing it reveals nothing about subscribers.
 */
import type { RecordService } from "../records/record-service.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { TargetLabel } from "./subscription-mail.ts";

/** A target, checked against the records. */
export interface ResolvedTarget {
  target: string;
  /** The target's owner (the author, the collection's owner); empty for the blog. */
  owner: string;
  label: TargetLabel;
}

const TARGET = /^(?:(blog)|author:([a-z0-9]{15})|collection:([a-z0-9]{15}))$/;
/** Roles with a blog of their own. */
const WRITER_ROLES = new Set(["writer", "admin"]);

/** The target `text` names, if it exists (and, with `publicOnly`, is public); else null. */
export async function resolveTarget(
  records: Pick<RecordService, "findById">,
  text: unknown,
  options: { publicOnly: boolean } = { publicOnly: true },
): Promise<ResolvedTarget | null> {
  if (typeof text !== "string") return null;
  const match = TARGET.exec(text);
  if (!match) return null;
  if (match[1]) return { target: "blog", owner: "", label: { kind: "blog" } };
  if (match[2]) {
    const user = await records.findById(requireCollection("users"), match[2]);
    if (!user || !WRITER_ROLES.has(String(user.role))) return null;
    const name = String(user.name || user.username);
    return { target: text, owner: String(user.id), label: { kind: "author", name } };
  }
  const collection = await records.findById(requireCollection("collections"), match[3] ?? "");
  if (!collection) return null;
  if (options.publicOnly && collection.visibility !== "public") return null;
  return {
    target: text,
    owner: String(collection.owner),
    label: { kind: "collection", title: String(collection.title) },
  };
}

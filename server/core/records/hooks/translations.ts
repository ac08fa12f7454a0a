/**
 * Linked translations (issue 29 item 4): a post names another post of the same author, in
 * another language, as its translation (`translations`), and the other names it back. The
 * link is checked before the write (the author, both languages, a post already linked
 * elsewhere) and kept in step both ways after it: linking, unlinking or relinking a post
 * updates the posts on the other end, in the same transaction, each with its own lifecycle
 * (page cache, realtime, search). A deleted post's partner loses the link through the delete's
 * own removal of references, so a post restored from Recently deleted comes back unlinked (the
 * field is `mirrored`: the restore keeps a link only when the other end still names it).
 *
 * One translation per post while Cahier speaks two languages (ADR 073).
 */
import { findRowsByIds } from "../../../data/repositories/record-repository.ts";
import { badRequest, fieldError } from "../../errors.ts";
import type { RecordEvent, RecordHook, RecordHooks } from "../record-hooks.ts";

/** The field that names a record's translation. */
export const TRANSLATION_FIELD = "translations";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** Why a link cannot be made, or null when it can. */
export function translationProblem(
  record: { id: string; author: string; lang: string },
  other: { id: string; author: string; lang: string; translations: string } | undefined,
): { code: string; message: string } | null {
  if (!other) return null; // the relation's own check reports a missing record
  if (other.id === record.id)
    return { code: "validation_translation_self", message: "A post cannot translate itself." };
  if (other.author !== record.author)
    return {
      code: "validation_translation_author",
      message: "A translation must be another post of the same author.",
    };
  if (!record.lang || !other.lang)
    return {
      code: "validation_translation_language",
      message: "Both posts need their language set to be linked as translations.",
    };
  if (record.lang === other.lang)
    return {
      code: "validation_translation_language",
      message: "A translation must be in another language than the post.",
    };
  if (other.translations && other.translations !== record.id)
    return {
      code: "validation_translation_taken",
      message: "That post is already linked to another translation.",
    };
  return null;
}

/** The stored post `id` as the checks read it, or undefined when there is none. */
async function storedPost(event: RecordEvent, id: string) {
  const [row] = await findRowsByIds(event.db.kysely, event.collection, [id]);
  if (!row) return undefined;
  return {
    id: text(row.id),
    author: text(row.author),
    lang: text(row.lang),
    translations: text(row[TRANSLATION_FIELD]),
  };
}

/** Refuses a link the checks above refuse (before create and update, not cascaded writes). */
export const checkTranslation: RecordHook = async (event) => {
  const { values, cascade, input } = event;
  const target = text(values[TRANSLATION_FIELD]);
  if (cascade || !target) return;
  const problem = translationProblem(
    { id: text(values.id), author: text(values.author), lang: text(values.lang) },
    await storedPost(event, target),
  );
  if (!problem) return;
  // Said at the field the request changed: the link, or the language that breaks it.
  const field =
    input && !(TRANSLATION_FIELD in input) && "lang" in input ? "lang" : TRANSLATION_FIELD;
  throw badRequest(`Failed to ${event.action} record.`, {
    [field]: fieldError(problem.code, problem.message),
  });
};

/** Keeps the other end of a link in step (after create and update, not cascaded writes). */
export const mirrorTranslation: RecordHook = async (event) => {
  const { values, old, collection, id } = event;
  const update = event.updateRelated;
  if (event.cascade || event.restored || !update) return;
  const before = text(old?.[TRANSLATION_FIELD]);
  const after = text(values[TRANSLATION_FIELD]);
  if (before === after) return;
  if (before) {
    const partner = await storedPost(event, before);
    if (partner?.translations === id) await update(collection, before, { [TRANSLATION_FIELD]: "" });
  }
  if (after) await update(collection, after, { [TRANSLATION_FIELD]: id });
};

/** Registers the translation link's hooks on the collections that have one. */
export function registerTranslationHooks(hooks: RecordHooks, collections: readonly string[]): void {
  const only = { collections };
  hooks.on(["beforeCreate", "beforeUpdate"], checkTranslation, only);
  hooks.on(["afterCreate", "afterUpdate"], mirrorTranslation, only);
}

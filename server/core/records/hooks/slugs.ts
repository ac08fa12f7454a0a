/** The slug hook shared by posts, entries and collections: a slug from the title. */
import type { Database } from "../../../data/db.ts";
import { existsOther } from "../../../data/repositories/record-repository.ts";
import { MAX_SLUG_LENGTH, slugify } from "#shared/records/slugs.ts";
import type { Collection } from "../../models/collection.ts";
import type { RecordHook } from "../record-hooks.ts";
import { generateFromPattern } from "../record-input.ts";

/** Suffixes tried (`-2` … `-999`) before a taken slug is given up as is. */
const MAX_SLUG_SUFFIX = 1000;

/** Where a record's slug lives and whose records it must be unique among. */
export interface SlugScope {
  /** The slug field (`name`, `slug`). */
  slugField: string;
  /** The owner field the slug is unique per (`author`, `owner`). */
  ownerField: string;
}

/**
 * `base`, or the first of `base-2`, `base-3`, … that no other record of the same owner has
 * (`base` itself when all are taken up to {@link MAX_SLUG_SUFFIX}). `id` is the record's own
 * id, never counted as taking its slug. The unique index (owner, slug) stays the guard against
 * a concurrent taker.
 */
export async function uniqueSlug(
  db: Database,
  collection: Collection,
  scope: SlugScope,
  values: { owner: unknown; id: string; base: string },
): Promise<string> {
  const { base } = values;
  let candidate = base;
  for (let n = 2; n < MAX_SLUG_SUFFIX; n++) {
    const taken = await existsOther(
      db.kysely,
      collection,
      [
        { column: scope.ownerField, value: values.owner, lower: false },
        { column: scope.slugField, value: candidate, lower: false },
      ],
      values.id,
    );
    if (!taken) return candidate;
    // A suffix always fits: the base is cut to leave room for it.
    candidate = `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1).replace(/-+$/, "")}-${String(n)}`;
  }
  return base;
}

/**
 * A `beforeCreate` hook that fills an empty `slugField` from the title: `slugify(title)`
 * (random when nothing is left), made unique among the records of the same `ownerField` with
 * `-2`, `-3`, …
 */
export function slugFromTitle(slugField: string, ownerField: string): RecordHook {
  return async ({ collection, values, db }) => {
    if (values[slugField] !== "" || typeof values.title !== "string") return;
    const base = slugify(values.title) || generateFromPattern("[a-z0-9]{8}");
    values[slugField] = await uniqueSlug(
      db,
      collection,
      { slugField, ownerField },
      { owner: values[ownerField], id: String(values.id), base },
    );
  };
}

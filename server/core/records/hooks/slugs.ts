/** The slug hook shared by posts, entries and collections: a slug from the title. */
import { existsOther } from "../../../data/repositories/record-repository.ts";
import { slugify } from "#shared/records/slugs.ts";
import type { RecordHook } from "../record-hooks.ts";
import { generateFromPattern } from "../record-input.ts";

/** Suffixes tried (`-2` … `-999`) before a taken slug is given up as is. */
const MAX_SLUG_SUFFIX = 1000;

/**
 * A `beforeCreate` hook that fills an empty `slugField` from the title: `slugify(title)`
 * (random when nothing is left), made unique among the records of the same `ownerField` with
 * `-2`, `-3`, … The unique index (owner, slug) stays the guard against a concurrent taker.
 */
export function slugFromTitle(slugField: string, ownerField: string): RecordHook {
  return async ({ collection, values, db }) => {
    if (values[slugField] !== "" || typeof values.title !== "string") return;
    const base = slugify(values.title) || generateFromPattern("[a-z0-9]{8}");
    let candidate = base;
    for (let n = 2; n < MAX_SLUG_SUFFIX; n++) {
      const taken = await existsOther(
        db.kysely,
        collection,
        [
          { column: ownerField, value: values[ownerField], lower: false },
          { column: slugField, value: candidate, lower: false },
        ],
        String(values.id),
      );
      if (!taken) break;
      candidate = `${base}-${n}`;
    }
    values[slugField] = candidate;
  };
}
